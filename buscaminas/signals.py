"""The signals a terminal program must answer: leave cleanly, suspend, and stay quiet.

A game on the alternate screen in raw mode owes the terminal its state back on
every way out.  SIGTERM, SIGHUP and SIGQUIT are turned into :class:`Terminated`,
an exception that unwinds through every ``finally`` (where the terminal is
restored) to :func:`buscaminas.cli.main`, which exits with the conventional
status, 128 plus the signal's number.  SIGTSTP (Ctrl-Z, or ``kill -TSTP``) gives
the terminal back before stopping and takes it again on ``fg``, never while the
game is in the background.
"""

from __future__ import annotations

import _thread
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

ENDING = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGQUIT") if hasattr(signal, name)
)
"""The signals that end the game: a polite kill, a closed terminal, Ctrl-\\."""
SUSPEND = getattr(signal, "SIGTSTP", None)
_stopped = 0.0
"""Seconds spent suspended so far."""


class Terminated(BaseException):
    """A signal asked the program to end.

    A :class:`BaseException`, like :class:`KeyboardInterrupt`, so that no
    ``except Exception`` on the way swallows it.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum

    @property
    def exit_status(self) -> int:
        """What a shell expects of a process ended by this signal."""
        return 128 + self.signum


def _terminate(signum: int, _frame: FrameType | None) -> None:
    raise Terminated(signum)


def suspend(
    leave: Callable[[], None], come_back: Callable[[], None], *, group: bool = False
) -> None:
    """Stop the process as Ctrl-Z does, with the terminal handed back meanwhile.

    ``leave`` restores the terminal before the stop; ``come_back`` takes it
    again once the shell's ``fg`` has continued us.  ``group`` stops the whole
    process group, as the terminal itself does, for a Ctrl-Z read as a key in
    raw mode (the processes of a pipeline stop together).
    """
    global _stopped
    if SUSPEND is None:
        return
    stopping = time.monotonic()
    leave()
    previous = signal.signal(SUSPEND, signal.SIG_DFL)
    try:
        os.kill(0 if group else os.getpid(), SUSPEND)  # returns once SIGCONT arrives
        while not in_the_foreground():
            # ``bg`` continued us behind the shell, which has the terminal: a word
            # drawn would land on its screen, and a change of modes would stop us on
            # SIGTTOU, uncounted.  Stop again, until ``fg``.
            os.kill(0 if group else os.getpid(), SUSPEND)
    finally:
        _stopped += time.monotonic() - stopping
        signal.signal(SUSPEND, previous)
        come_back()


def stop_the_group() -> None:
    """Ctrl-Z read as a key in raw mode: stop the process group, as the terminal would
    have (the processes of a pipeline stop together); our own stop is taken by the
    handler :func:`suspending` set, on the main thread."""
    if SUSPEND is not None:
        os.kill(0, SUSPEND)


def in_the_foreground() -> bool:
    """Whether our process group has the terminal (True where there is no terminal to
    share, or no job control): the test Textual's driver makes after SIGCONT."""
    if not hasattr(os, "tcgetpgrp"):
        return True
    try:
        return os.tcgetpgrp(sys.stdin.fileno()) == os.getpgrp()
    except (OSError, ValueError, AttributeError):  # no terminal, or standard input closed
        return True


def playing_clock() -> float:
    """Monotonic seconds that stand still while the game is suspended: a game's time
    is the time it was played, not the time it waited behind ``fg``."""
    return time.monotonic() - _stopped


@contextmanager
def ending() -> Iterator[None]:
    """While inside, the ending signals raise :class:`Terminated`; the previous
    handlers come back after."""
    previous = {signum: signal.signal(signum, _terminate) for signum in ENDING}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@contextmanager
def suspending(leave: Callable[[], None], come_back: Callable[[], None]) -> Iterator[None]:
    """While inside, a stop (Ctrl-Z, which the terminal front end sends as SIGTSTP, or
    ``kill -TSTP``) suspends around ``leave`` and ``come_back``, on the main thread."""
    if SUSPEND is None:
        yield
        return
    previous = signal.signal(SUSPEND, lambda _signum, _frame: suspend(leave, come_back))
    try:
        yield
    finally:
        signal.signal(SUSPEND, previous)


@contextmanager
def deferred() -> Iterator[None]:
    """Hold the ending signals (and Ctrl-C) until the block is done, so that a record
    being written is written whole; a held signal arrives as the block ends.

    Held, not blocked: the signal is taken and noted, and a second one, the player
    insisting, goes through at once.  A process never waits with its signals masked,
    so that nothing it reads meanwhile (a file that should not block, but does) can
    keep it from being ended."""
    if _off_the_main_thread():
        yield  # signals reach the main thread alone: none to hold here
        return
    arrived: list[int] = []
    previous: dict[int, signal.Handlers | Callable[[int, FrameType | None], object] | int] = {}

    def let_go() -> None:
        while previous:
            signum, handler = previous.popitem()
            signal.signal(signum, handler)

    def hold(signum: int, _frame: FrameType | None) -> None:
        if arrived:  # a second signal: let it through now, to whoever had it before
            let_go()
            signal.raise_signal(signum)
            return
        arrived.append(signum)

    for signum in (*ENDING, signal.SIGINT):
        handler = signal.getsignal(signum)
        if handler is not None:  # None: set outside Python, and left to it
            previous[signum] = handler
            signal.signal(signum, hold)
    try:
        yield
    finally:
        let_go()
        for signum in arrived:
            signal.raise_signal(signum)


def _off_the_main_thread() -> bool:
    """Whether this runs on another thread than the main one, which alone gets signals.
    :mod:`threading` is loaded here, not at the start: the first board needs no thread."""
    import threading

    return threading.current_thread() is not threading.main_thread()


class Request:
    """Whether a signal noted by :func:`noted` has arrived since its block began."""

    def __init__(self) -> None:
        self.made = False


@contextmanager
def noted(signum: int) -> Iterator[Request]:
    """While inside, ``signum`` is only noted, never raised where it lands: the block
    reads the note where stopping leaves nothing half done.  Ctrl-C during ``auto``
    must stop the AI between two moves, not between a move and its record."""
    request = Request()
    if _off_the_main_thread():
        yield request  # signals reach the main thread alone: none to note here
        return

    def note(_signum: int, _frame: FrameType | None) -> None:
        request.made = True

    previous = signal.signal(signum, note)
    try:
        yield request
    finally:
        signal.signal(signum, previous)


def interrupt_the_main_thread() -> None:
    """Ctrl-C read in raw mode while the game is busy: a KeyboardInterrupt where the
    main thread is, as a terminal in cooked mode would have raised, for what is under
    way to cancel."""
    if hasattr(signal, "pthread_kill"):
        import threading

        main = threading.main_thread().ident
        assert main is not None
        signal.pthread_kill(main, signal.SIGINT)
    else:
        _thread.interrupt_main()
