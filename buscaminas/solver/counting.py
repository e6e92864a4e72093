"""Exact counting of the mine layouts that agree with what the player sees.

Every probability the solver gives is a ratio of two layout counts, so a
probability of 0 or 1 is a proof.  Enumerating layouts cell by cell is
hopeless on an expert board; instead:

1. trivial deductions (a number already satisfied, or with exactly as many
   hidden neighbours as mines left) settle cells before any search;
2. the remaining frontier cells are grouped into classes, cells touched by
   exactly the same numbers, which are interchangeable: a class of ``s``
   cells holding ``c`` mines stands for ``C(s, c)`` layouts;
3. classes linked by shared numbers form components, which are counted
   independently by dynamic programming along an ordering of their classes,
   keyed by what the open numbers still need, so long chains stay linear;
4. components are combined by convolution over their mine totals, each total
   weighted by the ways to place the remaining mines beyond the frontier.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb

from ..grid import Grid, Point
from .position import COVERED, EMPTY, MINE, NUMBERS, Position

_VALUES = {EMPTY: 0} | {digit: int(digit) for digit in NUMBERS}


class InconsistentPosition(ValueError):
    """A position that no layout of its mines can produce."""


@dataclass(frozen=True)
class Board:
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

    @classmethod
    def of(cls, position: Position) -> Board:
        grid = Grid(position.width, position.height)
        numbers: dict[Point, int] = {}
        hidden: set[Point] = set()
        shown_mines: list[Point] = []
        for y, row in enumerate(position.rows):
            for x, char in enumerate(row):
                if char in COVERED:
                    hidden.add((x, y))
                elif char in _VALUES:
                    numbers[(x, y)] = _VALUES[char]
                elif char == MINE:
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

    def reveal(self, cell: Point, number: int) -> Board:
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
        return Board(self.grid, numbers, hidden, self.mines, around)


@dataclass(frozen=True)
class Tally:
    """How many layouts agree with a board, and in how many each cell is a mine."""

    total: int
    mine_layouts: Mapping[Point, int]

    def safe(self) -> Iterable[Point]:
        return (cell for cell, count in self.mine_layouts.items() if count == 0)

    def mines(self) -> Iterable[Point]:
        return (cell for cell, count in self.mine_layouts.items() if count == self.total)


Poly = list[int]
"""Layout counts indexed by a number of mines."""


@dataclass(frozen=True)
class _Component:
    """One component's count: layouts per mine total and, for each class of
    interchangeable cells, the mine-weighted layouts per mine total."""

    counts: Poly
    marginals: tuple[tuple[tuple[Point, ...], Poly], ...]


@dataclass(frozen=True)
class _Frontier:
    """The numbers' side of the count, before the mine total is brought in."""

    settled: dict[Point, bool]
    """Cells one-number deductions decide: True for a mine."""
    components: list[_Component]
    outside: list[Point]
    """Hidden cells no open number touches."""


def _count_frontier(board: Board) -> _Frontier:
    settled, constraints = _settle(board)
    components = [_count_component(group) for group in _components(constraints)]
    frontier = {cell for cells, _ in constraints for cell in cells}
    outside = [cell for cell in board.hidden if cell not in settled and cell not in frontier]
    return _Frontier(settled, components, outside)


def frontier_certain(board: Board) -> dict[Point, bool]:
    """Cells the numbers alone decide, whatever the mine total: True for a mine."""
    frontier = _count_frontier(board)
    decided = dict(frontier.settled)
    for component in frontier.components:
        for cells, marginal in component.marginals:
            if not any(marginal):
                decided.update(dict.fromkeys(cells, False))
            elif all(
                mines == len(cells) * count
                for mines, count in itertools.zip_longest(marginal, component.counts, fillvalue=0)
            ):
                decided.update(dict.fromkeys(cells, True))
    return decided


def tally(board: Board) -> Tally:
    """Count the layouts of ``board`` exactly; raise if there are none."""
    frontier = _count_frontier(board)
    known, solved, outside = frontier.settled, frontier.components, frontier.outside
    mines_left = board.mines - sum(known.values())
    if mines_left < 0:
        raise InconsistentPosition("more mines are certain than the board holds")
    spare = len(outside)
    polys = [component.counts for component in solved]
    every = _product(polys)
    # Only as many weights as the frontier can hold mines: on a big blank board
    # the full range would be thousands of huge binomials, every one unused.
    weight = [comb(spare, mines_left - m) for m in range(min(mines_left, len(every) - 1) + 1)]
    total = sum(count * weight[m] for m, count in enumerate(every[: mines_left + 1]))
    if total == 0:
        raise InconsistentPosition("no layout of the mines agrees with every number")

    mine_layouts: dict[Point, int] = {cell: total if mine else 0 for cell, mine in known.items()}
    for component, others in zip(solved, _leave_one_out(polys), strict=True):
        completion = [
            sum(count * weight[k + m] for m, count in enumerate(others[: mines_left + 1 - k]))
            for k in range(min(len(component.counts), mines_left + 1))
        ]
        for cells, marginal in component.marginals:
            weighted = sum(mines * ways for mines, ways in zip(marginal, completion, strict=False))
            for cell in cells:
                mine_layouts[cell] = weighted // len(cells)
    if outside:
        per_cell = sum(
            count * comb(spare - 1, mines_left - m - 1)
            for m, count in enumerate(every[:mines_left])
        )
        for cell in outside:
            mine_layouts[cell] = per_cell
    return Tally(total, mine_layouts)


Constraint = tuple[frozenset[Point], int]


def _settle(board: Board) -> tuple[dict[Point, bool], list[Constraint]]:
    """Apply one-number deductions until none is left.

    Returns the cells they settle (True for a mine) and the numbers still
    open, each as its unsettled hidden cells and the mines they need.
    Identical cell sets are merged, so later stages see each only once.
    """
    hidden_around = board.hidden_around()
    pending: list[tuple[tuple[Point, ...], int]] = []
    for cell, need in board.numbers.items():
        around = hidden_around.get(cell, ())
        if not 0 <= need <= len(around):
            x, y = cell
            raise InconsistentPosition(f"the number at ({x}, {y}) cannot be satisfied")
        if around:
            pending.append((around, need))
    known: dict[Point, bool] = {}
    changed = True
    while changed:
        changed = False
        still: list[tuple[tuple[Point, ...], int]] = []
        for cells, need in pending:
            rest = tuple(cell for cell in cells if cell not in known)
            if len(rest) < len(cells):
                need -= sum(known[cell] for cell in cells if cell in known)
                if not 0 <= need <= len(rest):
                    raise InconsistentPosition("the numbers contradict each other")
            if not rest:
                continue
            if need == 0 or need == len(rest):
                mine = need > 0
                for cell in rest:
                    known[cell] = mine
                changed = True
            else:
                still.append((rest, need))
        pending = still
    merged: dict[frozenset[Point], int] = {}
    for cells, need in pending:
        key = frozenset(cells)
        if merged.setdefault(key, need) != need:
            raise InconsistentPosition("two numbers disagree about the same cells")
    return known, list(merged.items())


def _components(constraints: list[Constraint]) -> list[frozenset[Constraint]]:
    """Split the open numbers into groups that share no cell."""
    parent = list(range(len(constraints)))

    def root(index: int) -> int:
        while parent[index] != index:
            parent[index] = parent[parent[index]]
            index = parent[index]
        return index

    first_touching: dict[Point, int] = {}
    for index, (cells, _) in enumerate(constraints):
        for cell in cells:
            other = first_touching.setdefault(cell, index)
            parent[root(other)] = root(index)
    groups: dict[int, list[Constraint]] = {}
    for index, constraint in enumerate(constraints):
        groups.setdefault(root(index), []).append(constraint)
    return [frozenset(group) for group in groups.values()]


@dataclass(frozen=True)
class _Class:
    """Frontier cells touched by exactly the same open numbers: interchangeable."""

    cells: tuple[Point, ...]
    constraints: tuple[int, ...]


def _classes(constraints: list[Constraint]) -> list[_Class]:
    """Group cells by the numbers touching them."""
    touching: dict[Point, list[int]] = {}
    for index, (cells, _) in enumerate(constraints):
        for cell in cells:
            touching.setdefault(cell, []).append(index)
    by_signature: dict[tuple[int, ...], list[Point]] = {}
    for cell, indices in touching.items():
        by_signature.setdefault(tuple(indices), []).append(cell)
    return [_Class(tuple(sorted(cells)), signature) for signature, cells in by_signature.items()]


@lru_cache(maxsize=4096)
def _count_component(group: frozenset[Constraint]) -> _Component:
    """Count one component's solutions by how many mines they use.

    Classes are assigned in an order that keeps few numbers open at a time;
    a forward pass counts the ways to reach each state (what every open
    number still needs) and a backward pass the ways to complete it, so the
    marginal of each class is forward × backward.  Remembered: most
    components are unchanged from one move to the next, and between the
    hypotheses the AI weighs.
    """
    constraints = sorted(group, key=lambda constraint: (min(constraint[0]), constraint[1]))
    classes = _classes(constraints)
    needs = [need for _, need in constraints]
    order = _narrow_order(classes)
    plan = _Plan(classes, needs, order)
    layers: list[dict[tuple[int, ...], Poly]] = [{(): [1]}]
    steps: list[list[tuple[tuple[int, ...], int, tuple[int, ...]]]] = []
    for step in plan.steps:
        following: dict[tuple[int, ...], Poly] = {}
        edges = []
        for state, poly in layers[-1].items():
            for mines, after in step.moves(state):
                edges.append((state, mines, after))
                _add_into(following.setdefault(after, []), poly, mines, step.ways[mines])
        layers.append(following)
        steps.append(edges)
    counts = layers[-1].get((), [])
    if not any(counts):
        raise InconsistentPosition("no arrangement of mines satisfies these numbers")

    marginals: list[tuple[tuple[Point, ...], Poly]] = []
    completions: dict[tuple[int, ...], Poly] = {(): [1]}
    for position in range(len(order) - 1, -1, -1):
        step = plan.steps[position]
        before = layers[position]
        earlier: dict[tuple[int, ...], Poly] = {}
        reaching: dict[tuple[int, tuple[int, ...]], Poly] = {}
        for state, mines, after in steps[position]:
            completion = completions.get(after)
            if completion is None:
                continue
            _add_into(earlier.setdefault(state, []), completion, mines, step.ways[mines])
            if mines:
                _add_into(reaching.setdefault((mines, after), []), before[state], 0, 1)
        marginal: Poly = []
        for (mines, after), prefix in reaching.items():
            product = _convolve(prefix, completions[after])
            _add_into(marginal, product, mines, mines * step.ways[mines])
        marginals.append((classes[order[position]].cells, marginal))
        completions = earlier
    return _Component(counts, tuple(marginals))


def _narrow_order(classes: list[_Class]) -> list[int]:
    """An order of the classes that closes numbers soon after opening them.

    The counting keeps one state per combination of what the open numbers
    still need, so the fewer numbers are open at once, the fewer states.
    """
    opened: set[int] = set()
    remaining = list(range(len(classes)))
    order: list[int] = []
    while remaining:
        best = max(
            remaining,
            key=lambda index: sum(
                1 if constraint in opened else -1 for constraint in classes[index].constraints
            ),
        )
        remaining.remove(best)
        order.append(best)
        opened.update(classes[best].constraints)
    return order


class _Step:
    """How assigning mines to one class changes what the open numbers need."""

    def __init__(
        self,
        size: int,
        opening: list[int],
        touched: list[int],
        slack: list[int],
        kept: list[int],
    ):
        self.size = size
        self.ways = [comb(size, mines) for mines in range(size + 1)]
        self.opening = opening
        self.touched = touched
        self.slack = slack
        self.kept = kept

    def moves(self, state: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
        """Every mine count this class can take from ``state``, with the state after."""
        needs = [*state, *self.opening]
        low, high = 0, self.size
        for index, slack in zip(self.touched, self.slack, strict=True):
            need = needs[index]
            low = max(low, need - slack)
            high = min(high, need)
        result = []
        for mines in range(low, high + 1):
            after = needs.copy()
            for index in self.touched:
                after[index] -= mines
            result.append((mines, tuple(after[index] for index in self.kept)))
        return result


class _Plan:
    """The steps of the counting of one component, in the order chosen."""

    def __init__(self, classes: list[_Class], needs: list[int], order: list[int]):
        position = {index: step for step, index in enumerate(order)}
        last: dict[int, int] = {}
        for index in order:
            for constraint in classes[index].constraints:
                last[constraint] = position[index]
        capacity_after = {constraint: 0 for constraint in last}
        capacities: list[dict[int, int]] = []
        for index in reversed(order):
            capacities.append(dict(capacity_after))
            for constraint in classes[index].constraints:
                capacity_after[constraint] += len(classes[index].cells)
        capacities.reverse()

        self.steps: list[_Step] = []
        active: list[int] = []
        for step, index in enumerate(order):
            group = classes[index]
            opening = [c for c in group.constraints if c not in active]
            combined = active + opening
            touched = [combined.index(constraint) for constraint in group.constraints]
            slack = [capacities[step][constraint] for constraint in group.constraints]
            kept = [i for i, constraint in enumerate(combined) if last[constraint] != step]
            self.steps.append(
                _Step(len(group.cells), [needs[c] for c in opening], touched, slack, kept)
            )
            active = [combined[i] for i in kept]


def _add_into(target: Poly, poly: Poly, shift: int, factor: int) -> None:
    """target += factor · x^shift · poly."""
    end = shift + len(poly)
    if len(target) < end:
        target.extend([0] * (end - len(target)))
    for k, value in enumerate(poly):
        if value:
            target[shift + k] += factor * value


def _product(polys: list[Poly]) -> Poly:
    result: Poly = [1]
    for poly in polys:
        result = _convolve(result, poly)
    return result


def _leave_one_out(polys: list[Poly]) -> list[Poly]:
    """For each poly, the product of all the others, without dividing."""
    prefix: list[Poly] = [[1]]
    for poly in polys[:-1]:
        prefix.append(_convolve(prefix[-1], poly))
    result: list[Poly] = [[]] * len(polys)
    suffix: Poly = [1]
    for index in range(len(polys) - 1, -1, -1):
        result[index] = _convolve(prefix[index], suffix)
        suffix = _convolve(suffix, polys[index])
    return result


def _convolve(left: Poly, right: Poly) -> Poly:
    result = [0] * (len(left) + len(right) - 1)
    for i, a in enumerate(left):
        if a:
            for j, b in enumerate(right):
                result[i + j] += a * b
    return result
