"""The fork server's own side: a process that has loaded the program once, and forks a
child for each start asked of it, which becomes the program as an exec'd start would.

A start of ``python -m buscaminas`` spends most of its time loading the interpreter
and the package; the quick suite starts the program hundreds of times.  A
child forked from here skips that, and then sets up what an exec'd interpreter would
have decided for itself: its session and terminal, its standard streams and their
encodings, its arguments, environment, locale, time zone, directory, signals, fault
handler and limits.  Only the standard library is loaded here besides the program
and its toolkit, so that the children's modules are the program's.

One client talks to it over a socket pair (the test side, :mod:`tests.forkstart_support`):
a request to start is a JSON message with the child's standard streams beside it;
the answer says the child's pid, and each child's wait status follows as it ends, for
this process is its parent.  A request to kill a child is carried out only while
the child is not reaped, so that its pid cannot be another process's.  The server
ends, its children killed, when the client has gone.
"""

from __future__ import annotations

import atexit
import contextlib
import faulthandler
import gc
import importlib
import io
import json
import locale
import os
import pkgutil
import resource
import runpy
import selectors
import signal
import socket
import sys
import tempfile
import threading
import time
import traceback
import types
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from prompt_toolkit.styles import default_pygments_style, default_ui_style

import buscaminas

PROGRAM = "buscaminas"
STREAM_NAMES = ("<stdin>", "<stdout>", "<stderr>")
LARGEST_MESSAGE = 1 << 20
"""A request's bytes at most: its environment and arguments."""


TOOLKIT_LOADS_LATER = (
    "prompt_toolkit.input.posix_utils",
    "prompt_toolkit.input.vt100",
    "prompt_toolkit.key_binding.bindings.search",
    "prompt_toolkit.patch_stdout",
    "termios",
    "tty",
)
"""What the terminal toolkit imports inside its functions as a game starts on a
terminal: a child would import each again (tests/test_forkstart.py checks the list)."""


def load() -> Captured:
    """Load every module of the program, the ones its start loads and the ones it
    loads later (the solver, the terminal toolkit), its entry point excepted, and what
    the toolkit computes once a process and keeps (its default styles, memoized)."""
    gc.disable()  # the start's own collector hold, as :mod:`buscaminas.collector` says
    for module in pkgutil.walk_packages(buscaminas.__path__, f"{PROGRAM}."):
        if not module.name.endswith(".__main__"):
            importlib.import_module(module.name)
    for name in TOOLKIT_LOADS_LATER:
        importlib.import_module(name)
    default_ui_style()
    default_pygments_style()
    captured = Captured.find()
    gc.freeze()  # kept out of the children's collections, so their pages stay shared
    return captured


@dataclass(frozen=True)
class Captured:
    """Where the loaded modules keep a standard stream as they found it when they
    loaded: a default argument (``source=sys.stdin``) or a module's global.  An
    exec'd start gives them its own streams; so does a child, by :meth:`rebind`."""

    streams: tuple[object, ...]
    functions: list[types.FunctionType]
    namespaces: list[dict[str, object]]

    @classmethod
    def find(cls) -> Captured:
        streams = (sys.stdin, sys.stdout, sys.stderr)

        def holds(values: Iterable[object]) -> bool:
            return any(value is stream for value in values for stream in streams)

        functions = [
            function
            for function in gc.get_objects()
            if isinstance(function, types.FunctionType)
            and holds([*(function.__defaults__ or ()), *(function.__kwdefaults__ or {}).values()])
        ]
        namespaces = [
            vars(module)
            for module in list(sys.modules.values())
            if module is not sys and holds(vars(module).values())
        ]
        return cls(streams, functions, namespaces)

    def rebind(self, streams: Sequence[object]) -> None:
        """Give ``streams`` in place of the server's own, where they were kept."""
        swap = {id(old): new for old, new in zip(self.streams, streams, strict=True)}
        for function in self.functions:
            if function.__defaults__:
                function.__defaults__ = tuple(swap.get(id(v), v) for v in function.__defaults__)
            if function.__kwdefaults__:
                kept = function.__kwdefaults__.items()
                function.__kwdefaults__ = {name: swap.get(id(v), v) for name, v in kept}
        for namespace in self.namespaces:
            namespace.update((name, swap[id(v)]) for name, v in namespace.items() if id(v) in swap)


def serve(connection: socket.socket, captured: Captured) -> None:
    """Answer starts until the client goes away, then end every child still running."""
    selector = selectors.DefaultSelector()
    selector.register(connection, selectors.EVENT_READ)
    children: dict[int, int] = {}
    """Each running child's pid, by the descriptor that says when it has ended."""
    connection.send(json.dumps({"ready": os.getpid()}).encode())
    while True:
        for key, _ in selector.select():
            if key.fileobj is connection:
                try:
                    message, fds, _flags, _address = socket.recv_fds(connection, LARGEST_MESSAGE, 3)
                except ConnectionError:
                    message = b""
                if not message:
                    for pid in children.values():
                        os.kill(pid, signal.SIGKILL)
                        os.waitpid(pid, 0)
                    return
                request = json.loads(message)
                if "kill" in request:
                    if request["kill"] in children.values():  # not reaped: the pid is its
                        os.kill(request["kill"], signal.SIGKILL)
                    continue
                pid = os.fork()
                if pid == 0:
                    for ended in children:
                        os.close(ended)
                    selector.close()
                    connection.close()
                    become(request, fds, captured)
                for fd in fds:
                    os.close(fd)
                ended = os.pidfd_open(pid)
                children[ended] = pid
                selector.register(ended, selectors.EVENT_READ)
                connection.send(json.dumps({"started": pid}).encode())
            else:
                ended = key.fd
                pid = children.pop(ended)
                selector.unregister(ended)
                os.close(ended)
                _, status = os.waitpid(pid, 0)
                connection.send(json.dumps({"ended": pid, "status": status}).encode())


def become(request: dict[str, Any], fds: list[int], captured: Captured) -> NoReturn:
    """In the forked child: set up what an exec'd interpreter would have, run the
    program, and end as its interpreter would (:func:`run`)."""
    status = 1
    try:
        attach(fds, terminal=request["terminal"])
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        with contextlib.suppress(locale.Error):  # as the interpreter's start, which says nothing
            locale.setlocale(locale.LC_CTYPE, "")
        time.tzset()
        tempfile.tempdir = None
        for limit, soft, hard in request["limits"]:
            resource.setrlimit(limit, (soft, hard))
        reset_signals()
        streams = [
            standard_stream(fd, encoding, errors, buffered=not write_through)
            for fd, (encoding, errors, write_through) in enumerate(request["streams"])
        ]
        for name, stream in zip(("stdin", "stdout", "stderr"), streams, strict=True):
            setattr(sys, name, stream)
            setattr(sys, f"__{name}__", stream)
        captured.rebind(streams)
        faulthandler.disable()  # the server's: the reset took its handlers, not its flag
        if os.environ.get("PYTHONFAULTHANDLER") and sys.stderr is not None:
            faulthandler.enable()  # as an exec'd interpreter does, on the child's stderr
        sys.path[0] = request["cwd"]  # ``-m`` puts the directory first
        sys.argv = [PROGRAM, *request["argv"]]
        gc.enable()
        status = run()
    except BaseException:
        traceback.print_exc()
    finally:
        os._exit(status)


def attach(fds: list[int], *, terminal: bool) -> None:
    """Make ``fds`` the standard streams: a terminal's slave, which then becomes the
    controlling terminal of a session of our own, as a pseudo-terminal's program
    has; or the three streams a pipe's program is given.  Nothing else stays open."""
    if terminal:
        os.login_tty(fds[0])
    else:
        for number, fd in enumerate(fds):
            os.dup2(fd, number)
    os.closerange(3, os.sysconf("SC_OPEN_MAX"))


def reset_signals() -> None:
    """Every signal to its default, then what the interpreter's start sets: SIGINT
    raises KeyboardInterrupt, a broken pipe and a full file are errors, not deaths."""
    for number in signal.valid_signals():
        if number not in (signal.SIGKILL, signal.SIGSTOP):
            with contextlib.suppress(OSError, ValueError):  # one the system reserves
                signal.signal(number, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def standard_stream(
    fd: int, encoding: str, errors: str, *, buffered: bool
) -> io.TextIOWrapper | None:
    """Standard stream ``fd`` as the interpreter's start makes it (``create_stdio``):
    unbuffered writes unless ``buffered`` (``-u``), lines flushed on a terminal and on
    standard error, None for a descriptor that is not open."""
    try:
        os.fstat(fd)
    except OSError:
        return None
    writing = fd > 0
    binary = open(  # noqa: SIM115 - the stream lives as long as the process
        fd, "wb" if writing else "rb", -1 if buffered or not writing else 0, closefd=False
    )
    raw = getattr(binary, "raw", binary)
    setattr(raw, "name", STREAM_NAMES[fd])  # noqa: B010 - read-only to the stubs alone
    line_buffering = buffered and (raw.isatty() or fd == 2)
    stream = io.TextIOWrapper(binary, encoding, errors, "\n", line_buffering, not buffered)
    stream.mode = "w" if writing else "r"  # type: ignore[misc]
    return stream


def run() -> int:
    """The program's entry point as ``python -m`` runs it, then the interpreter's end
    but for the teardown of its modules (a tenth of a forked start, and nothing the
    program leaves to it: it closes its files and databases as it goes): threads
    waited for, exit functions called, standard streams flushed; the status it
    would exit with."""
    interrupted = False
    try:
        runpy.run_module(PROGRAM, run_name="__main__", alter_sys=True)
        status = 0
    except SystemExit as exit:
        status = exit_status(exit.code)
    except KeyboardInterrupt:
        traceback.print_exc()
        status, interrupted = 1, True
    except BaseException:
        traceback.print_exc()
        status = 1
    threading._shutdown()  # type: ignore[attr-defined]  # the interpreter's own end
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None and not stream.closed:
                stream.flush()
        except Exception as error:
            if stream is sys.stdout:
                print(f"Exception ignored in: {stream!r}", file=sys.stderr)
                traceback.print_exception(error.with_traceback(None), file=sys.stderr)
            status = 120
    if interrupted:  # an interrupt nobody caught ends the process by the signal itself
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
    return status


def exit_status(code: object) -> int:
    """The status ``sys.exit(code)`` leaves: a number as it is, nothing as success,
    anything else written to standard error and a failure."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def main() -> None:
    """The server's process: the client's socket is the descriptor its argument names."""
    captured = load()
    serve(socket.socket(fileno=int(sys.argv[1])), captured)


if __name__ == "__main__":
    main()
