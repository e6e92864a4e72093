"""The screen-reader mode (``--reader``, or ``TERM=dumb``): what a move changed said in
words, the board described on demand, and every line a sentence a synthesizer reads
whole: no escape byte, no prompt, no grid, capital or digit first, a full stop or a
question mark last.  Read here as a synthesizer would, through the real program in a
pipe and in a pseudo-terminal, in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from buscaminas.core.alphabet import Symbol
from buscaminas.game import reading
from buscaminas.game.commands import ParseError, Verb, parse
from buscaminas.game.view import State, View
from tests.terminal_support import Player, run_piped, write_board

SENTENCE = re.compile(r"[A-ZÁÉÍÓÚÑ0-9][^\x00-\x1f\x7f]*[.?]")
"""A line a synthesizer reads as one sentence: capital or digit first, an end mark last."""
GRID = re.compile(r"^[#F.?*X1-8 ]{8,}$")
"""A row of the board as the position text draws it."""
BEGINNER = ("--preset", "beginner", "--seed", "2", "--reader")
PLAY = "4 4\nread row 4\nread 4 4\naround 4 4\nflag 1 1\nflag 1 1\nread 3\nauto\nundo\nstats\n"
SPANISH = PLAY.replace("read row", "leer fila").replace("read", "leer")
SPANISH = SPANISH.replace("around", "alrededor").replace("flag", "bandera")


def not_sentences(lines: list[str]) -> list[str]:
    return [line for line in lines if not SENTENCE.fullmatch(line)]


@pytest.mark.parametrize(("lang", "lines"), [("en", PLAY), ("es", SPANISH)])
def test_every_line_in_a_pipe_is_a_sentence_and_none_is_the_grid(lang: str, lines: str) -> None:
    played = run_piped(*BEGINNER, "--lang", lang, lines=lines + "quit\n")
    assert played.returncode == 0, played.stderr
    said = played.stdout.splitlines()
    assert "\x1b" not in played.stdout
    assert said and not_sentences(said) == [], played.stdout
    assert not any(GRID.match(line) for line in said), played.stdout
    opened = {"en": "4 4 opened ", "es": "4 4 abrió "}[lang]
    assert any(line.startswith(opened) for line in said), played.stdout


def test_forced_colour_gives_a_reader_no_colour() -> None:
    played = run_piped(*BEGINNER, "--lang", "en", lines="4 4\nquit\n", env={"FORCE_COLOR": "1"})
    assert "\x1b" not in played.stdout
    assert "4 4 opened" in played.stdout


def test_a_move_says_what_it_opened_its_numbers_flags_and_mines_left(tmp_path: Path) -> None:
    board = write_board(tmp_path / "board.txt", "*####", "#####", "#####", "####*")
    played = run_piped("--board", str(board), "--reader", "--lang", "en", lines="3 3\nquit\n")
    assert (
        "3 3 opened 18 cells; 6 new numbers: 1 at 2 1, 1 at 1 2, 1 at 2 2, 1 at 4 3, 1 at 5 3"
        " and 1 at 4 4; flag on 1 1 and 5 4; 0 mines left." in played.stdout.splitlines()
    ), played.stdout
    assert "You won in 0.00 s." in played.stdout  # the won game's own words


def test_each_move_of_the_ai_is_said_with_what_it_opened() -> None:
    """Not one change for its three moves, named after the last cell as if it had
    opened them all."""
    game = ("--preset", "beginner", "--seed", "3", "--reader", "--lang", "en")
    said = run_piped(*game, lines="4 4\nflag 6 4\nauto 3\nquit\n").stdout.splitlines()
    moves = [re.fullmatch(r"AI: (\d+ \d+) is safe\.", line) for line in said]
    cells = [move.group(1) for move in moves if move is not None]
    assert len(cells) == 3, said
    for cell in cells:
        told = said.index(f"AI: {cell} is safe.")
        assert said[told - 1].startswith(f"{cell} opened "), said


def test_the_board_is_read_on_demand(tmp_path: Path) -> None:
    board = write_board(tmp_path / "board.txt", "*####", "#####", "#####", "####*")
    lines = "2 1\nread row 1\nread 2 1\naround 2 1\nread 5 4\nquit\n"
    played = run_piped("--board", str(board), "--reader", "--lang", "en", lines=lines)
    said = played.stdout.splitlines()
    assert "2 1 opened 1 cell; 1 new number: 1 at 2 1; 2 mines left." in said, played.stdout
    assert "Row 1: 1 hidden, 2 shows 1, 3 to 5 hidden." in said
    assert "2 1: shows 1, with 0 flags and 5 hidden cells around it." in said
    assert "Around 2 1: 1 1 hidden, 3 1 hidden, 1 2 hidden, 2 2 hidden, 3 2 hidden." in said
    assert "5 4: hidden." in said


def test_reading_changes_nothing_and_a_program_reads_it_too(tmp_path: Path) -> None:
    board = write_board(tmp_path / "board.txt", "*####", "#####", "#####", "####*")
    played = run_piped("--board", str(board), "--lang", "es", lines="2 1\nleer fila 1\n")
    rows = [line for line in played.stdout.splitlines() if re.fullmatch(r"[#F.?*X1-8]{5}", line)]
    assert "Fila 1: 1 oculta, 2 muestra 1, 3 a 5 ocultas." in played.stdout
    assert rows == 2 * ["#1###", "#####", "#####", "#####"], played.stdout


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("read 3", "two numbers, x and y, or “row” and a number"),
        ("read row 9", "Row 9 is off the board"),
        ("read row x", "x"),
        ("around row 2", "“row” is not a whole number"),
        ("read column 2", "column"),
    ],
)
def test_a_wrong_read_is_refused_with_what_it_takes(line: str, words: str) -> None:
    with pytest.raises(ParseError) as refused:
        parse(line, 8, 8)
    assert words in refused.value.message()


def test_read_row_and_cell_parse_in_both_languages() -> None:
    assert parse("read row 3", 8, 8).number == 3
    assert parse("leer fila 8", 8, 8).number == 8
    assert parse("read 2 5", 8, 8).cell == (1, 4)
    assert parse("alrededor 8 8", 8, 8).verb is Verb.AROUND


def view_of(rows: list[str], mines_left: int = 10) -> View:
    return View(rows=tuple(rows), mines_left=mines_left, state=State.PLAYING, cursor=(0, 0))


def test_a_long_change_names_a_few_cells_and_counts_the_rest() -> None:
    before = ["#" * 30] * 16
    after = ["1" * 30] * 16
    said = reading.changes(before, view_of(after))
    assert said is not None
    assert said.startswith("1 1 opened 480 cells; 480 new numbers: 1 at 1 1, 1 at 2 1,")
    assert "and 474 more, in rows 1 to 16; 10 mines left." in said
    assert len(said) < 250


def test_flags_marks_and_an_undo_are_said() -> None:
    before = ["1#", "##"]
    after = ["#F", "?#"]
    said = reading.changes(before, view_of(after, mines_left=9))
    assert said == "Flag on 2 1; question mark on 1 2; 1 cell hidden again; 9 mines left."
    assert reading.changes(after, view_of(after)) is None


def test_a_row_of_a_lost_game_names_its_mines_and_wrong_flags() -> None:
    rows = [f"{Symbol.MINE}{Symbol.MINE}X.2F?#"]
    assert reading.row(rows, 0) == (
        "Row 1: 1 to 2 mines, 3 a wrong flag, 4 empty, 5 shows 2, 6 flagged,"
        " 7 marked with a question mark, 8 hidden."
    )


@pytest.mark.parametrize(
    ("line", "sentence"),
    [
        ("  try     Reveal the cell", "Try: Reveal the cell."),
        ("   (try, t, probar, p)", "Try, t, probar, p."),
        ("“read” takes two numbers", "Read takes two numbers."),
        ("¡Hasta luego!", "Hasta luego."),
        ("¿Jugar otra vez? [Intro = sí]", "Jugar otra vez? [Intro = sí]."),
        ("Reviewing your moves… 40%", "Reviewing your moves… 40%."),
        ("------", None),
        ("", None),
    ],
)
def test_a_line_is_said_as_one_sentence(line: str, sentence: str | None) -> None:
    assert reading.spoken(line) == sentence


def spoken_lines(player: Player, typed: set[str]) -> list[str]:
    """What the program wrote, line by line, but the typed lines the terminal echoed."""
    text = player.output.decode("utf-8")
    return [line for line in text.replace("\r", "").split("\n") if line and line not in typed]


@pytest.mark.parametrize(
    ("args", "env", "words", "question"),
    [
        (
            ("--reader", "--lang", "en"),
            {},
            ("4 4", "read row 4", "around 2 2", "man", "auto"),
            "Play again with the same settings?",
        ),
        (
            ("--lang", "es"),
            {"TERM": "dumb"},
            ("4 4", "leer fila 4", "alrededor 2 2", "manual", "auto"),
            "Jugar otra vez con la misma configuración?",
        ),
    ],
    ids=["--reader", "TERM=dumb"],
)
def test_a_pseudo_terminal_hears_sentences_and_no_escape(
    args: tuple[str, ...], env: dict[str, str], words: tuple[str, ...], question: str
) -> None:
    player = Player("--preset", "beginner", "--seed", "2", *args, env=env)
    player.wait_for("8×8")
    for line in words:
        player.type(line)
    player.wait_until(lambda: question.encode() in player.output)
    player.type("n")
    assert player.finish() == 0
    assert b"\x1b" not in player.output
    said = spoken_lines(player, {*words, "n"})
    assert said and not_sentences(said) == [], said
    assert not any(GRID.match(line) for line in said)
