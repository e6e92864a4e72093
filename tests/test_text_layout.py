"""Text that reads well at every width: hanging indents under their text, a table's lines
inside their column, figures kept with their names, a status line that drops a part
rather than cut one, and a dumb terminal's lines broken between words.

The real program runs in a pseudo-terminal and ``pyte`` reads its screen, as the
player would; a line as wide as the terminal is one the terminal itself broke.
"""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path

import pytest

from buscaminas import i18n
from buscaminas.game import commands, reading, textwidth
from buscaminas.game.commands import Verb
from buscaminas.game.view import State, View
from buscaminas.ui.prompt import question_lines
from buscaminas.ui.renderer import Renderer
from tests.terminal_support import Player, run_piped

FOOTER = re.compile(r"(Page|Página) (\d+) (of|de) (\d+)")
FIGURE = re.compile(r"(3BV/s|RQP|IOE|throughput|rendimiento) \d+\.\d\d")


# --- the manual: hanging indents under the text, every page alike ---------------------------


def _manual_page(player: Player, number: int) -> bool:
    match = next((FOOTER.search(line) for line in player.lines if FOOTER.search(line)), None)
    return match is not None and int(match.group(2)) == number


def _verbs(language: str) -> tuple[list[str], str]:
    """The verbs' names in the order the manual lists them, and the spellings of the
    last."""
    i18n.use(language)
    try:
        return [commands.name(verb) for verb in Verb], f"({commands.spellings(Verb.QUIT)})"
    finally:
        i18n.use("en")


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize(("rows", "columns"), [(24, 80), (12, 40)])
def test_the_manual_s_entries_wrap_under_their_text_on_every_page(
    language: str, rows: int, columns: int
) -> None:
    verbs, last = _verbs(language)
    game = ("--lang", language, "--preset", "beginner", "--legacy")
    player = Player(*game, rows=rows, columns=columns)
    player.prompt_row()
    player.type("man")
    player.wait_until(partial(_manual_page, player, 1))
    pages = int(next(m.group(4) for line in player.lines if (m := FOOTER.search(line))))
    read: list[str] = []
    for number in range(1, pages + 1):
        player.type(f"man {number}")
        player.wait_until(partial(_manual_page, player, number))
        end = next(row for row, line in enumerate(player.lines) if FOOTER.search(line))
        read += player.lines[:end]
    first = next(n for n, line in enumerate(read) if line.split()[:1] == verbs[:1])
    entries = read[first : next(n for n, line in enumerate(read) if last in line) + 1]
    column = len(entries[0]) - len(entries[0].lstrip())
    names, texts, carried = [], set(), set()
    for line in entries:
        indent = len(line) - len(line.lstrip())
        words = line.split()
        if indent == column and words[0] in verbs:
            names.append(words[0])
            texts.add(line.index(words[1], indent + len(words[0])))
        else:
            carried.add(indent)
    assert names == verbs, "every verb's entry starts in one column, on every page"
    assert len(texts) == 1, f"their text starts in one column: {texts}"
    assert carried == texts, f"a wrapped line starts under the text: {carried}, {texts}"
    player.type("quit")
    assert player.finish() == 0


# --- the review: a verdict's lines inside its column -----------------------------------------

MOVE_ROW = re.compile(r"\s*\d+\s+\d+\.\d\d\s")


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("columns", [60, 80])
def test_a_review_s_verdicts_wrap_inside_their_column(language: str, columns: int) -> None:
    game = ("--lang", language, "--preset", "beginner", "--seed", "1", "--legacy")
    player = Player(*game, "--no-animation", rows=24, columns=columns)
    player.prompt_row()
    player.type("4 4")
    player.type("auto")
    enter = "[Enter" if language == "en" else "[Intro"  # the key's name in each language
    player.wait_until(lambda: enter in player.text, timeout=60)
    player.type("review" if language == "en" else "revisar")
    player.wait_until(lambda: any(FOOTER.search(line) for line in player.lines), timeout=60)
    heading = next(n for n, line in enumerate(player.lines) if MOVE_ROW.match(line)) - 1
    verdicts = player.lines[heading].rstrip().rindex(" ") + 1  # the last column's title
    end = next(n for n, line in enumerate(player.lines) if FOOTER.search(line))
    rows = [line for line in player.lines[heading + 1 : end] if line.strip()]
    assert any(not MOVE_ROW.match(line) for line in rows), "a verdict takes two lines"
    for line in rows:
        if MOVE_ROW.match(line):
            assert line[verdicts - 1] == " " and line[verdicts] != " ", line
        else:
            assert len(line) - len(line.lstrip()) == verdicts, (line, verdicts)
    player.type("n")
    assert player.finish() == 0


# --- the status line gives way a part at a time ----------------------------------------------


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_status_line_drops_whole_parts_before_it_would_cut_one(language: str) -> None:
    i18n.use(language)
    try:
        for state in State:
            shown = View(
                ("#" * 99,) * 99,
                99,
                state,
                elapsed=75.0,
                board_name="Expert 30×16, no-guess",
                hints=12,
                keys="Tab: keys",
            )
            whole = Renderer.status(shown, None, "x 1–18, y 1–5 of 99×99").split("   ")
            for columns in range(len(whole[0]), 121):
                line = Renderer.status(shown, columns, "x 1–18, y 1–5 of 99×99")
                assert textwidth.width(line) <= columns, (columns, line)
                kept = line.split("   ")
                assert kept[0] == whole[0], "the mines left stay"
                assert [part for part in whole if part in kept] == kept, (columns, line)
                if columns >= textwidth.width("   ".join(whole[:2])):
                    assert kept[:2] == whole[:2], "the time goes last"
    finally:
        i18n.use("en")


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.waits
def test_at_40_columns_the_status_line_is_never_cut(language: str) -> None:
    big = ("--width", "99", "--height", "99", "--mines", "30", "--seed", "1")
    player = Player("--lang", language, "--legacy", *big, rows=12, columns=40)
    player.prompt_row()
    status = player.lines[player.row_of("Minas" if language == "es" else "Mines")]
    assert "…" not in status and status.strip(), status
    player.type("50 50")
    player.wait_until(lambda: re.search(r"(Time|Tiempo): \d", player.text) is not None)
    status = player.lines[player.row_of("Minas" if language == "es" else "Mines")]
    assert "…" not in status, status
    player.type("quit" if language == "en" else "salir")
    assert player.finish() == 0


# --- figures stay with their names, the summary wraps at words ------------------------------


def test_a_figure_is_never_parted_from_its_name() -> None:
    said = (
        "You won in 12.34 s: 3BV/s 1.23, RQP 10.05, IOE 0.70, throughput 1.00, 1234 points."
    )
    for columns in range(16, 90):
        lines = textwidth.wrap(said, columns)
        assert " ".join(lines) == said
        for line in lines:
            assert textwidth.width(line) <= columns
            assert not re.search(r"(3BV/s|RQP|IOE|throughput)$", line), (columns, lines)
            assert not re.match(r"\d+\.\d\d", line), (columns, lines)


def _mines(tmp_path: Path, seed: str) -> set[tuple[int, int]]:
    """The mines of the beginner board ``seed`` deals for a first try at 4 4, read from the
    board file a game in a pipe saves."""
    saved = tmp_path / "board.txt"
    run_piped("--lang", "en", "--preset", "beginner", "--seed", seed,
              lines=f"4 4\nsave {saved}\n")
    rows = saved.read_text().split("\n")
    return {
        (x + 1, y + 1)
        for y, row in enumerate(rows)
        for x, cell in enumerate(row.split())
        if cell[1] == "1"
    }


def _hidden_safe(player: Player, mines: set[tuple[int, int]]) -> list[tuple[int, int]]:
    board = player.board(8)
    return [
        (x + 1, y + 1)
        for y, row in enumerate(board)
        for x, cell in enumerate(row)
        if cell == "#" and (x + 1, y + 1) not in mines
    ]


@pytest.mark.parametrize("columns", [80, 40])
def test_the_summary_on_leaving_wraps_at_words_with_its_figures_whole(
    tmp_path: Path, columns: int
) -> None:
    mines = _mines(tmp_path, "7")
    game = ("--lang", "en", "--preset", "beginner", "--seed", "7", "--legacy", "--no-animation")
    player = Player(*game, rows=24, columns=columns)
    player.prompt_row()
    player.type("4 4")
    while "[Enter" not in player.text:
        left = _hidden_safe(player, mines)
        if not left:  # the last reveal won: the question is on its way
            player.wait_for("[Enter")
            break
        x, y = left[0]
        player.type(f"{x} {y}")
        player.wait_until(
            lambda: "[Enter" in player.text or _hidden_safe(player, mines) != left  # noqa: B023
        )
    status = player.row_of("Mines left")
    end = " ".join(" ".join(player.lines[status + 1 :]).split())
    assert FIGURE.search(end), player.text
    for line in player.lines:
        assert not re.search(r"(3BV/s|RQP|IOE|throughput)\s*$", line), player.text
    player.type("n")
    assert player.finish() == 0
    lines = [line.rstrip() for line in player.lines if line.strip()]
    first = next(n for n, line in enumerate(lines) if "1. Won" in line)
    entry = lines[first : next(n for n, line in enumerate(lines) if line.endswith("points.")) + 1]
    assert all(len(line) < columns for line in entry), "no line reaches the edge:\n" + player.text
    assert all(line.startswith(" " * 5) for line in entry[1:]), "wrapped under its text"
    for figure in ("3BV/s", "RQP", "throughput"):
        assert re.search(rf"{re.escape(figure)} \d+\.\d\d", "\n".join(entry)), entry


# --- a dumb terminal: each message whole, on a line of its own --------------------------------

BOARD_ROW = re.compile(r"[#F.1-8*X?]{8}")


def test_a_dumb_terminal_gets_each_message_whole_on_a_line_of_its_own() -> None:
    """A screen reader speaks a line at a time: a message the game broke would be read
    as two; the terminal's own wrapping is the reader's to undo."""
    game = ("--lang", "en", "--preset", "beginner", "--seed", "2", "--legacy")
    piped = run_piped(*game, lines="4 4\nhelp\n").stdout.splitlines()
    after = next(n for n, line in enumerate(piped) if BOARD_ROW.fullmatch(line))
    hint = next(line for line in piped[after:] if line.strip() and not BOARD_ROW.fullmatch(line))
    assert len(hint) > 40, "a hint longer than the terminal is wide"
    player = Player(*game, rows=40, columns=40, env={"TERM": "dumb"})
    player.wait_for("8×8")
    player.type("4 4")
    player.type("help")
    said = reading.spoken(hint)
    assert said is not None
    player.wait_until(lambda: said.encode() in player.output)
    player.type("quit")
    assert player.finish() == 0
    assert f"\n{said}\n" in player.output.decode().replace("\r", "")


@pytest.mark.parametrize("columns", [30, 40, 60, 80, 120])
def test_a_question_leaves_the_prompt_its_answers_and_the_rest_the_terminal_s_width(
    columns: int,
) -> None:
    question = "Note.\n\nPlay again with the same settings? [Enter = yes, n = no] "
    above, prompt = question_lines(question, columns)
    assert above[:2] == ("Note.", ""), "its paragraphs and blank lines as written"
    assert prompt.endswith("[Enter = yes, n = no] "), "the answers whole, with the space"
    assert all(textwidth.width(line) < columns for line in above)
    asked = "Play again with the same settings? [Enter = yes, n = no]"
    assert " ".join([*above[2:], prompt]).split() == asked.split(" ")
    if columns >= 40:  # the question fits a line of the terminal's width
        assert len(above) <= 3
