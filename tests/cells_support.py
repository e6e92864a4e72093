"""A board's cells drawn by hypothesis in one draw, not one draw a cell."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TypeVar

from hypothesis import strategies as st

T = TypeVar("T")


@functools.cache  # once per board size: making it again for every board cost more than drawing
def cell_choices(options: Sequence[T], count: int) -> st.SearchStrategy[list[T]]:
    """``count`` picks from ``options``, drawn as one string of bytes, a byte a cell.

    One draw for the whole board instead of one per cell: hypothesis spends most of a
    per-cell list's time on bookkeeping for each element. Every sequence of picks can
    still be drawn (a byte picks ``options[byte % len(options)]``, each nearly evenly),
    and a shrinking byte goes to zero, so a failure shrinks to the first option, as
    ``sampled_from`` shrinks."""
    return st.binary(min_size=count, max_size=count).map(
        lambda picks: [options[pick % len(options)] for pick in picks]
    )


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
