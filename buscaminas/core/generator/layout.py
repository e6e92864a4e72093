"""What a layout request may ask for, and the plain random layout."""

from __future__ import annotations

import random

from ..grid import Grid, Point
from ..limits import mine_range


class LayoutError(ValueError):
    """A layout that cannot exist, such as more mines than cells to hold them."""


def reserved_cells(grid: Grid, start: Point, count: int) -> tuple[Point, ...]:
    """The cells kept free of mines: the start's whole neighbourhood when the
    count leaves room for it, so that the first click is an opening."""
    neighbourhood = grid.neighbourhood(start)
    return neighbourhood if count <= grid.size - len(neighbourhood) else (start,)


def check_mine_count(width: int, height: int, count: int) -> None:
    """Raise :class:`LayoutError` when a ``width`` × ``height`` board cannot hold ``count``
    mines (:func:`buscaminas.core.limits.mine_range`)."""
    low, high = mine_range(width, height)
    if not low <= count <= high:
        raise LayoutError(f"a {width}×{height} board holds from {low} to {high} mines, not {count}")


def check_request(grid: Grid, count: int, start: Point) -> None:
    """Raise :class:`LayoutError` saying why no layout can meet the request."""
    check_mine_count(grid.width, grid.height, count)
    if start not in grid:
        raise LayoutError(f"the start cell {start} is outside the {grid.width}×{grid.height} board")


def check_no_guess_request(grid: Grid, count: int, start: Point) -> None:
    """Raise :class:`LayoutError` when no layout of ``count`` mines needs no guess.

    Without room for an opening, the player's first facts are the start's
    number and the mine total.  With more mines than the start has
    neighbours, they settle nothing unless every other cell is a mine: the
    neighbours are all mines only when the number says so, and then the rest
    of the board holds the rest of the mines, a guess unless it is full.
    """
    neighbours = len(grid.neighbours(start))
    if len(reserved_cells(grid, start, count)) == 1 and neighbours < count < grid.size - 1:
        raise LayoutError(
            f"no {grid.width}×{grid.height} board with {count} mines can be played without"
            " guessing: there is no room for an opening around the first cell"
        )


def random_layout(grid: Grid, count: int, start: Point, rng: random.Random) -> list[Point]:
    """``count`` mines anywhere but on the reserved cells, uniformly at random."""
    free = set(reserved_cells(grid, start, count))
    return rng.sample([cell for cell in grid.cells() if cell not in free], count)
