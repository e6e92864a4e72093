"""Mine layouts: seeded, with the first cell tried kept free."""

from __future__ import annotations

import random
from collections.abc import Callable

from .grid import Grid, Point

Progress = Callable[[float], None]


class LayoutError(ValueError):
    """A layout that cannot exist, such as more mines than cells to hold them."""


def mine_range(width: int, height: int) -> tuple[int, int]:
    """The smallest and largest mine count a ``width`` × ``height`` board can hold."""
    return 1, width * height - 1


def reserved_cells(grid: Grid, start: Point, count: int) -> tuple[Point, ...]:
    """The cells kept free of mines: the start's whole neighbourhood when the
    count leaves room for it, so that the first click is an opening."""
    around = grid.around(start)
    return around if count <= grid.size - len(around) else (start,)


def generate(
    width: int,
    height: int,
    count: int,
    *,
    start: Point,
    seed: int | None = None,
    no_guess: bool = False,
    progress: Progress | None = None,
) -> frozenset[Point]:
    """Lay ``count`` mines on a ``width`` × ``height`` board, never on ``start``.

    The same arguments always give the same layout when ``seed`` is given.
    """
    grid = Grid(width, height)
    low, high = mine_range(width, height)
    if not low <= count <= high:
        raise LayoutError(f"a {width}×{height} board holds from {low} to {high} mines, not {count}")
    if start not in grid:
        raise LayoutError(f"the start cell {start} is outside the {width}×{height} board")
    rng = random.Random(seed)
    free = set(reserved_cells(grid, start, count))
    candidates = [cell for cell in grid.cells() if cell not in free]
    return frozenset(rng.sample(candidates, count))
