"""The moves of one game with their times: what undo, resume, replay and review share.

A :class:`Journal` holds the board as the game began (its mines, and what a
board file already showed) and every move that changed the board, in order,
each with the clock's reading when it was made.  Any earlier position of the
game is the start with the first k moves applied again (:meth:`Journal.game`),
so undo, a resumed game, a replay and a review all rebuild the same game the
same way instead of keeping copies of the board.

It is written as compact JSON (:meth:`Journal.dumps`) for the records, and
read back (:func:`loads`) with every field checked, since the database is a
file anyone can edit.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import NamedTuple

from ..core.engine import Action, Minesweeper, Move, Notice, Outcome
from ..core.grid import Point
from ..core.limits import out_of_bounds
from ..records.boardfile import BoardFile

FORMAT = 2
"""The journal's JSON layout; a newer one is refused rather than misread.  Format 1
did not say which moves the AI played."""
BY_THE_AI = "ai"
"""The mark after a move's time that says the AI played it."""


class Played(NamedTuple):
    """A move that changed the board, and when: seconds on the game's clock."""

    move: Move
    at: float
    by_ai: bool = False
    """The AI chose it (``auto``): a review judges the player on their own moves."""


class Journal:
    """A game's start and moves; ``start`` is None until the mines are dealt.

    ``whose_known`` is False for a journal of format 1, whose moves do not say whether
    the AI played them.  ``refused`` counts the board commands that changed nothing
    (a reveal of a revealed cell, an expand that could not): they replay to nothing,
    but they are clicks, which IOE counts.  It is None for a journal written before
    they were counted.
    """

    def __init__(
        self,
        width: int,
        height: int,
        mine_count: int,
        start: BoardFile | None = None,
        moves: Iterable[Played] = (),
        *,
        whose_known: bool = True,
        refused: int | None = 0,
    ) -> None:
        self.width, self.height, self.mine_count = width, height, mine_count
        self.start = start
        self.moves = list(moves)
        self.whose_known = whose_known
        self.refused = refused

    def _fields(self) -> tuple[object, ...]:
        return (
            self.width,
            self.height,
            self.mine_count,
            self.start,
            self.moves,
            self.whose_known,
            self.refused,
        )

    def __eq__(self, other: object) -> bool:
        """The same start and moves: what a journal read back must be."""
        if not isinstance(other, Journal):
            return NotImplemented
        return self._fields() == other._fields()

    def __repr__(self) -> str:
        return (
            f"Journal({self.width}, {self.height}, {self.mine_count}, start={self.start!r},"
            f" moves={self.moves!r}, whose_known={self.whose_known}, refused={self.refused})"
        )

    def deal(self, mines: frozenset[Point]) -> None:
        """The mines were laid at the first reveal; flags and marks placed before it
        are moves."""
        self.start = BoardFile(self.width, self.height, mines, frozenset(), frozenset())

    def note(self, outcome: Outcome, at: float, *, by_ai: bool = False) -> None:
        """Keep a move that did something; a refused one changes nothing to replay, and
        is only counted, unless the game was already over (no click of the game)."""
        if outcome.changed_board or outcome.end is not None:
            self.moves.append(Played(outcome.move, round(at, 3), by_ai))
        elif outcome.notice is not Notice.GAME_OVER and self.refused is not None:
            self.refused += 1

    @property
    def clicks(self) -> int | None:
        """Every board command given, the refused ones too (IOE's denominator); None
        when the refused ones were not counted."""
        return None if self.refused is None else len(self.moves) + self.refused

    def game(self, moves: int | None = None) -> Minesweeper:
        """The game after its first ``moves`` moves (all of them by default)."""
        return self.rebuild(moves)[0]

    def rebuild(self, moves: int | None = None) -> tuple[Minesweeper, list[Outcome]]:
        """The game after its first ``moves`` moves, and what each of them did."""
        start = self.start
        if start is None:
            game = Minesweeper(self.width, self.height, self.mine_count)
        else:
            game = Minesweeper.from_layout(
                start.width,
                start.height,
                start.mines,
                revealed=start.revealed,
                flagged=start.flagged,
                marked=start.marked,
            )
        outcomes = [game.act(played.move) for played in self.moves[:moves]]
        return game, outcomes

    def dumps(self) -> str:
        start = self.start
        document: dict[str, object] = {
            "format": FORMAT,
            "size": [self.width, self.height, self.mine_count],
            "moves": [
                [played.move.action.value, *played.move.cell, played.at]
                + ([BY_THE_AI] if played.by_ai else [])
                for played in self.moves
            ],
        }
        if self.refused is not None:
            document["refused"] = self.refused
        if start is not None:
            shown = {
                "mines": _cells(start.mines),
                "revealed": _cells(start.revealed),
                "flagged": _cells(start.flagged),
            }
            if start.marked:  # only a board file's start has them: a dealt one has none
                shown["marked"] = _cells(start.marked)
            document["start"] = shown
        import json  # only a game recorded or kept needs it: the first board does not

        return json.dumps(document, separators=(",", ":"))


class JournalError(ValueError):
    """A journal that is damaged or from a newer version."""


def loads(text: str) -> Journal:
    """The journal ``text`` holds; :class:`JournalError` if it is not one we wrote."""
    import json

    try:
        document = json.loads(text)
        written = document["format"]
        if written not in (1, FORMAT):
            raise JournalError(f"journal format {written!r}, not {FORMAT}")
        width, height, mine_count = (_whole(value) for value in document["size"])
        if out_of_bounds(width, height, mine_count) is not None:
            raise JournalError(f"no board is {width}×{height} with {mine_count} mines")
        refused = document.get("refused")
        journal = Journal(
            width,
            height,
            mine_count,
            whose_known=written == FORMAT,
            refused=None if refused is None else _count(refused),
        )
        inside = _Board(width, height)
        if "start" in document:
            start = document["start"]
            journal.start = BoardFile(
                width,
                height,
                inside.cells(start["mines"]),
                inside.cells(start["revealed"]),
                inside.cells(start["flagged"]),
                inside.cells(start.get("marked", [])),
            )
            if len(journal.start.mines) != mine_count:
                raise JournalError("the mines do not match the mine count")
        latest = 0.0
        for action, x, y, at, *marks in document["moves"]:
            if not isinstance(at, (int, float)) or not latest <= at < math.inf:
                raise JournalError(f"a move's time is {at!r}, after {latest}")
            if marks not in ([], [BY_THE_AI]) or (marks and not journal.whose_known):
                raise JournalError(f"a move marked {marks!r}")
            move = Move(Action(action), inside.cell([x, y]))
            if journal.start is None and move.action not in (Action.FLAG, Action.MARK):
                raise JournalError("a reveal before the mines were dealt")
            journal.moves.append(Played(move, float(at), by_ai=bool(marks)))
            latest = float(at)
        # Every move must replay and change the board, as the game only keeps such moves:
        # a damaged journal fails now, not in a review or a replay later.
        _game, outcomes = journal.rebuild()
        if not all(outcome.changed_board or outcome.end is not None for outcome in outcomes):
            raise JournalError("a move that changes nothing")
    except JournalError:
        raise
    except (ValueError, TypeError, LookupError, ArithmeticError, RecursionError) as error:
        # A time too large for a float; JSON nested deeper than Python reads.
        raise JournalError(f"not a journal: {error}") from error
    return journal


class _Board(NamedTuple):
    width: int
    height: int

    def cell(self, pair: object) -> Point:
        if not isinstance(pair, list) or len(pair) != 2:
            raise JournalError(f"not a cell: {pair!r}")
        x, y = (_whole(value) for value in pair)
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise JournalError(f"cell {pair!r} is off the board")
        return (x, y)

    def cells(self, pairs: object) -> frozenset[Point]:
        if not isinstance(pairs, list):
            raise JournalError(f"not a list of cells: {pairs!r}")
        return frozenset(self.cell(pair) for pair in pairs)


def _count(value: object) -> int:
    count = _whole(value)
    if count < 0:
        raise JournalError(f"a negative count: {count}")
    return count


def _whole(value: object) -> int:
    if type(value) is not int:
        raise JournalError(f"not a whole number: {value!r}")
    return value


def _cells(cells: frozenset[Point]) -> list[list[int]]:
    return [[x, y] for x, y in sorted(cells, key=lambda cell: (cell[1], cell[0]))]
