"""A terminal citizen: NO_COLOR, TERM=dumb, closed streams, pastes, small terminals, colours."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from buscaminas.game.view import State, View
from buscaminas.records.preferences import MAX_BYTES, Preferences
from buscaminas.ui.icons import LEGACY, NERD, IconSet, cell
from buscaminas.ui.renderer import Renderer
from tests.terminal_support import ROOT, Player, scratch_directory

COLOUR = re.compile(r"\x1b\[[0-9;]*(?:38;5;|48;5;|;3[0-9]m|;4[0-9]m|\[3[0-9]m|\[4[0-9]m)")
CELLS = "#F.*X12345678"


def style_of(shown: str) -> str:
    match = re.match(r"\x1b\[([0-9;]*)m", shown)
    return match.group(1) if match else ""


@pytest.mark.parametrize("icons", [LEGACY, NERD], ids=["legacy", "nerd"])
def test_without_colour_every_cell_still_looks_different(icons: IconSet) -> None:
    plain = icons.without_colour()
    looks = {char: cell(char, plain) for char in CELLS}
    looks["exploded"] = cell("*", plain, exploded=True)
    assert not any(COLOUR.search(shown) for shown in looks.values())
    assert len(set(looks.values())) == len(looks)


def test_legacy_colours_tell_hidden_from_empty_and_flags_from_threes() -> None:
    assert style_of(cell("#", LEGACY)) != style_of(cell(".", LEGACY))
    assert style_of(cell("F", LEGACY)) != style_of(cell("3", LEGACY))


def test_no_color_draws_the_game_without_a_colour_code() -> None:
    player = Player(
        "--lang", "en", "--preset", "beginner", "--legacy", "--seed", "1", env={"NO_COLOR": "1"}
    )
    player.wait_for("Mines left: 10")
    player.type("4 4")
    player.wait_until(lambda: "Playing" in player.text)
    player.type("quit")
    assert player.finish() == 0
    drawn = player.output.decode("utf-8", "replace")
    assert "\x1b[1m" in drawn  # numbers are still bold
    assert not COLOUR.search(drawn.replace("\x1b[39;49m", ""))


def shown(player: Player) -> list[str]:
    return [line.rstrip() for line in player.lines]


def test_a_dumb_terminal_plays_line_by_line_and_asks_for_the_board() -> None:
    player = Player("--lang", "en", "--seed", "1", env={"TERM": "dumb"})
    player.wait_for("Board [Enter = 2]:")
    player.type("2")
    # A person reads it: coordinates around the board, and the mines left under it.
    hidden = [f"{y:>2} " + " ".join("#" * 8) for y in range(1, 9)]
    player.wait_until(lambda: all(line in shown(player) for line in hidden))
    lines = shown(player)
    assert lines[lines.index(hidden[0]) - 1] == "   1 2 3 4 5 6 7 8"
    assert lines[lines.index(hidden[-1]) + 1].startswith("Mines left: 10")
    player.type("4 4")
    player.wait_for("This board can be solved without guessing.")
    row = re.compile(r" 4 [#.1-8F]( [#.1-8F]){7}")
    player.wait_until(lambda: any(row.fullmatch(line) and "#" in line for line in shown(player)))
    player.type("quit")
    assert player.finish() == 0
    assert b"\x1b[" not in player.output.replace(b"\x1b[6n", b"")


@pytest.mark.parametrize(
    ("redirect", "complaint"),
    [
        ("<&-", "standard input is closed"),
        (">&-", "standard output is closed"),
        ("> /dev/full", "cannot write: there is no space left on the device"),
    ],
)
def test_a_closed_or_full_stream_ends_quietly(redirect: str, complaint: str) -> None:
    command = f"{sys.executable} -m buscaminas --lang en --preset beginner {redirect}"
    result = subprocess.run(
        ["bash", "-c", command],
        input="4 4\nquit\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "BUSCAMINAS_DATA_DIR": scratch_directory()},
        timeout=60,
    )
    assert result.returncode != 0
    assert result.stderr.strip() == f"buscaminas: {complaint}"


def test_a_paste_of_several_lines_runs_them_one_by_one() -> None:
    player = Player("--lang", "en", "--preset", "beginner", "--legacy", "--seed", "1")
    player.wait_for("Mines left: 10")
    player.child.send("\x1b[200~flag 1 1\nflag 2 1\r\nfla\x1b[201~")
    player.wait_until(lambda: player.board(8)[0][:2] == "FF")
    player.wait_until(lambda: any(line.strip() == "> fla" for line in player.lines))
    player.type("g 3 1")
    player.wait_until(lambda: player.board(8)[0][:3] == "FFF")
    player.type("quit")
    assert player.finish() == 0


def test_a_paste_answers_the_questions_in_order() -> None:
    """At the board menu, a paste of “x”, a line break and “6” is a wrong answer, then
    “6” typed for the question asked again: nothing pasted is lost or misplaced."""
    player = Player("--lang", "en", "--legacy", "--seed", "1")
    player.wait_for("Board [Enter = 2]")
    player.child.send("\x1b[200~x\n6\x1b[201~")
    player.wait_for("Type 1 to 10, or a board's name.")
    player.wait_until(lambda: any(line.rstrip().endswith("= 2]: 6") for line in player.lines))
    player.child.send("\r")
    player.wait_for("Mines left: 99")
    player.type("quit")
    assert player.finish() == 0


def test_moves_wait_while_the_board_cannot_be_shown() -> None:
    player = Player("--lang", "en", "--preset", "beginner", "--legacy", "--seed", "1")
    player.wait_for("Mines left: 10")
    player.resize(6, 30)
    player.wait_for("Terminal too small")
    player.type("4 4")
    player.wait_for("Enlarge the terminal to see")
    player.resize(30, 100)
    player.type("flag 1 1")
    player.wait_until(lambda: player.board(8)[0][0] == "F")
    assert player.board(8)[1:] == ["########"] * 7  # 4 4 was never played
    player.type("quit")
    assert player.finish() == 0


def test_preferences_survive_what_is_not_theirs(tmp_path: Path) -> None:
    preferences = Preferences(tmp_path)
    assert preferences.icons() is None
    assert preferences.remember_icons("legacy")
    assert Preferences(tmp_path).icons() == "legacy"
    preferences.path.write_text("{not json")
    assert preferences.icons() is None
    preferences.path.write_text('{"icons": "nerd"}' + " " * MAX_BYTES)
    assert preferences.icons() is None
    preferences.path.unlink()
    os.mkfifo(preferences.path)  # must not hang waiting for a writer
    assert preferences.icons() is None


def test_preferences_that_cannot_be_written_say_so(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")
    assert not Preferences(blocked).remember_icons("nerd")  # its directory is a file


def test_too_small_frame_shows_why_a_move_was_refused() -> None:
    view = View(rows=("#" * 8,) * 8, mines_left=10, state=State.READY, messages=("Enlarge it.",))
    frame = Renderer.frame(view, (30, 6), LEGACY)
    shown = [item.text for item in frame.items.values()]
    assert any("Terminal too small" in line for line in shown)
    assert "Enlarge it." in shown
