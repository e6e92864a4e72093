"""The signals a terminal program must answer: leave cleanly, suspend, and stay quiet.

A game on the alternate screen in raw mode owes the terminal its state back on
every way out.  SIGTERM, SIGHUP and SIGQUIT are turned into :class:`Terminated`,
an exception that unwinds through every ``finally`` (where the terminal is
restored) to :func:`buscaminas.cli.main`, which exits with the conventional
status, 128 plus the signal's number.  SIGTSTP (Ctrl-Z outside the prompt)
gives the terminal back before stopping and takes it again on ``fg``.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
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


_divert: Callable[[Terminated], bool] | None = None
"""Who takes an ending signal instead of raising it where it lands: an event loop,
which would catch an exception raised inside one of its callbacks."""
_divert_stop: Callable[[], bool] | None = None
"""Who takes a stop sent from outside instead of stopping where it lands: an event
loop, whose own modes (the mouse, bracketed paste) only it can give back and take
again."""


def _terminate(signum: int, _frame: FrameType | None) -> None:
    ending = Terminated(signum)
    if _divert is not None and _divert(ending):
        return
    raise ending


@contextmanager
def diverted(
    take: Callable[[Terminated], bool], stop: Callable[[], bool] | None = None
) -> Iterator[None]:
    """While inside, an ending signal goes to ``take``, which must end the block
    by raising it at a safe place; ``take`` returns False to have it raised at once.
    A stop sent from outside goes to ``stop``, which must suspend (:func:`suspend`)
    soon; it too returns False to have the stop handled where it lands."""
    global _divert, _divert_stop
    previous = _divert, _divert_stop
    _divert, _divert_stop = take, stop
    try:
        yield
    finally:
        _divert, _divert_stop = previous


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


def in_the_foreground() -> bool:
    """Whether our process group has the terminal (True where there is no terminal to
    share, or no job control): the test Textual's driver makes after SIGCONT."""
    if not hasattr(os, "tcgetpgrp"):
        return True
    try:
        return os.tcgetpgrp(sys.stdin.fileno()) == os.getpgrp()
    except (OSError, ValueError, AttributeError):  # no terminal, or stdin closed
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
    """While inside, Ctrl-Z (outside the prompt, where the terminal turns it into
    SIGTSTP) suspends around ``leave`` and ``come_back``."""
    if SUSPEND is None:
        yield
        return

    def stopped(_signum: int, _frame: FrameType | None) -> None:
        if _divert_stop is None or not _divert_stop():
            suspend(leave, come_back)

    previous = signal.signal(SUSPEND, stopped)
    try:
        yield
    finally:
        signal.signal(SUSPEND, previous)


@contextmanager
def deferred() -> Iterator[None]:
    """Hold the ending signals (and Ctrl-C) until the block is done, so that a record
    being written is written whole; a held signal arrives as the block ends."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal to hold
        yield
        return
    held = {*ENDING, signal.SIGINT}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


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
    if threading.current_thread() is not threading.main_thread():
        yield request  # signals reach the main thread alone: none to note here
        return

    def note(_signum: int, _frame: FrameType | None) -> None:
        request.made = True

    previous = signal.signal(signum, note)
    try:
        yield request
    finally:
        signal.signal(signum, previous)


def quiet_wakeup() -> None:
    """Let a storm of resizes fill the event loop's wake-up socket without a word.

    asyncio registers that socket with warnings on, and each signal that
    finds it full would print ``Exception ignored … BlockingIOError`` over
    the board.  A full socket already means the loop will wake up: nothing is
    lost by saying nothing.
    """
    fd = signal.set_wakeup_fd(-1)
    if fd != -1:
        signal.set_wakeup_fd(fd, warn_on_full_buffer=False)
