"""A player who plays only proofs, replaying a layout from its start cell.

The no-guess generator needs to know where such a player gets stuck, many
times per board, so the deductions come in order of cost: one number
(a number already satisfied, or with as many hidden neighbours as mines
left), two numbers (what one number forces into the cells it shares with a
neighbour), the mine count, and only when all of those fail the exact
solver.  Every rule is a proof, so a replay that opens every safe cell shows
that the layout needs no guess.

The layout may change under the replay (see :mod:`.perturb`): :meth:`Replay.toggle`
moves a mine in or out of a hidden cell and brings the numbers up to date.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress

from .cells import Cells, bits
from .exact import Component, Exact

HIDDEN, OPEN, MINE = 0, 1, 2
"""What the player knows of a cell: nothing, that it is safe, that it is a mine."""


class Replay:
    """What a proof-only player knows of ``mines`` after opening ``start``.

    ``mines`` is the layout as one byte per cell; the replay shares it with
    whoever perturbs it.  ``need`` is, per cell, the mines around it that the
    player has not yet proved.
    """

    def __init__(self, cells: Cells, mines: bytearray, count: int, start: int, exact: Exact):
        neighbours = cells.neighbours
        size = len(neighbours)
        self.cells = cells
        self.exact = exact
        self.mines = mines
        self.count = count
        self.state = bytearray(size)
        need = [0] * size
        for mine in compress(range(size), mines):
            for near in neighbours[mine]:
                need[near] += 1
        self.need = need
        self.hidden = list(cells.degrees)
        """Per cell, how many neighbours are still hidden."""
        self.unknown = (1 << size) - 1
        """The hidden cells, as a mask."""
        self.proved_mines = 0
        self.used = bytearray(size)
        """The numbers a proof has read: their values must stay as they were read."""
        self.tainted = False
        """Whether a used number has changed since: the proofs are then void."""
        self.flagged = 0
        """The proved mines, as a mask."""
        self.opened = 0
        self.safe_total = size - count
        self._todo: list[int] = []
        """Numbers to read alone: their neighbourhood changed."""
        self._pending: dict[int, None] = {}
        """Numbers to read in pairs: an ordered set, so replays are deterministic."""
        self._open((start,))

    @property
    def solved(self) -> bool:
        return self.opened == self.safe_total

    def advance(self) -> bool:
        """Deduce until every safe cell is open (True) or no proof is left (False)."""
        while True:
            self._one_number()
            if self.solved:
                return True
            if not (self._two_numbers() or self._mine_count() or self._exact()):
                return False

    def frontier(self) -> list[int]:
        """The open numbers that still touch hidden cells, where the player is stuck."""
        unknown = self.unknown
        return list(bits(self.cells.spread(unknown) & ~unknown & ~self.flagged))

    def toggle(self, cell: int) -> None:
        """Move a mine into or out of hidden ``cell``, keeping the numbers true."""
        assert self.state[cell] == HIDDEN, "only hidden cells may change"
        delta = 1 - 2 * self.mines[cell]
        self.mines[cell] ^= 1
        need, state, used = self.need, self.state, self.used
        for near in self.cells.neighbours[cell]:
            need[near] += delta
            if state[near] == OPEN:
                self._todo.append(near)
                self.tainted = self.tainted or bool(used[near])

    # --- proofs, cheapest first ----------------------------------------------------

    def _one_number(self) -> None:
        todo, state, need, hidden, used = self._todo, self.state, self.need, self.hidden, self.used
        neighbours = self.cells.neighbours
        while todo:
            number = todo.pop()
            left = hidden[number]
            if not left or state[number] != OPEN:
                continue
            missing = need[number]
            if missing == 0:
                used[number] = 1
                self._open([near for near in neighbours[number] if state[near] == HIDDEN])
            elif missing == left:
                used[number] = 1
                self._flag([near for near in neighbours[number] if state[near] == HIDDEN])
            else:
                self._pending[number] = None

    def _two_numbers(self) -> bool:
        """Find one proof from two numbers sharing hidden cells; True if found.

        Of two numbers, the first puts between ``fewest`` and ``most`` mines in
        the cells they share; the second's other cells (``rest``) are then all
        safe if it needs no more than ``fewest``, all mines if it needs all of
        them besides ``most``.  Both ways round are read.
        """
        pending, state, hidden, masks = self._pending, self.state, self.hidden, self.cells.masks
        near, need, unknown = self.cells.near, self.need, self.unknown
        while pending:
            first, _ = pending.popitem()
            if state[first] != OPEN or not hidden[first]:
                continue
            around_first = masks[first] & unknown
            need_first = need[first]
            for second in near[first]:
                if state[second] != OPEN or not hidden[second]:
                    continue
                around_second = masks[second] & unknown
                shared = around_first & around_second
                if not shared:
                    continue
                need_second = need[second]
                in_shared = shared.bit_count()
                for reader, needs, other, other_needs in (
                    (around_first, need_first, around_second, need_second),
                    (around_second, need_second, around_first, need_first),
                ):
                    rest = other & ~shared
                    if not rest:
                        continue
                    if max(0, needs - reader.bit_count() + in_shared) == other_needs:
                        self._open(bits(rest))
                    elif min(needs, in_shared) == other_needs - rest.bit_count():
                        self._flag(bits(rest))
                    else:
                        continue
                    self.used[first] = self.used[second] = 1
                    pending[first] = None  # its other pairs are still to read
                    return True
        return False

    def _mine_count(self) -> bool:
        """All hidden cells are safe, or all are mines, by the mine total alone."""
        left = self.count - self.proved_mines
        if not self.unknown or 0 < left < self.unknown.bit_count():
            return False
        (self._flag if left else self._open)(list(bits(self.unknown)))
        return True

    def _exact(self) -> bool:
        """Ask the exact solver, with the frontier numbers and the mine total."""
        components = self._components()
        certain = self.exact.certain(components, self.unknown, self.count - self.proved_mines)
        if certain:
            proved = sum(1 << cell for cell, _ in certain)
            for hidden, numbers in components:
                if hidden & proved or self.exact.used_total:
                    for number, _ in numbers:
                        self.used[number] = 1
        self._flag([cell for cell, mine in certain if mine])
        self._open([cell for cell, mine in certain if not mine])
        return bool(certain)

    def _components(self) -> list[Component]:
        """The frontier split where no hidden cell links two numbers."""
        state, need, unknown = self.state, self.need, self.unknown
        masks, neighbours = self.cells.masks, self.cells.neighbours
        seen: set[int] = set()
        components: list[Component] = []
        for first in self.frontier():
            if first in seen:
                continue
            seen.add(first)
            stack, numbers, hidden = [first], [], 0
            while stack:
                number = stack.pop()
                numbers.append((number, need[number]))
                fresh = masks[number] & unknown & ~hidden
                hidden |= fresh
                for cell in bits(fresh):
                    for near in neighbours[cell]:
                        if state[near] == OPEN and near not in seen:
                            seen.add(near)
                            stack.append(near)
            components.append((hidden, tuple(sorted(numbers))))
        return components

    # --- what a proof changes -------------------------------------------------------

    def _open(self, cells: Iterable[int]) -> None:
        """Open ``cells``, hidden and safe, each once."""
        state, mines, hidden, todo = self.state, self.mines, self.hidden, self._todo
        neighbours, unknown, opened = self.cells.neighbours, self.unknown, self.opened
        for cell in cells:
            assert not mines[cell], "a proof opened a mine"
            state[cell] = OPEN
            unknown ^= 1 << cell
            opened += 1
            for near in neighbours[cell]:
                left = hidden[near] - 1
                hidden[near] = left
                if left and state[near] == OPEN:  # a number with nothing left to tell is done
                    todo.append(near)
            todo.append(cell)
        self.unknown, self.opened = unknown, opened

    def _flag(self, cells: Iterable[int]) -> None:
        """Mark ``cells``, hidden mines, each once, as proved."""
        state, mines, hidden, need = self.state, self.mines, self.hidden, self.need
        neighbours, todo = self.cells.neighbours, self._todo
        unknown, flagged, proved = self.unknown, self.flagged, self.proved_mines
        for cell in cells:
            assert mines[cell], "a proof flagged a safe cell"
            state[cell] = MINE
            unknown ^= 1 << cell
            flagged |= 1 << cell
            proved += 1
            for near in neighbours[cell]:
                left = hidden[near] - 1
                hidden[near] = left
                need[near] -= 1
                if left and state[near] == OPEN:
                    todo.append(near)
        self.unknown, self.flagged, self.proved_mines = unknown, flagged, proved
