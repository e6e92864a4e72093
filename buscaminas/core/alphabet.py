"""The position text's alphabet: one character for what a player sees in a cell.

The engine writes these characters, the solver reads them, and every front
end draws them; defining them here, once, keeps the three in step.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum


class Symbol(StrEnum):
    """Every character of the position text but the numbers: what a cell shows, not
    the cell (a cell is a point, ``(x, y)``, everywhere in the game)."""

    HIDDEN = "#"
    FLAG = "F"
    MAYBE = "?"
    """A question mark some boards put on a hidden cell; the engine never shows one."""
    EMPTY = "."
    """Revealed, with no mine around."""
    MINE = "*"
    """A mine shown after a loss."""
    WRONG_FLAG = "X"
    """A flag on a safe cell, shown after a loss."""


NUMBERS = "12345678"
"""A revealed cell with mines around shows how many, as one digit."""

COVERED = frozenset({Symbol.HIDDEN.value, Symbol.FLAG.value, Symbol.MAYBE.value})
"""Cells whose content the player does not know: flags and marks are opinions."""

LEGAL = COVERED | {char.value for char in Symbol} | frozenset(NUMBERS)

COUNTS: Mapping[str, int] = {Symbol.EMPTY.value: 0} | {digit: int(digit) for digit in NUMBERS}
"""The mines around a revealed cell, by the character it shows."""


def revealed_char(count: int) -> str:
    """The character of a revealed cell with ``count`` mines around it."""
    return str(count) if count else Symbol.EMPTY.value
