"""Lab board files: read as the C++ lab wrote them, refused with the line and column when wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from buscaminas.records.boardfile import BoardFile, BoardFileError, dump, parse
from tests.cells_support import cell_choices
from tests.terminal_support import run_piped, write_board


def test_a_board_with_spaces_and_without() -> None:
    board = parse("10 11 00\n2000 10\n101010\n")
    assert (board.width, board.height) == (3, 3)
    assert board.mines == frozenset({(1, 0)})
    assert board.revealed == frozenset({(2, 0), (1, 1)})
    assert board.flagged == frozenset({(0, 1)})


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("10 10 10\n10 40 10\n10 10 11\n", 2, 4, "not a cell status"),
        ("10 10 10\n10 12 10\n10 10 11\n", 2, 5, "second digit"),
        ("10 10 10\n10 10\n10 10 11\n", 2, 6, "this row has 2 cells"),
        ("10 10 10\n10\n10 10 11\n", 2, 3, "this row has 1 cell; the first row has 3"),
        ("10 10 10\n10 01 10\n10 10 10\n", 2, 4, "uncovered cell cannot hold a mine"),
        ("10 10 10\n10 10 10\n10 10 10\n", 1, 1, "there are 0 mines; there must be from 1 to 8"),
        ("11 11 11\n11 11 11\n11 11 11\n", 1, 1, "there are 9 mines; there must be from 1 to 8"),
        ("11 11\n11 11\n", 1, 1, "width is 2"),
        ("11 10 10\n10 10 10\n", 2, 1, "the height is 2; it must be from 3 to 99"),
        ("", 1, 1, "no board"),
    ],
)
def test_malformed_files_name_the_line_and_column(
    text: str, line: int, column: int, words: str
) -> None:
    with pytest.raises(BoardFileError) as caught:
        parse(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert words in str(caught.value)
    assert f"line {line}, column {column}" in str(caught.value)


def test_a_blank_may_touch_flags_and_covered_cells() -> None:
    """A flag keeps its cell closed when a blank beside it opens (``flag 3 1`` then
    ``try 4 1``), and taking the flag off leaves it covered: a game reaches a
    blank beside a covered cell, so a saved game may hold one."""
    board = parse("11 10 10\n10 20 20\n10 20 00\n")
    assert board.revealed == frozenset({(2, 2)})
    assert board.flagged == frozenset({(1, 1), (2, 1), (1, 2)})
    unflagged = parse("11 10 10\n10 10 10\n10 20 00\n")
    assert unflagged.revealed == frozenset({(2, 2)}) and unflagged.flagged == {(1, 2)}
    numbers_only = parse("11 00 10\n00 00 10\n10 10 10\n")
    assert numbers_only.revealed == frozenset({(1, 0), (0, 1), (1, 1)})


CELLS = (
    # mine, revealed, flagged, marked
    (False, False, False, False),
    (False, True, False, False),
    (False, False, True, False),
    (False, False, False, True),
    (True, False, False, False),
    (True, False, True, False),
    (True, False, False, True),
)
"""What a board file's cell can be: safe and covered, open, flagged or marked; a mine,
flagged or marked."""


@st.composite
def boards(draw: st.DrawFn) -> BoardFile:
    """Any board a file can hold with at least two safe cells, one of them covered.

    The cells are one draw (see ``cell_choices``), each any of :data:`CELLS`; a board
    with no mine, or no covered safe cell, is drawn again."""
    width, height = draw(st.integers(3, 12)), draw(st.integers(3, 12))
    cells = [(x, y) for y in range(height) for x in range(width)]
    picks = dict(zip(cells, draw(cell_choices(CELLS, len(cells))), strict=True))
    mines, revealed, flagged, marked = (
        frozenset(cell for cell, pick in picks.items() if pick[part]) for part in range(4)
    )
    assume(mines and len(cells) - len(mines) >= 2 and len(mines) + len(revealed) < len(cells))
    return BoardFile(width, height, mines, revealed, flagged, marked)


@given(boards())
def test_a_dumped_board_parses_back_to_itself(board: BoardFile) -> None:
    assert parse(dump(board)) == board


def test_the_game_refuses_a_malformed_file_with_status_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("10 10 10\n10 10 1x\n10 10 11\n")
    result = run_piped("--board", str(bad), "--lang", "en")
    assert result.returncode == 2
    assert "line 2, column 8" in result.stderr


def test_the_game_refuses_a_malformed_file_in_spanish_too(tmp_path: Path) -> None:
    bad = write_board(tmp_path / "bad.txt", "*.*", "...", ".*.")
    bad.write_text(bad.read_text().replace("11", "01", 1))
    result = run_piped("--board", str(bad), "--lang", "es")
    assert result.returncode == 2
    assert result.stderr == (
        f"buscaminas: {bad}: línea 1, columna 1: una casilla destapada no puede tener una mina\n"
    )
