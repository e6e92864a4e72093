"""``games``, ``replay`` and ``review``: the store's numbered games, and the tools through
the installed program, in a pipe and (``replay``) in a pseudo-terminal."""

from __future__ import annotations

import os
import re
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from buscaminas.entry import lookback
from buscaminas.entry.lookback import games_table
from buscaminas.game.journal import Journal
from buscaminas.records.storage import DATABASE_NAME, Store
from tests.journal_support import KEPT, json_journal
from tests.record_support import make_record, run
from tests.terminal_support import (
    Player,
    assert_restored,
    run_piped,
    wait_for_exit,
    write_board,
)


def store_in(directory: Path) -> Store:
    return Store(directory / DATABASE_NAME, on_warning=lambda line: None)


def test_recent_games_come_oldest_first_with_numbers_that_never_change(tmp_path: Path) -> None:
    store = store_in(tmp_path)
    for day in range(5):
        store.add_game(make_record(day, seconds=10.0 + day))
    recent = store.recent(2)
    assert recent is not None
    assert [number for number, _game in recent] == [4, 5]
    assert [game.seconds for _number, game in recent] == [13.0, 14.0]
    everything = store.recent()
    assert everything is not None and [number for number, _ in everything] == [1, 2, 3, 4, 5]
    found = store.game(3)
    assert found is not None and found.seconds == 12.0
    assert store.game(6) is None and store.game(0) is None


def test_the_last_game_with_a_journal_is_found_past_newer_ones_without(tmp_path: Path) -> None:
    store = store_in(tmp_path)
    assert store.last_with_journal() is None
    store.add_game(make_record(0))
    store.add_game(make_record(1, journal=KEPT.dumps()))
    store.add_game(make_record(2))
    latest = store.last_with_journal()
    assert latest is not None and latest[0] == 2 and latest[1].journal == KEPT.dumps()


def test_the_table_names_each_game_by_number_date_board_result_time_and_code() -> None:
    games = [
        (7, make_record(0, code="B8-1234", seconds=20.5)),
        (12, make_record(1, won=False, abandoned=True, seconds=3.25)),
    ]
    header, first, second = games_table(games)
    assert header.split() == ["No.", "Date", "Board", "Result", "Time", "Code"]
    assert re.fullmatch(
        r"\s+7  2024-05-0\d \d\d:\d\d  Beginner 8×8, no-guess  won        20\.50  B8-1234", first
    )
    assert second.startswith(" 12  ") and "  abandoned   3.25  -" in second


# --- through the program ----------------------------------------------------------------


@pytest.fixture
def played(tmp_path: Path) -> Path:
    """A data directory where one game was played from a pipe: a guess, a blunder flag
    taken back, then the proved moves, to the win."""
    board = write_board(tmp_path / "board.txt", "####*", "#####", "####*")
    lines = "try 1 1\nflag 5 2\nflag 5 2\nflag 5 1\nexpand 4 1\nn\n"
    result = run_piped("--board", str(board), "--data-dir", str(tmp_path), lines=lines)
    assert "You won" in result.stdout
    return tmp_path


def test_games_lists_the_game_played(played: Path) -> None:
    status, out, err = run(played, "games")
    assert (status, err) == (0, "")
    header, row = out.splitlines()
    assert header.split()[0] == "No."
    assert row.split()[0] == "1"
    assert "Custom 5×3, 2 mines, classic" in row and " won, scripted " in row, "from a pipe"


@pytest.mark.parametrize(
    ("changes", "shown"),
    [
        ({}, "won"),
        ({"hints": 1}, "won, 1 hint"),
        ({"hints": 3, "won": False}, "lost, 3 hints"),
        ({"scripted": True, "hints": 2}, "won, scripted"),
        ({"practice": True, "scripted": True}, "won, practice, scripted"),
        ({"undone": True, "practice": True}, "won, with undo, practice"),
        ({"assisted": True, "undone": True, "abandoned": True}, "abandoned, assisted, with undo"),
    ],
)
def test_each_game_listed_says_everything_that_sets_it_apart(
    changes: dict[str, Any], shown: str
) -> None:
    assert lookback.result(make_record(**changes)) == shown


def test_replay_in_a_pipe_prints_each_move_with_its_time(played: Path) -> None:
    status, out, err = run(played, "replay")
    assert (status, err) == (0, "")
    heading, *moves, end = out.splitlines()
    assert heading.startswith("Game 1: Custom 5×3, 2 mines, classic")
    assert [re.sub(r"^\s+\d+\.\d\d  ", "", line) for line in moves] == [
        "try 1 1",
        "flag 5 2",
        "flag 5 2",
        "flag 5 1",
        "expand 4 1",
    ]
    assert re.fullmatch(r"Won in \d+\.\d\d s\.", end)
    assert run(played, "replay", "1")[1] == out


def test_review_judges_each_move_and_sums_up(played: Path) -> None:
    status, out, err = run(played, "review", "1")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    verdicts = [re.split(r"\s{2,}", line.strip())[-1] for line in lines[2:7]]
    assert verdicts[0].startswith("forced guess: nothing was certain; 13% risk of a mine")
    assert verdicts[1].startswith("blunder: the numbers proved it safe")
    assert verdicts[2].startswith("flag taken off")
    assert verdicts[3].startswith("certain: the numbers proved it a mine")
    assert verdicts[4].startswith("certain: the numbers proved every cell it opened safe")
    assert "Guesses: 1, 0 of them avoidable." in lines
    assert "The game was won." in lines
    spanish = run(played, "review", language="es")[1]
    assert "apuesta forzada" in spanish and "Apuestas: 1, 0 de ellas evitables." in spanish


def test_a_game_that_does_not_exist_or_cannot_be_shown_is_said_so(tmp_path: Path) -> None:
    status, out, err = run(tmp_path, "replay")
    assert (status, out) == (1, "")
    assert err.strip() == "No game has been recorded with its moves yet: play one first."
    store = store_in(tmp_path)
    store.add_game(make_record(0))  # before games kept their moves
    store.add_game(make_record(1, journal='{"format": 1, "size": [5, 3'))
    for tool in ("replay", "review"):
        assert run(tmp_path, tool, "9")[2].strip() == (
            "There is no game number 9: “buscaminas games” lists them."
        )
        assert run(tmp_path, tool, "1")[2].strip() == (
            "Game 1 was recorded before games kept their moves: it cannot be replayed or reviewed."
        )
        status, out, err = run(tmp_path, tool, "2")
        assert (status, out) == (1, "")
        assert err.strip() == "The moves of game 2 are damaged: they cannot be read."
    status, _out, err = run(tmp_path, "review", "x")
    assert status == 2 and "“x” is neither a game's number nor a replay (.evf, .avf or .rmv)" in err


def test_the_list_says_which_games_were_assisted(tmp_path: Path) -> None:
    store = store_in(tmp_path)
    store.add_game(make_record(0, journal=KEPT.dumps(), code="A"))
    store.add_game(make_record(1, journal=KEPT.dumps(), code="B", assisted=True))
    _header, own, helped = run(tmp_path, "games")[1].splitlines()
    assert " won " in own and "assisted" not in own
    assert " won, assisted " in helped
    heading = run(tmp_path, "review")[1].splitlines()[0]
    assert heading.startswith("Game 2:") and ": won, assisted, " in heading


def test_moves_are_named_in_the_players_language(tmp_path: Path) -> None:
    """As the player types them: the review and the replay in Spanish say “bandera”."""
    store_in(tmp_path).add_game(make_record(0, journal=KEPT.dumps(), code="C"))
    review_lines = run(tmp_path, "review", language="es")[1].splitlines()
    assert any(re.search(r"^ +2 +1\.00  bandera 5 1 ", line) for line in review_lines)
    assert "    0.00  probar 1 1" in run(tmp_path, "replay", language="es")[1].splitlines()
    assert "   30.00  expandir 4 1" in run(tmp_path, "replay", language="es")[1].splitlines()
    assert "    1.00  flag 5 1" in run(tmp_path, "replay")[1].splitlines()


def test_an_assisted_game_kept_before_moves_said_whose_says_so(tmp_path: Path) -> None:
    old = json_journal(KEPT, 1)
    store_in(tmp_path).add_game(make_record(0, journal=old, assisted=True, code="C"))
    out = run(tmp_path, "review")[1]
    assert "first reveal: the mines are laid around it" in out  # a dealt board
    assert "do not say whose each one was" in out


def test_an_assisted_game_marks_the_ais_moves_in_its_review_and_replay(tmp_path: Path) -> None:
    moves = [*KEPT.moves]
    moves[2] = moves[2]._replace(by_ai=True)
    by_ai = Journal(KEPT.width, KEPT.height, KEPT.mine_count, KEPT.start, moves)
    store_in(tmp_path).add_game(make_record(0, journal=by_ai.dumps(), assisted=True, code="C"))
    out = run(tmp_path, "review")[1]
    assert "do not say whose" not in out
    assert re.search(r"flag 5 3 +AI · certain", out), out
    assert "The AI played 1 move (marked “AI”)" in out
    timeline = run(tmp_path, "replay")[1].splitlines()
    assert "    2.00  flag 5 3 (the AI)" in timeline
    assert "    1.00  flag 5 1" in timeline


def test_no_games_yet_is_said_plainly(tmp_path: Path) -> None:
    assert run(tmp_path, "games")[:2] == (0, "No games recorded yet.\n")


# --- replay in a terminal -----------------------------------------------------------------


def replaying(tmp_path: Path, rows: int = 24, columns: int = 80) -> Player:
    """The replay of a recorded game in a pty of ``rows`` × ``columns``."""
    store_in(tmp_path).add_game(make_record(0, journal=KEPT.dumps()))
    return Player(
        *("--legacy", "--lang", "en", "replay"),
        env={"BUSCAMINAS_DATA_DIR": str(tmp_path)},
        rows=rows,
        columns=columns,
    )


def watching(tmp_path: Path) -> tuple[Player, list[object]]:
    """The replay of a recorded game in a pty, and the pty's modes before it began."""
    player = replaying(tmp_path)
    cooked = player.cooked
    player.wait_for("Replay, 1×")
    return player, cooked


def shown_move(player: Player) -> int:
    match = re.search(r"Move (\d+) of 4", player.text)
    return int(match.group(1)) if match else 0


@pytest.mark.waits
def test_replay_keys_pause_step_and_change_speed(tmp_path: Path) -> None:
    player, cooked = watching(tmp_path)
    player.wait_until(lambda: shown_move(player) >= 1)
    assert "Waits longer than 2 s are cut to 2 s." in player.text
    player.child.send(" ")
    player.wait_for("Paused, 1×")
    paused_at = shown_move(player)
    deadline = time.monotonic() + 2.5
    while time.monotonic() < deadline:
        player.pump()
    assert shown_move(player) == paused_at  # moves wait while paused
    player.child.send("\x1b[C")  # →
    player.wait_until(lambda: shown_move(player) == paused_at + 1)
    player.child.send("p")
    player.wait_until(lambda: shown_move(player) == paused_at)
    player.child.send("+")
    player.wait_for("Paused, 2×")
    player.child.send(" ")
    player.wait_for("Replay, 2×")
    player.child.send("q")
    wait_for_exit(player)
    assert_restored(player, cooked)
    player.child.close()
    assert player.child.exitstatus == 0


def test_replay_shows_the_board_and_ends_on_the_result(tmp_path: Path) -> None:
    player, _cooked = watching(tmp_path)
    player.child.send("++++")  # 16×: the 2 s cut to 1/8 s
    player.wait_for("Won in 30.00 s.")
    assert player.board(3) == ["...1F", "...22", "...1F"]
    assert "You won!" in player.text and "Replay over" in player.text
    assert "Space plays it again" in player.text
    assert "Space: pause or play" in player.text, "at its end, Space plays: not “pause”"
    player.child.send("\x1b")  # Esc leaves too
    assert player.finish() == 0


def test_the_words_at_the_end_of_a_replay_are_paged_as_their_footer_says(
    tmp_path: Path,
) -> None:
    player = replaying(tmp_path, rows=10, columns=40)
    player.wait_until(lambda: "Move " in player.text)
    player.child.send("++++")
    player.wait_until(lambda: "Move 4 of 4" in player.text and "Page Down" in player.text)
    assert "Won in 30.00 s." not in player.text
    for _ in range(4):  # a page at a time, to the last
        if "Won in 30.00 s." in player.text:
            break
        player.child.send("\x1b[6~")  # Page Down
        time.sleep(0.2)
        player.pump()
    player.wait_for("Won in 30.00 s.")
    player.child.send("q")
    assert player.finish() == 0


@pytest.mark.parametrize("ending", ["ctrl-c", "sigterm"])
def test_ctrl_c_or_a_signal_ends_the_replay_with_the_terminal_restored(
    tmp_path: Path, ending: str
) -> None:
    player, cooked = watching(tmp_path)
    if ending == "ctrl-c":
        player.child.send("\x03")
    else:
        os.kill(player.child.pid, signal.SIGTERM)
    wait_for_exit(player)
    assert_restored(player, cooked)
    assert b"Traceback" not in player.output
    player.child.close()
    assert player.child.exitstatus == (0 if ending == "ctrl-c" else 128 + signal.SIGTERM)


def test_games_takes_a_count_and_refuses_one_below_1(tmp_path: Path) -> None:
    store = store_in(tmp_path)
    for day in range(3):
        store.add_game(make_record(day))
    assert len(run(tmp_path, "games", "2")[1].splitlines()) == 3  # the header and two games
    assert len(run(tmp_path, "games", "--all")[1].splitlines()) == 4
    status, out, err = run(tmp_path, "games", "0")
    assert (status, out, err.strip()) == (2, "", "Give a count of 1 or more, or --all.")


def test_a_lost_game_is_replayed_and_reviewed_to_the_move_that_lost(tmp_path: Path) -> None:
    board = write_board(tmp_path / "board.txt", "####*", "#####", "####*")
    run_piped("--board", str(board), "--data-dir", str(tmp_path), lines="try 1 1\ntry 5 1\nn\n")
    replayed = run(tmp_path, "replay")[1].splitlines()
    assert re.fullmatch(r"Lost at \d+\.\d\d s: the mine at 5 1 exploded\.", replayed[-1])
    reviewed = run(tmp_path, "review")[1].splitlines()
    assert reviewed[3].endswith("blunder: the numbers proved it a mine; this move lost the game")
    assert "The move that lost: move 2, try 5 1." in reviewed
    assert "Chance of losing you accepted: 100%." in reviewed[-3]
    assert reviewed[-1] == "3BV 2, ZiNi 2, your clicks 2."


@pytest.mark.parametrize("tool", ["games", "replay", "review"])
def test_a_number_too_long_for_the_records_is_refused_not_a_crash(tool: str) -> None:
    result = run_piped(tool, "99999999999999999999999", "--lang", "en")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "is not a whole number of at most 18 digits" in result.stderr
