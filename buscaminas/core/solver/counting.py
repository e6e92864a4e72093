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

from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain
from math import comb

from ..alphabet import COUNTS, COVERED, Symbol
from ..grid import Grid, Point
from .budget import ANALYSIS_WORK, Budget, OverBudget
from .estimate import estimate
from .frontier import Frontier, count_frontier
from .local import InconsistentPosition
from .masks import CoveredAround, Masks, read_cells
from .polynomials import divide, product, product_cost, trimmed, words
from .position import Position

__all__ = ["Constraints", "InconsistentPosition", "Tally", "frontier_certain", "tally"]

ESTIMATE_SCALE = 1_000_000
"""The common denominator of an inexact tally's estimates."""
_MINE = Symbol.MINE.value


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
    _around: Mapping[Point, tuple[Point, ...]] | None = field(
        default=None, repr=False, compare=False
    )
    _frontier: Frontier | None = field(default=None, repr=False, compare=False)
    _earlier: tuple[Frontier, Mapping[Point, int]] | None = field(
        default=None, repr=False, compare=False
    )
    """The frontier of a board this one only reveals more of, and the numbers
    revealed since, until this board's own frontier is worked out from them."""
    _masks: Masks | None = field(default=None, repr=False, compare=False)
    """The board as bitmasks, when it was read from its rows (:mod:`.masks`)."""

    @classmethod
    def of(cls, position: Position) -> Constraints:
        """The facts of ``position``.

        The board read last is remembered: the AI and the hints read one
        position after another, each most often the last with a few more
        cells revealed, and such a board is worked out from the last one
        (:meth:`reveal`) at the cost of what changed, not of the board.
        """
        last = _last_read[0] if _last_read else None
        shown = None if last is None else _revealed_since(last[0], position)
        if last is None or shown is None:
            board = cls.read(position)
        elif shown:
            board = last[1].reveal(shown)
        else:
            board = last[1]
        _last_read[:] = [(position, board)]
        return board

    @classmethod
    def read(cls, position: Position) -> Constraints:
        """The facts of ``position``, read whole."""
        grid = Grid(position.width, position.height)
        numbers, hidden, shown_mines = read_cells(position.rows)
        for mine in shown_mines:
            for near in grid.neighbours(mine):
                if near in numbers:
                    numbers[near] -= 1
        masks = Masks.read(position.rows)
        return cls(
            grid,
            numbers,
            hidden,
            position.mines - len(shown_mines),
            None if masks is None else CoveredAround(masks),
            _masks=masks,
        )

    def hidden_around(self) -> Mapping[Point, tuple[Point, ...]]:
        """For every number that touches hidden cells, those cells.

        A board read from its rows keeps them as bitmasks (:mod:`.masks`)
        and reads a number's cells off them when asked: the AI weighs many
        boards that differ from this one by a few revealed cells, and each
        asks only about the numbers near what changed.  Other boards work
        the table out once.
        """
        if self._around is None:
            hidden, neighbours = self.hidden, self.grid.neighbours
            around = {}
            for cell in self.numbers:
                cells = [near for near in neighbours(cell) if near in hidden]
                if cells:
                    around[cell] = tuple(cells)
            object.__setattr__(self, "_around", around)
        assert self._around is not None
        return self._around

    def reveal(self, shown: Mapping[Point, int]) -> Constraints:
        """This board with the hidden cells of ``shown`` shown safe, with their numbers.

        When this board's frontier is known, the new board's is worked out
        from it (:func:`~.frontier.count_frontier`).
        """
        numbers = {**self.numbers, **shown}
        hidden = self.hidden.difference(shown)
        earlier = None if self._frontier is None else (self._frontier, shown)
        if self._masks is not None:
            masks = self._masks.reveal(shown)
            return Constraints(
                self.grid, numbers, hidden, self.mines, CoveredAround(masks), None, earlier, masks
            )
        around = dict(self.hidden_around())
        neighbours = self.grid.neighbours
        for cell in shown:
            for near in neighbours(cell):
                cells = around.get(near)
                if cells is not None and cell in cells:
                    rest = tuple(other for other in cells if other != cell)
                    if rest:
                        around[near] = rest
                    else:
                        del around[near]
        for cell in shown:
            touching = tuple(near for near in neighbours(cell) if near in hidden)
            if touching:
                around[cell] = touching
        return Constraints(self.grid, numbers, hidden, self.mines, around, None, earlier)

    def frontier(self, budget: Budget | None = None) -> Frontier:
        """What the numbers settle and count, worked out once per board: the
        hints read it again after the analysis (:func:`frontier_certain`)."""
        if self._frontier is None:
            counted = count_frontier(
                self.numbers,
                self.hidden_around(),
                self.hidden,
                budget or Budget(ANALYSIS_WORK),
                self._earlier,
                self._masks,
            )
            object.__setattr__(self, "_frontier", counted)
            object.__setattr__(self, "_earlier", None)
        assert self._frontier is not None
        return self._frontier


_last_read: list[tuple[Position, Constraints]] = []
"""The position :meth:`Constraints.of` read last, and its board."""


def _revealed_since(before: Position, after: Position) -> dict[Point, int] | None:
    """The numbers ``after`` shows on cells ``before`` had covered, when that
    is all that changed (flags and marks aside); None otherwise."""
    if (before.width, before.height, before.mines) != (after.width, after.height, after.mines):
        return None
    if any(_MINE in row for row in after.rows):
        return None
    shown: dict[Point, int] = {}
    for y, (old, new) in enumerate(zip(before.rows, after.rows, strict=True)):
        if old == new:
            continue
        for x, (was, now) in enumerate(zip(old, new, strict=True)):
            if was == now or (was in COVERED and now in COVERED):
                continue
            if was not in COVERED or now not in COUNTS:
                return None
            shown[(x, y)] = COUNTS[now]
    return shown


@dataclass(frozen=True)
class Tally:
    """How many layouts agree with a board, and in how many each cell is a mine.

    The counts come in ``shares``: cells that are a mine in as many layouts
    (a class of interchangeable frontier cells, every cell off the frontier,
    the cells the numbers settle), so that what is worked out per count (a
    probability, a comparison) is worked out once per share, not per cell.

    When ``exact`` is False the layouts were too many to count within the
    budget: ``total`` is then only a common denominator and the counts
    estimates over it, except that a cell at 0 or ``total`` is still proved
    safe or a mine, and only such a cell is.
    """

    total: int
    shares: tuple[tuple[Collection[Point], int], ...]
    """Groups of cells, none empty, with the layouts in which each of them is a mine."""
    exact: bool = True

    @cached_property
    def mine_layouts(self) -> dict[Point, int]:
        """In how many layouts each cell is a mine."""
        layouts: dict[Point, int] = {}
        for cells, count in self.shares:
            layouts.update(dict.fromkeys(cells, count))
        return layouts

    def chances(self) -> Mapping[Point, float]:
        """Each cell's probability of a mine."""
        return Chances(self)

    def fewest(self) -> int:
        """The layouts in which the safest cell is a mine."""
        return min((count for _, count in self.shares), default=0)

    def safe(self) -> Iterable[Point]:
        return (cell for cells, count in self.shares if count == 0 for cell in cells)

    def mines(self) -> Iterable[Point]:
        return (cell for cells, count in self.shares if count == self.total for cell in cells)


class Chances(Mapping[Point, float]):
    """Each cell's probability of a mine, a tally's shares read on demand.

    The largest share is most often every cell off the frontier, thousands
    on a big board, all with one probability: it is kept as the share's
    cells, not copied cell by cell into a table at every analysis.
    """

    def __init__(self, counted: Tally):
        largest, count = max(counted.shares, key=lambda share: len(share[0]), default=((), 0))
        self._largest = largest if isinstance(largest, frozenset) else frozenset(largest)
        self._largest_chance = count / counted.total
        self._rest: dict[Point, float] = {}
        for cells, count in counted.shares:
            if cells is not largest:
                self._rest.update(dict.fromkeys(cells, count / counted.total))

    def __getitem__(self, cell: Point) -> float:
        chance = self._rest.get(cell)
        if chance is not None:
            return chance
        if cell in self._largest:
            return self._largest_chance
        raise KeyError(cell)

    def __iter__(self) -> Iterator[Point]:
        return chain(self._rest, self._largest)

    def __len__(self) -> int:
        return len(self._rest) + len(self._largest)


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
        tuple(
            (
                (cell,),
                round(chance * ESTIMATE_SCALE)
                if chance in (0.0, 1.0)
                else min(ESTIMATE_SCALE - 1, max(1, round(chance * ESTIMATE_SCALE))),
            )
            for cell, chance in chances.items()
        ),
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

    shares: list[tuple[Collection[Point], int]] = [
        (cells, count)
        for cells, count in (
            ([cell for cell, mine in known.items() if mine], total),
            ([cell for cell, mine in known.items() if not mine], 0),
        )
        if cells
    ]
    completions: dict[tuple[int, ...], list[int]] = {}
    for component, (low, poly) in zip(frontier.components, parts, strict=True):
        key = tuple(poly)
        if key not in completions:
            others = divide(every, poly, budget)
            # Each completion is a sum of big products, charged before they are made.
            cost = product_cost(words(max(others, default=0)), words(max(weight, default=0)))
            budget.spend(len(poly) * len(others) * cost)
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
            shares.append((cells, weighted // len(cells)))
    if outside:
        # Layouts with one outside cell mined: C(spare - 1, k - 1) = C(spare, k) · k / spare.
        per_cell = sum(
            count * ways * (mines_left - least - m) // spare
            for m, (count, ways) in enumerate(zip(every, weight, strict=True))
        )
        shares.append((outside, per_cell))
    return Tally(total, tuple(shares))


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
