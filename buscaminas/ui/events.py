"""What the terminal thread hands the game, one typed value per kind, and the queue
they wait on in order.

Keys typed while the game is busy wait on :class:`Events` in order.  A key read
after an event that may change its meaning (a line, a board action, a stop) waits
until the game has handled it, so that keys mean the same at any pace: the queue
counts what was sent, what the next keys wait on, and what the game handled.
"""

from __future__ import annotations

import queue
from typing import NamedTuple

from ..core.grid import Point
from ..game.commands import Command
from ..game.jumps import Jump
from ..game.keys import Act


class Typed(NamedTuple):
    """A line typed (or pasted) and sent with Enter."""

    text: str


class Clicked(NamedTuple):
    """A command from the mouse."""

    command: Command


class Steer(NamedTuple):
    """The cursor moved by a step, a screenful or a jump."""

    step: Point | Jump


class AtCursor(NamedTuple):
    """A key that acts at the cursor, by the key table's name."""

    key: str


class Pressed(NamedTuple):
    """A key while a replay, the AI or a pause has the keys: what it does."""

    act: Act


class Hold(NamedTuple):
    """A word begins at the cursor: what its keys do may be taken back."""


class Withdraw(NamedTuple):
    """The word was a command: what its keys did is taken back."""


class Cancel(NamedTuple):
    """Ctrl-C while the game waits for the player."""


class EndOfInput(NamedTuple):
    """The terminal's input ended, or Ctrl-D on an empty line."""


class Failure(NamedTuple):
    """The terminal thread failed: the game's thread raises it."""

    error: BaseException


Event = (
    Typed | Clicked | Steer | AtCursor | Pressed | Hold | Withdraw | Cancel | EndOfInput | Failure
)
FREE = (Steer, Hold)
"""Events that change nothing about what the next key means or shows beside it: the keys
after them need not wait for the game to handle them.  A withdraw is not one: the word
it ends goes to the typed line once the game has taken its keys back."""


class Events:
    """The queue from the terminal thread to the game, with its count of what the keys
    after each event wait on."""

    def __init__(self) -> None:
        self._queue: queue.Queue[Event] = queue.Queue()
        self._sent = 0
        """Events handed to the game so far (terminal thread)."""
        self._due = 0
        """The event the keys read after it wait on (terminal thread)."""
        self._handled = 0
        """Events the game has handled, as it last said (terminal thread)."""
        self.taken = 0
        """Events the game has taken (main thread)."""
        self.waiting = False
        """The game waits for an event (main thread)."""

    # --- the terminal thread --------------------------------------------------------------

    def put(self, event: Event) -> None:
        self._queue.put(event)
        self._sent += 1
        if not isinstance(event, FREE):
            self._due = self._sent

    def at_rest(self) -> bool:
        """Whether a Ctrl-C is an event for the game to take, not an interruption of its
        work: it waits for one, or has yet to take its first (it is starting, and its
        start, the first board drawn, is nothing to stop half way: the Ctrl-C ends the
        game at its first wait, as it would at any other)."""
        return self.waiting or self.taken == 0

    def behind(self) -> bool:
        """Whether the game has yet to handle an event the next key waits on."""
        return self._due > self._handled

    def handled(self, count: int) -> None:
        """The game has handled its first ``count`` events."""
        self._handled = max(self._handled, count)

    # --- the main thread ------------------------------------------------------------------

    def empty(self) -> bool:
        return self._queue.empty()

    def take(self, seconds: float) -> Event:
        """The next event within ``seconds`` (``queue.Empty`` if none), raising the ones
        that end a wait: Ctrl-C, the end of input, a failure of the terminal thread."""
        self.waiting = True
        try:
            event = self._queue.get(timeout=seconds)
            self.taken += 1  # before the wait ends: from then on busy, not starting
        finally:
            self.waiting = False
        if isinstance(event, Cancel):
            raise KeyboardInterrupt
        if isinstance(event, EndOfInput):
            raise EOFError
        if isinstance(event, Failure):
            raise RuntimeError("the terminal failed") from event.error
        return event
