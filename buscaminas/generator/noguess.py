"""Layouts a player can clear from the start cell without ever guessing.

Mines are laid at random, then a proof-only player replays the board from
the start (:class:`.replay.Replay`).  Wherever it is stuck, mines are moved
so that a proof appears (:func:`.perturb.perturb`) and the replay goes on,
so the board is repaired rather than thrown away.  Moving mines can change
numbers the player already read, so a board is returned only after a replay
from the start that needed no perturbation at all: that replay is the proof
that the board needs no guess.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ..grid import Grid, Point
from .cells import cells_of
from .exact import Exact
from .layout import LayoutError, random_layout, reserved_cells
from .perturb import Perturbed, perturb
from .replay import Replay

Progress = Callable[[float], None]
"""Told how far the work has got, from 0 to 1."""


class NoGuessTimeout(LayoutError):
    """No layout that needs no guess was found within the time allowed."""


def no_guess_layout(
    grid: Grid,
    count: int,
    start: Point,
    rng: random.Random,
    *,
    timeout: float,
    progress: Progress | None,
) -> frozenset[Point]:
    """A layout of ``count`` mines that a proof-only player clears from ``start``.

    Raises :class:`NoGuessTimeout` after ``timeout`` seconds without one.
    """
    deadline = time.monotonic() + timeout
    cells = cells_of(grid.width, grid.height)
    protected = sum(1 << cells.index(cell) for cell in reserved_cells(grid, start, count))
    first = cells.index(start)
    mines = _lay(cells.index, len(cells.points), random_layout(grid, count, start, rng))
    exact = Exact(cells)
    shown = 0.0
    while True:
        replay = Replay(cells, mines, count, first, exact)
        perturbations = 0
        while not replay.advance():
            if time.monotonic() >= deadline:
                raise NoGuessTimeout(
                    f"no {grid.width}×{grid.height} board with {count} mines that needs"
                    f" no guess was found in {timeout:g} s"
                )
            if progress is not None:
                shown = max(shown, replay.opened / replay.safe_total)
                progress(shown)
            perturbations += 1
            outcome = perturb(replay, rng, protected)
            if outcome is Perturbed.IMPOSSIBLE:
                mines = _lay(cells.index, len(mines), random_layout(grid, count, start, rng))
            if outcome is not Perturbed.HIDDEN_ONLY:
                break
        if replay.solved and not perturbations:
            if progress is not None:
                progress(1.0)
            return frozenset(cells.points[i] for i, mine in enumerate(mines) if mine)


def _lay(index: Callable[[Point], int], size: int, layout: list[Point]) -> bytearray:
    mines = bytearray(size)
    for cell in layout:
        mines[index(cell)] = 1
    return mines
