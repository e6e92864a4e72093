"""Mine layouts: seeded, with the first cell tried kept free, and with no guess if asked.

``generate`` is the one entry point; the rest of the package is how a
no-guess layout is found (see :mod:`.noguess`).
"""

from __future__ import annotations

import random

from ..grid import Grid, Point
from ..limits import mine_range
from .layout import (
    LayoutError,
    check_mine_count,
    check_no_guess_request,
    check_request,
    random_layout,
    reserved_cells,
)
from .noguess import NoGuessTimeout, Progress, no_guess_layout

__all__ = [
    "LayoutError",
    "NoGuessTimeout",
    "Progress",
    "check_mine_count",
    "generate",
    "mine_range",
    "reserved_cells",
]

DEFAULT_TIMEOUT = 10.0
"""Seconds to look for a no-guess layout before giving up."""


def generate(
    width: int,
    height: int,
    count: int,
    *,
    start: Point,
    seed: int | None = None,
    no_guess: bool = False,
    progress: Progress | None = None,
    timeout: float = DEFAULT_TIMEOUT,
) -> frozenset[Point]:
    """Lay ``count`` mines on a ``width`` × ``height`` board, never on ``start``.

    ``start`` is an opening whenever the count leaves room for one.  With
    ``no_guess``, every safe cell can then be opened by proofs alone,
    counting the mine total; ``progress`` is told how far the search has got
    and :class:`NoGuessTimeout` is raised after ``timeout`` seconds without
    such a layout.  The same arguments always give the same layout when
    ``seed`` is given.  Raises :class:`LayoutError` for a board that cannot
    exist.
    """
    if width < 1 or height < 1:
        raise LayoutError(f"a board needs positive sides, not {width}×{height}")
    grid = Grid(width, height)
    check_request(grid, count, start)
    rng = random.Random(seed)
    if no_guess:
        check_no_guess_request(grid, count, start)
        return no_guess_layout(grid, count, start, rng, timeout=timeout, progress=progress)
    return frozenset(random_layout(grid, count, start, rng))
