"""Where the cursor's jumps land: the next hidden cell, a row's end, a corner.

Pure functions of the board as the player sees it (position text), so that
the keys, the tests and any front end agree; the jump to a cell logic
decides needs the solver and the round's hint count, and is the session's.
"""

from __future__ import annotations

from enum import Enum

from ..core.alphabet import Symbol
from ..core.grid import Point


class Jump(Enum):
    """Where a jump takes the cursor."""

    NEXT_HIDDEN = "next hidden"
    PREVIOUS_HIDDEN = "previous hidden"
    DECIDED = "decided"
    """The next cell logic decides, safe or mine, without saying which: a hint."""
    ROW_START = "row start"
    ROW_END = "row end"
    TOP_LEFT = "top left"
    TOP_RIGHT = "top right"
    BOTTOM_LEFT = "bottom left"
    BOTTOM_RIGHT = "bottom right"


OPEN = frozenset({Symbol.HIDDEN, Symbol.MAYBE})
"""What a jump to a hidden cell looks for: a covered cell the player has not flagged
(a ``?`` is still undecided)."""


def hidden(rows: tuple[str, ...]) -> frozenset[Point]:
    """The covered cells without a flag."""
    return frozenset(
        (x, y) for y, row in enumerate(rows) for x, char in enumerate(row) if char in OPEN
    )


def next_in_reading_order(
    cells: frozenset[Point], cursor: Point, size: tuple[int, int], *, backwards: bool = False
) -> Point | None:
    """The first of ``cells`` after ``cursor`` in reading order (row by row, left to
    right), wrapping past the last cell to the first; ``backwards``, the first before
    it.  The cursor's own cell comes last: None only when ``cells`` is empty."""
    if not cells:
        return None
    width, height = size
    here = cursor[1] * width + cursor[0]
    sign = -1 if backwards else 1

    def steps(cell: Point) -> int:
        """How many steps in reading order from the cursor: its own cell the most."""
        return (sign * (cell[1] * width + cell[0] - here) - 1) % (width * height)

    return min(cells, key=steps)


def landing(jump: Jump, rows: tuple[str, ...], cursor: Point) -> Point | None:
    """Where ``jump`` takes the cursor on ``rows``: None when there is nowhere to go (no
    hidden cell left).  :attr:`Jump.DECIDED` is not answered here: it needs the solver."""
    width, height = len(rows[0]), len(rows)
    y = cursor[1]
    corners = {
        Jump.ROW_START: (0, y),
        Jump.ROW_END: (width - 1, y),
        Jump.TOP_LEFT: (0, 0),
        Jump.TOP_RIGHT: (width - 1, 0),
        Jump.BOTTOM_LEFT: (0, height - 1),
        Jump.BOTTOM_RIGHT: (width - 1, height - 1),
    }
    if jump in corners:
        return corners[jump]
    if jump is Jump.DECIDED:
        raise ValueError("a cell logic decides is the solver's to find")
    backwards = jump is Jump.PREVIOUS_HIDDEN
    return next_in_reading_order(hidden(rows), cursor, (width, height), backwards=backwards)
