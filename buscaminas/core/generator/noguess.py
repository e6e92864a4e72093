"""Layouts a player can clear from the start cell without ever guessing.

Mines are laid at random, then a proof-only player replays the board from
the start (:class:`.replay.Replay`).  Wherever it is stuck, mines are moved
so that a proof appears (:func:`.perturb.perturb`) and the replay goes on:
the board is repaired rather than thrown away.  Repairs move mines mostly
among hidden cells, but that can change numbers the player has already
read, or cells the player knows; the replay then goes back to the last step
before any proof read such a number or such a cell was known, and goes on
from there with the repaired layout (:meth:`.replay.Replay.repair`).  So the
steps of a replay that opens every safe cell are one sequence of proofs on
the final layout: the proof that it needs no guess.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from ..grid import Grid, Point
from .cells import bits, cells_of, mask_of
from .exact import Exact
from .layout import LayoutError, reserved_cells
from .perturb import perturb
from .replay import Replay

Progress = Callable[[float], None]
"""Told, at every repair, how much of the board the player has cleared at best
so far, from 0 to 1; it never goes back.  It may raise to cancel the search."""

EVERY_LAYOUT_BELOW = 5000
"""A board with fewer possible layouts than this is searched whole: a tiny board
with none that needs no guess is told so at once instead of at the timeout."""
RETURNS_PER_LAYOUT = 50
"""Times a replay may go back (:meth:`.replay.Replay.repair`) before its layout
is given up as going round in circles and a new one is laid.  The benchmark's
sizes, up to 39% mines, go back at most 25 times a board (99th percentile 17),
measured."""


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

    Raises :class:`NoGuessTimeout` when the layout still needs repairs
    ``timeout`` seconds after the start.
    """
    watch = _Watch(
        time.monotonic() + timeout,
        progress,
        f"no {grid.width}×{grid.height} board with {count} mines that needs"
        f" no guess was found in {timeout:g} s",
    )
    cells = cells_of(grid.width, grid.height)
    reserved = {cells.index(cell) for cell in reserved_cells(grid, start, count)}
    protected = sum(1 << cell for cell in reserved)
    free = [cell for cell in range(len(cells.points)) if cell not in reserved]
    if math.comb(len(free), count) < EVERY_LAYOUT_BELOW:
        return _every_layout(grid, count, start, free, rng)
    exact = Exact(cells)

    def lay() -> int:
        """A random layout, as :func:`.layout.random_layout` draws it, as a mask."""
        return mask_of(rng.sample(free, count))

    replay, returns = Replay(cells, lay(), count, cells.index(start), exact), 0
    while not replay.advance():
        watch.stuck(replay)
        moved = perturb(replay, rng, protected)
        if moved is None or returns == RETURNS_PER_LAYOUT:
            replay, returns = Replay(cells, lay(), count, cells.index(start), exact), 0
        else:
            returns += replay.repair(moved)
    watch.report(1.0)
    return frozenset(cells.points[cell] for cell in bits(replay.mines))


def _every_layout(
    grid: Grid, count: int, start: Point, free: list[int], rng: random.Random
) -> frozenset[Point]:
    """A layout needing no guess chosen at random among all of them, or
    :class:`LayoutError` when there is none: the whole search of a tiny board,
    judged completely, for that verdict is told to the player."""
    cells = cells_of(grid.width, grid.height)
    exact = Exact(cells, complete=True)
    layouts = list(combinations(free, count))
    rng.shuffle(layouts)
    for layout in layouts:
        if Replay(cells, mask_of(layout), count, cells.index(start), exact).advance():
            return frozenset(cells.points[cell] for cell in layout)
    raise LayoutError(
        f"no {grid.width}×{grid.height} board with {count} mines can be played without"
        " guessing from this first cell"
    )


@dataclass
class _Watch:
    """The time bound and the progress report of one search."""

    deadline: float
    progress: Progress | None
    timeout_message: str
    cleared: float = 0.0

    def stuck(self, replay: Replay) -> None:
        """Before a repair: give up if out of time, else say how far the player got."""
        if time.monotonic() >= self.deadline:
            raise NoGuessTimeout(self.timeout_message)
        self.report(max(self.cleared, replay.opened / replay.safe_total))

    def report(self, cleared: float) -> None:
        self.cleared = cleared
        if self.progress is not None:
            self.progress(cleared)
