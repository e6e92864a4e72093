"""The generator's exact proofs: by frontier component, found by search, remembered.

A replay that is stuck asks for exact proofs again and again, and most of
the frontier is the same each time, within one replay and across the
replays of one board.  So the frontier is split into components (numbers
linked by shared hidden cells, independent of each other); the cells each
component's numbers decide are found by searching for layouts
(:mod:`.settle`, much cheaper than counting them) and remembered by the
component's exact content.  The solver's exact count stands behind every
search that goes past its budget.

The mine total is not read here but by the replay's mine count, the way a
player reads it: alone, or against numbers with no hidden cell in common
(:meth:`.proof_player.ProofPlayer._mine_count`).  Searching every frontier layout
against the total as well was measured to be needed by about 1 board in
200 at 8×8 with 10 mines, and as few or fewer on the other sizes measured,
yet it was the costliest part of the slowest boards of every size, most of
it spent proving that a stuck player stays stuck (the ``tatham`` section of
``benchmarks/README.md``).
Only a tiny board, whose every layout is tried, is judged completely
(``complete``): there a verdict that no layout needs no guess is told to
the player, so it must hold for every proof, the total's included.

Every search starts with one layout in hand: the one being replayed, which
agrees with every number.  Where the player is stuck, that layout and two or
three found show every cell both ways.
"""

from __future__ import annotations

from ..solver.counting import Constraints, frontier_certain, tally
from .cells import Cells, bits
from .settle import Number, OutOfChoices, settle

Component = tuple[int, tuple[tuple[int, int], ...]]
"""A frontier component: the mask of its hidden cells and its numbers with their needs."""

Certain = list[tuple[int, bool]]
"""Cells proved, as indices, with True for a mine."""


class Exact:
    """Exact proofs, for the replays of one board."""

    def __init__(self, cells: Cells, *, complete: bool = False):
        self.cells = cells
        self.complete = complete
        """Whether :meth:`with_total` is to be asked where the components prove nothing."""
        self._by_component: dict[Component, Certain] = {}

    def certain(self, component: Component, layout: int) -> Certain:
        """Cells the numbers of ``component`` prove, remembered.

        ``layout`` (a mask) is a layout that agrees with the numbers, the one
        being replayed: the search starts with it in hand.  It saves searches,
        never decides a cell: what is proved is what every layout agrees on,
        whichever layouts were seen on the way.

        Every number must have been read alone and with each number it shares
        cells with (:class:`.proof_player.ProofPlayer` asks only then): a component of one
        or two numbers then decides nothing more, for those rules are complete
        on one or two numbers.
        """
        known = self._by_component.get(component)
        if known is None and len(component[1]) <= 2:
            return []
        if known is None:
            known = self._by_component[component] = self._settle(component, layout)
        return known

    def with_total(self, components: list[Component], unknown: int, mines: int) -> Certain:
        """Cells every layout of the frontier ``components`` and the ``unknown``
        cells (a mask) around them agrees on, with ``mines`` left among them: by
        the solver's count, for :attr:`complete` judgements only."""
        numbers = [number for _, numbers in components for number in numbers]
        counted = tally(self._board(numbers, unknown, mines=mines))
        index = self.cells.index
        return [
            (index(cell), layouts > 0)
            for cell, layouts in counted.mine_layouts.items()
            if layouts in (0, counted.total)
        ]

    def _settle(self, component: Component, layout: int) -> Certain:
        """What the component's numbers decide: by :func:`.settle.settle`, with
        ``layout`` as its witness, or by the solver when that search is out of
        its depth."""
        order, local = self._localised(component)
        witness = 0
        for place, cell in enumerate(order):
            witness |= (layout >> cell & 1) << place
        try:
            mines, safe = settle(local, (1 << len(order)) - 1, witness)
        except OutOfChoices:
            hidden, numbers = component
            decided = frontier_certain(self._board(list(numbers), hidden, mines=0))
            index = self.cells.index
            return [(index(cell), mine) for cell, mine in decided.items()]
        return [(order[place], True) for place in bits(mines)] + [
            (order[place], False) for place in bits(safe)
        ]

    def _localised(self, component: Component) -> tuple[list[int], list[Number]]:
        """The component's numbers over its hidden cells, for a search: the hidden
        cells in order, and each number's places in that order as a mask: small
        masks, however large the board.  Numbers that say the same thing of the
        same cells are given once."""
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
        return order, list(local)

    def _board(self, numbers: list[tuple[int, int]], hidden: int, *, mines: int) -> Constraints:
        """The numbers and hidden cells as the solver reads them, ``mines`` left."""
        points = self.cells.points
        return Constraints(
            self.cells.grid,
            {points[cell]: need for cell, need in numbers},
            frozenset(points[cell] for cell in bits(hidden)),
            mines,
        )
