"""The numbers' side of the count: what they settle and how their components count.

Before the mine total is brought in, the open numbers are read in three
stages, cheapest first:

1. one-number deductions settle what they can (:mod:`.local`, or
   :mod:`.masks` for a board read whole);
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

from collections.abc import Callable, Collection, Mapping
from typing import NamedTuple

from ..grid import Point
from .budget import Budget, OverBudget
from .component import Alike, Component, components, count_component
from .local import Constraint, Settled, settle_pairs

WIDE_STATES = 200_000
"""A bound on a component's states above which two-number deductions are
tried before counting it: beyond it, counting may not fit a budget."""


ALIKE_COMPONENTS = 8
"""Components from which the small ones are looked up by shape
(:func:`~.component.count_component`): a ragged big board has dozens, an expert
board most often two or three."""


class Frontier(NamedTuple):
    settled: Mapping[Point, bool]
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
    settlement: Settled[Mapping[Point, bool]],
    hidden: Callable[[], frozenset[Point]],
    budget: Budget,
) -> Frontier:
    """Count what the numbers the one-number deductions of ``settlement``
    left open say about their cells, within ``budget``.

    ``hidden`` gives the board's hidden cells, asked for only when the
    settlement does not know which of them no open number touches.
    """
    settled, constraints = settlement.known, settlement.constraints
    counted: list[Component] = []
    wide: list[Constraint] = []
    groups = sorted(components(constraints), key=len)
    # Shapes recur among many components: a few are not worth looking them up.
    alike: Alike | None = {} if len(groups) >= ALIKE_COMPONENTS else None
    for group in groups:
        try:
            counted.append(count_component(group, budget, most_states=WIDE_STATES, alike=alike))
        except OverBudget:
            wide.extend(group)
    uncounted: list[Constraint] = []
    if wide:
        settled = dict(settled)
        narrowed = settle_pairs(settled, wide, budget)
        for group in sorted(components(narrowed), key=len):
            try:
                counted.append(count_component(group, budget))
            except OverBudget:
                uncounted.extend(group)
    outside = settlement.outside
    if outside is None:
        frontier = {cell for cells, _ in constraints for cell in cells}
        outside = hidden().difference(settled, frontier)
    return Frontier(settled, counted, uncounted, outside, settlement.open_numbers)
