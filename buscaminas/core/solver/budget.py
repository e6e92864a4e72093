"""A cap on the solver's work, so that no position can make it explode.

Exact counting is cheap on the frontiers of real games but exponential in
the worst case (a wide, tangled frontier).  The counting charges a
:class:`Budget` for the work it does and stops when the budget is spent.
Work is counted in units of the counting's own steps (a machine word of a
layout count added or multiplied, a step from one state to the next, a pair
of numbers compared), never in seconds, so an answer does not depend on the
machine or its load, and the same position always gets the same answer.  On
this project's machine (2 cores, shared) twenty million units take about
a second.  The memory the counting holds at once is capped apart, in
bytes.
"""

from __future__ import annotations

ANALYSIS_WORK = 1_000_000
"""Units one analysis may spend on deductions and exact counting before it
settles for what it has proved (about a seventh of a second): ``help``, ``?``
and each AI move must answer within a quarter of a second on any board up to
99×99 (issue 19), the hint's proof and the AI's weighing included.  Real
expert (30×16) games take under 40 000 units a position; a 99×99 board with
half its safe cells scattered open, about 3.2 million.  Every costly step is
charged before it is taken, so the budget bounds the work itself."""

LOOKAHEAD_WORK = 1_500_000
"""Units the AI may spend weighing its guesses by what they would reveal
(about a twentieth of a second) before it plays the best it has weighed.
The weighing of expert games takes under 1.2 million (100 games)."""

EXPLAIN_WORK = 120_000
"""Cells the search for a hint's proof may look at (the cells around each number
read, and around each pair of numbers compared) before it tells the first
certain cell as the count proves it (about a microsecond a cell, so a tenth of
a second).  Finding the simplest proof on a 99×99 board with half its safe
cells scattered open looks at about 110 000."""

HELD_BYTES = 60_000_000
"""Most memory the counting may hold at once (the states of one component)."""


class OverBudget(Exception):
    """The work asked for would take more than the budget allows."""


class Budget:
    """Units of work left; :meth:`spend` raises :class:`OverBudget` past zero,
    and :meth:`hold` past :data:`HELD_BYTES`."""

    def __init__(self, units: int):
        self.limit = units
        self.left = units

    def hold(self, size: int) -> None:
        """Check that ``size`` bytes may be held at once."""
        if size > HELD_BYTES:
            raise OverBudget

    def spend(self, units: int) -> None:
        self.left -= units
        if self.left < 0:
            raise OverBudget

    @property
    def untouched(self) -> bool:
        """Whether nothing was spent yet: a failure now is the work's own size."""
        return self.left == self.limit
