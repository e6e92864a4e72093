"""A cap on the solver's work, so that no position can make it explode.

Exact counting is cheap on the frontiers of real games but exponential in
the worst case (a wide, tangled frontier).  The counting charges a
:class:`Budget` for the work it does and stops when the budget is spent.
Work is counted in units of the counting's own steps (a move from one state
to the next, a machine word of a layout count added or multiplied, a pair of
numbers compared, a number planned), never in seconds, so an answer does not
depend on the machine or its load, and the same position always gets the same
answer.  Each kind of step is charged what it was measured to take on this
project's machine (2 cores, shared), at twenty million units a second: a unit
is about 50 ns.  The memory the counting holds at once is capped apart, in
bytes.
"""

from __future__ import annotations

ANALYSIS_WORK = 700_000
"""Units one analysis may spend on deductions and exact counting before it
settles for what it has proved (about a thirtieth of a second).  ``help``,
``?`` and each AI move must answer within a quarter of a second on any board
up to 99×99, the first of a session included, on a machine busy with two
other processes (issues 19 and 32): besides the counting, a hostile 99×99
position takes up to some 50 ms to read, settle and estimate, the hint's
proof or the AI's weighing come after, and the first answer of a session
loads the solver.  Real games are far from it: expert positions take under
15 000 units, 99×99 games played from one opening under 40 000 and from
twenty scattered ones under 110 000.  Every costly step is charged before it
is taken, so the budget bounds the work itself."""

LOOKAHEAD_WORK = 1_500_000
"""Units the AI may spend weighing its guesses by what they would reveal
(about a twelfth of a second) before it plays the best it has weighed.
The weighing of expert games takes under 750 000 (60 games), half of it
under 130 000."""

EXPLAIN_WORK = 120_000
"""Cells the search for a hint's proof may look at (the cells around each number
read, and around each pair of numbers compared) before it tells the first
certain cell as the count proves it (about a microsecond a cell, so a tenth of
a second).  The simplest proof on a 99×99 board is most often found reading
the few numbers next to the cells it proves: a few dozen cells."""

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
