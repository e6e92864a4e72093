"""The generator's exact proofs: by frontier component, found by search, remembered.

A replay that is stuck asks for exact proofs again and again, and most of
the frontier is the same each time, within one replay and across the
replays of one board.  So the frontier is split into components (numbers
linked by shared hidden cells, independent of each other but for the mine
total); the cells each component's numbers decide are found by searching
for layouts (:mod:`.settle`, much cheaper than counting them) and remembered
by the component's exact content.  The mine total is brought in only when
it can decide something: when it cannot (there is room for any frontier
total outside the frontier, and the outside cells are not all settled by
it), it would find nothing the components did not.  The solver's exact
count stands behind every search that goes past its budget.

Every search starts with one layout in hand: the one being replayed, which
agrees with every number and the total.  Where the player is stuck, that
layout and two or three found show every cell both ways.
"""

from __future__ import annotations

from ..solver.counting import Constraints, frontier_certain, tally
from .cells import Cells, bits
from .settle import Bounds, Number, OutOfChoices, Puzzle, possible, settle

Component = tuple[int, tuple[tuple[int, int], ...]]
"""A frontier component: the mask of its hidden cells and its numbers with their needs."""

Certain = list[tuple[int, bool]]
"""Cells proved, as indices, with True for a mine."""


class Exact:
    """Exact proofs, for the replays of one board."""

    def __init__(self, cells: Cells):
        self.cells = cells
        self._by_component: dict[Component, Certain] = {}
        self._local: dict[Component, tuple[list[int], Puzzle]] = {}
        """Each component as its searches see it (:meth:`_localised`)."""
        self._layouts: dict[Component, list[int]] = {}
        """Layouts of a component's numbers its search found, their mines as
        masks of places in the order of :attr:`_local`."""
        self._with_totals: dict[tuple[tuple[Component, ...], int, int], Certain] = {}
        """What the total proved, by position: a board is often replayed to the same one."""
        self.used_total = False
        """Whether the last cells proved needed the total, and so every number."""

    def certain(
        self, components: list[Component], unknown: int, mines: int, layout: int
    ) -> Certain:
        """Cells proved by ``components`` and, when it can tell, the total ``mines``
        left among the ``unknown`` cells (a mask).

        ``layout`` (a mask) is a layout that agrees with the numbers and the
        total, the one being replayed: each search starts with it in hand.  It
        saves searches, never decides a cell: what is proved is what every
        layout agrees on, whichever layouts were seen on the way.

        Every number must have been read alone and with each number it shares
        cells with (:class:`.replay.Replay` asks only then): a component of one
        or two numbers then decides nothing more, for those rules are complete
        on one or two numbers.
        """
        found: Certain = []
        frontier = 0
        for component in components:
            found += self._component(component, layout)
            frontier |= component[0]
        self.used_total = not found
        if found:
            return found
        frontier_size = frontier.bit_count()
        outside = unknown.bit_count() - frontier_size
        if frontier_size < mines < outside:
            return []
        key = (tuple(components), unknown, mines)
        known = self._with_totals.get(key)
        if known is None:
            try:
                known = self._with_total(components, unknown & ~frontier, mines, layout)
            except OutOfChoices:
                numbers = [number for _, numbers in components for number in numbers]
                known = self._solve(self._board(numbers, unknown, mines=mines))
            self._with_totals[key] = known
        return known

    def _with_total(
        self, components: list[Component], outside: int, mines: int, layout: int
    ) -> Certain:
        """Cells proved by all the numbers together with the total: ``mines`` left
        for the components' cells and the ``outside`` ones (a mask) to share.

        The components' local places are laid end to end: each component's
        numbers and layouts serve as they are, shifted past the ones before."""
        order: list[int] = []
        numbers: list[Number] = []
        found_before: list[tuple[int, list[int]]] | None = []
        for component in components:
            its_order, its_puzzle = self._localised(component)
            shift = len(order)
            order += its_order
            if len(components) > 1:
                numbers += [(around << shift, need) for around, need in its_puzzle.numbers]
            if component not in self._layouts:
                self._settle(component, layout)
            its_layouts = self._layouts.get(component)  # None: settled by the solver
            if its_layouts is None or found_before is None:
                found_before = None
            else:
                its_cells = its_puzzle.cells << shift
                if shift:
                    its_layouts = [each << shift for each in its_layouts]
                found_before.append((its_cells, its_layouts))
        size, room = len(order), outside.bit_count()
        cells = (1 << size) - 1
        # A lone component, the usual case, is searched as it was without the total.
        puzzle = (
            self._localised(components[0])[1] if len(components) == 1 else Puzzle(numbers, cells)
        )
        fewest, most = max(0, mines - room), min(mines, size)
        seen_mine, seen_safe, counts = (
            _seen(found_before, (fewest, most)) if found_before else (0, 0, set[int]())
        )
        found: Certain = []
        layouts: list[int] = []
        if (fewest, most) != (0, size):  # else the components have said it all
            bounds = (fewest, most)
            found_mines, found_safe = settle(puzzle, bounds, layouts, (seen_mine, seen_safe))
            found += [(order[place], True) for place in bits(found_mines)]
            found += [(order[place], False) for place in bits(found_safe)]
        counts |= {each.bit_count() for each in layouts}

        def possible_with(low: int, high: int) -> bool:
            """Whether the frontier may hold from ``low`` to ``high`` mines: the
            layouts found so far may already say so."""
            return any(low <= count <= high for count in counts) or possible(
                puzzle, (low, high)
            )

        # The outside cells are alike: all safe if the frontier must hold every
        # mine left, all mines if it must hold as few as it can.
        if room and most == mines and not possible_with(fewest, mines - 1):
            found += [(cell, False) for cell in bits(outside)]
        elif room and fewest == mines - room and not possible_with(fewest + 1, most):
            found += [(cell, True) for cell in bits(outside)]
        return found

    def _component(self, component: Component, layout: int) -> Certain:
        known = self._by_component.get(component)
        if known is None and len(component[1]) <= 2:
            return []
        if known is None:
            known = self._by_component[component] = self._settle(component, layout)
        return known

    def _settle(self, component: Component, layout: int) -> Certain:
        """What the component's numbers alone decide (the mine total cannot
        change it): by :func:`.settle.settle`, with ``layout`` as its witness,
        or by the solver when that search is out of its depth."""
        order, puzzle = self._localised(component)
        layouts: list[int] = []
        witness = 0
        for place, cell in enumerate(order):
            witness |= (layout >> cell & 1) << place
        try:
            mines, safe = settle(puzzle, None, layouts, witness=witness)
        except OutOfChoices:
            hidden, numbers = component
            decided = frontier_certain(self._board(list(numbers), hidden, mines=0))
            index = self.cells.index
            return [(index(cell), mine) for cell, mine in decided.items()]
        self._layouts[component] = layouts
        return [(order[place], True) for place in bits(mines)] + [
            (order[place], False) for place in bits(safe)
        ]

    def _localised(self, component: Component) -> tuple[list[int], Puzzle]:
        """The component's numbers over its hidden cells, for a search: the hidden
        cells in order, and the puzzle of each number's places in that order as
        a mask: small masks, however large the board.  Numbers that say the same
        thing of the same cells are given once."""
        known = self._local.get(component)
        if known is not None:
            return known
        hidden, numbers = component
        order = list(bits(hidden))
        place = {cell: 1 << at for at, cell in enumerate(order)}
        masks = self.cells.masks
        local: dict[Number, None] = {}
        for number, need in numbers:
            around, places = masks[number] & hidden, 0
            while around:  # at most eight cells: no need for :func:`.cells.bits`
                low = around & -around
                places |= place[low.bit_length() - 1]
                around ^= low
            local[places, need] = None
        known = self._local[component] = order, Puzzle(list(local), (1 << len(order)) - 1)
        return known

    def _board(self, numbers: list[tuple[int, int]], hidden: int, *, mines: int) -> Constraints:
        points = self.cells.points
        return Constraints(
            self.cells.grid,
            {points[cell]: need for cell, need in numbers},
            frozenset(points[cell] for cell in bits(hidden)),
            mines,
        )

    def _solve(self, board: Constraints) -> Certain:
        counted = tally(board)
        index = self.cells.index
        return [
            (index(cell), layouts > 0)
            for cell, layouts in counted.mine_layouts.items()
            if layouts in (0, counted.total)
        ]


def _seen(
    per_component: list[tuple[int, list[int]]], bounds: Bounds
) -> tuple[int, int, set[int]]:
    """What the layouts each component's search found (its cells and its layouts,
    as masks) show with the total: the cells seen as mines and as safe in a
    layout of the whole frontier with between ``bounds`` mines, and the mine
    counts of such layouts.  Components are independent but for the total, so
    any of their layouts go together; the search with the total then has only
    the cells left to look at that these do not show both ways."""
    counts = [{layout.bit_count() for layout in layouts} for _, layouts in per_component]
    # The mine counts the components before and after each one can add up to.
    before = [{0}]
    for these in counts:
        before.append({total + count for total in before[-1] for count in these})
    after = [{0}]
    for these in reversed(counts):
        after.append({total + count for total in after[-1] for count in these})
    after.reverse()
    fewest, most = bounds
    seen_mine = seen_safe = 0
    for at, (cells, layouts) in enumerate(per_component):
        # The counts of this component's layouts that go with some of the others'.
        fitting = set[int]()
        for other in {one + two for one in before[at] for two in after[at + 1]}:
            fitting.update(range(fewest - other, most - other + 1))
        for layout in layouts:
            if layout.bit_count() in fitting:
                seen_mine |= layout
                seen_safe |= cells & ~layout
    return seen_mine, seen_safe, before[-1]
