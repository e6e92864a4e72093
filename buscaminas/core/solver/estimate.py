"""Mine probabilities when the layouts are too many to count: proofs, then estimates.

What is certain stays certain: the cells the deductions settle, the cells
the components that could be counted decide, and every cell when the mine
total settles them all.  Every other cell gets an estimate, strictly between
0 and 1 so that it can never read as a proof:

- in a counted component, its exact layouts weighted as if each cell off
  the frontier held a mine independently, at the density of the mines left;
- next to an uncounted number, the share of its cells that number needs,
  averaged over the numbers it touches;
- elsewhere, the mines those estimates leave, spread evenly, so that the
  chances add up to the mine total as exact ones do; when nothing lies
  elsewhere, or what is left does not fit it, all the estimates are scaled
  to add up.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from operator import mul

from ..grid import Point
from .component import Component
from .frontier import Frontier
from .local import InconsistentPosition

FLOAT_BITS = 1000
"""Bits of the largest count a float holds, with room to spare."""
LEAST = 0.001
"""The estimates are kept this far from 0 and 1."""


Chances = list[tuple[list[Point], float]]
"""Groups of cells with their chance of a mine, each cell in one group."""


def estimate(hidden: Iterable[Point], mines: int, frontier: Frontier) -> Chances:
    """Every hidden cell's chance of a mine: 0.0 or 1.0 for the proved cells
    only, an estimate for the others.  Cells alike (a class of a component,
    every cell off the frontier) come as one group, so that a big board's
    thousands of cells are not each a share of the tally."""
    certain = frontier.certain()
    undecided = [cell for cell in hidden if cell not in certain]
    mines_left = mines - sum(certain.values())
    if not 0 <= mines_left <= len(undecided):
        raise InconsistentPosition("the mine total does not fit the cells left")
    proved: Chances = [
        ([cell for cell, mine in certain.items() if mine], 1.0),
        ([cell for cell, mine in certain.items() if not mine], 0.0),
    ]
    if mines_left in (0, len(undecided)):
        all_mines = mines_left > 0
        # An uncounted number needs some mines among its cells, not all.
        if frontier.uncounted or not all(
            _allows(component, all_mines) for component in frontier.components
        ):
            raise InconsistentPosition("the mine total does not fit the numbers")
        return [*proved, (undecided, float(all_mines))]
    density = mines_left / len(undecided)
    groups: Chances = []
    near: set[Point] = set()
    for component in frontier.components:
        for cells, chance in _weighted(component, density):
            undecided_cells = [cell for cell in cells if cell not in certain]
            if undecided_cells:
                groups.append((undecided_cells, _kept_off_the_ends(chance)))
                near.update(undecided_cells)
    alike: dict[float, list[Point]] = {}
    for cell, chance in _from_numbers(frontier).items():
        if cell not in certain and cell not in near:
            alike.setdefault(_kept_off_the_ends(chance), []).append(cell)
            near.add(cell)
    groups += [(cells, chance) for chance, cells in alike.items()]
    elsewhere = [cell for cell in undecided if cell not in near]
    if elsewhere:
        left = (mines_left - sum(len(cells) * chance for cells, chance in groups)) / len(elsewhere)
        groups.append((elsewhere, _kept_off_the_ends(left)))
    return [*proved, *_adding_up(groups, mines_left)]


def _adding_up(groups: Chances, mines: int) -> Chances:
    """The chances scaled, when they do not already, to add up to ``mines``: with
    no cell off the frontier to take what the estimates near it leave, or too
    much or too little left for those cells.  A chance kept off 0 or 1 stays
    there, and the others take its part, round after round."""
    kept = [False] * len(groups)
    for _ in range(len(groups)):
        free = fixed = 0.0
        for (cells, chance), at_end in zip(groups, kept, strict=True):
            if at_end:
                fixed += len(cells) * chance
            else:
                free += len(cells) * chance
        if not free or math.isclose(free + fixed, mines, rel_tol=1e-12):
            break
        factor = (mines - fixed) / free
        scaled: Chances = []
        for index, (cells, chance) in enumerate(groups):
            if not kept[index]:
                wanted = chance * factor
                chance = _kept_off_the_ends(wanted)
                kept[index] = chance != wanted
            scaled.append((cells, chance))
        groups = scaled
    return groups


def _kept_off_the_ends(chance: float) -> float:
    """An estimate never reads as a proof."""
    return min(1 - LEAST, max(LEAST, chance))


def _allows(component: Component, all_mines: bool) -> bool:
    """Whether the component has a layout with no mine, or with every cell mined."""
    cells = sum(len(cells) for cells, _ in component.marginals)
    index = cells if all_mines else 0
    return index < len(component.counts) and component.counts[index] > 0


def _weighted(component: Component, density: float) -> list[tuple[tuple[Point, ...], float]]:
    """The component's classes with their marginals, each mine total weighted
    by ``(p / (1 - p))^m``.

    The weights are worked out once, scaled so that the largest weighted count
    is 1: a class's marginal is then a sum of products in C.  Counts too big
    for a float are scaled down first, by the same power of two for them all.
    """
    ratio = math.log(density / (1 - density))
    counts = component.counts
    shift = max(0, max(counts).bit_length() - FLOAT_BITS)
    top = max(
        math.log(count >> shift) + mines * ratio
        for mines, count in enumerate(counts)
        if count >> shift
    )
    weights = [math.exp(mines * ratio - top) for mines in range(len(counts))]

    def weighted(poly: list[int]) -> float:
        return math.fsum(map(mul, map(float, [count >> shift for count in poly]), weights))

    whole = weighted(counts)
    return [
        (cells, weighted(marginal) / whole / len(cells)) for cells, marginal in component.unpacked()
    ]


def _from_numbers(frontier: Frontier) -> dict[Point, float]:
    """The share of its cells each uncounted number needs, averaged per cell."""
    shares: dict[Point, list[float]] = {}
    for cells, need in frontier.uncounted:
        for cell in cells:
            shares.setdefault(cell, []).append(need / len(cells))
    return {cell: sum(values) / len(values) for cell, values in shares.items()}
