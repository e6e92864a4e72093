"""Small numbers bit-sliced across a board's masks (bit ``y * stride + x`` for cell
``(x, y)``, a guard column always clear), added and compared a plane at a time:
some big-integer operations count or compare what every cell of a board holds."""

from __future__ import annotations

PLANES = 4
"""Bits of a number's need (0 to 8), and of a count of cells in a 3×3 box (0 to 9)."""

Planes = tuple[int, ...]
"""A small number per cell, bit-sliced: the ``k``-th mask holds bit ``k`` of each."""


def spread(mask: int, stride: int) -> int:
    """Every cell of ``mask`` and its neighbours (and stray guard bits)."""
    row = mask | mask << 1 | mask >> 1
    return row | row << stride | row >> stride


def box_count(mask: int, stride: int) -> Planes:
    """How many cells of ``mask`` each cell's 3×3 box holds, bit-sliced.

    At a number, which is never covered, that is how many of its neighbours.
    Three cells of a row are added first (two bits), then three rows.
    """
    left, right = mask << 1, mask >> 1
    low = mask ^ left ^ right
    high = (mask & left) | (right & (mask ^ left))
    low_above, low_below = low << stride, low >> stride
    high_above, high_below = high << stride, high >> stride
    ones = low ^ low_above ^ low_below
    carry = (low & low_above) | (low_below & (low ^ low_above))
    twos_sum = high ^ high_above ^ high_below
    twos_carry = (high & high_above) | (high_below & (high ^ high_above))
    carried = twos_sum & carry
    return ones, twos_sum ^ carry, twos_carry ^ carried, twos_carry & carried


def equal(one: Planes, other: Planes) -> int:
    """The cells where two bit-sliced numbers are equal (as a negative mask)."""
    one_1, one_2, one_4, one_8 = one
    other_1, other_2, other_4, other_8 = other
    return ~((one_1 ^ other_1) | (one_2 ^ other_2) | (one_4 ^ other_4) | (one_8 ^ other_8))


def minus(one: Planes, other: Planes) -> tuple[Planes, int]:
    """``one`` less ``other`` (both bit-sliced), and the cells where it is negative."""
    result = []
    borrow = 0
    for first, second in zip(one, other, strict=True):
        result.append(first ^ second ^ borrow)
        borrow = (~first & (second | borrow)) | (first & second & borrow)
    return tuple(result), borrow


def less(one: Planes, other: Planes) -> int:
    """The cells where ``one`` is less than ``other`` (both bit-sliced)."""
    less, equal = 0, -1
    for first, second in zip(reversed(one), reversed(other), strict=True):
        less |= equal & ~first & second
        equal &= ~(first ^ second)
    return less
