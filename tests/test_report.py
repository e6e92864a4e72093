"""``buscaminas analyze``: the grid of percentages and the certain cells."""

from __future__ import annotations

from buscaminas.report import certain_cells, probability_grid
from buscaminas.solver import Position, analyze


def test_a_grid_of_percentages_that_never_rounds_to_a_certainty() -> None:
    position = Position.parse("###\n#1#\n###", mines=1)
    grid = probability_grid(position, analyze(position))
    assert grid[2].split() == ["2", "12%", "1", "12%"]
    position = Position.parse("#" * 12 + "\n" + "#" * 12, mines=1)
    assert probability_grid(position, analyze(position))[1].split()[1] == "4%"
    position = Position.parse("#" * 30 + "\n" + "#" * 30 + "\n" + "#" * 30, mines=89)
    assert probability_grid(position, analyze(position))[1].split()[1] == "99%"


def test_certain_cells_and_a_board_with_nothing_left_to_reveal() -> None:
    position = Position.parse("#1.\n11.\n...", mines=1)
    assert certain_cells(analyze(position)) == [
        "Safe: -",
        "Mines: 1 1",
        "Next move: none, every hidden cell is a mine.",
    ]
