"""``buscaminas analyze``: the grid of percentages and the certain cells."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from buscaminas import i18n
from buscaminas.core.engine import Minesweeper
from buscaminas.core.solver import Position, analyze
from buscaminas.entry.analyze_file import Unreadable, analysis_of, certain_cells, probability_grid
from buscaminas.game import hints


@pytest.fixture
def spanish() -> Iterator[None]:
    i18n.use("es")
    yield
    i18n.use("en")


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


@pytest.mark.parametrize(
    ("text", "mines", "message"),
    [
        ("##\n#9", 1, "line 2, column 2: “9” is not a cell: cells are # F ? . * X and 1 to 8"),
        ("###\n##", 1, "line 2, column 3: this row has 2 cells; the first row has 3"),
        ("###\n#", 1, "line 2, column 2: this row has 1 cell; the first row has 3"),
        ("#\n\n#", 1, "line 2: this row is empty"),
        ("#1\n#1", 5, "too many mines: 5 do not fit in the 2 covered cells"),
        ("*1\n*1", 1, "too few mines: the position shows 2, more than 1"),
        ("#3\n#1", 2, "the 3 at 2 1 cannot be satisfied by its neighbours"),
        ("..\n.1", 0, "the 1 at 2 2 cannot be satisfied by its neighbours"),
        ("#11#", 1, "no layout of 1 mine agrees with every number"),
        ("##\x00\n##", 1, "the file is not text"),
    ],
)
def test_what_is_wrong_with_a_position_in_x_y_and_words(
    text: str, mines: int, message: str
) -> None:
    with pytest.raises(Unreadable) as raised:
        analysis_of(text, mines)
    assert str(raised.value) == message


def test_spaces_at_the_end_of_a_row_are_no_cell() -> None:
    position, analysis = analysis_of("#1 \n#1\t\r\n", 1)
    assert position.rows == ("#1", "#1")
    assert analysis.layouts == 2


@pytest.mark.usefixtures("spanish")
def test_position_problems_in_spanish() -> None:
    with pytest.raises(Unreadable) as raised:
        analysis_of("#1\n#1", 5)
    assert str(raised.value) == "demasiadas minas: 5 no caben en las 2 casillas tapadas"
