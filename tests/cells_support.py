"""A board's cells, a set of items or a sequence of picks drawn by hypothesis in one
draw, not one draw an element: hypothesis spends most of a per-element collection's
time on bookkeeping for each element."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TypeVar

from hypothesis import strategies as st

T = TypeVar("T")


def picks(options: Sequence[T], *, min_size: int = 0, max_size: int) -> st.SearchStrategy[list[T]]:
    """From ``min_size`` to ``max_size`` picks from ``options``, drawn as one string of
    bytes, a byte a pick (and past 256 options a second string, as long, for the high
    bytes).

    Every sequence of picks can still be drawn (the bytes pick ``options[number %
    len(options)]``, each nearly evenly), as long as ``lists`` draws them, and a
    shrinking byte goes to zero, so a failure shrinks to the first option, as
    ``sampled_from`` shrinks, and to fewer picks, as ``lists`` shrinks."""
    lows = st.binary(min_size=min_size, max_size=max_size)
    if len(options) <= 256:
        return lows.map(lambda drawn: [options[pick % len(options)] for pick in drawn])
    assert len(options) <= 2**16, "two bytes a pick reach every option"

    @st.composite
    def wide(draw: st.DrawFn) -> list[T]:
        low = draw(lows)
        high = draw(st.binary(min_size=len(low), max_size=len(low)))
        numbers = (up << 8 | down for up, down in zip(high, low, strict=True))
        return [options[number % len(options)] for number in numbers]

    return wide()


@functools.cache  # once per board size: making it again for every board cost more than drawing
def cell_choices(options: Sequence[T], count: int) -> st.SearchStrategy[list[T]]:
    """``count`` :func:`picks` from ``options``, a pick a cell."""
    return picks(options, min_size=count, max_size=count)


def some_of(
    items: Sequence[T], *, at_least: int = 0, at_most: int | None = None
) -> st.SearchStrategy[frozenset[T]]:
    """Any set of ``items``, from ``at_least`` to ``at_most`` of them, in two draws: how
    many, and a byte an item; the items with the lowest bytes are taken.

    Every set can be drawn (its items' bytes 0, the others' 255), of every size alike,
    for a fraction of what ``st.sets(st.sampled_from(items))`` spends on an element at a
    time; a shrinking count takes items out, and shrinking bytes take the first ones."""
    most = len(items) if at_most is None else at_most

    def chosen(drawn: tuple[int, bytes]) -> frozenset[T]:
        count, picks = drawn
        lowest = sorted(range(len(items)), key=lambda at: (picks[at], at))
        return frozenset(items[at] for at in lowest[:count])

    return st.tuples(
        st.integers(at_least, most), st.binary(min_size=len(items), max_size=len(items))
    ).map(chosen)
