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
from itertools import zip_longest
from math import comb
from typing import NamedTuple, TypeVar

from ..grid import Point
from .budget import Budget, OverBudget
from .local import Constraint, InconsistentPosition
from .polynomials import Poly, product_cost, slot_for, unpack, words

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
STATE_BYTES = 150
"""Bytes a state takes besides its count's words."""
MOVE_BYTES = 100
"""Bytes a move from one state to the next takes, kept for the backward pass."""
NARROW_ENOUGH = 10_000
"""A bound on the states below which the greedy order is not second-guessed."""


class Component(NamedTuple):
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


Group = list[Constraint]
"""The numbers of one component."""
_T = TypeVar("_T")

_counted: OrderedDict[frozenset[Constraint], Component] = OrderedDict()
_too_wide: OrderedDict[frozenset[Constraint], int] = OrderedDict()
"""Components that did not fit a whole budget, with that budget's size."""


def components(constraints: list[Constraint]) -> list[Group]:
    """Split the open numbers into groups that share no cell."""
    group_of: dict[Point, Group] = {}
    groups: list[Group] = []
    for constraint in constraints:
        cells = constraint[0]
        joined: Group | None = None
        for cell in cells:
            other = group_of.get(cell)
            if other is None or other is joined:
                continue
            if joined is None:
                joined = other
                continue
            # The number links two groups: the later joins the earlier.
            for moved in other:
                for near in moved[0]:
                    group_of[near] = joined
            joined += other
            other.clear()
        if joined is None:
            joined = []
            groups.append(joined)
        joined.append(constraint)
        for cell in cells:
            group_of[cell] = joined
    return [group for group in groups if group]


def count_component(group: Group, budget: Budget, most_states: int | None = None) -> Component:
    """Count one component's solutions by how many mines they use, within ``budget``.

    With ``most_states``, a component whose counting might keep more states
    than that raises :class:`OverBudget` before any work.  Raises
    :class:`InconsistentPosition` when the component has no solution.
    """
    if len(group) == 1:
        # One number: its cells are one class, and C(k, n) says it all.
        budget.spend(PLAN_WORK)
        return _one_number(*group[0])
    key = frozenset(group)
    found = _counted.get(key)
    if found is not None:
        _counted.move_to_end(key)
        return found
    if budget.limit <= _too_wide.get(key, 0):
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
            _remember(_too_wide, key, budget.limit, REMEMBERED_TOO_WIDE)
        raise
    _remember(_counted, key, counted, REMEMBERED)
    return counted


def _one_number(cells: frozenset[Point], need: int) -> Component:
    """The count of a component of one number, needing ``need`` of its ``cells``."""
    layouts = comb(len(cells), need)
    counts = [0] * need + [layouts]
    marginal = [0] * need + [need * layouts] if need else []
    return Component(counts, ((tuple(sorted(cells)), marginal),))


def _remember(
    cache: OrderedDict[frozenset[Constraint], _T], key: frozenset[Constraint], value: _T, size: int
) -> None:
    cache[key] = value
    if len(cache) > size:
        cache.popitem(last=False)


class _Class(NamedTuple):
    """Frontier cells touched by exactly the same open numbers: interchangeable."""

    cells: tuple[Point, ...]
    constraints: tuple[int, ...]


def _classes(constraints: list[Constraint]) -> list[_Class]:
    """Group cells by the numbers touching them; the classes come in the order
    of their first cells, whatever the order of the numbers."""
    touching: dict[Point, list[int]] = {}
    for index, (cells, _) in enumerate(constraints):
        for cell in cells:
            found = touching.get(cell)
            if found is None:
                touching[cell] = [index]
            else:
                found.append(index)
    by_signature: dict[tuple[int, ...], list[Point]] = {}
    for cell, indices in touching.items():
        signature = tuple(indices)
        alike = by_signature.get(signature)
        if alike is None:
            by_signature[signature] = [cell]
        else:
            alike.append(cell)
    classes = [_Class(tuple(sorted(cells)), signature) for signature, cells in by_signature.items()]
    classes.sort()
    return classes


class _Counting:
    """The forward and backward passes over one component's classes."""

    def __init__(self, group: Group):
        self.classes = _classes(group)
        self.needs = [need for _, need in group]
        # Every state is a need for each number: with few numbers needing few
        # mines, the classes in the order of their cells keep few states, and
        # no order is weighed.
        bound = len(self.classes)
        for need in self.needs:
            bound *= need + 1
        if bound <= NARROW_ENOUGH:
            self.order, self.states_bound = list(range(len(self.classes))), float(bound)
        else:
            self.order, self.states_bound = _narrowest_order(self.classes, self.needs)

    def run(self, budget: Budget) -> Component:
        """Forward, count the ways to reach each state (what every open number
        still needs); backward, the ways to complete it; the marginal of each
        class is forward × backward.

        A state is one integer, each open number's need in a nibble of its own
        (:func:`_steps`), so that a step is an addition and a subtraction; the
        moves the forward pass makes are kept for the backward one.
        Polynomials in the number of mines are kept packed in integers
        (:func:`~.polynomials.pack`): a slot of ``cells`` bits and a little
        more holds any count of layouts of the component, even weighted by
        a class's mines, so no slot overflows into the next.

        The forward pass is charged a state at a time, before its moves are
        made; the backward one, whose moves are then known, before it begins.
        """
        classes = self.classes
        cells = sum([len(group.cells) for group in classes])
        slot = slot_for(cells + cells.bit_length())
        steps = _steps(classes, self.needs, self.order, slot)
        layers: list[dict[int, int]] = [{0: 1}]
        # Each step's moves: the state before, the mines laid, the state after.
        moves: list[list[tuple[int, int, int]]] = []
        spent, allowed = 0, budget.left
        held = backward = 0
        for add, touched, size, delta, ways, cost in steps:
            following: dict[int, int] = {}
            get = following.get
            made: list[tuple[int, int, int]] = []
            for state, poly in layers[-1].items():
                moved = state + add
                low, high = 0, size
                for shift, slack in touched:
                    need = moved >> shift & 15
                    if need < high:
                        high = need
                    if need - slack > low:
                        low = need - slack
                if low > high:
                    continue
                spent += (high - low + 1) * cost
                if spent > allowed:
                    budget.spend(spent)
                after = moved - low * delta
                for mines in range(low, high + 1):
                    following[after] = get(after, 0) + (poly << mines * slot) * ways[mines]
                    made.append((state, mines, after))
                    after -= delta
            held += len(following) * (STATE_BYTES + 8 * cost) + len(made) * MOVE_BYTES
            budget.hold(held)
            layers.append(following)
            moves.append(made)
            backward += len(made) * cost
        spent += backward
        budget.spend(spent)
        counts = unpack(layers[-1].get(0, 0), slot)
        if not counts:
            raise InconsistentPosition("no arrangement of mines satisfies these numbers")

        spent, allowed = 0, budget.left
        marginals: list[tuple[tuple[Point, ...], Poly]] = []
        completions: dict[int, int] = {0: 1}
        for position in range(len(steps) - 1, -1, -1):
            ways = steps[position][4]
            before = layers[position]
            earlier: dict[int, int] = {}
            # The forward counts reaching each state after the class, by its mines
            # (key ``state << 4 | mines``): a product each, not one per move.
            reaching: dict[int, int] = {}
            found = completions.get
            for state, mines, after in moves[position]:
                completion = found(after)
                if completion is None:
                    continue
                earlier[state] = earlier.get(state, 0) + (completion << mines * slot) * ways[mines]
                if mines:
                    key = after << 4 | mines
                    reaching[key] = reaching.get(key, 0) + before[state]
            marginal = 0
            for key, prefix in reaching.items():
                mines = key & 15
                completion = completions[key >> 4]
                spent += product_cost(words(prefix), words(completion))
                if spent > allowed:
                    budget.spend(spent)
                marginal += (prefix * completion << mines * slot) * (mines * ways[mines])
            marginals.append((classes[self.order[position]].cells, unpack(marginal, slot)))
            completions = earlier
        budget.spend(spent)
        return Component(counts, tuple(marginals))


Step = tuple[int, tuple[tuple[int, int], ...], int, int, tuple[int, ...], int]
"""One class's step: the needs of the numbers it opens (added to the state), the
nibble and slack of each number it touches, its size, a mine's change of the
state, the ways to lay each count of mines in it, and a move's units of work."""

_WAYS = tuple(tuple(comb(size, mines) for mines in range(size + 1)) for size in range(9))
"""``C(size, mines)`` for a class of up to eight cells (the neighbours of one number)."""


def _steps(classes: list[_Class], needs: list[int], order: list[int], slot: int) -> list[Step]:
    """The steps of the counting of one component, in the order chosen.

    Each number gets a nibble of the state when its first class comes and
    gives it back after its last, to a number opened later: a number's last
    class takes all it still needs (its slack there is nought), so the
    nibble it leaves is clear.
    """
    # How many cells of each number the classes not yet assigned hold.
    remaining = [0] * len(needs)
    for cells, constraints in classes:
        for constraint in constraints:
            remaining[constraint] += len(cells)
    shift_of = [-1] * len(needs)
    free: list[int] = []
    fresh = 0
    assigned = 0
    steps: list[Step] = []
    for index in order:
        cells, constraints = classes[index]
        size = len(cells)
        add = delta = 0
        touched = []
        closed = []
        for constraint in constraints:
            shift = shift_of[constraint]
            if shift < 0:
                if free:
                    shift = free.pop()
                else:
                    shift, fresh = fresh, fresh + 4
                shift_of[constraint] = shift
                add += needs[constraint] << shift
            delta += 1 << shift
            slack = remaining[constraint] - size
            remaining[constraint] = slack
            touched.append((shift, slack))
            if not slack:
                # Its last class: its nibble is clear after this step.
                closed.append(shift)
        free += closed
        assigned += size
        # A move shifts and adds a polynomial of up to ``assigned`` mines.
        cost = EDGE_WORK + ((assigned + 1) * slot >> 6) + 1
        steps.append((add, tuple(touched), size, delta, _WAYS[size], cost))
    return steps


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
