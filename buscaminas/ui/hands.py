"""Who draws: the terminal thread, or the game's thread while the terminal thread waits.

A view the game shows is drawn at once on the game's thread, with nothing posted to
the terminal thread before it still waiting to run (the screen shows what the game
said in the order it said it): a hop to the terminal thread costs a wake-up, and
under load a wake-up costs milliseconds.  Both threads work on what is drawn only
holding :attr:`Hands.lock`: the terminal thread while it handles keys
(:class:`~buscaminas.ui.pump.HeldKeys`) and what the game posted (:meth:`Hands.run`),
and either thread as it paints; so two paints never interleave, and a key never
sees a paint half done.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

STOPPING_SIGNALS = {
    getattr(signal, name)
    for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGTSTP", "SIGWINCH")
    if hasattr(signal, name)
}
"""Signals for the game's thread alone.  The terminal thread never takes them: Python runs
every handler on the main thread anyway, and one the kernel hands to the terminal thread
would not wake it.  The game's thread holds them while it draws: one landing in the
middle of a paint would leave the screen and the frame it was diffed against apart
(Ctrl-C), or stop the game holding the lock the terminal thread needs to draw it again
(Ctrl-Z)."""


class Hands:
    """The lock on what is drawn, and the count of calls posted to the terminal thread."""

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.posted = 0
        """Calls the game's thread posted to the terminal thread (the game's thread)."""
        self.ran = 0
        """Posted calls that have run (the terminal thread)."""

    def run(self, call: Callable[..., object], *args: object) -> None:
        """A call the game's thread posted, run on the terminal thread."""
        with self.lock:
            try:
                call(*args)
            finally:
                self.ran += 1

    def idle(self) -> bool:
        """Whether every call posted so far has run (asked by the game's thread)."""
        return self.ran == self.posted

    @contextmanager
    def here(self) -> Iterator[None]:
        """The game's thread draws: the lock held, its signals held back until it is done
        (a signal blocked is taken as the block ends)."""
        held = signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING_SIGNALS)
        try:
            with self.lock:
                yield
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)


DRAWN_HERE = hasattr(signal, "pthread_sigmask")
"""Whether the game's thread may draw (its signals can be held meanwhile); where it
cannot, every view is posted to the terminal thread."""

