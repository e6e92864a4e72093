"""How big a board may be and how many mines it may hold: the one rule that the
flags, the questions, board files and the engine all apply.

A broken limit comes back as a value (:class:`OutOfBounds`), not as words:
the core speaks no language, and the front ends word it once
(:func:`buscaminas.records.presets.out_of_bounds_message`).
"""

from enum import Enum
from typing import NamedTuple

MIN_SIDE = 3
MAX_SIDE = 99


class Measure(Enum):
    WIDTH = "width"
    HEIGHT = "height"
    MINES = "mines"


class OutOfBounds(NamedTuple):
    """``measure`` is ``value``, and must be from ``low`` to ``high``."""

    measure: Measure
    value: int
    low: int
    high: int


def mine_range(width: int, height: int) -> tuple[int, int]:
    """The fewest and most mines a ``width`` × ``height`` board holds: one at least,
    and one safe cell at least, for the first try."""
    return 1, width * height - 1


def out_of_bounds(width: int, height: int, mines: int) -> OutOfBounds | None:
    """The first limit a board of this size and mine count breaks, or None."""
    for measure, side in ((Measure.WIDTH, width), (Measure.HEIGHT, height)):
        if not MIN_SIDE <= side <= MAX_SIDE:
            return OutOfBounds(measure, side, MIN_SIDE, MAX_SIDE)
    low, high = mine_range(width, height)
    if not low <= mines <= high:
        return OutOfBounds(Measure.MINES, mines, low, high)
    return None
