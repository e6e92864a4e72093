"""The board's cells as small integers, for the generator's hot loops.

The no-guess search replays a game many times per board, so it works on cell
indices (``y * width + x``) and on neighbourhoods as bit masks, where a
subset test is one ``&``.  The neighbourhoods themselves come from
:class:`~buscaminas.grid.Grid`, the one place the board's geometry is defined.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from ..grid import Grid, Point


@dataclass(frozen=True)
class Cells:
    """Index tables of one board size."""

    grid: Grid
    points: tuple[Point, ...]
    """The cell of each index."""
    neighbours: tuple[tuple[int, ...], ...]
    masks: tuple[int, ...]
    """Each cell's neighbourhood as a bit mask."""
    near: tuple[tuple[int, ...], ...]
    """The other cells within two steps: the numbers that can share a neighbour."""
    degrees: tuple[int, ...]
    """How many neighbours each cell has."""

    def index(self, cell: Point) -> int:
        x, y = cell
        return y * self.grid.width + x


@lru_cache(maxsize=16)
def cells_of(width: int, height: int) -> Cells:
    grid = Grid(width, height)
    points = tuple(grid.cells())
    neighbours = tuple(tuple(y * width + x for x, y in grid.neighbours(p)) for p in points)
    masks = tuple(sum(1 << j for j in around) for around in neighbours)
    near = tuple(
        tuple(sorted({far for step in neighbours[cell] for far in neighbours[step]} - {cell}))
        for cell in range(len(points))
    )
    degrees = tuple(len(around) for around in neighbours)
    return Cells(grid, points, neighbours, masks, near, degrees)


def bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
