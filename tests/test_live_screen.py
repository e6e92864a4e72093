"""One live screen: what issue 21 asks of the terminal, each point in a real pty.

The game runs in a pseudo-terminal (``pexpect``) and its screen is read through
``pyte``; the terminal's modes are read from every byte the game wrote, and the
line discipline from the pty itself.
"""

from __future__ import annotations

import ast
import os
import re
import signal
import termios
from pathlib import Path

import pytest

from buscaminas.game import keys
from buscaminas.ui import terminal
from tests.source_support import mentioning, statements
from tests.terminal_support import BIG, ROOT, Player, cell_on_screen, in_view, write_board

BOARD = ("*####", "#####", "#####", "*###*")
"""Three mines in the corners: 3 2 opens the middle, 1 2 and 5 3 stay hidden."""
AFTER_3_2 = ["#1...", "#1...", "#1.11", "#1.1#"]
MOUSE_OFF = b"\x1b[?1000l"
ALL_MOTION = b"\x1b[?1003h"


def start(tmp_path: Path, *extra: str, rows: int = 30, columns: int = 100) -> Player:
    board = write_board(tmp_path / "board.txt", *BOARD)
    player = Player(
        "--board", str(board), "--lang", "en", "--legacy", *extra, rows=rows, columns=columns
    )
    player.wait_for("Mines left: 3")
    return player


def raw(player: Player) -> bool:
    """Keys go to the game one by one, unechoed."""
    lflag = int(termios.tcgetattr(player.child.child_fd)[3])
    return not lflag & (termios.ICANON | termios.ECHO)


def press(player: Player, button: int, row: int, column: int) -> None:
    player.child.send(f"\x1b[<{button};{column};{row}M")


def release(player: Player, button: int, row: int, column: int) -> None:
    player.child.send(f"\x1b[<{button};{column};{row}m")


# --- 1. input is never dropped or echoed --------------------------------------------------


def test_keys_typed_at_once_all_play_and_none_is_echoed(tmp_path: Path) -> None:
    player = start(tmp_path)  # animated: the reveal's waves take a while
    player.child.send("3 2\rflag 1 1\rflag 5 4\r")
    player.wait_until(lambda: player.board(4) == ["F1...", "#1...", "#1.11", "#1.1F"])
    assert "Mines left: 1" in player.text
    strays = [line for line in player.lines if "flag" in line or "3 2" in line]
    assert strays == [], "a key typed while the game was busy was echoed"
    assert player.typed_line() == ""
    player.type("quit")
    assert player.finish() == 0


def test_a_click_right_after_a_move_is_played_too(tmp_path: Path) -> None:
    player = start(tmp_path)
    row, column = cell_on_screen(player, 1, 1)
    player.child.send("3 2\r" + f"\x1b[<2;{column};{row}M")  # the click while the waves run
    player.wait_until(lambda: player.board(4)[0] == "F1...")
    player.type("quit")
    assert player.finish() == 0


def test_raw_mode_and_the_mouse_stay_on_through_moves_animations_and_auto() -> None:
    player = Player("--lang", "en", "--preset", "expert", "--seed", "3", "--legacy", rows=30)
    player.wait_for("Mines left: 99")
    assert raw(player)
    player.type("15 8")
    player.type("auto")
    for _ in range(40):  # between the AI's moves too
        player.pump(0.02)
        assert raw(player), "the terminal was cooked between actions"
    player.wait_for("AI: ")
    player.child.send("x")  # any key stops the AI; a character begins the typed line
    player.wait_for("The AI stopped")
    player.wait_until(lambda: player.typed_line() == "x")
    player.child.send("\x7f")
    player.type("man")
    player.wait_for("Page 1 of")
    player.type("1 1")
    player.wait_until(lambda: "Mines left" in player.text)
    assert MOUSE_OFF not in player.output, "mouse reporting went off before the exit"
    assert ALL_MOTION not in player.output, "no all-motion tracking: nothing follows the pointer"
    player.type("quit")
    assert player.finish() == 0
    assert player.output.rindex(MOUSE_OFF) > player.output.rindex(b"Mines left")


# --- 3. the mouse as players expect -------------------------------------------------------


def test_the_left_button_reveals_on_release_where_it_is_released(tmp_path: Path) -> None:
    player = start(tmp_path, "--no-animation")
    row, column = cell_on_screen(player, 1, 1)  # a mine
    press(player, 0, row, column)
    player.type("flag 5 1")  # a press alone does nothing: the next thing shown is the flag
    player.wait_until(lambda: player.board(4)[0] == "####F")
    target_row, target_column = cell_on_screen(player, 3, 2)
    player.child.send(f"\x1b[<32;{target_column};{target_row}M")  # dragged to 3 2
    release(player, 0, target_row, target_column)
    player.wait_until(lambda: player.board(4)[1] == "#1...")
    assert "Boom" not in player.text
    press(player, 0, row, column)  # on the mine again, released off the board: nothing
    release(player, 0, 1, 1)
    player.type("flag 1 2")
    player.wait_until(lambda: player.board(4)[1] == "F1...")
    assert "Boom" not in player.text and player.board(4)[0][0] == "#"
    player.type("quit")
    assert player.finish() == 0


def test_a_click_never_scrolls_and_the_wheel_pans() -> None:
    player = Player("--lang", "en", "--legacy", *BIG, rows=24, columns=80)
    player.wait_until(lambda: "Mines left: 30" in player.text and "x " in player.text)
    first, last, top, bottom = in_view(player)
    row, column = cell_on_screen(player, last - first + 1, bottom)  # near every edge
    press(player, 2, row, column)
    release(player, 2, row, column)
    player.wait_for("Mines left: 29")
    assert in_view(player) == (first, last, top, bottom), "the click scrolled the view"
    assert player.lines[row - 1][column - 1] == "F", "the cell under the pointer stays under it"
    player.child.send(f"\x1b[<65;{column};{row}M")  # the wheel, down
    player.wait_until(lambda: in_view(player)[2] == top + 3)
    player.child.send(f"\x1b[<68;{column};{row}M")  # Shift and the wheel up: left
    player.wait_until(lambda: in_view(player)[0] == first - 3)
    player.type("quit")
    assert player.finish() == 0


def test_a_finished_board_bigger_than_the_screen_is_looked_over_at_play_again(
    tmp_path: Path,
) -> None:
    """The wheel and Shift with the arrows move the view at the question as in play: the
    player sees where the mines were."""
    rows = ["*" + "#" * 59, *["#" * 60] * 29]
    board = write_board(tmp_path / "wide.txt", *rows)
    player = Player("--board", str(board), "--lang", "en", "--legacy", rows=24, columns=80)
    player.wait_until(lambda: "x " in player.text)
    player.type("1 1")
    player.wait_for("Play again")
    first, _last, top, _bottom = in_view(player)
    row, column = cell_on_screen(player, 2, 2)
    player.child.send(f"\x1b[<65;{column};{row}M")  # the wheel, down
    player.wait_until(lambda: in_view(player)[2] == top + 3)
    player.child.send("\x1b[1;2C")  # Shift and the right arrow: a screenful across
    player.wait_until(lambda: in_view(player)[0] > first)
    assert "Play again" in player.text, "still asked"
    player.type("n")
    assert player.finish() == 0


def test_a_terminal_grown_past_the_board_then_shrunk_shows_the_cursor_at_the_centre() -> None:
    player = Player("--lang", "en", "--legacy", *BIG, rows=24, columns=80)
    player.wait_until(lambda: "Mines left: 30" in player.text and "x " in player.text)
    player.type("flag 50 50")
    player.wait_for("Mines left: 29")
    player.resize(120, 240)  # the whole board shows: the view has nowhere to go
    player.wait_until(lambda: "of 99×99" not in player.text and "Mines left: 29" in player.text)
    player.resize(24, 80)
    player.wait_until(lambda: "of 99×99" in player.text)
    first, last, top, bottom = in_view(player)
    assert abs((first + last) / 2 - 50) <= 1 and abs((top + bottom) / 2 - 50) <= 1, (
        "the cursor's cell at the centre, not at a corner"
    )
    player.type("quit")
    assert player.finish() == 0


# --- 4. cursor mode cannot lose a game by surprise ----------------------------------------


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("flag 3 3", lambda board: board[2][2] == "F"),
        ("try 3 4", lambda board: board[3][2] == "1"),
        ("help", None),
        ("man", None),
    ],
)
def test_a_command_typed_in_cursor_mode_by_habit_is_a_command(
    tmp_path: Path, typed: str, shown: object
) -> None:
    board = write_board(tmp_path / "board.txt", "#####", "#####", "##*##", "#####")
    player = Player("--board", str(board), "--lang", "en", "--legacy", "--no-animation")
    player.wait_for("Mines left: 1")
    player.type("1 1")
    player.wait_until(lambda: player.board(4)[0][0] == ".")
    player.child.send("\t")
    player.wait_for("Cursor keys")
    player.child.send("kkkhhh")  # the cursor to 1 1, whatever it is
    player.wait_until(lambda: player.cursor() == (1, 1))
    player.child.send("lll" + "jj")  # on the mine at 3 3
    player.wait_until(lambda: player.cursor() == (4, 3))
    player.child.send("h")
    player.wait_until(lambda: player.cursor() == (3, 3))
    player.type(typed)
    if shown is not None:
        player.wait_until(lambda: shown(player.board(4)))  # type: ignore[operator]
    else:
        player.wait_until(lambda: "Hint" in player.text or "Commands are" in player.text)
    assert "Boom" not in player.text and "You lost" not in player.text
    player.type("quit")  # after the command, whenever it is done (a Ctrl-C would cancel it)
    assert player.finish() == 0


def test_a_hint_at_the_cursor_never_leads_space_onto_a_mine(tmp_path: Path) -> None:
    player = start(tmp_path, "--no-animation")
    player.type("3 2")
    player.wait_until(lambda: player.board(4) == AFTER_3_2)
    player.child.send("\t")
    player.wait_for("Cursor keys")
    player.child.send("?")  # the hint proves 5 4 a mine
    player.wait_for("so it is a mine")
    player.child.send(" ")
    player.wait_until(lambda: "Mines left: 3" in player.text)
    player.type("")
    player.wait_until(lambda: "Playing" in player.text)
    assert "Boom" not in player.text and player.board(4)[3][4] == "#"
    player.child.sendcontrol("c")
    assert player.finish() == 0


def test_esc_leaves_cursor_mode_with_no_key_after_it(tmp_path: Path) -> None:
    player = start(tmp_path)
    player.child.send("\t")
    player.wait_for("Cursor keys")
    player.child.send("\x1b")
    player.wait_for("Tab: keys")
    assert terminal.ESCAPE_SECONDS <= 0.1
    player.type("quit")
    assert player.finish() == 0


def test_a_click_keeps_the_half_typed_command(tmp_path: Path) -> None:
    player = start(tmp_path, "--no-animation")
    player.child.send("flag 5")
    player.wait_until(lambda: player.typed_line() == "flag 5")
    row, column = cell_on_screen(player, 1, 1)
    press(player, 2, row, column)
    release(player, 2, row, column)
    player.wait_until(lambda: player.board(4)[0][0] == "F")
    assert player.typed_line() == "flag 5"
    player.child.send(" 4\r")
    player.wait_until(lambda: player.board(4)[3][4] == "F")
    player.type("quit")
    assert player.finish() == 0


def test_the_mode_is_named_on_the_prompts_row(tmp_path: Path) -> None:
    player = start(tmp_path)
    assert player.typed_line() == ""
    player.child.send("\t")
    player.wait_until(lambda: any(line.lstrip().startswith("KEYS") for line in player.lines))
    player.child.send("\t")
    player.wait_until(lambda: any(line.strip() == ">" for line in player.lines))
    player.type("3 2")
    player.type("1 2")
    player.type("1 3")
    player.wait_for("Play again with the same settings?")
    assert "Tab: keys" not in player.text, "at a question, Tab gives no keys"
    player.type("n")
    assert player.finish() == 0


# --- 5. nothing the player must read is cut -----------------------------------------------


@pytest.mark.parametrize(("rows", "columns"), [(24, 80), (50, 200)])
def test_the_end_of_an_expert_game_is_read_whole(rows: int, columns: int) -> None:
    player = Player(
        "--lang", "en", "--preset", "expert", "--seed", "4", "--legacy", "--no-animation",
        rows=rows, columns=columns,
    )  # the AI's moves at once: the words at the end are the point
    player.wait_for("Mines left: 99")
    player.type("auto")
    player.wait_for("Play again with the same settings?", timeout=60)
    while "deals it again." not in player.text:  # the words run past the screen: paged
        assert "…" not in player.text, player.text
        footer = next(line for line in player.lines if "Page Down" in line)
        player.child.send("\x1b[6~")
        player.wait_until(lambda: footer not in player.lines)  # noqa: B023
    assert "…" not in player.text, player.text
    player.type("n")
    assert player.finish() == 0


def test_too_small_says_what_is_missing_in_whole_words(tmp_path: Path) -> None:
    player = start(tmp_path)
    player.resize(5, 16)
    player.wait_for("small")
    words = " ".join(player.text.split())
    assert re.search(r"\d+ more rows", words), player.text
    for line in player.lines:
        assert not re.search(r"\d\s*$", line.rstrip()) or "more" in line, "a number left alone"
    player.resize(30, 100)
    player.wait_until(lambda: player.board(4) == ["#####"] * 4)
    player.type("quit")
    assert player.finish() == 0


@pytest.mark.parametrize("columns", [60, 80])
def test_the_legend_fits_and_names_every_cursor_key(tmp_path: Path, columns: int) -> None:
    player = start(tmp_path, rows=30, columns=columns)
    player.child.send("\t")
    player.wait_for("Cursor keys")
    text = " ".join(player.text.split())
    for binding in keys.bindings(keys.Mode.CURSOR):
        assert f"{binding.shown()}: {binding.does()}" in text, binding
    assert all(len(line.rstrip()) <= columns for line in player.lines)
    player.child.send("\t")
    player.type("quit")
    assert player.finish() == 0


# --- 6. job control -----------------------------------------------------------------------


@pytest.mark.waits
def test_in_the_background_the_game_draws_nothing_and_fg_redraws_it() -> None:
    shell = Player(
        "--lang", "en", "--preset", "beginner", "--legacy", "--seed", "1", shell=True
    )
    shell.wait_for("Mines left: 10")
    shell.type("4 4")
    shell.wait_until(lambda: "Playing" in shell.text)
    shell.child.sendcontrol("z")
    shell.wait_for("Stopped")
    shown = len(shell.output)
    shell.type("bg; sleep 2; jobs")
    shell.wait_until(lambda: shell.text.count("Stopped") >= 2 or "Running" in shell.text)
    behind = shell.output[shown:]
    assert b"Mines left" not in behind and b"\x1b[?1049h" not in behind, behind
    assert "Running" not in shell.text, "in the background the game stops itself again"
    shell.type("fg")
    shell.wait_until(lambda: "Mines left: 10" in shell.text and "Stopped" not in shell.text)
    assert re.search(r"Time: [0-2] s", shell.text), "the stopped seconds are not played time"
    shell.type("quit")
    shell.wait_for("See you soon!")


def test_a_stop_from_outside_hands_back_every_mode_and_fg_takes_them_again() -> None:
    shell = Player("--lang", "en", "--preset", "beginner", "--legacy", "--seed", "1", shell=True)
    shell.wait_for("Mines left: 10")
    shell.type("4 4")
    shell.wait_until(lambda: "Playing" in shell.text)
    (game,) = [int(pid) for pid in os.popen(f"pgrep -P {shell.child.pid}").read().split()]
    os.kill(game, signal.SIGTSTP)
    shell.wait_for("Stopped")
    tail = shell.output[shell.output.rindex(b"Playing") :]
    for off in (b"\x1b[?1000l", b"\x1b[?2004l", b"\x1b[?1049l"):
        assert off in tail
    shell.type("fg")
    shell.wait_until(lambda: "Mines left: 10" in shell.text and "Stopped" not in shell.text)
    back = shell.output[shell.output.rindex(b"fg") :]
    for on in (b"\x1b[?1000h", b"\x1b[?2004h", b"\x1b[?1049h"):
        assert on in back
    shell.type("quit")
    shell.wait_for("See you soon!")


# --- 7. one terminal stack ----------------------------------------------------------------


def test_only_the_terminal_adapter_touches_the_terminals_modes() -> None:
    """The adapter, and the first frame drawn before it loads, which hands it the
    terminal's modes (``TerminalScreen.enter``)."""
    touching = set()
    modes = ("termios", "tty", "select", "msvcrt")
    for path in mentioning((ROOT / "buscaminas").rglob("*.py"), *modes):
        for node in statements(path):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if set(modes) & {n.split(".")[0] for n in names}:
                touching.add(path.relative_to(ROOT).as_posix())
    assert touching == {"buscaminas/ui/terminal.py", "buscaminas/ui/firstframe.py"}
