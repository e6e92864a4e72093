"""Board geometry shared by the engine, the solver and the generator.

Cells are 0-based ``(x, y)`` tuples, column first.  Plain tuples keep the hot
loops of the solver and generator cheap; the neighbour table is computed once
per board size and cached, because every rule of the game walks it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from functools import lru_cache
from typing import Final

Point = tuple[int, int]


class Grid:
    """A ``width`` × ``height`` rectangle of cells and their neighbourhoods: equal to any
    grid of the same size, which shares its neighbour table."""

    __slots__ = ("_neighbours", "height", "width")

    def __init__(self, width: int, height: int) -> None:
        if width < 1 or height < 1:
            raise ValueError(f"a grid needs positive sides, not {width}×{height}")
        self.width: Final = width
        self.height: Final = height
        self._neighbours: Final = _neighbour_table(width, height)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return (self.width, self.height) == (other.width, other.height)

    def __hash__(self) -> int:
        return hash((Grid, self.width, self.height))

    def __repr__(self) -> str:
        return f"Grid(width={self.width}, height={self.height})"

    @property
    def size(self) -> int:
        return self.width * self.height

    def __contains__(self, cell: object) -> bool:
        return cell in self._neighbours

    def cells(self) -> Iterator[Point]:
        """Every cell, row by row, as the position text lists them."""
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    @property
    def points(self) -> tuple[Point, ...]:
        """Every cell, row by row, as the same tuples every time: a table of
        cells built from it on a big board allocates no new ones."""
        return _points(self.width, self.height)

    def neighbours(self, cell: Point) -> tuple[Point, ...]:
        """The up to eight cells touching ``cell``."""
        return self._neighbours[cell]

    def mine_counts(self, mines: Collection[Point]) -> dict[Point, int]:
        """The number each safe cell shows: how many of ``mines`` touch it.  Counted
        from the mines outwards: a fifth of the board's cells are mines at most, so
        this is a few times quicker than asking each cell about its eight."""
        counts = dict.fromkeys(self._neighbours, 0)
        for mine in mines:
            for near in self._neighbours.get(mine, ()):
                counts[near] += 1
        for mine in mines:
            counts.pop(mine, None)
        return counts

    def neighbourhood(self, cell: Point) -> tuple[Point, ...]:
        """``cell`` and its neighbours: the area an opening first click keeps free."""
        return (cell, *self._neighbours[cell])


@lru_cache(maxsize=64)
def _neighbour_table(width: int, height: int) -> dict[Point, tuple[Point, ...]]:
    """Each cell's neighbours as the table's own keys: a 99×99 board's table then
    holds 9,801 cells, not eight copies of each (4 MiB less)."""
    rows = [[(x, y) for x in range(width)] for y in range(height)]
    return {
        rows[y][x]: tuple(
            rows[y + dy][x + dx]
            for dy in (-1, 0, 1)
            for dx in (-1, 0, 1)
            if (dx or dy) and 0 <= x + dx < width and 0 <= y + dy < height
        )
        for y in range(height)
        for x in range(width)
    }


@lru_cache(maxsize=64)
def _points(width: int, height: int) -> tuple[Point, ...]:
    return tuple(_neighbour_table(width, height))
