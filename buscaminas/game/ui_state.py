"""What the player is looking at, apart from the game: the session's, not the round's.

Tatham's puzzles keep a ``game_ui`` beside each ``game_state`` for the same
reason: the cursor, the cells a hint lights up, the words under the board and
a page of text shown instead of it change with every key, but none of them is
the game.  Undo does not take them back, the records do not keep them, and a
new round starts them afresh.
"""

from __future__ import annotations

from ..core.grid import Point
from .view import Highlight


class UIState:
    """The player's side of the screen for one board; a new board gets a new one."""

    def __init__(self, width: int, height: int, cursor: Point | None = None) -> None:
        self.cursor: Point = (width // 2, height // 2) if cursor is None else cursor
        """The cell the keys act on."""
        self.highlight = Highlight()
        """The cells a hint or the AI's move lights up."""
        self.messages: tuple[str, ...] = ()
        """The words under the board."""
        self.page: tuple[str, ...] | None = None
        """Text shown instead of the board (the manual, the statistics, a review)."""
        self.page_number = 1
        self.page_command = ""
        """What the player types for another screenful of :attr:`page`."""
