"""Counting of the mine layouts that agree with what the player sees.

Every probability the solver gives is a ratio of two layout counts, so a
probability of 0 or 1 is a proof.  Enumerating layouts cell by cell is
hopeless on an expert board; instead the numbers are read first
(:mod:`.frontier`: deductions, then each component counted exactly by
dynamic programming along it), and the components are then combined by
convolution over their mine totals, each total weighted by the ways to place
the remaining mines beyond the frontier.

All of it is charged to a :class:`~.budget.Budget`.  A frontier too wide to
count within it gives an inexact :class:`Tally`: proofs where the cheaper
reasoning finds them, estimates elsewhere (:mod:`.estimate`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from math import comb

from ..alphabet import COUNTS, COVERED, Cell
from ..grid import Grid, Point
from .budget import ANALYSIS_WORK, Budget, OverBudget
from .estimate import estimate
from .frontier import Frontier, count_frontier
from .local import InconsistentPosition
from .polynomials import divide, product, trimmed
from .position import Position

__all__ = ["Constraints", "InconsistentPosition", "Tally", "frontier_certain", "tally"]

ESTIMATE_SCALE = 1_000_000
"""The common denominator of an inexact tally's estimates."""


@dataclass(frozen=True)
class Constraints:
    """The facts of a position in the form the counting needs.

    ``numbers`` holds, for every revealed number, how many mines it still
    needs among ``hidden`` cells (mines shown after a loss already deducted);
    ``mines`` is how many mines the hidden cells hold together.
    """

    grid: Grid
    numbers: Mapping[Point, int]
    hidden: frozenset[Point]
    mines: int
    _around: dict[Point, tuple[Point, ...]] | None = field(default=None, repr=False, compare=False)
    _frontier: Frontier | None = field(default=None, repr=False, compare=False)

    @classmethod
    def of(cls, position: Position) -> Constraints:
        grid = Grid(position.width, position.height)
        numbers: dict[Point, int] = {}
        hidden: set[Point] = set()
        shown_mines: list[Point] = []
        for y, row in enumerate(position.rows):
            for x, char in enumerate(row):
                if char in COVERED:
                    hidden.add((x, y))
                elif char in COUNTS:
                    numbers[(x, y)] = COUNTS[char]
                elif char == Cell.MINE:
                    shown_mines.append((x, y))
        for mine in shown_mines:
            for near in grid.neighbours(mine):
                if near in numbers:
                    numbers[near] -= 1
        return cls(grid, numbers, frozenset(hidden), position.mines - len(shown_mines))

    def hidden_around(self) -> dict[Point, tuple[Point, ...]]:
        """For every number that touches hidden cells, those cells.

        Worked out once per board: the AI weighs many boards that differ
        from this one by a single revealed cell, and :meth:`reveal` passes
        the table on with only that cell's neighbourhood redone.
        """
        if self._around is None:
            hidden, neighbours = self.hidden, self.grid.neighbours
            around = {}
            for cell in self.numbers:
                cells = tuple(near for near in neighbours(cell) if near in hidden)
                if cells:
                    around[cell] = cells
            object.__setattr__(self, "_around", around)
        assert self._around is not None
        return self._around

    def reveal(self, cell: Point, number: int) -> Constraints:
        """This board with hidden ``cell`` shown safe with ``number``."""
        numbers = dict(self.numbers)
        numbers[cell] = number
        hidden = self.hidden - {cell}
        around = dict(self.hidden_around())
        neighbours = self.grid.neighbours(cell)
        for near in neighbours:
            cells = around.get(near)
            if cells is not None:
                rest = tuple(other for other in cells if other != cell)
                if rest:
                    around[near] = rest
                else:
                    del around[near]
        touching = tuple(near for near in neighbours if near in hidden)
        if touching:
            around[cell] = touching
        return Constraints(self.grid, numbers, hidden, self.mines, around)

    def frontier(self, budget: Budget | None = None) -> Frontier:
        """What the numbers settle and count, worked out once per board: the
        hints read it again after the analysis (:func:`frontier_certain`)."""
        if self._frontier is None:
            counted = count_frontier(
                self.numbers, self.hidden_around(), self.hidden, budget or Budget(ANALYSIS_WORK)
            )
            object.__setattr__(self, "_frontier", counted)
        assert self._frontier is not None
        return self._frontier


@dataclass(frozen=True)
class Tally:
    """How many layouts agree with a board, and in how many each cell is a mine.

    When ``exact`` is False the layouts were too many to count within the
    budget: ``total`` is then only a common denominator and ``mine_layouts``
    estimates over it, except that a cell at 0 or ``total`` is still proved
    safe or a mine, and only such a cell is.
    """

    total: int
    mine_layouts: Mapping[Point, int]
    exact: bool = True

    def safe(self) -> Iterable[Point]:
        return (cell for cell, count in self.mine_layouts.items() if count == 0)

    def mines(self) -> Iterable[Point]:
        return (cell for cell, count in self.mine_layouts.items() if count == self.total)


def frontier_certain(board: Constraints) -> dict[Point, bool]:
    """Cells the numbers alone decide, whatever the mine total: True for a mine."""
    return board.frontier().certain()


def tally(board: Constraints, budget: Budget | None = None) -> Tally:
    """Count the layouts of ``board`` exactly within ``budget`` (by default an
    analysis's), or estimate them when it does not suffice; raise if no
    layout agrees with the board."""
    budget = budget or Budget(ANALYSIS_WORK)
    frontier = board.frontier(budget)
    if frontier.exact:
        try:
            return _combine(board, frontier, budget)
        except OverBudget:
            pass
    chances = estimate(board.hidden, board.mines, frontier)
    return Tally(
        ESTIMATE_SCALE,
        {
            cell: round(chance * ESTIMATE_SCALE)
            if chance in (0.0, 1.0)
            else min(ESTIMATE_SCALE - 1, max(1, round(chance * ESTIMATE_SCALE)))
            for cell, chance in chances.items()
        },
        exact=False,
    )


def _combine(board: Constraints, frontier: Frontier, budget: Budget) -> Tally:
    """The exact count: the components' counts multiplied, weighted by the ways
    to lay the mines left on the cells beyond the frontier."""
    known, outside = frontier.settled, frontier.outside
    mines_left = board.mines - sum(known.values())
    if mines_left < 0:
        raise InconsistentPosition("more mines are certain than the board holds")
    spare = len(outside)
    parts = [trimmed(component.counts) for component in frontier.components]
    least = sum(low for low, _ in parts)
    every = product([poly for _, poly in parts], budget)
    # weight[m]: the ways to lay the rest when the frontier holds least + m mines.
    weight = _binomials(spare, mines_left - least, len(every))
    total = sum(count * ways for count, ways in zip(every, weight, strict=True))
    if total == 0:
        raise InconsistentPosition("no layout of the mines agrees with every number")

    mine_layouts: dict[Point, int] = {cell: total if mine else 0 for cell, mine in known.items()}
    completions: dict[tuple[int, ...], list[int]] = {}
    for component, (low, poly) in zip(frontier.components, parts, strict=True):
        key = tuple(poly)
        if key not in completions:
            others = divide(every, poly, budget)
            budget.spend(len(poly) * len(others))
            completions[key] = [
                sum(count * ways for count, ways in zip(others, weight[k:], strict=False))
                for k in range(len(poly))
            ]
        completion = completions[key]
        for cells, marginal in component.marginals:
            weighted = sum(
                mines * completion[index - low]
                for index, mines in enumerate(marginal)
                if mines and 0 <= index - low < len(completion)
            )
            for cell in cells:
                mine_layouts[cell] = weighted // len(cells)
    if outside:
        # Layouts with one outside cell mined: C(spare - 1, k - 1) = C(spare, k) · k / spare.
        per_cell = sum(
            count * ways * (mines_left - least - m) // spare
            for m, (count, ways) in enumerate(zip(every, weight, strict=True))
        )
        for cell in outside:
            mine_layouts[cell] = per_cell
    return Tally(total, mine_layouts)


def _binomials(cells: int, most: int, length: int) -> list[int]:
    """``C(cells, most - m)`` for ``m`` in ``range(length)``, one from the next."""
    result = []
    for m in range(length):
        chosen = most - m
        if chosen < 0:
            result.extend([0] * (length - m))
            break
        if chosen > cells:
            result.append(0)
        elif not result or result[-1] == 0:
            result.append(comb(cells, chosen))
        else:
            # C(n, k) from C(n, k + 1) = C(n, k) · (n - k) / (k + 1).
            result.append(result[-1] * (chosen + 1) // (cells - chosen))
    return result
