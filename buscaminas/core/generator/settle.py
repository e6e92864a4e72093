"""Which cells of one frontier component its numbers decide, by searching for layouts.

A cell is decided when every layout that agrees with the numbers gives it
the same content.  So layouts are searched for, not counted: each one found
shows both contents of many cells at once, and a cell that has shown only
one content is decided exactly when a search with it fixed to the other
fails.  Each search is a depth-first search that fills in what the numbers
force after every choice (a number with all its mines placed clears its other
cells; one with as many cells left as mines fills them), so on the frontiers
a generator meets it finds a layout almost without backtracking; and each
choice first tries the content its cell has not shown yet.  That is far
cheaper than counting every layout, which is what the solver does; but a
search can in principle take exponential time, so it gives up past a budget
of choices (:data:`CHOICES`) and the caller falls back on the solver.

Cells beside exactly the same numbers are alike: swapping a mine and a safe
cell between two of them leaves every number as it was.  So a layout that
gives such a group both contents shows both for each of its cells, and a
cell of the group found decided decides the whole group.
"""

from __future__ import annotations

CHOICES = 4000
"""Choices one component's searches may make before giving up; the generator's
components need a few dozen (about one per cell and layout found)."""

DEPTH = 400
"""Choices in a row a search may stack up, well within Python's recursion limit."""

Number = tuple[int, int]
"""A number's hidden cells, as a mask, and how many mines it still needs there."""


class OutOfChoices(Exception):
    """The search went past its budget; the component is too hard to settle this way."""


def settle(numbers: list[Number], cells: int, witness: int | None = None) -> tuple[int, int]:
    """The masks of the cells that are mines and safe in every layout of ``numbers``.

    ``cells`` is the mask of all the cells the numbers see.  At least one
    layout must exist.  A ``witness`` is one known to agree (the generator
    has the one it replays): it shows both contents of many cells before any
    search, and spares the search for a first layout.  Raises
    :class:`OutOfChoices` past the budget.
    """
    search = _Search(numbers, cells)
    if witness is None:
        witness = search.find(0, 0, cells)
        if witness is None:
            raise ValueError("no layout agrees with the numbers")
    search.saw(witness)
    known_mines = known_safe = 0
    for cell in _bits(cells & ~(search.seen_mine & search.seen_safe)):
        if (known_mines | known_safe) & cell:
            continue  # decided with a cell alike to it
        # A layout exists, so a content no layout gives the cell proves the other.
        if not search.seen_mine & cell:
            found = search.find(known_mines | cell, known_safe, cell)
            if found is None:
                known_safe |= search.alike_to(cell)
                continue
            search.saw(found)
        if not search.seen_safe & cell:
            found = search.find(known_mines, known_safe | cell, cell)
            if found is None:
                known_mines |= search.alike_to(cell)
                continue
            search.saw(found)
    return known_mines, known_safe


class _Search:
    """The numbers of one component, and the contents each cell has shown so far."""

    def __init__(self, numbers: list[Number], cells: int):
        self.numbers = numbers
        touching: list[list[Number]] = [[] for _ in range(cells.bit_length())]
        beside = [0] * cells.bit_length()
        for index, number in enumerate(numbers):
            around, bit = number[0], 1 << index
            while around:
                low = around & -around
                at = low.bit_length() - 1
                touching[at].append(number)
                beside[at] |= bit
                around ^= low
        self.touching = touching
        """Per cell, the numbers around it: after one choice, only those are read."""
        by_numbers: dict[int, int] = {}
        for at, numbers_beside in enumerate(beside):
            by_numbers[numbers_beside] = by_numbers.get(numbers_beside, 0) | 1 << at
        self.alike = [group for group in by_numbers.values() if group & (group - 1)]
        """The cells (masks) beside the same numbers, two or more of them."""
        self.cells = cells
        self.seen_mine = 0
        self.seen_safe = 0
        self.choices = CHOICES

    def alike_to(self, cell: int) -> int:
        """``cell`` (a mask) and the cells alike to it."""
        for group in self.alike:
            if group & cell:
                return group
        return cell

    def saw(self, mines: int) -> None:
        """Note the contents the layout ``mines`` shows, its alike cells' both ways."""
        seen_mine, seen_safe = mines, self.cells & ~mines
        for group in self.alike:
            if mines & group and ~mines & group:
                seen_mine |= group
                seen_safe |= group
        self.seen_mine |= seen_mine
        self.seen_safe |= seen_safe

    def find(self, mines: int, safe: int, changed: int, depth: int = 0) -> int | None:
        """The mines of a layout with ``mines`` and ``safe`` as given, or None;
        ``changed`` is where they differ from what was last consistent."""
        forced = self._force(mines, safe, changed)
        if forced is None:
            return None
        mines, safe, free = forced
        if not free:
            return mines
        self.choices -= 1
        if self.choices < 0 or depth == DEPTH:
            raise OutOfChoices
        choice = self._choice(free)
        first, second = (0, choice) if self.seen_mine & choice else (choice, 0)
        for mine in (first, second):
            found = self.find(mines | mine, safe | (choice ^ mine), choice, depth + 1)
            if found is not None:
                return found
        return None

    def _choice(self, free: int) -> int:
        """A free cell of the number with the fewest free cells: the choice most
        likely to force the rest or to fail at once (and, right after a cell
        is fixed, one beside it, where its consequences are)."""
        best, fewest = free, free.bit_count() + 1
        for around, _ in self.numbers:
            here = around & free
            if here:
                room = here.bit_count()
                if room < fewest:
                    best, fewest = here, room
                    if room == 2:  # after forcing, no number has fewer
                        break
        return best & -best

    def _force(self, mines: int, safe: int, changed: int) -> tuple[int, int, int] | None:
        """What the numbers force once ``changed`` cells are set, with the cells
        still unset, or None on a contradiction."""
        touching, every_number, cells = self.touching, self.numbers, self.cells
        unset = cells & ~(mines | safe)
        while changed:
            touched, changed = changed, 0
            numbers = (
                touching[touched.bit_length() - 1]
                if not touched & (touched - 1)
                else every_number
            )
            for around, need in numbers:
                if not around & touched:
                    continue
                free = around & unset
                room = free.bit_count()
                left = need - (around & mines).bit_count()
                if left < 0 or left > room:
                    return None
                if room and (not left or left == room):
                    if left:
                        mines |= free
                    else:
                        safe |= free
                    unset ^= free
                    changed |= free
        return mines, safe, unset


def _bits(mask: int) -> list[int]:
    """The set bits of ``mask``, each as a mask of its own, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low)
        mask ^= low
    return found
