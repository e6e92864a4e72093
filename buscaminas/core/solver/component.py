"""Exact counting of one frontier component, by dynamic programming along it.

A component is a set of open numbers linked by shared hidden cells.  Its
cells are grouped into classes, cells touched by exactly the same numbers,
which are interchangeable: a class of ``s`` cells holding ``c`` mines stands
for ``C(s, c)`` layouts.  The classes are assigned one after another; the
state between two steps is what every *open* number (touched by classes on
both sides of the step) still needs, so the work grows with the number of
numbers open at once, the width of the order, not with the component's
length.  A long chain or a stripe swept along its length stays narrow.

The order is chosen among a few (a greedy one, a breadth-first sweep from
one end, sweeps along each axis) by an upper bound on the states it keeps,
and all the work is charged to a :class:`~.budget.Budget`: a component too
wide for any of them raises :class:`~.budget.OverBudget` instead of
exhausting the machine.
"""

from __future__ import annotations

import heapq
import math
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from itertools import zip_longest
from math import comb
from typing import TypeVar

from ..grid import Point
from .budget import Budget, OverBudget
from .local import Constraint, InconsistentPosition
from .polynomials import Poly, multiply, slot_for, unpack, words

REMEMBERED = 4096
"""Components whose counts are kept: most are unchanged from one move to the
next, and between the positions the AI weighs."""
REMEMBERED_TOO_WIDE = 256
"""Components kept as known to exceed a whole analysis's budget."""
EDGE_WORK = 40
"""Units of :mod:`.budget` one step from a state costs beyond the words it
adds and the state it stores, as measured."""
PLAN_WORK = 300
"""Units of :mod:`.budget` a number of a component costs before its counting starts:
weighing the orders took about 10 µs a number on 99×99 boards, as measured, and
planning the steps as much again."""
KEPT_MOVES_BYTES = 4_000_000
"""Held bytes below which the moves of the forward pass are kept for the backward."""
STATE_BYTES = 150
"""Bytes a state takes besides its key's entries and its count's words."""
NARROW_ENOUGH = 10_000
"""A bound on the states below which the greedy order is not second-guessed."""


@dataclass(frozen=True)
class Component:
    """One component's count: layouts per mine total and, for each class of
    interchangeable cells, the mine-weighted layouts per mine total."""

    counts: Poly
    marginals: tuple[tuple[tuple[Point, ...], Poly], ...]

    def certain(self) -> dict[Point, bool]:
        """The cells its numbers decide on their own: True for a mine."""
        decided: dict[Point, bool] = {}
        for cells, marginal in self.marginals:
            if not any(marginal):
                decided.update(dict.fromkeys(cells, False))
            elif all(
                mines == len(cells) * count
                for mines, count in zip_longest(marginal, self.counts, fillvalue=0)
            ):
                decided.update(dict.fromkeys(cells, True))
        return decided


Group = frozenset[Constraint]
_T = TypeVar("_T")

_counted: OrderedDict[Group, Component] = OrderedDict()
_too_wide: OrderedDict[Group, int] = OrderedDict()
"""Components that did not fit a whole budget, with that budget's size."""


def components(constraints: list[Constraint]) -> list[Group]:
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


def count_component(group: Group, budget: Budget, most_states: int | None = None) -> Component:
    """Count one component's solutions by how many mines they use, within ``budget``.

    With ``most_states``, a component whose counting might keep more states
    than that raises :class:`OverBudget` before any work.  Raises
    :class:`InconsistentPosition` when the component has no solution.
    """
    found = _counted.get(group)
    if found is not None:
        _counted.move_to_end(group)
        return found
    if budget.limit <= _too_wide.get(group, 0):
        raise OverBudget
    # Choosing the order and planning the steps read the component whole: not
    # begun when the budget cannot pay for them, so that pairs of numbers may
    # still narrow the component with what is left.
    plan = len(group) * PLAN_WORK
    if plan > budget.left:
        raise OverBudget
    whole_budget = budget.untouched
    budget.spend(plan)
    counting = _Counting(group)
    if most_states is not None and counting.states_bound > most_states:
        raise OverBudget
    try:
        counted = counting.run(budget)
    except OverBudget:
        if whole_budget:
            _remember(_too_wide, group, budget.limit, REMEMBERED_TOO_WIDE)
        raise
    _remember(_counted, group, counted, REMEMBERED)
    return counted


def _remember(cache: OrderedDict[Group, _T], group: Group, value: _T, size: int) -> None:
    cache[group] = value
    if len(cache) > size:
        cache.popitem(last=False)


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


class _Counting:
    """The forward and backward passes over one component's classes."""

    def __init__(self, group: Group):
        constraints = sorted(group, key=lambda constraint: (min(constraint[0]), constraint[1]))
        self.classes = _classes(constraints)
        self.needs = [need for _, need in constraints]
        self.order, self.states_bound = _narrowest_order(self.classes, self.needs)

    def run(self, budget: Budget) -> Component:
        """Forward, count the ways to reach each state (what every open number
        still needs); backward, the ways to complete it; the marginal of each
        class is forward × backward.

        Polynomials in the number of mines are kept packed in integers
        (:func:`~.polynomials.pack`): a slot of ``cells`` bits and a little
        more holds any count of layouts of the component, even weighted by
        a class's mines, so no slot overflows into the next.
        """
        plan = _Plan(self.classes, self.needs, self.order)
        cells = sum(len(group.cells) for group in self.classes)
        slot = slot_for(cells + cells.bit_length())
        layers: list[dict[tuple[int, ...], int]] = [{(): 1}]
        # The moves from each state, kept for the backward pass while they
        # are small; past that they are worked out again, or they would be
        # most of the memory.
        kept: list[dict[tuple[int, ...], list[tuple[int, tuple[int, ...]]]]] = []
        held = 0
        for step in plan.steps:
            following: dict[tuple[int, ...], int] = {}
            keeping: dict[tuple[int, ...], list[tuple[int, tuple[int, ...]]]] = {}
            kept.append(keeping)
            for state, poly in layers[-1].items():
                moves = step.moves(state)
                if held < KEPT_MOVES_BYTES:
                    keeping[state] = moves
                budget.spend(len(moves) * (EDGE_WORK + 2 * len(state) + words(poly)))
                for mines, after in moves:
                    following[after] = (
                        following.get(after, 0) + (poly << mines * slot) * step.ways[mines]
                    )
            held += sum(
                STATE_BYTES + 8 * (len(state) + words(poly)) for state, poly in following.items()
            )
            budget.hold(held)
            layers.append(following)
        counts = unpack(layers[-1].get((), 0), slot)
        if not counts:
            raise InconsistentPosition("no arrangement of mines satisfies these numbers")

        marginals: list[tuple[tuple[Point, ...], Poly]] = []
        completions: dict[tuple[int, ...], int] = {(): 1}
        for position in range(len(plan.steps) - 1, -1, -1):
            step = plan.steps[position]
            before = layers[position]
            earlier: dict[tuple[int, ...], int] = {}
            reaching: dict[tuple[int, tuple[int, ...]], int] = {}
            moves_of = kept[position]
            for state, poly in before.items():
                known = moves_of.get(state)
                for mines, after in step.moves(state) if known is None else known:
                    completion = completions.get(after)
                    if completion is None:
                        continue
                    budget.spend(EDGE_WORK + 2 * len(state) + words(completion) + words(poly))
                    earlier[state] = (
                        earlier.get(state, 0) + (completion << mines * slot) * step.ways[mines]
                    )
                    if mines:
                        key = (mines, after)
                        reaching[key] = reaching.get(key, 0) + poly
            marginal = 0
            for (mines, after), prefix in reaching.items():
                product = multiply(prefix, completions[after], budget)
                marginal += (product << mines * slot) * (mines * step.ways[mines])
            marginals.append((self.classes[plan.order[position]].cells, unpack(marginal, slot)))
            completions = earlier
        return Component(counts, tuple(marginals))


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
        self.order = order
        last: dict[int, int] = {}
        for step, index in enumerate(order):
            for constraint in classes[index].constraints:
                last[constraint] = step
        # How many cells each number of a class still has in the classes after it.
        slacks: list[list[int]] = [[] for _ in order]
        capacity_after: dict[int, int] = {}
        for step in range(len(order) - 1, -1, -1):
            group = classes[order[step]]
            slacks[step] = [capacity_after.get(c, 0) for c in group.constraints]
            for constraint in group.constraints:
                capacity_after[constraint] = capacity_after.get(constraint, 0) + len(group.cells)

        self.steps: list[_Step] = []
        active: list[int] = []
        for step, index in enumerate(order):
            group = classes[index]
            opening = [c for c in group.constraints if c not in active]
            combined = active + opening
            touched = [combined.index(constraint) for constraint in group.constraints]
            kept = [i for i, constraint in enumerate(combined) if last[constraint] != step]
            self.steps.append(
                _Step(len(group.cells), [needs[c] for c in opening], touched, slacks[step], kept)
            )
            active = [combined[i] for i in kept]


def _states_bound(classes: list[_Class], needs: list[int], order: list[int]) -> float:
    """At most how many states counting along ``order`` keeps, all steps together:
    each open number can still need anything from 0 to its number."""
    last: dict[int, int] = {}
    for step, index in enumerate(order):
        for constraint in classes[index].constraints:
            last[constraint] = step
    opened: set[int] = set()
    bits = 0.0
    total = 0.0
    for step, index in enumerate(order):
        for constraint in classes[index].constraints:
            if constraint not in opened:
                opened.add(constraint)
                bits += math.log2(needs[constraint] + 1)
            if last[constraint] == step:
                bits -= math.log2(needs[constraint] + 1)
        total += 2 ** min(bits, 1000.0)
    return total


def _narrowest_order(classes: list[_Class], needs: list[int]) -> tuple[list[int], float]:
    """The order that keeps the fewest states, as far as a bound tells, and that bound.

    The greedy order is best on the small components of real games; when it
    is wide, sweeps are tried too, since on a grid-like frontier the greedy
    runs along one side and leaves every number there open.
    """
    order = _greedy_order(classes)
    bound = _states_bound(classes, needs, order)
    if bound <= NARROW_ENOUGH:
        return order, bound
    for other_order in (_breadth_first_order, _sweep_order(0), _sweep_order(1)):
        other = other_order(classes)
        other_bound = _states_bound(classes, needs, other)
        if other_bound < bound:
            order, bound = other, other_bound
    return order, bound


def _greedy_order(classes: list[_Class]) -> list[int]:
    """An order of the classes that closes numbers soon after opening them.

    Each step takes the class that touches the most numbers already open,
    less those it would open; ties go to the first class.
    """
    score = [-len(group.constraints) for group in classes]
    touching: dict[int, list[int]] = {}
    for index, group in enumerate(classes):
        for constraint in group.constraints:
            touching.setdefault(constraint, []).append(index)
    heap = [(-value, index) for index, value in enumerate(score)]
    heapq.heapify(heap)
    placed = [False] * len(classes)
    opened: set[int] = set()
    order: list[int] = []
    while heap:
        negative, index = heapq.heappop(heap)
        if placed[index] or -negative != score[index]:
            continue
        placed[index] = True
        order.append(index)
        for constraint in classes[index].constraints:
            if constraint in opened:
                continue
            opened.add(constraint)
            for other in touching[constraint]:
                if not placed[other]:
                    score[other] += 2
                    heapq.heappush(heap, (-score[other], other))
    return order


def _breadth_first_order(classes: list[_Class]) -> list[int]:
    """Classes by distance from one end of the component: a chain, however it
    winds, is swept along its length."""
    touching: dict[int, list[int]] = {}
    for index, group in enumerate(classes):
        for constraint in group.constraints:
            touching.setdefault(constraint, []).append(index)

    def sweep(start: int) -> list[int]:
        seen = {start}
        order = [start]
        for index in order:
            for constraint in classes[index].constraints:
                for other in touching[constraint]:
                    if other not in seen:
                        seen.add(other)
                        order.append(other)
        return order

    # The last class reached from anywhere lies at one end.
    return sweep(sweep(0)[-1])


def _sweep_order(axis: int) -> Callable[[list[_Class]], list[int]]:
    def order(classes: list[_Class]) -> list[int]:
        return sorted(
            range(len(classes)),
            key=lambda index: (classes[index].cells[0][axis], classes[index].cells[0]),
        )

    return order
