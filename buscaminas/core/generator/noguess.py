"""Layouts a player can clear from the start cell without ever guessing.

Mines are laid at random, then a proof-only player replays the board from
the start (:class:`.proof_player.ProofPlayer`).  Wherever it is stuck, mines are moved
so that a proof appears (:func:`.perturb.perturb`) and the replay goes on:
the board is repaired rather than thrown away.  Repairs move mines mostly
among hidden cells, but that can change numbers the player has already
read, or cells the player knows; the replay then goes back to the last step
before any proof read such a number or such a cell was known, and goes on
from there with the repaired layout (:meth:`.proof_player.ProofPlayer.repair`).  So the
steps of a replay that opens every safe cell are one sequence of proofs on
the final layout: the proof that it needs no guess.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from ..grid import Grid, Point
from .cells import bits, cells_of, mask_of
from .exact import Exact
from .layout import LayoutError, reserved_cells
from .perturb import perturb
from .proof_player import ProofPlayer

Progress = Callable[[float], None]
"""Told, at every repair, how much of the board the player has cleared at best
so far, from 0 to 1; it never goes back.  It may raise to cancel the search."""

EVERY_LAYOUT_BELOW = 5000
"""A board with fewer possible layouts than this is searched whole: a tiny board
with none that needs no guess is told so at once instead of after every repair it is allowed."""
RETURNS_PER_LAYOUT = 50
"""Times a replay may go back (:meth:`.proof_player.ProofPlayer.repair`) before its layout
is given up as going round in circles and a new one is laid.  The benchmark's
sizes, up to 39% mines, go back at most 25 times a board (99th percentile 17),
measured."""
ANY_DENSITY_UP_TO = 480
"""Expert's size: boards up to it may hold any number of mines (:func:`no_guess_limit`)."""
REPAIRS = 50_000
"""Repairs a search may make before it gives up.  Boards within
:func:`no_guess_limit` need far fewer: measured on 30 to 40 seeds a size, the
most at the limit itself was 54 at 99×99, 182 at 50×50, 172 at 30×30 and 1,260
on a 99×5 strip, and the hardest of the boards allowed any density, 99×4 strips
at 55–65% mines, took at most 2,132.  Reaching it is a bound that holds, not a
verdict players meet."""


class SearchExhausted(LayoutError):
    """No layout that needs no guess was found within the search's repairs."""


class TooDense(LayoutError):
    """More mines than a no-guess board of that size may hold (:func:`no_guess_limit`)."""

    def __init__(self, message: str, limit: int) -> None:
        super().__init__(message)
        self.limit = limit


def no_guess_limit(width: int, height: int) -> int:
    """The most mines a no-guess ``width`` × ``height`` board may hold.

    On boards up to :data:`ANY_DENSITY_UP_TO` cells the search finds every
    density it was asked for (16×16 up to 90% mines, 30×16 up to 96%,
    20×20 at 60–70%).  Past that, a density that falls as boards grow is
    where the search's repairs stop converging: at 99×99 it needs about 20
    repairs at 25% mines, 70 at 28%, up to 1,300 at 30%, and finds nothing
    in 30 s at 40%; 50×50 turns at about 40% (and finds nothing at 92%),
    30×30 past 50%.  The limit stays well inside that edge (25% at 99×99,
    35% at 50×50, 43% at 30×30), so that a board it allows is always found
    within the search's repairs (:data:`REPAIRS`): what a share code deals
    never depends on luck or on the machine's speed.
    """
    cells = width * height
    if cells <= ANY_DENSITY_UP_TO:
        return cells - 1
    return math.floor(cells * (0.93 - 0.17 * math.log10(cells)))


def check_density(grid: Grid, count: int, start: Point) -> None:
    """Raise :class:`TooDense` for a request beyond :func:`no_guess_limit` that the
    search would repair: a board searched whole is judged exactly, however dense."""
    limit = no_guess_limit(grid.width, grid.height)
    free = grid.size - len(reserved_cells(grid, start, count))
    if count > limit and math.comb(free, count) >= EVERY_LAYOUT_BELOW:
        raise TooDense(
            f"a no-guess {grid.width}×{grid.height} board holds at most {limit} mines,"
            f" not {count}",
            limit,
        )


def no_guess_layout(
    grid: Grid,
    count: int,
    start: Point,
    rng: random.Random,
    *,
    repairs: int,
    progress: Progress | None,
) -> frozenset[Point]:
    """A layout of ``count`` mines that a proof-only player clears from ``start``.

    Raises :class:`SearchExhausted` when the layout still needs repairs after
    ``repairs`` of them.
    """
    watch = _Watch(
        repairs,
        progress,
        f"no {grid.width}×{grid.height} board with {count} mines that needs"
        f" no guess was found in {repairs} repairs",
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

    replay, returns = ProofPlayer(cells, lay(), count, cells.index(start), exact), 0
    while not replay.advance():
        watch.stuck(replay)
        moved = perturb(replay, rng, protected)
        if moved is None or returns == RETURNS_PER_LAYOUT:
            replay, returns = ProofPlayer(cells, lay(), count, cells.index(start), exact), 0
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
        if ProofPlayer(cells, mask_of(layout), count, cells.index(start), exact).advance():
            return frozenset(cells.points[cell] for cell in layout)
    raise LayoutError(
        f"no {grid.width}×{grid.height} board with {count} mines can be played without"
        " guessing from this first cell"
    )


@dataclass
class _Watch:
    """The work bound and the progress report of one search."""

    repairs_left: int
    progress: Progress | None
    exhausted_message: str
    cleared: float = 0.0

    def stuck(self, replay: ProofPlayer) -> None:
        """Before a repair: give up if none is left, else say how far the player got."""
        if self.repairs_left <= 0:
            raise SearchExhausted(self.exhausted_message)
        self.repairs_left -= 1
        self.report(max(self.cleared, replay.opened / replay.safe_total))

    def report(self, cleared: float) -> None:
        self.cleared = cleared
        if self.progress is not None:
            self.progress(cleared)
