"""Positions built to be hard for the solver: long, wide or tangled frontiers.

Each shape is a mask of revealed cells over a layout whose mines all lie in
the covered cells, so every position is one a board can show (the numbers
are the layout's own) and the mine total agrees with it.  The shapes:

- ``stripes-ones``: rows alternating all covered and all ``1`` (the
  position of issue 8), the mines laid so that every number is a 1;
- ``stripes``: the same rows over a random layout, so the numbers vary;
- ``comb``: covered columns (the teeth) between revealed ones, joined by a
  covered first row (the spine);
- ``checkerboard``: revealed and covered cells alternating both ways;
- ``chain``: a one-cell-wide covered path snaking through a revealed board,
  one long thin frontier;
- ``scatter``: a random half of the safe cells revealed, as after wild play.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from buscaminas.core.alphabet import Symbol, revealed_char
from buscaminas.core.grid import Grid, Point
from buscaminas.core.solver import Position

DENSITY = 0.2
"""Share of the covered cells that hold a mine in the random shapes."""

Mask = Callable[[int, int], bool]
"""Whether the cell at ``x, y`` is revealed."""


def _stripes(x: int, y: int) -> bool:
    return y % 2 == 1


def _comb(x: int, y: int) -> bool:
    return y > 0 and x % 2 == 1


def _checkerboard(x: int, y: int) -> bool:
    return (x + y) % 2 == 1


def _chain_mask(width: int) -> Mask:
    """Serpentine: covered rows 0, 4, 8…, each joined to the next by a covered
    column at alternate ends; every other cell revealed."""

    def revealed(x: int, y: int) -> bool:
        if y % 4 == 0:
            return False
        end = width - 1 if y // 4 % 2 == 0 else 0
        return x != end

    return revealed


def _ones_layout(width: int, height: int) -> frozenset[Point]:
    """Mines that make every number of ``stripes-ones`` a 1.

    A revealed row needs exactly one mine in every three consecutive columns
    of the covered rows around it: mines every third column, in every other
    covered row, starting at the column that also fits the right edge.
    """
    first = 1 if width % 3 == 0 else 0
    return frozenset((x, y) for y in range(0, height, 4) for x in range(first, width, 3))


def _random_layout(width: int, height: int, revealed: Mask, rng: random.Random) -> frozenset[Point]:
    return frozenset(
        (x, y)
        for y in range(height)
        for x in range(width)
        if not revealed(x, y) and rng.random() < DENSITY
    )


def _show(width: int, height: int, layout: frozenset[Point], revealed: Mask) -> Position:
    counts = Grid(width, height).mine_counts(layout)
    rows = []
    for y in range(height):
        row = ""
        for x in range(width):
            if revealed(x, y) and (x, y) not in layout:
                row += revealed_char(counts[(x, y)])
            else:
                row += Symbol.HIDDEN
        rows.append(row)
    return Position(tuple(rows), len(layout))


def build(shape: str, width: int, height: int, seed: int = 0, *, reveal: float = 0.5) -> Position:
    """The position of ``shape`` on a ``width`` × ``height`` board; ``reveal`` is the
    share of the cells a ``scatter`` shows (of those without a mine)."""
    return show(*layout_of(shape, width, height, seed, reveal=reveal))


def layout_of(
    shape: str, width: int, height: int, seed: int = 0, *, reveal: float = 0.5
) -> tuple[int, int, frozenset[Point], frozenset[Point]]:
    """The board of ``shape``: its size, its mines and the cells it shows, from which
    a game can be dealt as well as a position read."""
    rng = random.Random(f"{shape} {width} {height} {seed}")
    if shape == "scatter":
        layout = _random_layout(width, height, lambda x, y: False, rng)
        shown = {(x, y) for y in range(height) for x in range(width) if rng.random() < reveal}
        return width, height, layout, frozenset(shown - layout)
    if shape == "stripes-ones":
        mask: Mask = _stripes
        layout = _ones_layout(width, height)
    else:
        mask = MASKS[shape](width)
        layout = _random_layout(width, height, mask, rng)
    revealed = frozenset(
        (x, y) for y in range(height) for x in range(width) if mask(x, y) and (x, y) not in layout
    )
    return width, height, layout, revealed


def show(
    width: int, height: int, layout: frozenset[Point], revealed: frozenset[Point]
) -> Position:
    """What a player sees of ``layout`` with ``revealed`` shown."""
    return _show(width, height, layout, lambda x, y: (x, y) in revealed)


MASKS: dict[str, Callable[[int], Mask]] = {
    "stripes": lambda width: _stripes,
    "comb": lambda width: _comb,
    "checkerboard": lambda width: _checkerboard,
    "chain": _chain_mask,
}

SHAPES = ("stripes-ones", *MASKS, "scatter")
