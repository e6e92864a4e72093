"""The redraw and start-up benchmarks: what they count is what they say they count."""

from __future__ import annotations

from pathlib import Path

import pyte

from benchmarks.redraw import mid_game, run_length_bytes, setup
from benchmarks.startup import _environment


def screen_after(text: str, size: tuple[int, int] = (20, 3)) -> pyte.Screen:
    screen = pyte.Screen(*size)
    pyte.Stream(screen).feed(text)
    return screen


def test_the_run_length_count_takes_one_move_a_row_and_a_colour_code_a_change() -> None:
    clear = len("\x1b[H\x1b[2J")
    assert run_length_bytes(screen_after("")) == clear
    plain = screen_after("\x1b[2;3Hab")
    assert run_length_bytes(plain) == clear + len("\x1b[2;3H") + 2
    # A blank between two runs of one colour joins them; a new colour costs a code.
    coloured = screen_after("\x1b[31mab\x1b[0m \x1b[31mcd\x1b[0m \x1b[1mef\x1b[0m")
    codes = len("\x1b[0;31m") + len("\x1b[0;1m") + len("\x1b[0m")
    assert run_length_bytes(coloured) == clear + len("\x1b[1;1H") + len("ab cd ef") + codes


def test_a_mid_game_board_is_half_played_and_consistent() -> None:
    board = mid_game(30, 16, 99, seed=3)
    safe = 30 * 16 - 99
    assert not board.revealed & board.mines
    assert 0.35 * safe <= len(board.revealed) <= 0.6 * safe
    assert board.flagged <= board.mines and len(board.flagged) == 33


def test_a_timed_move_toggles_a_flag_through_the_game_loop(tmp_path: Path) -> None:
    timed = setup("expert", "80x24", 1, tmp_path)
    session = timed.app.session
    before = session.view().mines_left
    timed.move()
    assert session.view().mines_left == before - 1
    timed.move()
    assert session.view().mines_left == before
    written = timed.screen.written
    timed.tick()
    assert timed.screen.written > written, "every tick moves the clock on"


def test_the_start_up_runs_are_cached_or_not_as_asked(tmp_path: Path) -> None:
    cached = _environment(str(tmp_path), tmp_path)
    uncached = _environment(str(tmp_path), tmp_path, cached=False)
    assert "PYTHONDONTWRITEBYTECODE" not in cached
    assert uncached["PYTHONDONTWRITEBYTECODE"] == "1"
    assert "BUSCAMINAS_DATA_DIR" not in cached and cached["HOME"] == str(tmp_path)
