"""The solver's answer about a position: what is certain, what is likely, what to play."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from ..grid import Point
from .counting import Board, Tally, tally
from .position import Position
from .strategy import choose_move


@dataclass(frozen=True, eq=False)
class Analysis:
    """Exact facts about one position.

    ``probability`` covers every hidden or flagged cell (flags are only the
    player's opinion); ``safe`` and ``mines`` are the cells whose probability
    is exactly 0 or 1, so each is a proof.
    """

    position: Position
    safe: frozenset[Point]
    mines: frozenset[Point]
    probability: Mapping[Point, float]
    layouts: int
    """How many mine layouts agree with the position."""
    board: Board = field(repr=False)
    tally: Tally = field(repr=False)

    @cached_property
    def best_move(self) -> Point:
        """The cell the AI reveals next: a safe one whenever one exists."""
        return choose_move(self.board, self.tally)


def analyze(position: Position) -> Analysis:
    """Everything certain and every probability in ``position``.

    Raises :class:`InconsistentPosition` when no layout agrees with it.
    """
    board = Board.of(position)
    counted = tally(board)
    return Analysis(
        position=position,
        safe=frozenset(counted.safe()),
        mines=frozenset(counted.mines()),
        probability={cell: counted.probability(cell) for cell in sorted(board.hidden)},
        layouts=counted.total,
        board=board,
        tally=counted,
    )
