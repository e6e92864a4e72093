"""The classes of a component's cells, and the order they are counted in.

Counting along an order keeps, between two steps, a state for every need of
the numbers open at once (:mod:`.component`): the order decides the work.  A
few orders are weighed (sweeps along each axis, a breadth-first sweep from
one end, a greedy order from each side) by an upper bound on the states
each keeps, the cheapest to work out first, until one is narrow enough.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable
from typing import NamedTuple

from ..grid import Point
from .budget import Budget
from .local import Constraint

SWEEP_WORK = 30
BREADTH_WORK = 80
GREEDY_WORK = 200
"""Units a number of a component costs for an order to be weighed, when the order
of its cells keeps too many states: a sweep along an axis, a breadth-first
sweep from one end, and a greedy order took 1.5, 4 and 10 µs a number with
their bounds, as measured."""
NARROW_ENOUGH = 10_000
"""A bound on the states below which the classes are counted in the order of
their cells, no other order weighed."""


class Class(NamedTuple):
    """Frontier cells touched by exactly the same open numbers: interchangeable."""

    cells: tuple[Point, ...]
    constraints: tuple[int, ...]


def classes_of(constraints: list[Constraint]) -> list[Class]:
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
    classes = [Class(tuple(sorted(cells)), signature) for signature, cells in by_signature.items()]
    classes.sort()
    return classes


def states_bound(classes: list[Class], needs: list[int], order: list[int]) -> float:
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


def narrowest_order(
    classes: list[Class],
    needs: list[int],
    order: list[int],
    bound: float,
    budget: Budget | None = None,
) -> tuple[list[int], float]:
    """The order that keeps the fewest states, as far as a bound tells, and that
    bound, ``order`` and its ``bound`` weighed with the others: the cheapest
    first, each charged to ``budget`` before it is worked out, until one keeps
    few enough states.

    On a grid-like frontier a sweep across it is narrow.  The greedy order is
    best on most components of real games, but which class it starts from
    and how it breaks ties make it ten times narrower or wider: it is tried
    from each side of the component.
    """
    across = sorted(range(len(classes)), key=lambda index: _reading(classes[index].cells[0]))
    candidates: tuple[tuple[int, Callable[[], list[int]]], ...] = (
        (SWEEP_WORK, lambda: sweep_order(0)(classes)),
        (SWEEP_WORK, lambda: sweep_order(1)(classes)),
        (BREADTH_WORK, lambda: breadth_first_order(classes)),
        (GREEDY_WORK, lambda: greedy_order(classes)),
        (GREEDY_WORK, lambda: greedy_order(classes, list(range(len(classes) - 1, -1, -1)))),
        (GREEDY_WORK, lambda: greedy_order(classes, across)),
        (GREEDY_WORK, lambda: greedy_order(classes, across[::-1])),
    )
    for work, candidate in candidates:
        if bound <= NARROW_ENOUGH:
            break
        if budget is not None:
            budget.spend(len(needs) * work)
        other = candidate()
        other_bound = states_bound(classes, needs, other)
        if other_bound < bound:
            order, bound = other, other_bound
    return order, bound


def _reading(cell: Point) -> tuple[int, int]:
    return cell[1], cell[0]


def greedy_order(classes: list[Class], preference: list[int] | None = None) -> list[int]:
    """An order of the classes that closes numbers soon after opening them.

    Each step takes the class that touches the most numbers already open,
    less those it would open; ties go to the class first in ``preference``
    (by default, the first class).
    """
    rank = list(range(len(classes)))
    if preference is not None:
        for place, index in enumerate(preference):
            rank[index] = place
    score = [-len(group.constraints) for group in classes]
    touching: dict[int, list[int]] = {}
    for index, group in enumerate(classes):
        for constraint in group.constraints:
            touching.setdefault(constraint, []).append(index)
    heap = [(-value, rank[index], index) for index, value in enumerate(score)]
    heapq.heapify(heap)
    placed = [False] * len(classes)
    opened: set[int] = set()
    order: list[int] = []
    while heap:
        negative, _, index = heapq.heappop(heap)
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
                    heapq.heappush(heap, (-score[other], rank[other], other))
    return order


def breadth_first_order(classes: list[Class]) -> list[int]:
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


def sweep_order(axis: int) -> Callable[[list[Class]], list[int]]:
    def order(classes: list[Class]) -> list[int]:
        return sorted(
            range(len(classes)),
            key=lambda index: (classes[index].cells[0][axis], classes[index].cells[0]),
        )

    return order
