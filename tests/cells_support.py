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
