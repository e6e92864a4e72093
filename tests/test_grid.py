"""The board geometry every rule walks."""

from __future__ import annotations

from buscaminas.core.grid import Grid


def test_each_safe_cell_counts_the_mines_that_touch_it() -> None:
    # * 2 *
    # 1 2 1
    # . . .
    counts = Grid(3, 3).mine_counts({(0, 0), (2, 0)})
    assert counts == {
        (1, 0): 2,
        (0, 1): 1,
        (1, 1): 2,
        (2, 1): 1,
        (0, 2): 0,
        (1, 2): 0,
        (2, 2): 0,
    }


def test_a_board_without_mines_counts_zero_everywhere() -> None:
    grid = Grid(4, 2)
    assert grid.mine_counts(set()) == dict.fromkeys(grid.cells(), 0)
