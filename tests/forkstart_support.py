"""Starting the program by forking a loaded copy of it, for the quick suite (``--fork-start``).

Each test that starts the program paid an interpreter's start and the program's
imports: most of the quick suite's time.  With ``--fork-start`` a fork server per
test process (:mod:`tests.zygote_support`) pays them once, and a start of
``python -m buscaminas`` is a child forked from it, set up as the exec'd
interpreter would have been.  The tests hold the usual objects: a
``pexpect.spawn`` on the pseudo-terminal's master, a ``subprocess.Popen`` on the
pipes; only the child's start and its exit status (relayed by the server, its
parent) go another way.

A start is forked only where an exec'd interpreter would be set up as the server
was: the same ``PYTHON*`` variables, the same modules found first on the path,
the same UTF-8 mode and file-name encoding for its locale.  Anything else is
exec'd, as is every start without ``--fork-start``: so are the tests whose subject
is the start itself, which hook it (a ``sitecustomize`` on the path), run a
script of their own (``python -c``) or start it directly.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import resource
import signal
import site
import socket
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pexpect
import ptyprocess

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = "buscaminas"
LARGEST_MESSAGE = 1 << 16
StrPath = str | os.PathLike[str]
LOCALE = ("LC_ALL", "LC_CTYPE", "LANG")
"""The variables an interpreter reads its locale from as it starts (LC_CTYPE's)."""
PROBE = (
    "import json, os, sys\n"
    "print(json.dumps({'utf8': sys.flags.utf8_mode,\n"
    "    'names': [sys.getfilesystemencoding(), sys.getfilesystemencodeerrors()],\n"
    "    'streams': [[s.encoding, s.errors, s.write_through]\n"
    "                for s in (sys.stdin, sys.stdout, sys.stderr)],\n"
    "    'LC_CTYPE': os.environ.get('LC_CTYPE')}))\n"
)
"""What an interpreter decides as it starts from its locale (UTF-8 mode, the encoding
of file names and of the standard streams, the locale it sets for itself in place of
C, PEP 538, which its children inherit) and from ``-u`` (the streams' buffering)."""

enabled = False
"""Whether starts are forked: ``--fork-start``."""


@dataclass
class Child:
    """A child of the server, and its wait status once the server has reaped it."""

    pid: int
    status: int | None = None
    lost: bool = False
    """The server died first, and the status with it."""


class Server:
    """This process's fork server: started at the first forked start, and again
    whenever it has died."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self.connection: socket.socket | None = None
        self.environment: dict[str, str] = {}
        """The server's own, fixed at its first start: what its interpreter was set up by."""
        self.running: dict[int, Child] = {}
        self.this_test: list[Child] = []
        self.probed: dict[tuple[tuple[str, str], ...], dict[str, Any]] = {}

    def start(
        self,
        argv: Sequence[StrPath],
        env: Mapping[str, str],
        cwd: StrPath,
        fds: Sequence[int],
        *,
        terminal: bool,
        limits: Sequence[tuple[int, int, int]] = (),
    ) -> Child:
        """Fork ``python -m buscaminas *argv`` with ``fds`` as its standard streams (one,
        a terminal's slave, if ``terminal``), once :func:`forkable` has said it may be."""
        interpreter = self.interpreter(env)
        request = {
            "argv": [os.fspath(word) for word in argv],
            "env": {**env, **interpreter["env"]},
            "cwd": os.fspath(cwd),
            "terminal": terminal,
            "limits": [list(limit) for limit in limits],
            "streams": interpreter["streams"],
        }
        socket.send_fds(self._connected(), [json.dumps(request).encode()], list(fds))
        while "started" not in (message := self._answer()):
            pass  # a child's end, noted
        child = self.running[message["started"]] = Child(message["started"])
        self.this_test.append(child)
        return child

    def wait(self, child: Child, timeout: float | None) -> int | None:
        """``child``'s wait status, or None if it has not ended within ``timeout``
        seconds (0: it is only asked)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while child.status is None:
            if child.lost:
                raise ChildProcessError(f"the fork server died before child {child.pid} ended")
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            if self._read(left) is None and left is not None:
                return None
        return child.status

    def end_test(self) -> None:
        """Kill what the test started and left running, and wait for it to end."""
        for child in self.this_test:
            if child.status is None and not child.lost and self.connection is not None:
                self.connection.send(json.dumps({"kill": child.pid}).encode())
                with contextlib.suppress(ChildProcessError):  # the server died meanwhile
                    self.wait(child, None)
        self.this_test.clear()

    def close(self) -> None:
        """End the server, which kills the children still running."""
        if self.connection is not None:
            self.connection.close()
            self.connection = None
        if self.process is not None:
            self.process.wait(30)
            self.process = None

    def forkable(self, argv: Sequence[StrPath], env: Mapping[str, str], cwd: StrPath) -> bool:
        """Whether ``argv`` run in ``env`` from ``cwd`` is the program, started by an
        interpreter set up as the server's was."""
        program = [os.fspath(word) for word in argv[:3]]
        if not enabled or program != [sys.executable, "-m", PROGRAM]:
            return False
        if not self.environment:
            self.environment = dict(os.environ)
        return self._setup(env, os.fspath(cwd)) == self._setup(self.environment, str(ROOT))

    def interpreter(self, env: Mapping[str, str]) -> dict[str, Any]:
        """What an interpreter started in ``env`` decides from its locale, once per locale."""
        variables = {name: value for name, value in env.items() if name.startswith("PYTHON")}
        variables.update((name, env[name]) for name in LOCALE if name in env)
        key = tuple(sorted(variables.items()))
        if key not in self.probed:
            probe = subprocess.run(
                [sys.executable, "-c", PROBE],
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                env=variables,
                check=True,
            )
            found = json.loads(probe.stdout)
            coerced = found.pop("LC_CTYPE")
            found["env"] = {"LC_CTYPE": coerced} if coerced != env.get("LC_CTYPE") else {}
            self.probed[key] = found
        return self.probed[key]

    def _setup(self, env: Mapping[str, str], cwd: str) -> tuple[object, ...]:
        """What sets up an interpreter's start and its imports: the ``PYTHON*``
        variables, the directories searched for modules (each at its first place),
        the user's own site if there is one, and the locale's encodings."""
        python = {name: value for name, value in env.items() if name.startswith("PYTHON")}
        entries = [cwd, *filter(None, python.pop("PYTHONPATH", "").split(os.pathsep))]
        path = list(dict.fromkeys(os.path.join(cwd, entry) for entry in entries))
        home = env.get("HOME") if site.ENABLE_USER_SITE else None
        locale = self.interpreter(env)
        return python, path, home, locale["utf8"], locale["names"]

    def _connected(self) -> socket.socket:
        if self.process is not None and self.process.poll() is not None:
            self._lose()
        connection = self.connection
        if connection is None:
            connection, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            with theirs:
                self.process = subprocess.Popen(
                    [sys.executable, "-m", "tests.zygote_support", str(theirs.fileno())],
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    cwd=ROOT,
                    env=self.environment,
                    pass_fds=(theirs.fileno(),),
                )
            self.connection = connection
            self._answer()  # ready, once it has loaded the program
        return connection

    def _answer(self) -> dict[str, Any]:
        """The server's next message, waited for."""
        message = self._read(None)
        if message is None:
            raise ChildProcessError("the fork server died")
        return message

    def _read(self, timeout: float | None) -> dict[str, Any] | None:
        """One message from the server, within ``timeout`` seconds; a child's end is
        noted.  None if there was none."""
        if self.connection is None:
            return None
        self.connection.settimeout(timeout)
        try:
            data = self.connection.recv(LARGEST_MESSAGE)
        except (BlockingIOError, TimeoutError):
            return None
        except ConnectionError:
            data = b""
        if not data:
            self._lose()
            return None
        message: dict[str, Any] = json.loads(data)
        if "ended" in message:
            self.running.pop(message["ended"]).status = message["status"]
        return message

    def _lose(self) -> None:
        """The server has died: its children's statuses died with it."""
        for child in self.running.values():
            child.lost = True
        self.running.clear()
        if self.connection is not None:
            self.connection.close()
            self.connection = None
        if self.process is not None:
            self.process.wait()
            self.process = None


SERVER = Server()


class ForkedPty(ptyprocess.PtyProcess):  # type: ignore[misc]
    """A child of the server on a pseudo-terminal, as ptyprocess keeps an exec'd one."""

    child: Child
    terminated: bool
    closed: bool

    @classmethod
    def spawn(
        cls,
        argv: list[str],
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
        echo: bool = True,
        preexec_fn: Callable[[], None] | None = None,
        dimensions: tuple[int, int] = (24, 80),
        pass_fds: Sequence[int] = (),
    ) -> ForkedPty:
        assert echo and preexec_fn is None and not pass_fds, "a plain start only"
        master, slave = os.openpty()
        try:
            termios.tcsetwinsize(slave, dimensions)
            child = SERVER.start(
                argv[3:], env or os.environ, cwd or os.getcwd(), [slave], terminal=True
            )
        finally:
            os.close(slave)
        process = cls(child.pid, master)
        process.child, process.argv, process.env, process.launch_dir = child, argv, env, cwd
        return process

    def isalive(self) -> bool:
        """As ptyprocess's, from the status the server relays (waited for once the
        terminal has closed, as ptyprocess waits then)."""
        if self.terminated:
            return False
        status = SERVER.wait(self.child, None if self.flag_eof else 0)
        if status is None:
            return True
        self.status = status
        self.exitstatus = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
        self.signalstatus = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
        self.terminated = True
        return False

    def wait(self) -> int | None:
        SERVER.wait(self.child, None)
        self.isalive()
        return self.exitstatus

    def close(self, force: bool = True) -> None:
        """As ptyprocess's, but its pause for the child to end, once the terminal is
        closed, lasts only until the child has ended: the server says so at once."""
        if not self.closed:
            self.flush()
            self.fileobj.close()
            self.fd, self.closed = -1, True
            SERVER.wait(self.child, self.delayafterclose)
            if self.isalive() and not self.terminate(force):
                raise ptyprocess.PtyProcessError("Could not terminate the child.")

    def terminate(self, force: bool = False) -> bool:
        """As ptyprocess's: SIGHUP, SIGCONT, SIGINT, then SIGKILL if ``force``, each
        with its pause, which lasts only until the child has ended."""
        for signum in (signal.SIGHUP, signal.SIGCONT, signal.SIGINT, signal.SIGKILL):
            if not self.isalive():
                return True
            if signum == signal.SIGKILL and not force:
                return False
            with contextlib.suppress(ProcessLookupError):  # ended, not yet said
                self.kill(signum)
            SERVER.wait(self.child, self.delayafterterminate)
        return not self.isalive()


class ForkedSpawn(pexpect.spawn):  # type: ignore[misc]
    """``pexpect.spawn`` on a forked start."""

    def _spawnpty(self, args: list[str], **kwargs: Any) -> ForkedPty:
        return ForkedPty.spawn(args, **kwargs)


class ForkedPopen(subprocess.Popen[Any]):
    """``subprocess.Popen`` on a forked start: the child is the server's, so its start
    and its status are asked of the server (Popen's POSIX ``_execute_child``,
    ``_internal_poll`` and ``_wait``); the pipes and their reading are Popen's own."""

    def __init__(
        self, *args: Any, limits: Sequence[tuple[int, int, int]] = (), **kwargs: Any
    ) -> None:
        self.limits = limits
        super().__init__(*args, **kwargs)

    def _execute_child(
        self,
        args: Sequence[StrPath],
        executable: object,
        preexec_fn: object,
        close_fds: object,
        pass_fds: object,
        cwd: StrPath | None,
        env: Mapping[str, str] | None,
        startupinfo: object,
        creationflags: object,
        shell: object,
        p2cread: int,
        p2cwrite: int,
        c2pread: int,
        c2pwrite: int,
        errread: int,
        errwrite: int,
        *_: object,
    ) -> None:
        streams = [p2cread, c2pwrite, errwrite]
        try:
            self.child = SERVER.start(
                args[3:],
                os.environ if env is None else env,
                cwd or os.getcwd(),
                [number if fd == -1 else fd for number, fd in enumerate(streams)],
                terminal=False,
                limits=self.limits,
            )
        finally:
            self._close_pipe_fds(  # type: ignore[attr-defined]  # Popen's own, as its exec
                p2cread, p2cwrite, c2pread, c2pwrite, errread, errwrite
            )
        self.pid = self.child.pid
        self._child_created = True

    def _internal_poll(self, _deadstate: object = None, **_: object) -> int | None:
        if self.returncode is None:
            self._note(SERVER.wait(self.child, 0))
        return self.returncode

    def _wait(self, timeout: float | None) -> int:
        if self.returncode is None:
            self._note(SERVER.wait(self.child, timeout))
            if self.returncode is None:
                raise subprocess.TimeoutExpired(self.args, timeout or 0)
        return self.returncode

    def _note(self, status: int | None) -> None:
        if status is not None:
            self.returncode = os.waitstatus_to_exitcode(status)


def spawn(command: str, args: list[str], **kwargs: Any) -> pexpect.spawn:
    """``pexpect.spawn(command, args, ...)``, forked where it may be."""
    env, cwd = kwargs.get("env") or os.environ, kwargs.get("cwd") or os.getcwd()
    forked = SERVER.forkable([command, *args], env, cwd)
    return (ForkedSpawn if forked else pexpect.spawn)(command, args, **kwargs)


def popen(
    args: Sequence[str], *, file_size: int | None = None, **kwargs: Any
) -> subprocess.Popen[Any]:
    """``subprocess.Popen(args, ...)``, forked where it may be; ``file_size``: no file
    the program writes may grow past that many bytes, as on a full disk."""
    env, cwd = kwargs.get("env") or os.environ, kwargs.get("cwd") or os.getcwd()
    if SERVER.forkable(args, env, cwd):
        limits = [] if file_size is None else [(resource.RLIMIT_FSIZE, file_size, file_size)]
        return ForkedPopen(args, limits=limits, **kwargs)
    limit = None
    if file_size is not None:
        limit = functools.partial(resource.setrlimit, resource.RLIMIT_FSIZE, (file_size, file_size))
    return subprocess.Popen(args, preexec_fn=limit, **kwargs)


def run(
    args: Sequence[str],
    *,
    input: str | bytes | None = None,
    timeout: float | None = None,
    **kwargs: Any,
) -> subprocess.CompletedProcess[Any]:
    """``subprocess.run(args, input=..., capture_output=True, ...)``, forked where it may be."""
    with popen(
        args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs
    ) as process:
        try:
            out, err = process.communicate(input, timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            raise
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)
