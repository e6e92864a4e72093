"""Layout counts by number of mines, as polynomials with integer coefficients.

Coefficient ``k`` counts the layouts that use ``k`` mines, so putting two
independent parts of the board together is multiplying their polynomials.
They are multiplied packed into single integers (Kronecker substitution),
and every operation charges the machine words it works on to a
:class:`~.budget.Budget`.
"""

from __future__ import annotations

import sys

from .budget import Budget

WORD = 64
"""Bits of a machine word."""
LITTLE_ENDIAN = sys.byteorder == "little"

Poly = list[int]
"""Layout counts indexed by a number of mines."""
SHORT = 64
"""Products of two coefficients up to which two polynomials are multiplied a
coefficient at a time rather than packed: packing and unpacking cost as much
as some sixty products of small coefficients (as measured on the components
of ragged 99×99 boards, most of them settled to one or two mine counts)."""


def convolve(left: Poly, right: Poly, budget: Budget) -> Poly:
    """The product of two polynomials, as one product of two packed integers, or
    when both are short a coefficient at a time."""
    if not left or not right:
        return []
    if len(left) * len(right) <= SHORT:
        budget.spend(len(left) * len(right) * product_cost(words(max(left)), words(max(right))))
        result = [0] * (len(left) + len(right) - 1)
        for shift, one in enumerate(left):
            for index, other in enumerate(right, shift):
                result[index] += one * other
        return result
    slot = slot_for(max(left).bit_length() + max(right).bit_length() + min(len(left), len(right)))
    packed = multiply(pack(left, slot), pack(right, slot), budget)
    return unpack(packed, slot, len(left) + len(right) - 1)


def product(polys: list[Poly], budget: Budget) -> Poly:
    """The product of the polynomials: those of one coefficient (a part whose
    mine count is settled) multiply a constant, the others are convolved in
    pairs, then the pairs' products in pairs, and so on, so that no long
    product is multiplied again and again by a short one."""
    scale = 1
    layer: list[Poly] = []
    for poly in polys:
        if len(poly) == 1:
            scale = multiply(scale, poly[0], budget)
        else:
            layer.append(poly)
    while len(layer) > 1:
        pairs = zip(layer[::2], layer[1::2], strict=False)
        paired = [convolve(one, other, budget) for one, other in pairs]
        layer = paired + layer[len(paired) * 2 :]
    result = layer[0] if layer else [1]
    if scale == 1:
        return result
    budget.spend(len(result) * product_cost(words(scale), words(max(result))))
    return [count * scale for count in result]


def divide(whole: Poly, part: Poly, budget: Budget) -> Poly:
    """The exact quotient of ``whole`` by ``part``, a factor of it.

    This is how each part learns the product of all the others: one
    division each instead of a product of the rest each, which would cost
    as many products as there are parts.  The coefficients are not
    negative, so packed with room to spare, the polynomials multiply as
    their packed integers do, and the quotient is an integer division.
    """
    slot = slot_for(max(whole).bit_length() + 1)
    dividend, divisor = pack(whole, slot), pack(part, slot)
    # Charged before the division, on the quotient's size: the budget bounds the
    # work, about 8 ns a word of the quotient and a word of the divisor (as measured).
    budget.spend((words(dividend) - words(divisor) + 1) * words(divisor) // 6 + 1)
    return unpack(dividend // divisor, slot, len(whole) - len(part) + 1)


def words(value: int) -> int:
    """The machine words an integer takes, what the work of arithmetic on it grows with."""
    return (value.bit_length() >> 6) + 1


def multiply(left: int, right: int, budget: Budget) -> int:
    """Two packed polynomials multiplied, charged as the big-integer product costs."""
    budget.spend(product_cost(words(left), words(right)))
    return left * right


def product_cost(one: int, other: int) -> int:
    """The units a product of integers of ``one`` and ``other`` words costs: about
    14 ns for each word of the larger times the smaller's 0.6th power, as measured."""
    small, large = (one, other) if one < other else (other, one)
    return int(large * small**0.6) * 2 // 7 + 1


def slot_for(bits: int) -> int:
    """Bits per coefficient for values of up to ``bits`` bits, in whole bytes: a
    machine word when they fit one, which :func:`unpack` reads fastest."""
    return WORD if bits < WORD else (bits + 8) // 8 * 8


def pack(poly: Poly, slot: int) -> int:
    """The polynomial as one integer, coefficient ``k`` at bit ``k * slot``:
    adding and multiplying such integers adds and multiplies the polynomials,
    at the speed of big-integer arithmetic, while no coefficient outgrows its
    slot."""
    width = slot // 8
    return int.from_bytes(b"".join(value.to_bytes(width, "little") for value in poly), "little")


def unpack(value: int, slot: int, length: int | None = None) -> Poly:
    """The coefficients of a packed polynomial; ``length`` of them, or up to
    the last nonzero one."""
    width = slot // 8
    if length is None:
        length = -(-value.bit_length() // slot)
    if slot == WORD and LITTLE_ENDIAN:
        # Machine words: read all at once, as the machine lays them out.
        return memoryview(value.to_bytes(length * width, "little")).cast("Q").tolist()
    data = value.to_bytes(length * width, "little")
    return [int.from_bytes(data[k * width : (k + 1) * width], "little") for k in range(length)]


def trimmed(poly: Poly) -> tuple[int, Poly]:
    """``poly`` without its leading zero coefficients, and how many there were:
    a part that needs at least ``m`` mines costs nothing below ``m``."""
    low = next((index for index, value in enumerate(poly) if value), len(poly))
    end = len(poly)
    while end > low and not poly[end - 1]:
        end -= 1
    return low, poly[low:end]
