"""Lab board files: read as the C++ lab wrote them, refused with the line and column when wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from buscaminas.boardfile import BoardFileError, parse
from tests.terminal_support import run_piped


def test_a_board_with_spaces_and_without() -> None:
    board = parse("10 11 00\n2000 10\n101010\n")
    assert (board.width, board.height) == (3, 3)
    assert board.mines == frozenset({(1, 0)})
    assert board.revealed == frozenset({(2, 0), (1, 1)})
    assert board.flagged == frozenset({(0, 1)})


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("10 10 10\n10 30 10\n10 10 11\n", 2, 4, "not a cell status"),
        ("10 10 10\n10 12 10\n10 10 11\n", 2, 5, "second digit"),
        ("10 10 10\n10 10\n10 10 11\n", 2, 6, "this row has 2 cells"),
        ("10 10 10\n10 01 10\n10 10 10\n", 2, 4, "uncovered cell cannot hold a mine"),
        ("10 10 10\n10 10 10\n10 10 10\n", 1, 1, "no mine"),
        ("11 11\n11 11\n", 1, 1, "width is 2"),
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


def test_the_game_refuses_a_malformed_file_with_status_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("10 10 10\n10 10 1x\n10 10 11\n")
    result = run_piped("--board", str(bad), "--lang", "en")
    assert result.returncode == 2
    assert "line 2, column 8" in result.stderr
