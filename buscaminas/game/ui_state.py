"""What the player is looking at, apart from the game: the session's, not the round's.

Tatham's puzzles keep a ``game_ui`` beside each ``game_state`` for the same
reason: the cursor, the cells a hint lights up, the words under the board and
a page of text shown instead of it change with every key, but none of them is
the game.  Undo does not take them back, the records do not keep them, and a
new round starts them afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core.alphabet import Symbol
from ..core.engine import Outcome, patched
from ..core.grid import Point
from ..i18n import _
from . import jumps
from .jumps import Jump
from .view import Highlight, View

if TYPE_CHECKING:
    from .rounds import Round

PROGRESS_AFTER = 0.2
"""Seconds of searching before the progress line appears: most boards come sooner."""


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

    def show_page(self, lines: list[str], number: int, command: str, viewer: bool) -> None:
        """Text instead of the board, at its page ``number``; ``command`` shows another
        page; a ``viewer`` at a full screen is told how to go back to the board."""
        self.page, self.page_number, self.page_command = tuple(lines), number, command
        if viewer:
            self.messages = (_("Type any command to return to the board."),)

    def picture(
        self, current: Round, rows: tuple[str, ...] | None = None, unkept: tuple[str, ...] = ()
    ) -> View:
        """What to draw: ``current``'s board (or ``rows``, a board on its way to it) and
        this side of the screen, with the ``unkept`` warnings under the messages until
        the game is kept; a paused game shows nothing of its board."""
        game = current.game
        shown = View(
            rows=game.rows() if rows is None else rows,
            mines_left=game.mines_left,
            state=current.state(),
            # over: its time as the records keep it and the words under the board say it
            elapsed=current.seconds() if game.end is not None else current.elapsed(),
            board_name=current.board_name(),
            hints=current.hints,
            ai_moves=current.ai_moves,
            cursor=self.cursor,
        )
        if current.paused:  # nothing of the board to see, nothing to think about meanwhile
            return shown._replace(
                rows=tuple(Symbol.HIDDEN * game.width for _row in range(game.height)),
                page=(
                    _("The game is paused: the board is hidden and the clock stopped."),
                    _("Press any key to go on."),
                ),
            )
        return shown._replace(
            messages=(*self.messages, *(line for line in unkept if line not in self.messages)),
            exploded=game.exploded,
            highlight=self.highlight,
            page=self.page,
            page_number=self.page_number,
            page_command=self.page_command,
        )

    def steer(self, current: Round, step: Point | Jump) -> None:
        """Move the cursor by ``step``, stopping at the edges, or where a jump lands
        (:data:`Jump.DECIDED` asks the solver: the session's)."""
        game = current.game
        if isinstance(step, Jump):
            landing = jumps.landing(step, game.rows(), self.cursor)
            if landing is None:
                self.messages = (_("No hidden cell is left to jump to."),)
            self.cursor = landing or self.cursor
            return
        x, y = self.cursor
        self.cursor = (
            min(max(x + step[0], 0), game.width - 1),
            min(max(y + step[1], 0), game.height - 1),
        )

    def waves(
        self, current: Round, before: tuple[str, ...], outcome: Outcome, most: int
    ) -> list[View]:
        """The pictures between ``before`` and now, one per reveal wave of ``outcome``
        but the last; of a longer reveal, ``most`` of them, evenly spread."""
        waves = outcome.waves[:-1]
        every = -(-len(waves) // max(1, most))
        rows, views = before, []
        for number, wave in enumerate(waves, 1):
            rows = patched(rows, wave, current.game.shown)
            if number % every == 0:
                views.append(self.picture(current, rows))
        return views

    def progress(
        self, words: str, clock: Callable[[], float], show: Callable[[], None] | None
    ) -> Callable[[float], None]:
        """What shows how far a long task has got (``words`` with its ``{percent}``), once
        it has taken long enough to be noticed (:data:`PROGRESS_AFTER`); ``show`` draws."""
        shown = -1
        began = clock()

        def progress(fraction: float) -> None:
            nonlocal shown
            done = int(fraction * 100)
            noticeable = clock() - began >= PROGRESS_AFTER
            if done != shown and noticeable and show is not None:
                shown = done
                self.messages = (words.format(percent=done),)
                show()

        return progress
