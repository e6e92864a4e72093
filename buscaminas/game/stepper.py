"""The AI's turn: ``auto`` starts it, and each step is one move, said in words.

The AI plays the solver's best move: a cell proved safe when there is one,
else the guess least likely to hide a mine.  It stops at its count, at the
end of the game, or when the player stops it; the loop
(:class:`~buscaminas.game.app.App`) paces the steps.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.engine import Action, Move
from ..i18n import _, ngettext
from .coordinates import label
from .questions import Question
from .reply import Reply
from .rounds import Round
from .ui_state import UIState
from .view import Highlight


class Stepper:
    """The AI's turn in a session: whether it plays, and how many moves it has left."""

    def __init__(self) -> None:
        self.playing = False
        self._left: int | None = None
        self._played = 0

    def start(self, count: int | None) -> None:
        """The AI plays ``count`` moves, or to the end when None: a flag it takes off is
        one, as the AI's moves are counted everywhere (a reveal always follows it)."""
        self.playing, self._left, self._played = True, count, 0

    def halt(self) -> None:
        """The AI's turn ends with no word: a new game began."""
        self.playing = False

    def step(self, current: Round, ui: UIState, play: Callable[[Move], Reply]) -> Reply:
        """The AI's next move on ``current``, made through ``play`` (the session's, as the
        AI's), said in ``ui``'s words."""
        game = current.game
        from ..core.solver import Position, analyze
        from . import guessing

        analysis = analyze(Position.from_game(game))
        cell = analysis.best_move
        # no mines laid yet: they are laid around the first try, which is safe
        chance = analysis.probability[cell] if game.started else 0.0
        ui.cursor = cell
        unflagged: tuple[str, ...] = ()
        if cell in game.flags:  # a flag is only an opinion: the AI says it takes it off
            play(Move(Action.FLAG, cell))
            self._played += 1  # a move of its own, as the status line counts it
            words = _("AI: took the flag off {cell}, to reveal it.")
            unflagged = (words.format(cell=label(cell)),)
        reply = play(Move(Action.TRY, cell))
        if reply.question is Question.CLASSIC:  # no mines laid, so no reveal made
            ui.messages = (*unflagged, *ui.messages)
            self.playing = False
            return reply
        self._played += 1
        if chance == 0:
            shown = _("AI: {cell} is safe.").format(cell=label(cell))
        else:
            shown = _("AI: guessing {reason}").format(reason=guessing.why(guessing.of(analysis)))
        ui.messages = (*unflagged, shown, *ui.messages)
        ui.highlight = Highlight(frozenset({cell}))
        done = self._left is not None and self._played >= self._left
        if done or game.end is not None:
            self.playing = False
        return reply

    def moves_expected(self, current: Round) -> int:
        """At most how many moves the AI has still to make: each reveals a safe cell at
        least, and it stops at its count."""
        hidden_safe = current.game.hidden_safe
        if self._left is None:
            return hidden_safe
        return min(hidden_safe, self._left - self._played)

    def stop(self, ui: UIState) -> Reply:
        """The player stopped the AI (a key, Ctrl-C): say after how many moves."""
        self.playing = False
        played = self._played
        ui.messages = (
            ngettext(
                "The AI stopped after {count} move.", "The AI stopped after {count} moves.", played
            ).format(count=played),
        )
        return Reply()
