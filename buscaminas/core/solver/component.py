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

import math
from collections.abc import Iterator
from math import comb
from operator import itemgetter
from typing import NamedTuple

from ..grid import Point
from .budget import HELD_BYTES, Budget, OverBudget
from .local import Constraint, InconsistentPosition
from .ordering import NARROW_ENOUGH, Class, classes_of, narrowest_order
from .polynomials import Poly, pack, product_cost, slot_for, unpack
from .remembered import Remembered

REMEMBERED = 4096
"""Most components whose counts are kept (:mod:`.remembered`): most are unchanged
from one move to the next, and between the positions the AI weighs."""
REMEMBERED_TOO_WIDE = 256
"""Most components kept as known to exceed a whole analysis's budget."""
PLAN_WORK = 300
"""Units of :mod:`.budget` a number of a component costs before its counting starts:
grouping its cells into classes and planning the steps took 6 to 14 µs a number,
as measured (the most on a 99×99 stripe of 1s, one component of 4,900 numbers)."""
ALIKE_NUMBERS = 4
"""Numbers up to which a component's shape is looked for among those counted in
the same reading: small shapes recur, along the straight edges of openings."""
STEP_WORK = 140
"""Units a class costs for its steps forward and back, besides their moves."""
MOVE_WORK = 7
"""Units a move from one state to the next costs, forward or back, besides the
words of the polynomial it adds (:data:`WORDS_A_UNIT`)."""
WORDS_A_UNIT = 5
"""Machine words of a polynomial shifted and added for a unit of work."""
STATE_BYTES = 150
"""Bytes a state takes besides its count's words."""
MOVE_BYTES = 100
"""Bytes a move from one state to the next takes, kept for the backward pass."""


class Component(NamedTuple):
    """One component's count: layouts per mine total and, for each class of
    interchangeable cells, the mine-weighted layouts per mine total.

    A class's marginal is kept packed, coefficient ``k`` at bit ``k * slot``
    (:func:`~.polynomials.pack`): most often only one coefficient of it is
    read, and a class unpacked costs more than its share of the count."""

    counts: Poly
    marginals: tuple[tuple[tuple[Point, ...], int], ...]
    slot: int

    def marginal(self, packed: int, mines: int) -> int:
        """The coefficient for ``mines`` mines of a packed marginal."""
        return packed >> mines * self.slot & (1 << self.slot) - 1

    def unpacked(self) -> Iterator[tuple[tuple[Point, ...], Poly]]:
        """Each class with its marginal as a list of coefficients."""
        for cells, packed in self.marginals:
            yield cells, unpack(packed, self.slot)

    def per_cell(self, low: int, completion: Poly) -> list[tuple[tuple[Point, ...], int]]:
        """Each class with the layouts in which one of its cells is a mine, the
        component holding ``low + k`` mines in ``completion[k]`` ways for each.

        A component settled to one or two mine counts (most of a ragged big
        board's) reads them off the packed marginals, which cost more unpacked."""
        slot = self.slot
        whole = (1 << slot) - 1
        terms = [((low + more) * slot, ways) for more, ways in enumerate(completion)]
        if len(terms) == 1:
            ((shift, ways),) = terms
            return [
                (cells, (packed >> shift & whole) * ways // len(cells))
                for cells, packed in self.marginals
            ]
        if len(terms) == 2:
            (shift, ways), (next_shift, next_ways) = terms
            return [
                (
                    cells,
                    ((packed >> shift & whole) * ways + (packed >> next_shift & whole) * next_ways)
                    // len(cells),
                )
                for cells, packed in self.marginals
            ]
        return [
            (cells, sum([(packed >> shift & whole) * ways for shift, ways in terms]) // len(cells))
            for cells, packed in self.marginals
        ]

    def certain(self) -> dict[Point, bool]:
        """The cells its numbers decide on their own: True for a mine."""
        decided: dict[Point, bool] = {}
        every = pack(self.counts, self.slot)
        for cells, marginal in self.marginals:
            if not marginal:
                decided.update(dict.fromkeys(cells, False))
            elif marginal == len(cells) * every:
                decided.update(dict.fromkeys(cells, True))
        return decided


Group = list[Constraint]
"""The numbers of one component."""

_counted: Remembered[frozenset[Constraint], Component] = Remembered(REMEMBERED)
_too_wide: Remembered[frozenset[Constraint], int] = Remembered(REMEMBERED_TOO_WIDE)
"""Components that did not fit a whole budget, with that budget's size."""


def next_position() -> None:
    """Another position is read: the counts neither it nor the one before it used go."""
    _counted.next_position()
    _too_wide.next_position()


def forget_counts() -> None:
    """Nothing counted is kept: the game is over, and the next starts afresh."""
    _counted.clear()
    _too_wide.clear()


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
            # The number links two groups: the smaller joins the larger.
            if len(other) > len(joined):
                joined, other = other, joined
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


Shape = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]
"""What a component's count depends on: its numbers' needs, and the size of each
class of its cells and the numbers touching it."""
Alike = dict[Shape, tuple[Component, list[Class]]]
"""Components counted, by shape: each count, and its classes."""
_first, _second = itemgetter(0), itemgetter(1)


def count_component(
    group: Group, budget: Budget, most_states: int | None = None, alike: Alike | None = None
) -> Component:
    """Count one component's solutions by how many mines they use, within ``budget``.

    With ``most_states``, a component whose counting might keep more states
    than that raises :class:`OverBudget` before any work.  Raises
    :class:`InconsistentPosition` when the component has no solution.

    A small component of the shape of one in ``alike`` (as the scattered
    openings of a big board make, along straight edges) takes its count
    over, its own cells in place of the other's; a small one counted here
    goes into ``alike``.
    """
    if len(group) == 1:
        # One number: its cells are one class, and C(k, n) says it all.
        budget.spend(PLAN_WORK)
        return _one_number(*group[0])
    if len(group) == 2:
        budget.spend(2 * PLAN_WORK)
        return _two_numbers(*group[0], *group[1])
    key = frozenset(group)
    found = _counted.get(key)
    if found is not None:
        return found
    if budget.limit <= (_too_wide.get(key) or 0):
        raise OverBudget
    # Choosing the order and planning the steps read the component whole: not
    # begun when the budget cannot pay for them, so that pairs of numbers may
    # still narrow the component with what is left.
    plan = len(group) * PLAN_WORK
    if plan > budget.left:
        raise OverBudget
    whole_budget = budget.untouched
    budget.spend(plan)
    classes = classes_of(group)
    shape: Shape | None = None
    if alike is not None and len(group) <= ALIKE_NUMBERS:
        shape = (
            tuple(map(_second, group)),
            tuple(map(len, map(_first, classes))),
            tuple(map(_second, classes)),
        )
        twin = alike.get(shape)
        if twin is not None:
            counted, twin_classes = twin
            place_of = {cells: place for place, (cells, _) in enumerate(twin_classes)}
            counted = counted._replace(
                marginals=tuple(
                    [
                        (classes[place_of[cells]].cells, marginal)
                        for cells, marginal in counted.marginals
                    ]
                )
            )
            _counted.put(key, counted)
            return counted
    try:
        counting = _Counting(group, budget, most_states, classes)
        if most_states is not None and counting.states_bound > most_states:
            # Too wide for now: pairs of numbers may narrow it.
            whole_budget = False
            raise OverBudget
        counted = counting.run(budget)
    except OverBudget:
        if whole_budget:
            _too_wide.put(key, budget.limit)
        raise
    if shape is not None and alike is not None:
        alike[shape] = (counted, classes)
    _counted.put(key, counted)
    return counted


def _one_number(cells: frozenset[Point], need: int) -> Component:
    """The count of a component of one number, needing ``need`` of its ``cells``."""
    layouts = comb(len(cells), need)
    slot = slot_for(len(cells) + len(cells).bit_length())
    marginal = need * layouts << need * slot
    return Component([0] * need + [layouts], ((tuple(sorted(cells)), marginal),), slot)


def _two_numbers(
    cells: frozenset[Point], need: int, others: frozenset[Point], other_need: int
) -> Component:
    """The count of a component of two numbers, by the mines in the cells they
    share: three classes at most, and no steps to plan."""
    shared = cells & others
    only, others_only = cells - shared, others - shared
    every = len(cells | others)
    slot = slot_for(every + every.bit_length())
    counts: Poly = []
    marginals = [0, 0, 0]
    fewest = max(0, need - len(only), other_need - len(others_only))
    for mines in range(fewest, min(len(shared), need, other_need) + 1):
        ways = (
            comb(len(only), need - mines)
            * comb(len(shared), mines)
            * comb(len(others_only), other_need - mines)
        )
        total = need + other_need - mines
        counts += [0] * (total + 1 - len(counts))
        counts[total] += ways
        for index, laid in enumerate((need - mines, mines, other_need - mines)):
            marginals[index] += laid * ways << total * slot
    if not counts:
        raise InconsistentPosition("no arrangement of mines satisfies these numbers")
    return Component(
        counts,
        tuple(
            (tuple(sorted(group)), marginal)
            for group, marginal in zip((only, shared, others_only), marginals, strict=True)
            if group
        ),
        slot,
    )


class _Counting:
    """The forward and backward passes over one component's classes."""

    def __init__(
        self,
        group: Group,
        budget: Budget | None = None,
        most_states: int | None = None,
        classes: list[Class] | None = None,
    ):
        """Plan the counting of ``group`` (its ``classes``, when known); weighing
        the orders of a wide one is charged to ``budget``, when given, and left
        out when the order of its cells keeps more than ``most_states``: pairs
        of numbers may narrow it first, for less."""
        self.classes = classes or classes_of(group)
        self.needs = [need for _, need in group]
        sizes = [len(cells) for cells, _ in group]
        cells = sum([len(cells) for cells, _ in self.classes])
        self.slot = slot_for(cells + cells.bit_length())
        # The classes in the order of their cells sweep a frontier along its
        # length: most often narrow enough, and then no other order is weighed.
        order = list(range(len(self.classes)))
        self.steps, bound = _steps(self.classes, self.needs, sizes, order)
        self.states_bound = float(min(bound, 2**1000))
        if NARROW_ENOUGH < self.states_bound <= (most_states or math.inf):
            order, self.states_bound = narrowest_order(
                self.classes, self.needs, order, self.states_bound, budget
            )
            self.steps = _steps(self.classes, self.needs, sizes, order)[0]
        self.order = order

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

        Each step is charged before it is taken, by its moves and the words
        of their polynomials: forward, as if every state made every move its
        class allows; backward, by the moves then known, and the products of
        the marginal.
        """
        classes, slot, steps = self.classes, self.slot, self.steps
        layers: list[dict[int, int]] = [{0: 1}]
        # Each step's moves: the state before, the mines laid, the state after.
        moves: list[list[tuple[int, int, int]]] = []
        spent, allowed = len(steps) * STEP_WORK, budget.left
        # The memory held is watched only when the states could ever hold too much.
        widest = STATE_BYTES + 8 * (slot * len(steps) >> 6) + 9 * MOVE_BYTES
        watched = self.states_bound * widest > HELD_BYTES
        held = 0
        for add, touched, size, delta, ways, reach in steps:
            layer = layers[-1]
            # A move adds a polynomial as long as the longest here, shifted.
            words = (max(layer.values()).bit_length() + size * slot >> 6) + 1
            spent += len(layer) * reach * (MOVE_WORK + words // WORDS_A_UNIT)
            if spent > allowed:
                budget.spend(spent)
            following: dict[int, int] = {}
            get = following.get
            made: list[tuple[int, int, int]] = []
            if size == 1:
                # A cell: a mine or not, each in one way.
                for state, poly in layer.items():
                    moved = state + add
                    empty = full = True
                    for shift, slack in touched:
                        need = moved >> shift & 15
                        if not need:
                            full = False
                        elif need > slack:
                            empty = False
                            if need > slack + 1:
                                full = False
                    if empty:
                        following[moved] = get(moved, 0) + poly
                        made.append((state, 0, moved))
                    if full:
                        after = moved - delta
                        following[after] = get(after, 0) + (poly << slot)
                        made.append((state, 1, after))
            else:
                for state, poly in layer.items():
                    moved = state + add
                    low, high = 0, size
                    for shift, slack in touched:
                        need = moved >> shift & 15
                        if need < high:
                            high = need
                        if need - slack > low:
                            low = need - slack
                    after = moved - low * delta
                    for mines in range(low, high + 1):
                        following[after] = get(after, 0) + (poly << mines * slot) * ways[mines]
                        made.append((state, mines, after))
                        after -= delta
            if watched:
                held += len(following) * (STATE_BYTES + 8 * words) + len(made) * MOVE_BYTES
                budget.hold(held)
            if not following:
                raise InconsistentPosition("no arrangement of mines satisfies these numbers")
            layers.append(following)
            moves.append(made)
        budget.spend(spent)
        counts = unpack(layers[-1].get(0, 0), slot)
        if not counts:
            raise InconsistentPosition("no arrangement of mines satisfies these numbers")

        spent, allowed = 0, budget.left
        marginals: list[tuple[tuple[Point, ...], int]] = []
        completions: dict[int, int] = {0: 1}
        for position in range(len(steps) - 1, -1, -1):
            size, ways = steps[position].size, steps[position].ways
            before, made = layers[position], moves[position]
            # A move adds a completion as long as the longest after, shifted;
            # a marginal's product, a count before by a completion after.
            words = (max(completions.values()).bit_length() + size * slot >> 6) + 1
            spent += len(made) * (MOVE_WORK + words // WORDS_A_UNIT)
            if spent > allowed:
                budget.spend(spent)
            earlier: dict[int, int] = {}
            # The forward counts reaching each state after the class, by its mines
            # (key ``state << 4 | mines``): a product each, not one per move.
            reaching: dict[int, int] = {}
            found = completions.get
            if size == 1:
                for state, mines, after in made:
                    completion = found(after)
                    if completion is None:
                        continue
                    if mines:
                        earlier[state] = earlier.get(state, 0) + (completion << slot)
                        key = after << 4 | 1
                        reaching[key] = reaching.get(key, 0) + before[state]
                    else:
                        earlier[state] = earlier.get(state, 0) + completion
            else:
                for state, mines, after in made:
                    completion = found(after)
                    if completion is None:
                        continue
                    earlier[state] = (
                        earlier.get(state, 0) + (completion << mines * slot) * ways[mines]
                    )
                    if mines:
                        key = after << 4 | mines
                        reaching[key] = reaching.get(key, 0) + before[state]
            prefix = (max(before.values()).bit_length() >> 6) + 1
            spent += len(reaching) * product_cost(prefix, words)
            if spent > allowed:
                budget.spend(spent)
            marginal = 0
            for key, count in reaching.items():
                mines = key & 15
                marginal += (count * completions[key >> 4] << mines * slot) * (mines * ways[mines])
            marginals.append((classes[self.order[position]].cells, marginal))
            completions = earlier
        budget.spend(spent)
        return Component(counts, tuple(marginals), slot)


class _Step(NamedTuple):
    """How assigning mines to one class changes the state."""

    add: int
    """The needs of the numbers the class opens, each in its nibble."""
    touched: tuple[tuple[int, int], ...]
    """The nibble of each number the class touches, and the cells it has after it."""
    size: int
    delta: int
    """The change of the state for each mine laid in the class."""
    ways: tuple[int, ...]
    """The ways to lay each count of mines in the class."""
    reach: int
    """The most moves a state can make: counts of mines the class may hold."""


_WAYS = tuple(tuple(comb(size, mines) for mines in range(size + 1)) for size in range(9))
"""``C(size, mines)`` for a class of up to eight cells (the neighbours of one number)."""


def _steps(
    classes: list[Class], needs: list[int], sizes: list[int], order: list[int]
) -> tuple[list[_Step], int]:
    """The steps of the counting of one component in ``order``, and at most how
    many states they keep, all steps together (:func:`states_bound`);
    ``sizes`` are how many cells each number has.

    Each number gets a nibble of the state when its first class comes and
    gives it back after its last, to a number opened later: a number's last
    class takes all it still needs (its slack there is nought), so the
    nibble it leaves is clear.
    """
    # How many cells of each number the classes not yet assigned hold.
    remaining = list(sizes)
    shift_of = [-1] * len(needs)
    free: list[int] = []
    fresh = 0
    # The states after a step: each open number may need anything up to its need.
    states, bound = 1, 0
    steps: list[_Step] = []
    for index in order:
        cells, constraints = classes[index]
        size = len(cells)
        add = delta = 0
        most = size
        touched = []
        closed = []
        for constraint in constraints:
            need = needs[constraint]
            if need < most:
                most = need
            shift = shift_of[constraint]
            if shift < 0:
                if free:
                    shift = free.pop()
                else:
                    shift, fresh = fresh, fresh + 4
                shift_of[constraint] = shift
                add += need << shift
                states *= need + 1
            delta += 1 << shift
            slack = remaining[constraint] - size
            remaining[constraint] = slack
            touched.append((shift, slack))
            if not slack:
                # Its last class: its nibble is clear after this step.
                closed.append(shift)
                states //= need + 1
        free += closed
        bound += states
        steps.append(_Step(add, tuple(touched), size, delta, _WAYS[size], most + 1))
    return steps, bound
