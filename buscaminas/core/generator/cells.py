"""The board's cells as small integers, for the generator's hot loops.

The no-guess search replays a game many times per board, so it works on cell
indices (``y * width + x``) and on neighbourhoods as bit masks, where a
subset test is one ``&``.  The neighbourhoods themselves come from
:class:`~buscaminas.core.grid.Grid`, the one place the board's geometry is defined.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..grid import Grid, Point


@dataclass(frozen=True)
class Cells:
    """Index tables of one board size."""

    grid: Grid
    points: tuple[Point, ...]
    """The cell of each index."""
    masks: tuple[int, ...]
    """Each cell's neighbourhood as a bit mask."""

    full: int
    """Every cell, as a mask."""
    spread: Callable[[int], int]
    """The cells of a mask and their neighbours (:func:`spreader`)."""

    def index(self, cell: Point) -> int:
        x, y = cell
        return y * self.grid.width + x


@lru_cache(maxsize=16)
def cells_of(width: int, height: int) -> Cells:
    grid = Grid(width, height)
    points = tuple(grid.cells())
    masks = tuple(sum(1 << y * width + x for x, y in grid.neighbours(p)) for p in points)
    full = (1 << len(points)) - 1
    return Cells(grid, points, masks, full, spreader(width, height))


def spreader(width: int, height: int) -> Callable[[int], int]:
    """The function giving the cells of a mask and their neighbours, by shifting
    whole masks: much cheaper than visiting the cells one by one on a large
    board.  A closure over the board's constants, for it runs in every step
    of a replay."""
    full = (1 << width * height) - 1
    first_column = sum(1 << y * width for y in range(height))
    inner_left = full & ~first_column  # where a step right may land
    inner_right = full & ~(first_column << width - 1)  # where a step left may land

    def spread(mask: int) -> int:
        across = mask | (mask << 1) & inner_left | (mask >> 1) & inner_right
        return (across | across << width | across >> width) & full

    return spread


def bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    if mask.bit_length() <= LONG_MASK or mask.bit_count() <= FEW_BITS:
        while mask:
            low = mask & -mask
            yield low.bit_length() - 1
            mask ^= low
        return
    # On a large mask each step above copies the whole mask: search its digits instead.
    digits = bin(mask)[:1:-1]
    at = digits.find("1")
    while at >= 0:
        yield at
        at = digits.find("1", at + 1)


def mask_of(indices: Sequence[int]) -> int:
    """The mask with the bits of ``indices`` set: built as text, for on a large
    board adding the bits one by one would copy the whole mask each time."""
    digits = bytearray(b"0" * (max(indices, default=-1) + 1))
    for at in indices:
        digits[at] = 49  # "1"
    return int(digits[::-1] or b"0", 2)


LONG_MASK = 1024
FEW_BITS = 16
"""Masks up to ``LONG_MASK`` bits long, or with up to ``FEW_BITS`` bits set, are
read a bit at a time, others as text: the faster way for each, measured."""
