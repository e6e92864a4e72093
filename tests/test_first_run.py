"""A first run as a newcomer meets it (issue 27): each start-up question on a screen of
its own, with one complaint at most; a way out of every one; the two icon sets side by
side, the plain one taken on Enter."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from buscaminas.ui.icons import LEGACY, NERD
from tests.terminal_support import (
    KEPT,
    Player,
    assert_restored,
    run_piped,
    scratch_directory,
    wait_for_exit,
    write_board,
)

MENU = "Board [Enter = 2]:"
ICONS = "Icons [Enter = 1, 2 = Nerd Font]:"


def newcomer(*args: str, rows: int = 24, columns: int = 80, data: str | None = None) -> Player:
    """A first start: no settings file, no records, no icon answer remembered."""
    environment = {"BUSCAMINAS_DATA_DIR": data or scratch_directory()}
    return Player("--lang", "en", *args, rows=rows, columns=columns, env=environment)


def test_the_icon_question_shows_both_sets_side_by_side_and_enter_is_the_plain_one() -> None:
    player = newcomer()
    player.wait_for(ICONS)
    assert "1, plain characters, or 2, a Nerd Font's" in " ".join(player.text.split())
    side_by_side = [line for line in player.lines if " 1. " in line and " 2. " in line]
    assert len(side_by_side) == 1, player.text
    plain, nerd = side_by_side[0].split(" 2. ")
    assert all(icon in plain for icon in (LEGACY.hidden, LEGACY.flag, LEGACY.mine))
    assert all(icon in nerd for icon in (NERD.hidden, NERD.flag, NERD.mine))
    player.type("")  # a player who sees boxes in set 2, or does not know, presses Enter
    player.wait_for(MENU)
    player.type("2")
    player.wait_for("Mines left: 10")
    assert player.board(8) == ["########"] * 8, "the plain icons, which every terminal draws"
    player.type("quit")
    assert player.finish() == 0
    kept = json.loads((Path(player.data_dir) / "preferences.json").read_text())
    assert kept["icons"] == "legacy"


def test_a_question_s_complaint_leaves_with_its_question() -> None:
    player = newcomer()
    player.wait_for(ICONS)
    player.type("maybe")
    complaint = "Type 1 (or Enter) for the plain icons, 2 for the Nerd Font's."
    player.wait_for(complaint)
    player.type("1")
    player.wait_for(MENU)
    assert complaint not in player.text and "Which icons" not in player.text, player.text
    player.type("0")
    player.wait_for("Type 1 to 10, or a board's name.")
    player.type("10")
    player.wait_for("Width, from 3 to 99:")
    assert "Type 1 to 10" not in player.text and " 1. Tiny" not in player.text, player.text
    player.type("quit")
    assert player.finish() == 0


@pytest.mark.parametrize(("rows", "columns"), [(24, 80), (12, 40)])
def test_wrong_answers_at_the_menu_never_pile_up(rows: int, columns: int) -> None:
    player = newcomer("--legacy", rows=rows, columns=columns)
    player.wait_for(MENU)
    for answer in ("x", "11", "tinyy", "-", "²", "0") * 3:
        player.type(answer)
    player.type("")  # the next question is one answer away: all the wrong ones are read
    player.wait_for("Mines left: 10")  # beginner: the answers were read in order
    player.type("quit")
    assert player.finish() == 0
    again = newcomer("--legacy", rows=rows, columns=columns)
    again.wait_for(MENU)
    for answer in ("x", "11", "tinyy") * 5:
        again.type(answer)
    again.type("12")
    again.wait_until(lambda: again.text.count("Type 1 to 10") == 1)
    again.pump(0.5)  # any answer not yet drawn would show now
    assert again.text.count("Type 1 to 10") == 1, again.text
    assert " 2. Beginner" in again.text and "10. Custom" in again.text, again.text
    again.type("q")
    assert again.finish() == 0


def _at_the_icons(player: Player) -> None:
    player.wait_for(ICONS)


def _at_the_menu(player: Player) -> None:
    player.wait_for(ICONS)
    player.type("1")
    player.wait_for(MENU)


def _at_the_width(player: Player) -> None:
    _at_the_menu(player)
    player.type("10")
    player.wait_for("Width, from 3 to 99:")


def _at_the_mines(player: Player) -> None:
    _at_the_width(player)
    player.type("9")
    player.wait_for("Height, from 3 to 99:")
    player.type("9")
    player.wait_for("Mines, from 1 to 80")


QUESTIONS = {
    "icons": _at_the_icons,
    "menu": _at_the_menu,
    "width": _at_the_width,
    "mines": _at_the_mines,
}
WAYS_OUT = ("q", "quit", "salir", "exit", "ctrl-c", "ctrl-d")
QUICK = {("icons", "q"), ("menu", "salir"), ("menu", "ctrl-d"), ("width", "ctrl-c"),
         ("mines", "quit")}
"""The pairs the quick suite plays; the full run plays every question with every way."""


@pytest.mark.parametrize(
    ("question", "way"),
    [
        pytest.param(question, way, marks=[] if (question, way) in QUICK else pytest.mark.slow)
        for question in QUESTIONS
        for way in WAYS_OUT
    ],
)
def test_every_way_out_leaves_every_start_up_question_with_the_terminal_restored(
    question: str, way: str
) -> None:
    player = newcomer()
    cooked = player.cooked
    QUESTIONS[question](player)
    if way.startswith("ctrl-"):
        player.child.sendcontrol(way[-1])
    else:
        player.type(way)
    wait_for_exit(player)
    assert_restored(player, cooked)
    assert b"Traceback" not in player.output
    assert player.output.rstrip().endswith(b"See you soon!")
    player.child.close()
    assert player.child.exitstatus == 0


@pytest.mark.parametrize("way", ["salir", "ctrl-d"])
def test_leaving_at_the_offer_of_a_kept_game_keeps_it(way: str) -> None:
    data = scratch_directory()
    kept = run_piped("--preset", "beginner", "--seed", "3", "--data-dir", data, lines="4 4\n")
    assert kept.returncode == 0, kept.stderr
    player = newcomer("--legacy", data=data)
    cooked = player.cooked
    player.wait_for("counts as lost")
    if way == "ctrl-d":
        player.child.sendcontrol("d")
    else:
        player.type(way)
    wait_for_exit(player)
    assert_restored(player, cooked)
    again = newcomer("--legacy", data=data)
    again.wait_for("counts as lost")
    again.type("")
    again.wait_until(lambda: "Mines left: 10" in again.text and "Playing" in again.text)
    again.type("quit")
    assert again.finish() == 0


@pytest.mark.parametrize("lines", ["", "q\n", "salir\n", "7\nquit\n", "8\n8\nexit\n"])
def test_in_a_pipe_the_end_of_input_or_quit_at_a_question_leaves_cleanly(lines: str) -> None:
    result = run_piped("--preset", "custom", "--lang", "en", lines=lines)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.startswith("Width, from 3 to 99:")
    assert "#" not in result.stdout, "no board was dealt"


def test_a_dumb_terminal_leaves_at_the_menu_on_quit() -> None:
    reader = Player("--lang", "en", env={"TERM": "dumb"})
    reader.wait_for("Board [Enter = 2]?")  # a screen reader's question
    reader.type("quit")
    assert reader.finish() == 0
    assert "mines left" not in reader.text


@pytest.mark.parametrize(
    ("asking", "question"),
    [
        ("new", "Abandon this game?"),
        ("save {file}\nsave {file}", "Replace it with this game?"),
    ],
)
@pytest.mark.parametrize("way", ["q", "salir"])
def test_quit_leaves_from_the_game_s_own_questions_too(
    asking: str, question: str, way: str, tmp_path: Path
) -> None:
    board = write_board(tmp_path / "board.txt", "*###", "####", "###*")
    lines = f"2 2\n{asking.format(file=tmp_path / 'saved.txt')}\n{way}\nflag 1 1\n"
    result = run_piped("--board", str(board), "--lang", "en", lines=lines)
    assert result.returncode == 0, result.stderr
    said = result.stdout
    assert question in said
    after = said[said.index(question) :]
    assert "F" not in after, "nothing is read after the answer that leaves"
    assert KEPT in after, "the game waits for the next start"
