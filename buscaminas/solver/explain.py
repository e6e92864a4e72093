"""Why a cell is certain, as the simplest proof the solver can find.

The UI turns a :class:`Reason` into a sentence (through gettext), so this
module returns structure only.  Proofs are tried from the simplest a player
would follow to the most demanding: one number, two numbers, the whole
frontier, the mine count.  A mine a proof leans on is always one the analysis
proves, never merely a cell the player flagged.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from itertools import chain

from ..grid import Grid, Point
from .analysis import Analysis
from .counting import frontier_certain
from .position import COVERED, EMPTY, FLAG, MINE, NUMBERS, Position


class ReasonKind(Enum):
    ONE_NUMBER = "one-number"
    """A number whose certain mines already match it, or whose hidden cells must all be mines."""
    TWO_NUMBERS = "two-numbers"
    """Two numbers sharing cells: the shared cells' mines settle one number's other cells."""
    FRONTIER = "frontier"
    """Every arrangement of mines that satisfies the numbers agrees."""
    MINE_COUNT = "mine-count"
    """Only the total number of mines decides."""


@dataclass(frozen=True)
class Reason:
    """A proof that every cell of ``targets`` is a mine (``mine``) or safe.

    ``numbers`` are the revealed numbers the proof reads; ``known_mines`` the
    certain mines it leans on; for two numbers, ``group`` is the cells both
    touch and ``group_mines`` how many mines they must hold.
    """

    kind: ReasonKind
    mine: bool
    targets: tuple[Point, ...]
    numbers: tuple[Point, ...] = ()
    known_mines: tuple[Point, ...] = ()
    group: tuple[Point, ...] = ()
    group_mines: int = 0


@dataclass(frozen=True)
class _Clue:
    """A revealed number as a proof reads it: what it touches that is still open."""

    cell: Point
    open: frozenset[Point]
    """Covered neighbours not proved to be mines."""
    known_mines: tuple[Point, ...]
    need: int
    """Mines still to find among ``open``."""


def explain(position: Position, analysis: Analysis) -> Reason | None:
    """The simplest proof of something the player does not know yet, or None.

    Safe cells are explained before mines (they are what lets the game go
    on); a mine the player has already flagged is no news.
    """
    grid = Grid(position.width, position.height)
    shown_mines = frozenset(cell for cell in grid.cells() if position[cell] == MINE)
    # A safe cell's proof may lean on any certain mine; a mine's proof leans
    # only on shown ones, or the mine itself would count as already known.
    towards_safe = _clues(position, grid, analysis.mines | shown_mines)
    towards_mines = _clues(position, grid, shown_mines)
    evident = shown_mines | {
        cell
        for cell in analysis.mines
        if position[cell] == FLAG
        or any(cell in clue.open and clue.need == len(clue.open) for clue in towards_mines)
    }
    return next(
        chain(
            _plainest(_one_number(towards_safe, position, mine=False), evident),
            _one_number(towards_mines, position, mine=True),
            _plainest(_two_numbers(towards_safe, position, mine=False), evident),
            _two_numbers(towards_mines, position, mine=True),
            _beyond_pairs(position, grid, analysis),
        ),
        None,
    )


def _clues(position: Position, grid: Grid, certain_mines: frozenset[Point]) -> list[_Clue]:
    """The revealed numbers that still touch an open cell."""
    clues = [_clue(position, grid, cell, certain_mines) for cell in grid.cells()]
    return [clue for clue in clues if clue is not None and clue.open]


def _clue(
    position: Position, grid: Grid, cell: Point, certain_mines: frozenset[Point]
) -> _Clue | None:
    char = position[cell]
    if char != EMPTY and char not in NUMBERS:
        return None
    around = grid.neighbours(cell)
    known = tuple(near for near in around if near in certain_mines)
    unsettled = frozenset(
        near for near in around if position[near] in COVERED and near not in certain_mines
    )
    value = 0 if char == EMPTY else int(char)
    return _Clue(cell, unsettled, known, value - len(known))


def _plainest(reasons: Iterator[Reason], evident: frozenset[Point]) -> Iterator[Reason]:
    """Reasons leaning on mines the player can see at a glance first: flagged,
    shown, or proved by one number alone."""
    return iter(sorted(reasons, key=lambda reason: len(set(reason.known_mines) - evident)))


def _news(cells: frozenset[Point], mine: bool, position: Position) -> tuple[Point, ...]:
    """The cells worth telling: for mines, those the player has not flagged."""
    if mine:
        cells = frozenset(cell for cell in cells if position[cell] != FLAG)
    return tuple(sorted(cells, key=_reading_order))


def _reading_order(cell: Point) -> tuple[int, int]:
    return cell[1], cell[0]


def _one_number(clues: list[_Clue], position: Position, *, mine: bool) -> Iterator[Reason]:
    for clue in clues:
        settles = clue.need == len(clue.open) if mine else clue.need == 0
        targets = _news(clue.open, mine, position) if settles else ()
        if targets:
            yield Reason(ReasonKind.ONE_NUMBER, mine, targets, (clue.cell,), clue.known_mines)


def _two_numbers(clues: list[_Clue], position: Position, *, mine: bool) -> Iterator[Reason]:
    """Subset reasoning: the first number fixes the mines in the cells it shares
    with the second, which settles the second's other cells."""
    for first in clues:
        for second in clues:
            shared = first.open & second.open
            if first is second or not shared:
                continue
            rest = second.open - shared
            # The fewest and most mines ``first`` allows in the shared cells.
            fewest = max(0, first.need - len(first.open - shared))
            most = min(first.need, len(shared))
            if mine:
                group_mines = second.need - len(rest)
                settles = most == group_mines
            else:
                group_mines = second.need
                settles = fewest == group_mines
            targets = _news(rest, mine, position) if settles else ()
            if targets:
                known = tuple(dict.fromkeys(first.known_mines + second.known_mines))
                yield Reason(
                    ReasonKind.TWO_NUMBERS,
                    mine,
                    targets,
                    (first.cell, second.cell),
                    known,
                    tuple(sorted(shared, key=_reading_order)),
                    group_mines,
                )


def _beyond_pairs(position: Position, grid: Grid, analysis: Analysis) -> Iterator[Reason]:
    """Certain cells no one or two numbers prove: the frontier's, then the count's."""
    by_numbers = frontier_certain(analysis.board)
    for mine in (False, True):
        certain = analysis.mines if mine else analysis.safe
        frontier = frozenset(cell for cell in certain if cell in by_numbers)
        targets = _news(frontier, mine, position)
        if targets:
            numbers = {
                near
                for cell in targets
                for near in grid.neighbours(cell)
                if position[near] == EMPTY or position[near] in NUMBERS
            }
            yield Reason(
                ReasonKind.FRONTIER, mine, targets, tuple(sorted(numbers, key=_reading_order))
            )
    for mine in (False, True):
        certain = analysis.mines if mine else analysis.safe
        targets = _news(frozenset(c for c in certain if c not in by_numbers), mine, position)
        if targets:
            yield Reason(ReasonKind.MINE_COUNT, mine, targets)
