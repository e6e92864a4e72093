"""``buscaminas analyze``: the grid of percentages and the certain cells."""

from __future__ import annotations

from buscaminas import hints
from buscaminas.engine import Minesweeper
from buscaminas.report import certain_cells, probability_grid
from buscaminas.solver import Position, analyze


def test_a_grid_of_percentages_that_never_rounds_to_a_certainty() -> None:
    position = Position.parse("###\n#1#\n###", mines=1)
    grid = probability_grid(position, analyze(position))
    assert grid[2].split() == ["2", "13%", "1", "13%"]
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


def test_analyze_and_help_give_a_cell_the_same_percentage() -> None:
    # One mine among the eight cells around a 1: 12.5 % each, which both read as 13 %.
    game = Minesweeper.from_layout(3, 3, {(0, 0)}, revealed={(1, 1)})
    position = Position.from_game(game)
    grid = probability_grid(position, analyze(position))
    assert grid[1].split()[1] == "13%"
    assert hints.chance(game, (0, 0)).messages == ("1 1 hides a mine with a chance of 13%.",)


def test_a_faint_chance_reads_as_less_than_one_percent() -> None:
    position = Position.parse("\n".join(["#" * 30] * 8), mines=1)  # 1 in 240
    assert probability_grid(position, analyze(position))[1].split()[1] == "<1%"
