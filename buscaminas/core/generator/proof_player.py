"""A player who plays only proofs, replaying a layout from its start cell.

The no-guess generator needs to know where such a player gets stuck, many
times per board, so the deductions come in order of cost: one number
(a number already satisfied, or with as many hidden neighbours as mines
left), two numbers (what one number forces into the cells it shares with a
neighbour), the mine count (the total alone, or against numbers with no
hidden cell in common, which hold exactly the mines they need), and only
when all of those fail what each frontier component's numbers prove, by an
exact search (:mod:`.exact`).  Every rule is a proof, so a replay that opens
every safe cell shows that the layout needs no guess.

Everything the player knows is kept as bit masks over the cells (see
:mod:`.cells`), and the one-number rule is read for every number at once
with whole-mask operations: a number clears its hidden neighbours exactly
when none of them is a mine, and flags them exactly when all of them are.
A board's worth of numbers then costs a few dozen integer operations per
step of an opening's spread, instead of a few per cell and neighbour.

The layout may change under the replay (see :mod:`.perturb`):
:meth:`ProofPlayer.repair` moves mines, and the numbers beside them are read
again.  A proof holds as long as the numbers it read keep the values it read, so every step's start
is kept (a handful of masks): a repair that changes a number a proof has
read, or a cell the player already knows, takes the replay back to the last
step before that, where the new layout agrees with everything the player
had learnt.  The steps the replay keeps are then always one sequence of
proofs on the layout as it is now, and a replay that opens every safe cell
shows that this layout needs no guess.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cells import Cells, bits
from .exact import Component, Exact

Step = tuple[int, int, int, int, int, int]
"""What the player knew at the start of a proof step, and the layout then, as
masks: the layout, the hidden cells, the proved mines, the numbers read, the
cells changed since their numbers were read alone, the numbers waiting in pairs."""


class ProofPlayer:
    """What a proof-only player knows of the layout ``mines`` (a mask) after opening ``start``.

    The replay reads the layout only through what a player sees: a number is
    the count of mines around its cell, and the mines still to find around
    it are those among its hidden neighbours.
    """

    def __init__(self, cells: Cells, mines: int, count: int, start: int, exact: Exact):
        self.cells = cells
        self.exact = exact
        self.mines = mines
        self.count = count
        self.unknown = cells.full
        """The hidden cells."""
        self.flagged = 0
        """The proved mines."""
        self.proved_mines = 0
        self.used = 0
        """The numbers a proof has read: their values must stay as they were read."""
        self.opened = 0
        self.safe_total = len(cells.points) - count
        self._changed = 0
        """Cells opened, flagged or toggled since the numbers around them were last read alone."""
        self._pending = 0
        """Numbers to read in pairs: read alone, they proved nothing."""
        self._open(1 << start)
        self._steps: list[Step] = []
        """The start of every step so far, to go back to (:meth:`repair`)."""

    @property
    def solved(self) -> bool:
        return self.opened == self.safe_total

    @property
    def numbers(self) -> int:
        """The open cells: the numbers the player sees."""
        return self.cells.full & ~(self.unknown | self.flagged)

    def advance(self) -> bool:
        """Deduce until every safe cell is open (True) or no proof is left (False)."""
        while True:
            self._keep()
            self._one_number()
            if self.solved:
                return True
            self._keep()
            if not (self._two_numbers() or self._mine_count_or_exact()):
                return False

    @property
    def frontier(self) -> int:
        """The open numbers that still touch hidden cells (a mask), where the player
        is stuck."""
        return self.cells.spread(self.unknown) & self.numbers

    def repair(self, moved: int) -> bool:
        """Move mines: toggle every cell of ``moved`` (a mask, as many mines in as
        out, never the start), going back to the last step the new layout
        leaves standing; True if the replay went back.

        A step stands when the cells moved since it were all hidden then and
        every number read before it still counts the mines it counted then.
        Both only grow more likely going back, so the last such step is found
        by bisection; the first step, before any proof, always stands.
        """
        self.mines ^= moved
        if not moved & ~self.unknown and self._counts_kept(self.mines ^ moved, self.used):
            self._changed |= moved
            return False
        steps = self._steps
        low, high = 0, len(steps) - 1  # steps[low] stands; none after high does
        while low < high:
            middle = (low + high + 1) // 2
            if self._stands(steps[middle]):
                low = middle
            else:
                high = middle - 1
        mines, self.unknown, self.flagged, self.used, changed, self._pending = steps[low]
        del steps[low:]
        # The numbers beside every cell moved since are read alone again.
        self._changed = changed | mines ^ self.mines
        self.opened = (self.cells.full & ~(self.unknown | self.flagged)).bit_count()
        self.proved_mines = self.flagged.bit_count()
        return True

    def _stands(self, step: Step) -> bool:
        """Whether the proofs before ``step`` hold on the layout as it is now."""
        mines, unknown, _, used, _, _ = step
        return not (mines ^ self.mines) & ~unknown and self._counts_kept(mines, used)

    def _counts_kept(self, before: int, read: int) -> bool:
        """Whether every number of ``read`` (a mask) counts as many mines around
        it in the layout ``before`` as in the layout now."""
        masks, now = self.cells.masks, self.mines
        for number in bits(self.cells.spread(before ^ now) & read):
            if (masks[number] & before).bit_count() != (masks[number] & now).bit_count():
                return False
        return True

    def _keep(self) -> None:
        """Remember the start of a step."""
        self._steps.append(
            (self.mines, self.unknown, self.flagged, self.used, self._changed, self._pending)
        )

    # --- proofs, cheapest first ----------------------------------------------------

    def _one_number(self) -> None:
        """Read alone every number around a change, until nothing changes.

        Step by step, all at once: the numbers beside no hidden mine clear
        their hidden neighbours, those beside no hidden safe cell flag them,
        and those beside both wait to be read in pairs.  Openings, where
        every number is 0, are spread first, by themselves: one mask
        operation per step, and most of a sparse board's cells.
        """
        spread, full, mines = self.cells.spread, self.cells.full, self.mines
        unknown, flagged, used, pending = self.unknown, self.flagged, self.used, self._pending
        zeros = full & ~spread(mines)
        near_mines = spread(unknown & mines)
        changed = self._changed
        while changed:
            wave = changed & zeros & ~unknown
            while wave:
                used |= wave
                wave = spread(wave) & unknown
                unknown ^= wave
                changed |= wave
                wave &= zeros
            near_safe = spread(unknown & ~mines)
            readers = spread(changed) & full & ~(unknown | flagged) & (near_mines | near_safe)
            # Beside hidden cells of one kind only: they are all safe, or all mines.
            deciding = readers & ~(near_mines & near_safe)
            pending |= readers ^ deciding
            used |= deciding
            changed = spread(deciding) & unknown
            unknown ^= changed
            if changed & mines:
                flagged |= changed & mines
                near_mines = spread(unknown & mines)
        self.unknown, self.flagged, self.used, self._pending = unknown, flagged, used, pending
        self.opened = (full & ~(unknown | flagged)).bit_count()
        self.proved_mines = flagged.bit_count()
        self._changed = 0

    def _two_numbers(self) -> bool:
        """Read the numbers waiting in pairs with their neighbours until a pair proves
        something (True), then let the cheaper rule follow it up first.

        Of two numbers, the first puts between ``fewest`` and ``most`` mines in
        the cells they share; the second's other cells (``rest``) are then all
        safe if it needs no more than ``fewest``, all mines if it needs all of
        them besides ``most``.  Both ways round are read.
        """
        masks, spread, full, mines = (
            self.cells.masks,
            self.cells.spread,
            self.cells.full,
            self.mines,
        )
        pending, unknown = self._pending, self.unknown
        numbers = full & ~(unknown | self.flagged)
        while pending:
            first = pending.bit_length() - 1
            reader = 1 << first
            pending ^= reader
            around_first = masks[first] & unknown
            if not around_first:
                continue
            hidden_first = around_first.bit_count()
            need_first = (around_first & mines).bit_count()
            # A partner still waiting reads this pair itself, later.
            partners = spread(around_first) & numbers & ~pending ^ reader
            while partners:
                low = partners & -partners
                partners ^= low
                around_second = masks[low.bit_length() - 1] & unknown
                shared = around_first & around_second
                in_shared = shared.bit_count()
                need_second = (around_second & mines).bit_count()
                # What each puts at least and at most in the shared cells may
                # settle the other's cells outside them.
                # (Written out, not with max and min: this is the hottest loop.)
                rest = around_second ^ shared
                least = need_first - hidden_first + in_shared
                if rest and need_second == (least if least > 0 else 0):
                    self._open(rest)
                elif rest and need_second - rest.bit_count() == (
                    need_first if need_first < in_shared else in_shared
                ):
                    self._flag(rest)
                else:
                    rest = around_first ^ shared
                    least = need_second - around_second.bit_count() + in_shared
                    if rest and need_first == (least if least > 0 else 0):
                        self._open(rest)
                    elif rest and need_first - rest.bit_count() == (
                        need_second if need_second < in_shared else in_shared
                    ):
                        self._flag(rest)
                    else:
                        continue
                self.used |= reader | low
                self._pending = pending | reader  # its other pairs are still to read
                return True
        self._pending = 0
        return False

    def _mine_count(self, components: list[Component]) -> bool:
        """The mine total against numbers of the frontier ``components`` with no
        hidden cell in common: those hold exactly the mines they need, so the
        hidden cells beside none of them are all safe if that is every mine
        left, all mines if they are the rest.

        The numbers are taken greedily, those needing the most first: the more
        mines they account for, the likelier the first case, the usual one at
        the end of a game.  With none taken, it is the total alone.
        """
        unknown, left = self.unknown, self.count - self.proved_mines
        beside = 0
        for hidden, _ in components:
            beside |= hidden
        # The numbers account for at most the cells beside them and leave over at
        # least the cells beside none: between the two, nothing can follow.
        if not unknown or beside.bit_count() < left < (unknown ^ beside).bit_count():
            return False
        masks = self.cells.masks
        waiting = sorted(
            ((need, number) for _, numbers in components for number, need in numbers),
            key=lambda entry: (-entry[0], entry[1]),
        )
        accounted = packed = read = 0
        for need, number in waiting:
            around = masks[number] & unknown
            if not around & packed:
                accounted += need
                packed |= around
                read |= 1 << number
        rest = unknown & ~packed
        if not rest or accounted < left < accounted + rest.bit_count():
            return False
        (self._flag if left > accounted else self._open)(rest)
        self.used |= read
        return True

    def _mine_count_or_exact(self) -> bool:
        """The mine count (:meth:`_mine_count`), else what each frontier
        component's numbers prove (:meth:`.exact.Exact.certain`), else, for a
        complete judgement only, what they prove with the total."""
        components = self._components()
        if self._mine_count(components):
            return True
        proved = False
        for component in components:
            certain = self.exact.certain(component, self.mines)
            if certain:
                proved = True
                self._prove(certain, component[1])
        if not proved and self.exact.complete:
            left = self.count - self.proved_mines
            certain = self.exact.with_total(components, self.unknown, left)
            proved = bool(certain)
            self._prove(certain, [number for _, numbers in components for number in numbers])
        return proved

    def _prove(self, certain: list[tuple[int, bool]], read: Sequence[tuple[int, int]]) -> None:
        """Flag and open the cells ``certain`` proved, having read the numbers ``read``."""
        for number, _ in read:
            self.used |= 1 << number
        self._flag(sum(1 << cell for cell, mine in certain if mine))
        self._open(sum(1 << cell for cell, mine in certain if not mine))

    def _components(self) -> list[Component]:
        """The frontier split where no hidden cell links two numbers."""
        spread, masks, unknown = self.cells.spread, self.cells.masks, self.unknown
        hidden_mines = unknown & self.mines
        left = spread(unknown) & self.numbers
        components: list[Component] = []
        while left:
            numbers = left & -left
            while True:
                hidden = spread(numbers) & unknown
                linked = spread(hidden) & left
                if linked == numbers:
                    break
                numbers = linked
            left ^= numbers
            # Each number with the mines around it the player has not proved yet.
            needs = tuple(
                (number, (masks[number] & hidden_mines).bit_count()) for number in bits(numbers)
            )
            components.append((hidden, needs))
        return components

    # --- what a proof changes -------------------------------------------------------

    def _open(self, cells: int) -> None:
        """Open ``cells`` (a mask), hidden and safe."""
        assert not cells & self.mines, "a proof opened a mine"
        self.unknown ^= cells
        self.opened += cells.bit_count()
        self._changed |= cells

    def _flag(self, cells: int) -> None:
        """Mark ``cells`` (a mask), hidden mines, as proved."""
        assert cells & self.mines == cells, "a proof flagged a safe cell"
        self.unknown ^= cells
        self.flagged |= cells
        self.proved_mines += cells.bit_count()
        self._changed |= cells
