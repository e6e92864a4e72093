"""A replay recorded by another Minesweeper, made into the game's own journal, so that it
is reviewed and replayed exactly as a game played here.

A replay holds mouse events; those that changed the board become moves: a cell
revealed by a click on a covered cell is a ``try``, by a click on a number an
``expand`` (a chord, whichever buttons made it), and a flag put or taken off is a
``flag``.  A ``?`` is the player's note and no move.  Each move is played by the
game's own rules and must change the board as the replay says it did; a replay
whose software plays by other rules is refused at the first move that differs,
rather than reviewed as a game that was not played.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from ..core.board import BoardKind, BoardSpec
from ..core.engine import Action, Minesweeper, Move, Outcome, Termination
from ..i18n import _
from ..records import replayfile
from ..records.boardfile import BoardFile
from ..records.presets import board_name, preset_of
from ..records.replayfile import Click, Replay, ReplayError
from .commands import said
from .journal import Journal, Played

NO_GUESS_MODES = frozenset({5, 6, 7, 8})
"""Metasweeper's modes whose boards need no guess."""
NUMBERS = range(9)
"""ms_toollib's codes of a revealed cell."""
FLAG = 11
QUESTION = 12
"""ms_toollib's code of a ``?``; the codes above it show mines, at the end of a lost game."""


class Foreign(NamedTuple):
    """A replay from elsewhere, with its moves as the game's journal."""

    replay: Replay
    journal: Journal

    @property
    def kind(self) -> BoardKind:
        return BoardKind.NO_GUESS if self.replay.mode in NO_GUESS_MODES else BoardKind.CLASSIC


def foreign(replay: Replay) -> Foreign:
    """``replay``'s moves played by the game's rules; raises :class:`ReplayError` at the
    first that does not change the board as the replay says."""
    start = BoardFile(replay.width, replay.height, replay.mines, frozenset(), frozenset())
    game = Minesweeper.from_layout(replay.width, replay.height, replay.mines)
    played: list[Played] = []
    for event in replay.events:
        for move in _moves(game, event):
            outcome = game.act(move)
            if not _agrees(outcome, event):
                raise ReplayError(
                    _(
                        "This replay was played by other rules: at {seconds:.2f} s, “{move}”"
                        " does not change the board as it did there."
                    ).format(seconds=event.at, move=said(move))
                )
            played.append(Played(move, event.at))
    journal = Journal(replay.width, replay.height, len(replay.mines), start, played, refused=None)
    return Foreign(replay, journal)


def _moves(game: Minesweeper, event: Click) -> list[Move]:
    """The moves ``event`` made: a reveal or a chord, the flags it put or took off, or
    none for a ``?``."""
    if any(change.after in NUMBERS or change.after > QUESTION for change in event.changes):
        action = Action.EXPAND if game.is_revealed(event.cell) else Action.TRY
        return [Move(action, event.cell)]
    return [
        Move(Action.FLAG, change.cell)
        for change in event.changes
        if FLAG in (change.before, change.after)
    ]


def _agrees(outcome: Outcome, event: Click) -> bool:
    """Whether ``outcome`` changed the board as ``event`` did: the same cells revealed,
    the same flag put or taken off; a move that lost, lost there too."""
    if outcome.move.action is Action.FLAG:
        return outcome.move.cell in (*outcome.flagged, *outcome.unflagged)
    lost = any(change.after > QUESTION for change in event.changes)
    if outcome.end is Termination.LOST or lost:
        return outcome.end is Termination.LOST and lost
    opened = {change.cell for change in event.changes if change.after in NUMBERS}
    return bool(outcome.revealed) and set(outcome.revealed) == opened


def read(path: Path) -> Foreign:
    """The replay at ``path``, its moves played; raises :class:`ReplayError` saying why
    it cannot be."""
    return foreign(replayfile.load(path))


def board_title(played: Foreign) -> str:
    """``Beginner 9×9, classic``: the board as the status line names it."""
    replay = played.replay
    board = BoardSpec(
        preset_of(replay.width, replay.height, len(replay.mines)),
        replay.width,
        replay.height,
        len(replay.mines),
    )
    return board_name(board, played.kind)


def heading(path: Path, played: Foreign) -> str:
    """``game.evf: Beginner 9×9, classic, recorded by Arbiter 0.52.3, player Ann: won, 12.34 s.``"""
    replay = played.replay
    end = played.journal.game().end
    result = _("won") if end is Termination.WON else _("lost") if end else _("not finished")
    values = {
        "file": path.name,
        "board": board_title(played),
        "software": replay.software or _("unnamed software"),
        "player": replay.player,
        "result": result,
        "seconds": replay.seconds,
    }
    if replay.player:
        return _(
            "{file}: {board}, recorded by {software}, player {player}: {result}, {seconds:.2f} s."
        ).format(**values)
    return _("{file}: {board}, recorded by {software}: {result}, {seconds:.2f} s.").format(**values)
