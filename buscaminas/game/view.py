"""What the screen shows, as plain values: the border between the game and its front ends.

The session composes a :class:`View`; a front end draws it (the terminal
through the renderer, a pipe as plain text).  Nothing here knows how.
"""

from enum import Enum
from typing import NamedTuple

from ..core.grid import Point


class State(Enum):
    READY = "ready"
    WAITING = "waiting"
    """Cells open already (a share code or a board file opened them), the clock
    waiting for the player's first move."""
    PLAYING = "playing"
    PAUSED = "paused"
    """The clock stopped and the board hidden until a key."""
    WON = "won"
    LOST = "lost"


class Highlight(NamedTuple):
    """The cells a hint points at: the ones it is about, and the numbers and mines it cites."""

    targets: frozenset[Point] = frozenset()
    numbers: frozenset[Point] = frozenset()
    mines: frozenset[Point] = frozenset()


class View(NamedTuple):
    """Everything the screen shows: the board as position text, and the lines around it."""

    rows: tuple[str, ...]
    mines_left: int
    state: State
    elapsed: float | None = None
    board_name: str = ""
    """The board as the status line names it: “Beginner 8×8, no-guess”."""
    messages: tuple[str, ...] = ()
    exploded: Point | None = None
    highlight: Highlight = Highlight()
    page: tuple[str, ...] | None = None
    """Text shown instead of the board, such as the manual; None shows the board."""
    page_number: int = 1
    """Which screenful of ``page`` to show, where it takes more than one."""
    page_command: str = ""
    """What the player types for another screenful: “man”, “stats”."""
    hints: int = 0
    """Hints used: a game with any is not a clean win."""
    ai_moves: int = 0
    """Moves the AI made: a game with any is assisted."""
    cursor: Point | None = None
    """The cell the keys act on; None where there are no keys (a pipe)."""
    keys: str = ""
    """A few words on the input mode and its keys, for the status line."""

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)
