"""The board geometry every rule walks."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from buscaminas.core.grid import Grid
from tests.cells_support import some_of


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


@given(st.data(), st.integers(1, 12), st.integers(1, 12))
def test_every_count_is_the_mines_among_the_cells_eight_neighbours(
    data: st.DataObject, width: int, height: int
) -> None:
    cells = [(x, y) for y in range(height) for x in range(width)]
    mines = data.draw(some_of(cells))
    counts = Grid(width, height).mine_counts(mines)
    assert list(counts) == [cell for cell in cells if cell not in mines], "row by row"
    for (x, y), count in counts.items():
        around = {(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - {(x, y)}
        assert count == len(around & mines), (x, y)
