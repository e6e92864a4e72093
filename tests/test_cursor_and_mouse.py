"""Playing with the keys and the mouse, on the same screen as the prompt, in a real pty."""

from __future__ import annotations

from pathlib import Path

import pytest

from buscaminas.game.commands import Command, Verb
from buscaminas.game.view import State, View
from buscaminas.ui import controls, seam
from buscaminas.ui.controls import Button, Kind, Report
from buscaminas.ui.icons import LEGACY, NERD
from buscaminas.ui.renderer import Renderer
from tests.cursor_support import start
from tests.terminal_support import KEPT, Player, cell_on_screen, click
from tests.toolkit_support import heard

ARROWS = {"up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D"}


@pytest.mark.parametrize("icons", ["--legacy", pytest.param("--nerd", marks=pytest.mark.slow)])
def test_the_cursor_plays_next_to_typed_commands(tmp_path: Path, icons: str) -> None:
    player = start(tmp_path, icons)
    assert player.cursor() == (3, 3), "a new game puts the cursor at the centre"
    assert "Tab: keys" in player.text
    player.child.send("\t")
    player.wait_for("Space, Enter: reveal")
    player.child.send(ARROWS["down"] + "l" + "a" + "s")  # down, right, left, down (stops): 3 4
    player.wait_until(lambda: player.cursor() == (3, 4))
    player.child.send("wwww")  # past the edge it stops
    player.wait_until(lambda: player.cursor() == (3, 1))
    player.child.send(" ")
    hidden = "#" if icons == "--legacy" else NERD.hidden
    player.wait_until(lambda: "Playing" in player.text and player.board(4)[0][2] != hidden)
    player.child.send("hh")
    player.wait_until(lambda: player.cursor() == (1, 1))
    player.child.send("f")
    flag = "F" if icons == "--legacy" else NERD.flag
    player.wait_until(lambda: player.board(4)[0][0] == flag)
    player.child.send("v")
    player.wait_until(lambda: player.board(4)[0][0] == hidden)
    player.child.send("\t")  # back to typing, in the same game
    player.wait_for("Tab: keys")
    player.type("flag 1 4")
    player.wait_until(lambda: player.board(4)[3][0] == flag and player.cursor() == (1, 4))
    click(player, 2, 1, 2)  # and the mouse, in the same game, in either icon set
    player.wait_until(lambda: player.board(4)[1][0] == flag and player.cursor() == (1, 2))
    player.type("quit")
    assert player.finish() == 0


def test_a_letter_no_cursor_key_uses_goes_to_the_typed_line(tmp_path: Path) -> None:
    player = start(tmp_path, "--legacy")
    player.child.send("\t")
    player.wait_for("Space, Enter: reveal")
    player.child.send("xyz")
    player.wait_until(lambda: any(line.strip() == "> xyz" for line in player.lines))
    assert "Tab: keys" in player.text, "the keys are the line's again"
    assert player.board(4) == ["#####"] * 4
    player.child.send("\x7f\x7f\x7f")
    row = player.prompt_row()
    assert player.lines[row].strip() == ">"
    player.type("quit")
    assert player.finish() == 0


def test_the_mouse_reveals_flags_and_expands(tmp_path: Path) -> None:
    player = start(tmp_path, "--legacy")
    click(player, 0, 3, 2)  # left: reveal
    player.wait_until(lambda: player.board(4) == ["#1...", "#1...", "#1.11", "#1.1#"])
    player.child.send("\x1b[<0;1;1M\x1b[<0;1;1m")  # off the board: nothing
    row, column = cell_on_screen(player, 1, 1)
    dragged = f"\x1b[<0;1;1M\x1b[<32;{column};{row}M\x1b[<0;{column};{row}m"
    player.child.send(dragged)  # pressed off the board, released on the mine at 1 1
    click(player, 2, 1, 1)  # right: flag
    player.wait_until(lambda: player.board(4)[0][0] == "F")
    assert "Boom" not in player.text
    click(player, 1, 2, 1)  # middle: expand the 1 at 2 1, whose mine is flagged
    player.wait_until(lambda: player.board(4)[1][0] == "1")
    click(player, 0, 2, 2)  # left on a satisfied number expands it too: the last safe cells
    player.wait_until(lambda: player.board(4)[2][0] == "1" and "You won!" in player.text)
    player.type("n")
    assert player.finish() == 0


def test_a_typed_try_on_a_satisfied_number_expands_it(tmp_path: Path) -> None:
    player = start(tmp_path, "--legacy")
    player.type("3 2")
    player.wait_until(lambda: player.board(4)[0] == "#1...")
    player.type("flag 1 1")
    player.type("2 1")
    player.wait_until(lambda: player.board(4)[1][0] == "1")
    player.type("quit")
    assert player.finish() == 0


def test_no_mouse_leaves_the_terminal_alone(tmp_path: Path) -> None:
    player = start(tmp_path, "--legacy", "--no-mouse")
    player.type("3 2")
    player.wait_until(lambda: player.board(4)[0] == "#1...")
    assert b"\x1b[?1000h" not in player.output
    player.type("quit")
    assert player.finish() == 0


@pytest.mark.parametrize(
    ("report", "expected"),
    [
        ("\x1b[<0;10;5M", Report(Kind.PRESS, Button.LEFT, 4, 9)),
        ("\x1b[<2;1;1M", Report(Kind.PRESS, Button.RIGHT, 0, 0)),
        ("\x1b[<1;3;4M", Report(Kind.PRESS, Button.MIDDLE, 3, 2)),
        ("\x1b[<16;10;5M", Report(Kind.PRESS, Button.LEFT, 4, 9)),  # with Ctrl held
        ("\x1b[<0;10;5m", Report(Kind.RELEASE, Button.LEFT, 4, 9)),
        ("\x1b[<64;10;5M", Report(Kind.WHEEL, None, 4, 9, (0, -3))),  # the wheel, up
        ("\x1b[<69;10;5M", Report(Kind.WHEEL, None, 4, 9, (3, 0))),  # Shift, down: right
        ("\x1b[<32;10;5M", Report(Kind.DRAG, Button.LEFT, 4, 9)),  # a drag
        ("\x1b[96;10;5M", Report(Kind.WHEEL, None, 4, 9, (0, -3))),  # urxvt's wheel
        ("\x1b[34;10;5M", None),  # urxvt's press: prompt_toolkit does not tell the button
        ("\x1b[M" + chr(32) + chr(42) + chr(37), Report(Kind.PRESS, Button.LEFT, 4, 9)),  # X10
        ("\x1b[M" + chr(35) + chr(42) + chr(37), Report(Kind.RELEASE, None, 4, 9)),
        ("\x1b[<0;0;5M", None),
        ("\x1b[<35;10;5M", None),  # a move with no button held
    ],
)
def test_mouse_reports_in_every_encoding(report: str, expected: Report | None) -> None:
    """Read by prompt_toolkit's parser, as the terminal reads them."""
    assert heard(report) == ([] if expected is None else [expected])


@pytest.mark.parametrize(
    "report", ["\x1b[<1;2M", "\x1b[<;;M", "\x1b[1;2M", "\x1b[M" + chr(48) + "**", "\x1b[M"]
)
def test_a_report_the_toolkit_cannot_read_is_dropped_as_it_is_read(report: str) -> None:
    assert not seam.readable(report)


@pytest.mark.parametrize("report", ["\x1b[<0;10;5M", "\x1b[34;10;5M", "\x1b[M" + chr(32) + "*%"])
def test_every_report_the_toolkit_reads_is_kept(report: str) -> None:
    assert seam.readable(report)


def test_a_click_lands_on_the_cell_drawn_there_and_nowhere_else() -> None:
    rows = ("#" * 12,) * 9
    frame = Renderer.frame(View(rows, 10, State.READY, cursor=(0, 0)), (80, 30), LEGACY)
    assert frame.board is not None
    top, left = frame.board
    for y in range(9):
        for x in range(12):
            assert frame.cell_at(top + y, left + 2 * x) == (x, y)
    assert frame.cell_at(top - 1, left) is None
    assert frame.cell_at(top, left - 1) is None
    assert frame.cell_at(top + 9, left) is None
    assert frame.cell_at(top, left + 2 * 12) is None


def test_keys_at_the_cursor() -> None:
    assert controls.key_command("space", (2, 3), "#") == Command(Verb.TRY, (2, 3))
    assert controls.key_command("b", (2, 3), "#") == Command(Verb.FLAG, (2, 3))
    assert controls.key_command("v", (2, 3), "#") is None, "v only takes a flag off"
    assert controls.key_command("v", (2, 3), "F") == Command(Verb.UNFLAG, (2, 3))
    assert controls.key_command("?", (2, 3), "#") == Command(Verb.HELP)
    assert controls.key_command("u", (2, 3), "#") == Command(Verb.UNDO)
    assert controls.key_command("r", (2, 3), "5") == Command(Verb.REDO)
    assert controls.key_command("x", (2, 3), "#") is None


def test_u_and_r_undo_and_redo_at_the_cursor(tmp_path: Path) -> None:
    player = start(tmp_path, "--legacy")
    player.child.send("\t")
    player.wait_for("u: undo")
    player.child.send("wf")  # up, flag 3 2
    player.wait_until(lambda: player.board(4)[1][2] == "F")
    player.child.send("u")
    player.wait_until(
        lambda: player.board(4)[1][2] == "#" and "Took back “flag 3 2”" in player.text
    )
    player.child.send("r")
    player.wait_until(lambda: player.board(4)[1][2] == "F")
    player.child.send("\t")
    player.type("quit")
    assert player.finish() == 0


def typed_at_the_cursor(keys: list[str]) -> list[controls.Step]:
    """What the terminal would do for ``keys`` typed in cursor mode, at any pace: once a
    key goes to the typed line, the rest are the line's."""
    habit = controls.Habit()
    steps: list[controls.Step] = []
    for key in keys:
        if any(step.kind in ("type", "submit") for step in steps):
            steps.append(controls.Step("line", key))
            continue
        steps += habit.key(key)
    return steps


@pytest.mark.parametrize(
    ("keys", "typed"),
    [
        ([*"flag", "space", *"3 3"], "flag"),
        ([*"try", "space"], "t"),
        ([*"help", "enter"], "help"),
        ([*"review", "enter"], "revi"),
        ([*"exit", "enter"], "ex"),
        ([*"probar", "space", *"2 2"], "pro"),
        (["f", "space", *"3 3"], "f"),
        (["u", "enter"], "u"),
        ([*"3 3"], "3"),
        ([*"man", "enter"], "m"),
    ],
)
def test_a_command_typed_at_the_cursor_by_habit_goes_to_the_line(
    keys: list[str], typed: str
) -> None:
    steps = typed_at_the_cursor(keys)
    kinds = [step.kind for step in steps]
    to_the_line = next(n for n, kind in enumerate(kinds) if kind in ("type", "submit"))
    assert steps[to_the_line].text.strip() == typed
    acted = [step.text for step in steps if step.kind == "act"]
    assert not {"space", "enter"} & set(acted), "nothing is revealed"
    if acted:
        assert kinds[:to_the_line].count("mark") == 1, "a word began where its keys acted"
        assert kinds[to_the_line - 1] == "back", "what its keys did is taken back"


@pytest.mark.parametrize(
    "keys",
    [
        ["s", "a"],  # down, left: never “> sa”
        ["f", "l"],  # a flag, then right
        ["h", "e"],
        ["d", "e"],
        ["n", "e"],
        ["a", "u"],
        ["h", "space"],  # a lone h stays a move, and Space reveals where it went
        ["d", "enter"],
        ["s", "a", "v", "space"],  # not a whole command: keys
        ["f", "l", "a", "\x1b[A"],
    ],
)
def test_cursor_keys_act_at_once_and_stay_keys(keys: list[str]) -> None:
    steps = typed_at_the_cursor(keys)
    assert [step.text for step in steps if step.kind == "act"] == keys
    assert not {"type", "submit", "back"} & {step.kind for step in steps}


def test_a_word_that_cannot_go_on_ends_as_keys_and_the_next_letter_may_begin_another() -> None:
    habit = controls.Habit()
    assert habit.key("f") == [controls.Step("mark"), controls.Step("act", "f")]
    assert habit.key("l") == [controls.Step("act", "l")]
    assert habit.key("s") == [controls.Step("mark"), controls.Step("act", "s")], "“fls”: keys"
    assert habit.key("j") == [controls.Step("act", "j")], "“sj” spells nothing: keys"
    assert habit.word == ""
    assert habit.key("space") == [controls.Step("act", "space")]


def test_the_left_button_acts_on_release_and_nowhere_else() -> None:
    pointer = controls.Pointer()
    press = Report(Kind.PRESS, Button.LEFT, 3, 3)
    assert pointer.report(press, (1, 1)) is None, "a press alone does nothing"
    drag = Report(Kind.DRAG, Button.LEFT, 3, 5)
    assert pointer.report(drag, (2, 1)) is None
    release = Report(Kind.RELEASE, Button.LEFT, 3, 5)
    assert pointer.report(release, (2, 1)) == Command(Verb.TRY, (2, 1)), "where it is released"
    assert pointer.report(press, (1, 1)) is None
    assert pointer.report(release, None) is None, "off the board: cancelled"
    assert pointer.report(release, (2, 1)) is None, "a release with no press does nothing"
    right = Report(Kind.PRESS, Button.RIGHT, 3, 3)
    assert pointer.report(right, (1, 1)) == Command(Verb.FLAG, (1, 1))
    wheel = Report(Kind.WHEEL, None, 3, 3, (0, 3))
    assert pointer.report(wheel, (1, 1)) == controls.Pan((0, 3))


def test_a_press_off_the_board_dragged_onto_a_cell_opens_nothing() -> None:
    """As when the words above the board are selected with the mouse."""
    pointer = controls.Pointer()
    assert pointer.report(Report(Kind.PRESS, Button.LEFT, 1, 1), None) is None
    assert pointer.report(Report(Kind.DRAG, Button.LEFT, 3, 5), (2, 1)) is None
    assert pointer.report(Report(Kind.RELEASE, Button.LEFT, 3, 5), (2, 1)) is None


def test_the_line_s_search_keys_never_take_the_keys_from_the_game(tmp_path: Path) -> None:
    """Ctrl-R then Tab, or Tab then Ctrl-R, once left the old prompt's search holding
    the keys under the cursor mode: Enter, ``quit``, Ctrl-C and Ctrl-D did nothing,
    letters moved.  The live screen has no search: Ctrl-R and Ctrl-S open nothing, in
    either mode, and the keys after them are the game's."""
    player = start(tmp_path, "--legacy")
    player.type("3 2")
    player.wait_until(lambda: player.board(4) == ["#1...", "#1...", "#1.11", "#1.1#"])
    player.child.sendcontrol("r")
    player.type("flag 1 1")  # the line has the keys
    player.wait_until(lambda: player.board(4)[0][0] == "F")
    assert "Cursor keys" not in player.text and "search" not in player.text
    player.child.send("\t")
    player.wait_for("Cursor keys")
    player.child.sendcontrol("r")  # no search while the cursor has the keys
    player.child.sendcontrol("s")
    player.child.send("f")  # at 1 1, where the flag typed put the cursor
    player.wait_until(lambda: player.board(4)[0][0] == "#")
    assert "search" not in player.text
    player.child.send("jf")  # the keys are still the cursor's: flag 1 2
    player.wait_until(lambda: player.board(4)[1][0] == "F")
    player.child.send("\t")
    player.wait_for("Tab: keys")
    player.child.send("fl")
    player.child.sendcontrol("r")
    player.wait_until(lambda: any(line.strip() == "> fl" for line in player.lines))
    player.child.sendcontrol("c")  # drops the half-typed line
    player.wait_until(lambda: any(line.strip() == ">" for line in player.lines))
    assert player.child.isalive()
    player.child.sendcontrol("c")  # and leaves, keeping the game
    player.wait_for("See you soon!")
    assert KEPT in player.text
    assert player.finish() == 0


def test_ctrl_c_drops_a_completed_word_with_its_line_before_it_leaves(tmp_path: Path) -> None:
    player = start(tmp_path, "--legacy")
    player.child.send("e\t")  # expand, exit…: the first verb that begins so
    player.wait_for("expand")
    player.child.sendcontrol("c")  # drops the line, the completion with it, as a shell does
    player.wait_until(
        lambda: "expand" not in player.text
        and any(line.strip() == ">" for line in player.lines)
    )
    assert player.child.isalive()
    player.child.sendcontrol("c")
    player.wait_for("See you soon!")


FLAGGED_FIFTY_FIFTY = "11 00 00\n10 00 00\n21 21 00\n"
"""A 50/50 at 1 1 and 1 2 over two flagged mines: once the player flags both cells
of the 50/50, every covered cell carries a flag and nothing is certain."""


def test_question_mark_with_every_covered_cell_flagged_takes_a_wrong_flag_off(
    tmp_path: Path,
) -> None:
    board = tmp_path / "board.txt"
    board.write_text(FLAGGED_FIFTY_FIFTY)
    player = Player("--board", str(board), "--lang", "en", "--no-animation", "--legacy")
    player.wait_for("Mines left: 1")
    player.type("flag 1 1")
    player.wait_for("Mines left: 0")
    player.type("flag 1 2")
    player.wait_for("Mines left: -1")
    player.child.send("\t")
    player.wait_for("Cursor keys")
    player.child.send("?")
    player.wait_for("I took the flag off")
    said = " ".join(player.text.split())
    assert "at least one of your flags is wrong" in said, said
    player.wait_for("You won")
    player.type("n")
    assert player.finish() == 0
