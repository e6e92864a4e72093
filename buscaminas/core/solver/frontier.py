"""The numbers' side of the count: what they settle and how their components count.

Before the mine total is brought in, the open numbers are read in three
stages, cheapest first:

1. one-number deductions settle what they can (:mod:`.local`);
2. the rest splits into components, each counted exactly
   (:mod:`.component`), the smaller first;
3. a component whose counting would keep too many states is first narrowed
   by two-number deductions, which on grid-like frontiers (stripes of 1s)
   settle whole columns and split it into small pieces, then counted.

A component that still does not fit the budget stays uncounted: the
analysis then knows what the deductions proved and what the components it
could count decide, and no exact probability.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from ..grid import Point
from .budget import Budget, OverBudget
from .component import Component, components, count_component
from .local import Constraint, Settled, settle_one_number, settle_pairs
from .masks import Masks

WIDE_STATES = 200_000
"""A bound on a component's states above which two-number deductions are
tried before counting it: beyond it, counting may not fit a budget."""


@dataclass(frozen=True)
class Frontier:
    settled: dict[Point, bool]
    """Cells one- or two-number deductions decide: True for a mine."""
    components: list[Component]
    """The components counted exactly."""
    uncounted: list[Constraint]
    """The numbers of the components too wide to count within the budget."""
    outside: Collection[Point]
    """Hidden cells no open number touches."""
    open_numbers: list[Point]
    """The numbers the deductions left open, for a board that reveals more of this one."""

    @property
    def exact(self) -> bool:
        return not self.uncounted

    def certain(self) -> dict[Point, bool]:
        """Cells the numbers decide, whatever the mine total: True for a mine."""
        decided = dict(self.settled)
        for component in self.components:
            decided.update(component.certain())
        return decided


def count_frontier(
    numbers: Mapping[Point, int],
    hidden_around: Mapping[Point, tuple[Point, ...]],
    hidden: frozenset[Point],
    budget: Budget,
    earlier: tuple[Frontier, Mapping[Point, int]] | None = None,
    masks: Masks | None = None,
) -> Frontier:
    """Settle and count what the open ``numbers`` (with the mines each still
    needs) say about their ``hidden_around`` cells, within ``budget``.

    ``earlier`` is the frontier of a board this one only reveals more of,
    with the numbers revealed since: its deductions are taken over and only
    what changed is read again (:func:`~.local.settle_one_number`).
    Otherwise the board's ``masks``, when it has them, read every number at
    once (:meth:`~.masks.Masks.settle`).
    """
    settlement = None
    if earlier is None:
        if masks is not None:
            settlement = masks.settle()
        if settlement is None:
            settlement = settle_one_number(numbers, hidden_around)
    else:
        before, revealed = earlier
        settlement = settle_one_number(
            numbers,
            hidden_around,
            Settled(before.settled, before.open_numbers, []),
            revealed,
        )
    settled, constraints = settlement.known, settlement.constraints
    frontier = {cell for cells, _ in constraints for cell in cells}
    counted: list[Component] = []
    wide: list[Constraint] = []
    for group in sorted(components(constraints), key=len):
        try:
            counted.append(count_component(group, budget, most_states=WIDE_STATES))
        except OverBudget:
            wide.extend(group)
    uncounted: list[Constraint] = []
    if wide:
        narrowed = settle_pairs(settled, wide, budget)
        for group in sorted(components(narrowed), key=len):
            try:
                counted.append(count_component(group, budget))
            except OverBudget:
                uncounted.extend(group)
    outside = hidden.difference(settled, frontier)
    return Frontier(settled, counted, uncounted, outside, settlement.open_numbers)
