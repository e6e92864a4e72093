"""Two cells no later move can tell apart: guess one now, while its answer still helps.

Two side-by-side cells are *exchangeable* when every cell touching one of
them and not the other is a known mine (or off the board): no number that
will ever be revealed can then weigh one against the other, so whatever
comes later, each is exactly as likely a mine as the other until one of
them is revealed.  If besides a revealed number touching both needs at
most one more mine, they never hold two.  Then they hold one mine, to be
found only by a 50/50 guess, or none: either way guessing one now risks no
more than the pair will ever cost, and its answer, shown at once, feeds the
numbers around it, where a later guess would come after the guesses it
could have spared (David Hill's "pseudo-50/50").
"""

from __future__ import annotations

from ..grid import Point
from .counting import Constraints, Tally


def exchangeable_pair(board: Constraints, counted: Tally) -> tuple[Point, frozenset[Point]] | None:
    """The first such pair in reading order, as the cell to try and the pair; None if none."""
    total, mine_layouts = counted.total, counted.mine_layouts
    around = board.hidden_around()
    neighbours = board.grid.neighbours
    touched = {cell for cells in around.values() for cell in cells}
    undecided = {cell for cell in touched if 0 < mine_layouts[cell] < total}

    def needs_one_at_most(number: Point) -> bool:
        known = sum(mine_layouts[cell] == total for cell in around[number])
        return board.numbers[number] - known <= 1

    for first in sorted(undecided, key=lambda cell: (cell[1], cell[0])):
        x, y = first
        for second in ((x + 1, y), (x, y + 1)):
            if second not in undecided:
                continue
            near_first, near_second = set(neighbours(first)), set(neighbours(second))
            wings = (near_first ^ near_second) - {first, second}
            if any(mine_layouts.get(cell) != total for cell in wings):
                continue
            shared = near_first & near_second
            if any(number in around and needs_one_at_most(number) for number in shared):
                return first, frozenset({first, second})
    return None
