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
  chances add up to the mine total as exact ones do (when that density stays
  strictly between 0 and 1).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from ..grid import Point
from .component import Component
from .frontier import Frontier
from .local import InconsistentPosition

LEAST = 0.001
"""The estimates are kept this far from 0 and 1."""


def estimate(hidden: Iterable[Point], mines: int, frontier: Frontier) -> dict[Point, float]:
    """Every hidden cell's chance of a mine: 0.0 or 1.0 for the proved cells
    only, an estimate for the others."""
    certain = frontier.certain()
    undecided = [cell for cell in hidden if cell not in certain]
    mines_left = mines - sum(certain.values())
    if not 0 <= mines_left <= len(undecided):
        raise InconsistentPosition("the mine total does not fit the cells left")
    if mines_left in (0, len(undecided)):
        all_mines = mines_left > 0
        # An uncounted number needs some mines among its cells, not all.
        if frontier.uncounted or not all(
            _allows(component, all_mines) for component in frontier.components
        ):
            raise InconsistentPosition("the mine total does not fit the numbers")
        certain.update(dict.fromkeys(undecided, all_mines))
        return {cell: float(mine) for cell, mine in certain.items()}
    density = mines_left / len(undecided)
    near: dict[Point, float] = {}
    for component in frontier.components:
        near.update(_weighted(component, density))
    near.update(_from_numbers(frontier))
    chances = {cell: _kept_off_the_ends(near[cell]) for cell in undecided if cell in near}
    elsewhere = [cell for cell in undecided if cell not in near]
    if elsewhere:
        left = (mines_left - sum(chances.values())) / len(elsewhere)
        chances.update(dict.fromkeys(elsewhere, _kept_off_the_ends(left)))
    chances.update({cell: float(mine) for cell, mine in certain.items()})
    return chances


def _kept_off_the_ends(chance: float) -> float:
    """An estimate never reads as a proof."""
    return min(1 - LEAST, max(LEAST, chance))


def _allows(component: Component, all_mines: bool) -> bool:
    """Whether the component has a layout with no mine, or with every cell mined."""
    cells = sum(len(cells) for cells, _ in component.marginals)
    index = cells if all_mines else 0
    return index < len(component.counts) and component.counts[index] > 0


def _weighted(component: Component, density: float) -> dict[Point, float]:
    """The component's marginals, each mine total weighted by ``(p / (1 - p))^m``."""
    ratio = math.log(density / (1 - density))
    top = max(
        math.log(count) + mines * ratio for mines, count in enumerate(component.counts) if count
    )

    def weighted(poly: list[int]) -> float:
        return sum(
            math.exp(math.log(count) + mines * ratio - top)
            for mines, count in enumerate(poly)
            if count
        )

    whole = weighted(component.counts)
    chances: dict[Point, float] = {}
    for cells, marginal in component.marginals:
        chance = weighted(marginal) / whole / len(cells)
        chances.update(dict.fromkeys(cells, chance))
    return chances


def _from_numbers(frontier: Frontier) -> dict[Point, float]:
    """The share of its cells each uncounted number needs, averaged per cell."""
    shares: dict[Point, list[float]] = {}
    for cells, need in frontier.uncounted:
        for cell in cells:
            shares.setdefault(cell, []).append(need / len(cells))
    return {cell: sum(values) / len(values) for cell, values in shares.items()}
