"""Undo and redo as the player sees them: the journal keeps the history
(:meth:`~buscaminas.game.journal.Journal.take_back`,
:meth:`~buscaminas.game.journal.Journal.to_put_back`); here is what may be taken
back, and what the player is told."""

from __future__ import annotations

from collections.abc import Callable

from ..core.engine import Move
from ..i18n import _
from . import narration
from .reply import Reply
from .rounds import Round
from .ui_state import UIState


def undo(current: Round, ui: UIState) -> bool:
    """Take the last move back, saying so in ``ui``; True when that reopens a lost game
    (its loss stays recorded as it was)."""
    if current.final:
        _won_and_kept(ui)
        return False
    if current.last_move_dealt():
        ui.messages = (
            _(
                "The first reveal laid the mines around it, so it stays:"
                " type “new” for another board."
            ),
        )
        return False
    over = current.game.end is not None
    played = current.take_back()
    if played is None:
        ui.messages = (_("Nothing to undo."),)
        return False
    ui.cursor = played.move.cell
    ui.messages = (
        _("Took back “{move}”. Type “redo” to put it back.").format(
            move=narration.made(played, current.game)
        ),
    )
    return over


def redo(current: Round, ui: UIState, play: Callable[[Move, bool], Reply]) -> Reply:
    """Put back the last move taken back through ``play`` (with whose it was)."""
    if current.final:
        _won_and_kept(ui)
        return Reply()
    played = current.journal.to_put_back()
    if played is None:
        ui.messages = (_("Nothing to redo."),)
        return Reply()
    made = narration.made(played, current.game)  # named on the board it is made on
    ui.cursor = played.move.cell
    reply = play(played.move, played.by_ai)  # still the AI's choice, if it was
    ui.messages = (_("Put back “{move}”.").format(move=made), *ui.messages)
    return reply


def _won_and_kept(ui: UIState) -> None:
    """A win is final: undo and redo change nothing of it, and say where it can still
    be gone over."""
    ui.messages = (
        _(
            "This game is won and kept as it ended: nothing is taken back or put back."
            " “review” goes over its moves, and “buscaminas replay” plays them again."
        ),
    )


class Held:
    """A round as a word typed at the cursor began, and the player's screen then: what
    the word's keys did is taken back if it turns out to be a command typed by habit."""

    def __init__(self, current: Round, checkpoint: dict[str, object], ui: UIState) -> None:
        import copy

        self.current, self.checkpoint, self.ui = current, checkpoint, copy.copy(ui)

    def put_back(self, current: Round) -> bool:
        """Put ``current`` back as it was held, if it is the same game and not over: a key
        of the word that ended the game, or a game begun since, leaves nothing to take
        back (a result is final).  Whether it was put back."""
        if current is not self.current or current.game.end is not None:
            return False
        current.restore(self.checkpoint)
        return True
