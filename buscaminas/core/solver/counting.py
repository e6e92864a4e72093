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
from collections.abc import Set as AbstractSet
from itertools import chain, compress
from math import comb
from operator import mul, not_

from ..alphabet import COUNTS, COVERED, Symbol
from ..grid import Grid, Point
from .budget import ANALYSIS_WORK, Budget, OverBudget
from .component import forget_counts, next_position
from .estimate import estimate
from .frontier import Frontier, count_frontier
from .local import InconsistentPosition, Settled, settle_one_number
from .masks import CoveredAround, Known, Masks, NeedsOf, read_cells
from .polynomials import Poly, divide, product, product_cost, trimmed, words
from .position import Position

__all__ = ["Constraints", "InconsistentPosition", "Tally", "frontier_certain", "tally"]

INCREMENTAL_NUMBERS = 30
"""Numbers to read again up to which a board that only reveals more of one whose
frontier is known is settled from it, number by number; past them, its masks
read the whole board faster (measured on expert games, where the AI weighs
its guesses by revealing one cell of a board, and on hostile 99×99 boards)."""
ESTIMATE_SCALE = 1_000_000
"""The common denominator of an inexact tally's estimates."""
_MINE = Symbol.MINE.value


class Constraints:
    """The facts of a position in the form the counting needs.

    ``numbers`` holds, for every revealed number, how many mines it still
    needs among ``hidden`` cells (mines shown after a loss already deducted);
    ``mines`` is how many mines the hidden cells hold together.  A board read
    from its rows keeps them as bitmasks (:mod:`.masks`), reads a number off
    them when asked, and makes the set of hidden cells only when it is
    asked for: the counting reads the masks, and on an expert board building
    the two tables was a fifth of an analysis.

    Two boards are equal when their grid, numbers, hidden cells and mines are.
    """

    __slots__ = (
        "_around",
        "_earlier",
        "_frontier",
        "_hidden",
        "_masks",
        "grid",
        "mines",
        "numbers",
    )

    def __init__(
        self,
        grid: Grid,
        numbers: Mapping[Point, int],
        hidden: frozenset[Point] | None,
        mines: int,
        _around: Mapping[Point, tuple[Point, ...]] | None = None,
        _frontier: Frontier | None = None,
        _earlier: tuple[Frontier, Mapping[Point, int]] | None = None,
        _masks: Masks | None = None,
    ):
        if hidden is None and _masks is None:
            raise ValueError("a board without its hidden cells needs its masks")
        self.grid = grid
        self.numbers = numbers
        self.mines = mines
        self._hidden = hidden
        self._around = _around
        self._frontier = _frontier
        self._earlier = _earlier
        """The frontier of a board this one only reveals more of, and the numbers
        revealed since, until this board's own frontier is worked out from them."""
        self._masks = _masks
        """The board as bitmasks, when it was read from its rows (:mod:`.masks`)."""

    @property
    def hidden(self) -> frozenset[Point]:
        if self._hidden is None:
            assert self._masks is not None
            self._hidden = frozenset(self._masks.cells(self._masks.covered))
        return self._hidden

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Constraints):
            return NotImplemented
        return (self.grid, self.numbers, self.hidden, self.mines) == (
            other.grid,
            other.numbers,
            other.hidden,
            other.mines,
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"Constraints(grid={self.grid!r}, numbers={self.numbers!r},"
            f" hidden={self.hidden!r}, mines={self.mines!r})"
        )

    @classmethod
    def of(cls, position: Position) -> Constraints:
        """The facts of ``position``.

        The board read last is remembered: the AI and the hints read one
        position after another, each most often the last with a few more
        cells revealed, and such a board is worked out from the last one
        (:meth:`reveal`) at the cost of what changed, not of the board.  Only
        the last board is kept, and the counts of the components it and the one
        before it used (:mod:`.remembered`): a long game keeps no more than a
        short one.
        """
        last = _last_read[0] if _last_read else None
        shown = None if last is None else _revealed_since(last[0], position)
        if last is not None and shown == {}:
            board = last[1]
        else:
            next_position()
            board = cls.read(position) if last is None or shown is None else last[1].reveal(shown)
        _last_read[:] = [(position, board)]
        return board

    @classmethod
    def read(cls, position: Position) -> Constraints:
        """The facts of ``position``, read whole."""
        grid = Grid(position.width, position.height)
        masks = Masks.read(position.rows)
        if masks is not None:
            return cls(
                grid,
                NeedsOf(masks),
                None,
                position.mines - masks.shown_mines,
                CoveredAround(masks),
                _masks=masks,
            )
        # A number touching more shown mines than it shows: read cell by cell,
        # for the counting to say what is wrong.
        numbers, hidden, shown_mines = read_cells(position.rows)
        for mine in shown_mines:
            for near in grid.neighbours(mine):
                if near in numbers:
                    numbers[near] -= 1
        return cls(grid, numbers, hidden, position.mines - len(shown_mines))

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
            self._around = around
        return self._around

    def reveal(self, shown: Mapping[Point, int]) -> Constraints:
        """This board with the hidden cells of ``shown`` shown safe, with their numbers.

        When this board's frontier is known, the new board's is worked out
        from it (:func:`~.frontier.count_frontier`).
        """
        earlier = None if self._frontier is None else (self._frontier, shown)
        if self._masks is not None:
            masks = self._masks.reveal(shown)
            return Constraints(
                self.grid,
                NeedsOf(masks),
                None if self._hidden is None else self._hidden.difference(shown),
                self.mines,
                CoveredAround(masks),
                None,
                earlier,
                masks,
            )
        numbers = {**self.numbers, **shown}
        hidden = self.hidden.difference(shown)
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
            self._frontier = count_frontier(
                self._settle(), lambda: self.hidden, budget or Budget(ANALYSIS_WORK)
            )
            self._earlier = None
        return self._frontier

    def _settle(self) -> Settled[Mapping[Point, bool]]:
        """What one-number deductions settle.

        A board that only reveals more of one whose frontier is known takes its
        deductions over and reads again only what changed, when that is little
        (:data:`INCREMENTAL_NUMBERS`); otherwise the board's masks, when it
        has them, read every number at once.
        """
        if self._earlier is not None and (
            self._masks is None
            or len(self._earlier[0].open_numbers) + len(self._earlier[1]) <= INCREMENTAL_NUMBERS
        ):
            before, revealed = self._earlier
            return settle_one_number(
                self.numbers,
                self.hidden_around(),
                Settled(before.settled, before.open_numbers, []),
                revealed,
            )
        settled = None if self._masks is None else self._masks.settle()
        # The masks leave a contradiction for the one-by-one reading to word.
        return (
            settled
            if settled is not None
            else settle_one_number(self.numbers, self.hidden_around())
        )


_last_read: list[tuple[Position, Constraints]] = []
"""The position :meth:`Constraints.of` read last, and its board."""


def forget() -> None:
    """Keep nothing of the positions read: the game is over, and the next one starts
    afresh (its first position is read whole)."""
    _last_read.clear()
    forget_counts()


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


class Tally:
    """How many layouts agree with a board, and in how many each cell is a mine.

    The counts come in ``shares``: cells that are a mine in as many layouts
    (a class of interchangeable frontier cells, every cell off the frontier,
    the cells the numbers settle), so that what is worked out per count (a
    probability, a comparison) is worked out once per share, not per cell.

    The counting keeps them in proportion, over a ``scale``: ``(n, k,
    divisor)`` says each count is the kept one times ``C(n, k) / divisor``.
    On a big board the ways to lay the mines off the frontier run to
    thousands of bits, and a proof or a probability needs only the
    proportion; the counts themselves are worked out when first asked for.

    When ``exact`` is False the layouts were too many to count within the
    budget: ``total`` is then only a common denominator and the counts
    estimates over it, except that a cell at 0 or ``total`` is still proved
    safe or a mine, and only such a cell is.
    """

    __slots__ = ("_mine_layouts", "_scale", "_scaled", "_shares", "_total", "exact", "proportion")

    def __init__(
        self,
        total: int,
        shares: tuple[tuple[Collection[Point], int], ...],
        exact: bool = True,
        scale: tuple[int, int, int] = (0, 0, 1),
    ):
        self.proportion = total, shares
        """The total and the shares as kept: in proportion to the counts."""
        self.exact = exact
        self._scale = scale
        self._scaled: int | None = None
        self._total: int | None = None
        self._shares: tuple[tuple[Collection[Point], int], ...] | None = None
        self._mine_layouts: dict[Point, int] | None = None

    def __repr__(self) -> str:
        return f"Tally(total={self.total!r}, shares={self.shares!r}, exact={self.exact!r})"

    def _count(self, kept: int) -> int:
        """The count a kept figure stands for."""
        n, k, divisor = self._scale
        if self._scaled is None:
            self._scaled = comb(n, k)
        return kept * self._scaled // divisor

    @property
    def total(self) -> int:
        """How many layouts agree with the board."""
        if self._total is None:
            self._total = self._count(self.proportion[0])
        return self._total

    @property
    def shares(self) -> tuple[tuple[Collection[Point], int], ...]:
        """Groups of cells, none empty, with the layouts in which each of them is a mine."""
        if self._shares is None:
            count = self._count
            self._shares = tuple((cells, count(kept)) for cells, kept in self.proportion[1])
        return self._shares

    @property
    def mine_layouts(self) -> dict[Point, int]:
        """In how many layouts each cell is a mine."""
        if self._mine_layouts is None:
            layouts: dict[Point, int] = {}
            for cells, count in self.shares:
                layouts.update(dict.fromkeys(cells, count))
            self._mine_layouts = layouts
        return self._mine_layouts

    def chances(self) -> Mapping[Point, float]:
        """Each cell's probability of a mine."""
        return Chances(self)

    def fewest(self) -> int:
        """The layouts in which the safest cell is a mine."""
        return self._count(min((kept for _, kept in self.proportion[1]), default=0))

    def safe(self) -> Iterable[Point]:
        return chain.from_iterable(cells for cells, kept in self.proportion[1] if kept == 0)

    def mines(self) -> Iterable[Point]:
        total, shares = self.proportion
        return chain.from_iterable(cells for cells, kept in shares if kept == total)


class Chances(Mapping[Point, float]):
    """Each cell's probability of a mine, a tally's shares read on demand.

    The largest share is most often every cell off the frontier, thousands
    on a big board, all with one probability: it is kept as the share's
    cells, not copied cell by cell into a table.  The table of the others is
    made when a probability is first asked for: a hint or an AI move most
    often asks for none.
    """

    def __init__(self, counted: Tally):
        self._counted = counted
        self._largest: AbstractSet[Point] = frozenset()
        self._largest_chance = 0.0
        self._rest: dict[Point, float] | None = None

    def _table(self) -> dict[Point, float]:
        if self._rest is None:
            total, shares = self._counted.proportion
            largest, count = max(shares, key=lambda share: len(share[0]), default=((), 0))
            self._largest = largest if isinstance(largest, AbstractSet) else frozenset(largest)
            self._largest_chance = count / total
            rest: dict[Point, float] = {}
            for cells, count in shares:
                if cells is not largest:
                    rest.update(dict.fromkeys(cells, count / total))
            self._rest = rest
        return self._rest

    def __getitem__(self, cell: Point) -> float:
        chance = self._table().get(cell)
        if chance is not None:
            return chance
        if cell in self._largest:
            return self._largest_chance
        raise KeyError(cell)

    def __iter__(self) -> Iterator[Point]:
        return chain(self._table(), self._largest)

    def __len__(self) -> int:
        return len(self._table()) + len(self._largest)


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
    return Tally(
        ESTIMATE_SCALE,
        tuple(
            (
                cells,
                round(chance * ESTIMATE_SCALE)
                if chance in (0.0, 1.0)
                else min(ESTIMATE_SCALE - 1, max(1, round(chance * ESTIMATE_SCALE))),
            )
            for cells, chance in estimate(board.hidden, board.mines, frontier)
            if cells
        ),
        exact=False,
    )


def _combine(board: Constraints, frontier: Frontier, budget: Budget) -> Tally:
    """The exact count: the components' counts multiplied, weighted by the ways
    to lay the mines left on the cells beyond the frontier."""
    certain, cleared = _split(frontier.settled)
    outside = frontier.outside
    mines_left = board.mines - len(certain)
    if mines_left < 0:
        raise InconsistentPosition("more mines are certain than the board holds")
    spare = len(outside)
    parts = [trimmed(component.counts) for component in frontier.components]
    least = sum(low for low, _ in parts)
    every = product([poly for _, poly in parts], budget)
    # beyond[m]: the ways to lay the rest when the frontier holds least + m mines,
    # in proportion (see Tally); weight[m] the same times spare when the outside
    # cells' share, below, divides by it.
    beyond, (first, divisor) = _ways_beyond(spare, mines_left - least, len(every))
    weight = beyond
    if outside:
        weight = [ways * spare for ways in beyond]
        divisor *= spare
    total = sum(count * ways for count, ways in zip(every, weight, strict=True))
    if total == 0:
        raise InconsistentPosition("no layout of the mines agrees with every number")

    shares: list[tuple[Collection[Point], int]] = [(certain, total)] if certain else []
    if cleared:
        shares.append((cleared, 0))
    completions: dict[tuple[int, ...], list[int]] = {}
    for component, (low, poly) in zip(frontier.components, parts, strict=True):
        key = tuple(poly)
        if key not in completions:
            completions[key] = _completion(every, poly, weight, total, budget)
        shares += component.per_cell(low, completions[key])
    if outside:
        # Layouts with one outside cell mined: C(spare - 1, k - 1) = C(spare, k) · k / spare.
        per_cell = sum(
            count * ways * (mines_left - least - m)
            for m, (count, ways) in enumerate(zip(every, beyond, strict=True))
        )
        shares.append((outside, per_cell))
    return Tally(total, tuple(shares), scale=(spare, first, divisor))


def _split(known: Mapping[Point, bool]) -> tuple[Collection[Point], Collection[Point]]:
    """The cells settled as mines, and as safe: off the masks when the board's
    masks settled them, without reading them one by one."""
    if isinstance(known, Known):
        return known.mines, known.safe
    return list(compress(known, known.values())), list(compress(known, map(not_, known.values())))


def _completion(
    every: Poly, poly: Poly, weight: list[int], total: int, budget: Budget
) -> list[int]:
    """For each count of mines a component with counts ``poly`` holds (from its
    least), the layouts of everything else: the other components' counts
    (``every`` divided by ``poly``) weighted by the ways to lay the rest."""
    if len(poly) == 1:
        # The others' counts are ``every`` over a constant, and so is their sum.
        budget.spend(product_cost(words(total), words(poly[0])))
        return [total // poly[0]]
    if len(poly) == 2:
        others = _divide_by_two_terms(every, poly, budget)
    else:
        others = divide(every, poly, budget)
    # Each completion is a sum of big products, charged before they are made.
    cost = product_cost(words(max(others, default=0)), words(max(weight, default=0)))
    budget.spend(len(poly) * len(others) * cost)
    completion = [sum(map(mul, others, weight[k:])) for k in range(len(poly) - 1)]
    # The layouts of all add up to the total: the last completion is what the others leave.
    rest = total - sum(map(mul, poly, completion))
    return [*completion, rest // poly[-1]]


def _divide_by_two_terms(every: Poly, poly: Poly, budget: Budget) -> Poly:
    """``every`` divided by ``poly``, a factor of it of two coefficients (most of a
    ragged big board's components are settled to one or two mine counts): a
    coefficient at a time, from the lowest."""
    low, high = poly
    budget.spend(len(every) * product_cost(words(max(every)), 1))
    others = [every[0] // low]
    for count in every[1 : len(every) - 1]:
        others.append((count - high * others[-1]) // low)
    return others


def _ways_beyond(cells: int, most: int, length: int) -> tuple[list[int], tuple[int, int]]:
    """``C(cells, most - m)`` for ``m`` in ``range(length)``, in proportion: each is
    the one given times ``C(cells, first) / divisor``, with ``(first, divisor)``.

    Between the fewest mines ``low`` and the most ``high`` laid,
    ``C(n, k) = C(n, low) · (n - low) ⋯ (n - k + 1) / ((low + 1) ⋯ k)``: times
    ``divisor = (low + 1) ⋯ high``, a product of a few dozen numbers, where
    ``C(n, low)`` on a big board has thousands of bits."""
    high, low = min(most, cells), max(most - length + 1, 0)
    if low > high:
        return [0] * length, (0, 1)
    # rising[j]: (n - low) ⋯ (n - low - j + 1); falling[j]: high ⋯ (high - j + 1).
    rising, falling = [1], [1]
    for j in range(high - low):
        rising.append(rising[-1] * (cells - low - j))
        falling.append(falling[-1] * (high - j))
    return [
        rising[k - low] * falling[high - k] if low <= k <= high else 0
        for k in range(most, most - length, -1)
    ], (low, falling[-1])
