"""End to end: the real program in a pseudo-terminal, judged by what its screen shows."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from buscaminas.game.commands import MAX_LINE
from buscaminas.ui.icons import NERD
from tests import forkstart_support
from tests.terminal_support import KEPT, ROOT, Player, run_piped, scratch_directory, write_board

BOARD = (
    "*####",
    "#####",
    "#####",
    "*###*",
)
AFTER_3_2 = ["#1...", "#1...", "#1.11", "#1.1#"]
AI_PLAYED = (
    "The AI played in this game: it is kept in your statistics as assisted, not as a best time."
)


@pytest.fixture
def board_file(tmp_path: Path) -> Path:
    return write_board(tmp_path / "board.txt", *BOARD)


def start(board_file: Path, *extra: str, rows: int = 30, columns: int = 100) -> Player:
    player = Player(
        "--board",
        str(board_file),
        "--legacy",
        "--lang",
        "en",
        "--no-animation",
        *extra,
        rows=rows,
        columns=columns,
    )
    player.wait_for("Mines left: 3")
    player.prompt_row()
    return player


def test_the_board_is_drawn_and_a_try_reveals_cells_in_place(board_file: Path) -> None:
    player = start(board_file)
    assert player.board(4) == ["#####"] * 4
    prompt_row = player.prompt_row()
    player.type("try 3 2")
    player.wait_until(lambda: player.board(4)[0] != "#####")
    assert player.board(4) == AFTER_3_2
    assert player.prompt_row() == prompt_row
    player.type("quit")
    assert player.finish() == 0


def test_flags_and_the_mines_left_counter(board_file: Path) -> None:
    player = start(board_file)
    player.type("flag 1,1")
    player.wait_for("Mines left: 2")
    assert player.board(4)[0] == "F####"
    player.type("1 1")
    player.wait_for("has a flag")
    assert "flag 1 1" in player.text
    player.type("flag 1 1")
    player.wait_until(lambda: player.board(4)[0] == "#####")
    assert "Mines left: 3" in player.text
    player.child.sendcontrol("c")
    assert player.finish() == 0


def test_bad_input_gets_a_precise_message_and_changes_nothing(board_file: Path) -> None:
    player = start(board_file)
    for line, message in [
        ("tyr 1 1", "Did you mean “try”?"),
        ("flag 1", "takes two numbers"),
        ("try a 2", "“a” is not a whole number"),
        ("try 6 1", "x goes from 1 to 5"),
        ("try 1 9", "y goes from 1 to 4"),
        ("x" * (MAX_LINE + 1), "too long"),
    ]:
        player.type(line)
        player.wait_for(message)
        assert player.board(4) == ["#####"] * 4
    player.type("quit")
    assert player.finish() == 0


def test_winning_shows_the_time_and_offers_another_game(board_file: Path) -> None:
    player = start(board_file)
    player.type("3 2")
    player.wait_until(lambda: player.board(4) == AFTER_3_2)
    player.type("1 2")
    player.wait_until(lambda: player.board(4)[1] == "11...")
    player.type("1 3")
    player.wait_for("You won in")
    player.wait_for("Play again with the same settings?")
    player.type("")
    player.wait_until(lambda: player.board(4) == ["#####"] * 4)
    player.type("quit")
    assert player.finish() == 0


def test_losing_shows_every_mine_and_the_wrong_flags(board_file: Path) -> None:
    player = start(board_file)
    player.type("flag 1 2")
    player.type("3 2")
    player.wait_until(lambda: player.board(4)[0] == "#1...")
    player.type("1 1")
    player.wait_for("Boom! The mine at 1 1 exploded.")
    assert player.board(4) == ["*1...", "X1...", "#1.11", "*1.1*"]
    player.type("n")
    assert player.finish() == 0


def test_ctrl_c_says_goodbye_restores_the_cursor_and_exits_zero(board_file: Path) -> None:
    player = start(board_file)
    player.child.sendcontrol("c")
    player.wait_for("See you soon!")
    assert player.finish() == 0
    assert not player.screen.cursor.hidden
    assert "#####" not in player.text


def test_ctrl_c_at_a_question_cancels_it_and_a_second_one_leaves(board_file: Path) -> None:
    player = start(board_file)
    player.type("3 2")
    player.wait_until(lambda: player.board(4) == AFTER_3_2)
    player.type("new")
    player.wait_for("Abandon this game?")
    player.child.sendcontrol("c")
    player.wait_for("The game goes on.")
    assert player.board(4) == AFTER_3_2
    player.child.sendcontrol("c")
    player.wait_for("See you soon!")
    assert KEPT in player.text
    assert player.finish() == 0


def test_ctrl_d_leaves_too(board_file: Path) -> None:
    player = Player("--board", str(board_file), "--legacy", "--lang", "es")
    player.prompt_row()
    player.child.sendcontrol("d")
    player.wait_for("¡Hasta luego!")
    assert player.finish() == 0


def test_a_resize_redraws_and_a_tiny_terminal_says_what_is_missing(board_file: Path) -> None:
    player = start(board_file)
    player.resize(5, 20)
    player.child.send(" ")  # prompt_toolkit redraws on the next event as well as on SIGWINCH
    player.wait_for("too small")
    assert "rows" in player.text
    player.resize(24, 60)
    player.child.send("\x7f")
    player.wait_until(lambda: player.board(4) == ["#####"] * 4)
    assert "too small" not in player.text
    player.type("quit")
    assert player.finish() == 0


def test_the_manual_lists_every_verb_and_the_icons(board_file: Path) -> None:
    player = start(board_file, rows=100)  # tall enough for the whole manual on one page
    player.type("man")
    player.wait_for("Icons:")
    for verb in ("try", "flag", "expand", "help", "man", "quit"):
        assert f"  {verb} " in player.text
    player.type("1 1")
    player.wait_until(lambda: "Icons:" not in player.text and "Mines left" in player.text)
    player.type("quit")
    assert player.finish() == 0


def test_spanish_is_spoken_when_asked(board_file: Path) -> None:
    player = Player("--board", str(board_file), "--legacy", "--lang", "es", "--no-animation")
    player.wait_for("Minas restantes: 3")
    player.type("foo")
    player.wait_for("Orden desconocida")
    player.type("quit")
    assert player.finish() == 0


def test_startup_questions_on_a_terminal() -> None:
    player = Player("--lang", "en", "--no-animation", "--seed", "3")
    player.wait_for("Icons [Enter = 1, 2 = Nerd Font]:")
    player.type("maybe")
    player.wait_for("Type 1 (or Enter) for the plain icons, 2 for the Nerd Font's.")
    player.type("1")
    player.wait_for("Board [Enter = 2]")
    player.type("10")
    player.wait_for("Width, from 3 to")
    player.type("2")
    player.wait_for("Type a whole number from 3 to")
    player.type("6")
    player.wait_for("Height, from 3 to")
    player.type("5")
    player.wait_for("Mines, from 1 to 29")
    player.type("4")
    player.wait_for("Mines left: 4")
    assert player.board(5) == ["######"] * 5
    player.type("quit")
    assert player.finish() == 0


def test_pipe_mode_prints_messages_and_plain_rows() -> None:
    result = run_piped(
        "--preset", "beginner", "--seed", "1", "--lang", "en", lines="4 4\nflag 1 1\nflag 1\n"
    )
    assert result.returncode == 0
    assert "\x1b" not in result.stdout
    lines = result.stdout.splitlines()
    assert lines.pop(0) == "This board can be solved without guessing."
    assert lines[-2:] == [KEPT, "See you soon!"]
    del lines[-2:]
    assert len(lines) == 8 + 8 + 1 + 8
    first, second = lines[:8], lines[8:16]
    assert all(len(row) == 8 and set(row) <= set("#F.12345678") for row in first)
    assert first[3][3] in ".12345678"
    assert second[0][0] == "F" and first[0][0] == "#"
    assert "takes two numbers" in lines[16]
    assert lines[17:] == second


@pytest.mark.waits
def test_the_clock_runs_while_the_prompt_waits_and_typing_survives(board_file: Path) -> None:
    player = start(board_file)
    player.type("3 2")
    player.wait_for("Time: 0 s")
    player.child.send("fla")
    player.wait_for("Time: 2 s", timeout=10)
    assert any(line.strip() == "> fla" for line in player.lines)
    player.child.send("g 1 1\r")
    player.wait_for("Mines left: 2")
    player.type("quit")
    assert player.finish() == 0


def test_help_marks_the_cell_it_names(board_file: Path) -> None:
    player = start(board_file)
    player.type("3 2")
    player.wait_until(lambda: player.board(4) == AFTER_3_2)
    player.type("help")
    player.wait_for("so it is a mine.")
    row = next(number for number, line in enumerate(player.lines) if line.strip()[:3] == "4  ")
    column = player.lines[row].index("4") + 3 + 2 * 4
    assert player.screen.buffer[row][column].reverse
    assert not player.screen.buffer[row][column - 8].reverse
    cited = player.screen.buffer[row - 1][column - 2]  # the 1 at 4 3 that proves it
    assert cited.data == "1" and cited.underscore and not cited.reverse
    player.type("quit")
    assert player.finish() == 0


def test_auto_plays_on_its_own_and_a_key_stops_it() -> None:
    player = Player("--preset", "expert", "--seed", "3", "--legacy", "--lang", "en", rows=30)
    player.prompt_row()
    player.type("auto")
    player.wait_for("AI: ")
    for _ in range(40):  # between its moves too, a key typed is not echoed over the board
        assert not player.child.getecho()
        player.pump(0.02)
    player.child.send("x")
    player.wait_for("The AI stopped after")
    player.wait_until(lambda: any(line.strip() == "> x" for line in player.lines))
    player.child.send("\x7f")  # the key that stopped it began the typed line
    player.prompt_row()
    player.type("quit")
    assert player.finish() == 0


def test_stats_from_the_shell_after_a_game(board_file: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    player = start(board_file, "--data-dir", str(data))
    for cell in ("3 2", "1 2", "1 3"):
        player.type(cell)
    player.wait_for("You won in")
    player.type("n")
    player.wait_for("Your game this session:")
    assert player.finish() == 0
    result = run_piped("stats", "--data-dir", str(data), "--lang", "en")
    assert result.returncode == 0
    assert result.stdout.splitlines()[:3] == [
        "Played, won, streaks and times count your own games only:"
        " no AI moves, no undo, no board you had seen, not played from a pipe.",
        "Custom 5×4, 3 mines",
        "  Played 1, won 1 (100%); current streak 1, best streak 1.",
    ]
    assert "classic board" in result.stdout


def test_analyze_prints_probabilities_and_certain_cells(tmp_path: Path) -> None:
    position = tmp_path / "position.txt"
    position.write_text("###1\n#211\n#1..\n")
    result = run_piped(
        "analyze",
        str(position),
        "--mines",
        "2",
        "--lang",
        "en",
    )
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[1].split() == ["1", "0%", "0%", "100%", "1"]
    assert "Safe: 1 1, 2 1" in lines
    assert "Mines: 3 1" in lines
    bad = run_piped("analyze", str(position), "--mines", "9")
    assert bad.returncode == 2


def test_help_and_auto_in_pipe_mode() -> None:
    result = run_piped(
        "--preset",
        "beginner",
        "--seed",
        "2",
        "--lang",
        "en",
        lines="help\n4 4\nhelp\nhelp 1 1\nauto\nn\n",
    )
    assert result.returncode == 0
    out = result.stdout
    assert "Your first try is always safe." in out
    assert "1 1 hides a mine" in out or "1 1 is" in out
    assert AI_PLAYED in out
    assert "You won in" not in out, "a game the AI played is not the player's win"
    assert re.search(r"^Game won in \d+\.\d\d s\.$", out, re.MULTILINE), "but it is won"
    assert "AI: " in out
    assert "\x1b" not in out


def test_undecodable_bytes_in_a_pipe_are_bad_input_not_a_crash() -> None:
    result = forkstart_support.run(
        [sys.executable, "-m", "buscaminas", "--preset", "beginner", "--lang", "en"],
        input=b"\xff\xfe 1 1\nflag 2 2\n",
        cwd=ROOT,
        timeout=30,
        env={**os.environ, "BUSCAMINAS_DATA_DIR": scratch_directory()},
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout.decode()
    assert "Unknown command" in out
    lines = out.splitlines()
    assert lines[-1] == "See you soon!"
    assert lines[-2] == KEPT, "a game with a flag is a game: kept"
    assert lines[-9].startswith("#F")


def test_ctrl_l_draws_the_screen_again(board_file: Path) -> None:
    player = start(board_file)
    player.stream.feed(b"\x1b[2J")  # as if another program had scribbled over the screen
    assert "Mines left" not in player.text
    player.child.sendcontrol("l")
    player.wait_until(lambda: player.board(4) == ["#####"] * 4 and "Mines left: 3" in player.text)
    player.type("quit")
    assert player.finish() == 0


def test_a_manual_taller_than_the_terminal_pages(board_file: Path) -> None:
    player = start(board_file, rows=24, columns=80)
    player.type("man")
    player.wait_for("Page 1 of")
    assert "Commands are a verb and a cell" in player.text
    pages = int(player.text.split("Page 1 of ")[1].split(":")[0])
    assert pages > 1
    player.type("man 2")
    player.wait_for("Page 2 of")
    assert "Commands are a verb and a cell" not in player.text
    player.type(f"man {pages + 5}")  # past the end: the last page
    player.wait_for(f"Page {pages} of {pages}: type “man 1” for the first.")
    assert "Icons:" in player.text or "a flag that was wrong" in player.text
    player.type("man flag")  # one entry, under the board
    player.wait_until(lambda: "flag 3 4" in player.text and "Mines left: 3" in player.text)
    assert player.board(4) == ["#####"] * 4
    player.type("quit")
    assert player.finish() == 0


def test_the_end_of_a_piped_game_prints_once_and_asks_in_words() -> None:
    result = run_piped(
        "--preset", "beginner", "--seed", "1", "--lang", "en", lines="4 4\nauto\nn\n"
    )
    lines = result.stdout.splitlines()
    assert lines.count("Play again with the same settings? [Enter = yes, n = no]") == 1
    ends = [number for number, line in enumerate(lines) if line == AI_PLAYED]
    assert len(ends) == 1
    assert lines[ends[0] + 1].startswith("This board's code is ")
    board = lines[ends[0] + 2 : ends[0] + 10]
    assert all(len(row) == 8 for row in board)
    assert lines[ends[0] + 10].startswith("Play again"), "the final board is printed once"
    assert lines[-1] == "See you soon!"


def test_the_prompt_follows_the_board_when_the_terminal_shrinks(board_file: Path) -> None:
    player = start(board_file)
    player.child.send("fl")
    player.wait_until(lambda: any(line.strip() == "> fl" for line in player.lines))
    player.resize(20, 70)
    player.child.send("a")
    player.wait_until(lambda: any(line.strip() == "> fla" for line in player.lines))
    prompt = next(line for line in player.lines if line.strip() == "> fla")
    board_row = next(line for line in player.lines if line.lstrip().startswith("1  #"))
    assert prompt.index(">") == board_row.index("1")
    player.child.send("g 1 1\r")
    player.wait_for("Mines left: 2")
    player.type("exit")
    assert player.finish() == 0


def test_a_wrong_answer_at_the_end_of_a_piped_game_gets_one_line() -> None:
    result = run_piped(
        "--preset", "beginner", "--seed", "1", "--lang", "en", lines="4 4\nauto\nbogus\nn\n"
    )
    lines = result.stdout.splitlines()
    assert lines.count("Press Enter to play again, or type n to leave.") == 1
    assert lines.count(AI_PLAYED) == 1
    reminder = lines.index("Press Enter to play again, or type n to leave.")
    assert lines[reminder + 1].startswith("Play again with the same settings?")
    assert lines[reminder + 2] == "Your game this session:"


def test_a_piped_board_file_shows_its_position_first(board_file: Path) -> None:
    started = write_board(board_file.with_name("started.txt"), "*#*..", "##*..", "##*..", "*###*")
    result = run_piped("--board", str(started), "--lang", "en", lines="")
    assert result.stdout.splitlines() == ["###2.", "###3.", "###31", "#####", "See you soon!"]


def test_tools_writing_to_a_closed_pipe_exit_quietly(tmp_path: Path) -> None:
    position = tmp_path / "big.txt"
    position.write_text("\n".join(["#" * 30] * 30) + "\n")
    tool = forkstart_support.popen(
        [sys.executable, "-m", "buscaminas", "analyze", str(position), "--mines", "100"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert tool.stdout is not None and tool.stderr is not None
    tool.stdout.readline()
    tool.stdout.close()
    assert tool.wait(timeout=30) == 0
    assert b"Traceback" not in tool.stderr.read()


def test_the_first_question_wraps_in_a_narrow_terminal() -> None:
    player = Player("--lang", "en", rows=20, columns=40)
    player.wait_for("Which icons should the board show")
    player.wait_for("[Enter = 1, 2 = Nerd Font]")
    player.child.sendcontrol("c")
    assert player.finish() == 0


@pytest.mark.parametrize(
    ("answer", "hidden"),
    [
        ("", "#"),  # Enter: the icons every terminal draws
        pytest.param("1", "#", marks=pytest.mark.slow),  # the quick suite has one
        pytest.param("2", NERD.hidden, marks=pytest.mark.slow),
    ],
)
def test_the_icon_answer_means_what_it_says_and_is_remembered(answer: str, hidden: str) -> None:
    data = scratch_directory()
    first = Player("--lang", "en", "--preset", "beginner", env={"BUSCAMINAS_DATA_DIR": data})
    first.wait_for("Icons [Enter = 1, 2 = Nerd Font]:")
    first.type(answer)
    first.wait_until(lambda: "Mines left: 10" in first.text and hidden in first.text)
    first.type("quit")
    assert first.finish() == 0
    again = Player("--lang", "en", "--preset", "beginner", env={"BUSCAMINAS_DATA_DIR": data})
    again.wait_until(lambda: "Mines left: 10" in again.text and hidden in again.text)
    assert "Which icons" not in again.text
    again.type("quit")
    assert again.finish() == 0
    overridden = Player(
        "--lang", "en", "--preset", "beginner", "--legacy", env={"BUSCAMINAS_DATA_DIR": data}
    )
    overridden.wait_for("Mines left: 10")
    assert overridden.board(8) == ["########"] * 8
    overridden.type("quit")
    assert overridden.finish() == 0
