"""Help the player asks for: a hint, the jump to a cell logic decides, a review.

Each tells something of hidden cells, so each counts as a hint while the game is
in progress (:meth:`~buscaminas.game.rounds.Round.count_hint`); what it shows
goes to the player's side of the screen (:class:`~buscaminas.game.ui_state.UIState`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.engine import Outcome
from ..core.grid import Point
from ..i18n import _
from . import jumps, narration
from .coordinates import label
from .jumps import Jump
from .rounds import Round
from .ui_state import UIState
from .view import Highlight


class Helper:
    """The help of one session; a review is worked out once for each position."""

    def __init__(self) -> None:
        self._reviewed: tuple[tuple[object, ...], list[str]] | None = None
        """The last review's game and moves, and its lines, for its other pages."""

    def hint(
        self, current: Round, ui: UIState, cell: Point | None
    ) -> tuple[tuple[str, ...], Outcome] | None:
        """A hint: a certain cell and why, or the chance that ``cell`` hides a mine, or a
        rescue; for a rescue, the board before it and its last outcome."""
        game = current.game
        current.take_a_hint(cell)
        from . import hints

        hint = hints.hint(game) if cell is None else hints.chance(game, cell)
        ui.highlight = hint.highlight
        ui.messages = hint.messages
        to_open = hint.targets - hint.mines  # never a mine the hint proves: a key opens it
        if to_open:
            ui.cursor = min(to_open, key=lambda target: (target[1], target[0]))
        if hint.rescue is None:
            return None
        before = game.rows()
        *taken_off, outcome = game.rescue(hint.rescue) or (None,)
        if outcome is None:
            return None
        for unflagged in taken_off:
            current.log(unflagged)
        current.log(outcome)
        ui.highlight = Highlight(frozenset(outcome.revealed[:1]))
        ui.cursor = outcome.move.cell
        done = (
            _("To keep the game going, I took the flag off {cell} and revealed it: it was safe.")
            if taken_off
            else _("To keep the game going, I revealed {cell} for you: it was safe.")
        )
        ui.messages += (
            done.format(cell=label(outcome.move.cell)),
            *narration.outcome(outcome, game, current.seconds()),
        )
        return before, outcome

    def decided(self, current: Round, ui: UIState) -> Point | None:
        """The next hidden cell after the cursor that logic decides, safe or mine, with
        words that do not say which: a hint, counted once per position as ``help`` is."""
        game = current.game
        if game.end is not None:
            ui.messages = (_("The game is over: there is nothing left to decide."),)
            return None
        if not game.started:
            ui.messages = (_("Before the first reveal nothing is decided: any cell is safe."),)
            return None
        from ..core.solver import Position, analyze

        analysis = analyze(Position.from_game(game))
        current.take_a_hint(Jump.DECIDED)
        decided = (analysis.safe | analysis.mines) & jumps.hidden(game.rows())
        landing = jumps.next_in_reading_order(decided, ui.cursor, (game.width, game.height))
        ui.highlight = Highlight()
        if landing is None:
            ui.messages = (
                _("Logic decides no hidden cell now: each one left is a guess (a hint)."),
            )
        else:
            ui.messages = (
                _("Logic decides {cell}: safe or a mine, that is for you to find (a hint).").format(
                    cell=label(landing)
                ),
            )
        return landing

    def review(self, current: Round, progress: Callable[[float], None]) -> list[str]:
        """The game's moves judged by the solver, worked out once for each position: the
        pages of one review come from the same work.  A review names cells proved
        safe or mines, so during a game it counts as a hint, once per position."""
        from .commentary import help_note, review_lines
        from .review import review

        reviewed = (current.identity, tuple(current.journal.moves))
        if self._reviewed is None or self._reviewed[0] != reviewed:
            dealt = current.settings.board_file is None
            try:
                judged = review(current.journal, dealt=dealt, progress=progress)
            except KeyboardInterrupt:
                return [_("Review cancelled.")]
            lines = [*review_lines(judged), *help_note(judged, current.assisted)]
            if current.in_progress:
                current.count_review()
                lines.insert(0, _("A review during a game counts as a hint."))
            self._reviewed = (reviewed, lines)
        return self._reviewed[1]
