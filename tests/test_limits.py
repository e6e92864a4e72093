"""One rule for board sizes and mine counts, and the engine keeps to it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from buscaminas.core.engine import BoardError, Minesweeper
from buscaminas.core.limits import MAX_SIDE, MIN_SIDE, Measure, OutOfBounds, out_of_bounds


@pytest.mark.parametrize(
    ("width", "height", "mines", "problem"),
    [
        (9, 9, 10, None),
        (MIN_SIDE, MAX_SIDE, 1, None),
        (MIN_SIDE - 1, 9, 3, OutOfBounds(Measure.WIDTH, MIN_SIDE - 1, MIN_SIDE, MAX_SIDE)),
        (9, MAX_SIDE + 1, 3, OutOfBounds(Measure.HEIGHT, MAX_SIDE + 1, MIN_SIDE, MAX_SIDE)),
        (9, 9, 0, OutOfBounds(Measure.MINES, 0, 1, 80)),
        (9, 9, 81, OutOfBounds(Measure.MINES, 81, 1, 80)),
        (1, 1, 5, OutOfBounds(Measure.WIDTH, 1, MIN_SIDE, MAX_SIDE)),
    ],
)
def test_the_first_broken_limit_is_named(
    width: int, height: int, mines: int, problem: OutOfBounds | None
) -> None:
    assert out_of_bounds(width, height, mines) == problem


@given(st.integers(MIN_SIDE, 12), st.integers(MIN_SIDE, 12), st.integers(-2, 150))
def test_the_engine_takes_exactly_the_mine_counts_the_rule_allows(
    width: int, height: int, mines: int
) -> None:
    allowed = out_of_bounds(width, height, mines) is None
    try:
        Minesweeper(width, height, mines)
    except BoardError:
        assert not allowed
    else:
        assert allowed
