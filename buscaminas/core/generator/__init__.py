"""Mine layouts: seeded, with the first cell tried kept free, and with no guess if asked.

``generate`` is the one entry point; the rest of the package is how a
no-guess layout is found (see :mod:`.noguess`).

A seed share code names the generator's :data:`VERSION` beside the request,
and must deal the same mines for as long as anyone keeps it: a change that
deals other mines from the same request raises :data:`VERSION` and keeps
the earlier path for the earlier versions in :data:`VERSIONS`, chosen by
``generate(version=...)``.  ``tests/data/share_codes.txt`` pins what every
version deals (``tests/test_sharecode_pins.py``), and rows are only ever
added to it.
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
from .noguess import (
    REPAIRS,
    Progress,
    SearchExhausted,
    TooDense,
    check_density,
    no_guess_layout,
    no_guess_limit,
)

__all__ = [
    "VERSION",
    "VERSIONS",
    "LayoutError",
    "Progress",
    "SearchExhausted",
    "TooDense",
    "check_mine_count",
    "check_no_guess",
    "generate",
    "mine_range",
    "no_guess_limit",
    "reserved_cells",
]

VERSION = 4
"""The generator that deals new boards, as seed codes name it (1 to 3 named earlier
generators, whose codes had the older form and are no longer read)."""
VERSIONS = frozenset({VERSION})
"""Every generator version whose boards this one deals exactly as it did."""


class UnknownVersion(LayoutError):
    """A generator version this one does not deal (a newer one, or none ever)."""


def generate(
    width: int,
    height: int,
    count: int,
    *,
    start: Point,
    seed: int | None = None,
    no_guess: bool = False,
    progress: Progress | None = None,
    repairs: int = REPAIRS,
    version: int = VERSION,
) -> frozenset[Point]:
    """Lay ``count`` mines on a ``width`` × ``height`` board, never on ``start``.

    ``start`` is an opening whenever the count leaves room for one.  With
    ``no_guess``, every safe cell can then be opened by proofs alone,
    counting the mine total; ``progress`` is told how far the search has got
    and :class:`SearchExhausted` is raised after ``repairs`` repairs without
    such a layout.  The same arguments always give the same layout when
    ``seed`` is given, on any machine, as generator ``version`` dealt it.
    Raises :class:`LayoutError` for a board that cannot exist, and
    :class:`TooDense` for a no-guess board with more mines than
    :func:`no_guess_limit` allows.
    """
    if version not in VERSIONS:
        raise UnknownVersion(f"no generator of version {version} here")
    grid = _grid(width, height)
    check_request(grid, count, start)
    rng = random.Random(seed)
    if no_guess:
        check_no_guess(width, height, count, start)
        return no_guess_layout(grid, count, start, rng, repairs=repairs, progress=progress)
    return frozenset(random_layout(grid, count, start, rng))


def check_no_guess(width: int, height: int, count: int, start: Point) -> None:
    """Raise :class:`LayoutError` for a no-guess request refused before any search:
    one that cannot exist, or :class:`TooDense`, beyond :func:`no_guess_limit`."""
    grid = _grid(width, height)
    check_request(grid, count, start)
    check_no_guess_request(grid, count, start)
    check_density(grid, count, start)


def _grid(width: int, height: int) -> Grid:
    if width < 1 or height < 1:
        raise LayoutError(f"a board needs positive sides, not {width}×{height}")
    return Grid(width, height)
