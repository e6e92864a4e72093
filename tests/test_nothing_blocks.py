"""Nothing the game reads can block it: a named pipe where the database, its journal or a
game kept pending should be is passed over or refused at once, never waited on, and no
signal is masked while the game reads."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from buscaminas import signals
from buscaminas.records.storage import DATABASE_NAME, Store
from tests.record_support import make_record
from tests.terminal_support import run_piped, write_board

SECONDS = 30
"""Far longer than any of these runs takes: a run that waits this long is hung."""
WIN = "try 1 1\nflag 5 1\nflag 5 3\nexpand 4 1\nn\n"


def named_pipe(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)


def won_on(directory: Path, *arguments: str) -> str:
    """A game won from a pipe, with ``arguments``; what it printed."""
    board = write_board(directory / "board.txt", "####*", "#####", "####*")
    result = run_piped(
        "--board", str(board), "--data-dir", str(directory), "--lang", "en", *arguments,
        lines=WIN, timeout=SECONDS,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout


@pytest.mark.parametrize("tool", ["stats", "games", "game"])
def test_a_named_pipe_among_the_games_kept_pending_blocks_nothing(
    tmp_path: Path, tool: str
) -> None:
    Store(tmp_path / DATABASE_NAME, on_warning=pytest.fail).add_game(make_record())
    named_pipe(tmp_path / f"{DATABASE_NAME}.pending" / "00000000000000000001-a.json")
    if tool == "game":
        assert "You won" in won_on(tmp_path)
        result = run_piped("games", "--data-dir", str(tmp_path), timeout=SECONDS)
        assert len(result.stdout.splitlines()) == 3, "the game before, and this one"
        return
    result = run_piped(tool, "--data-dir", str(tmp_path), timeout=SECONDS)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("name", [DATABASE_NAME, f"{DATABASE_NAME}-journal"])
def test_a_named_pipe_where_the_database_goes_is_refused_at_once(tmp_path: Path, name: str) -> None:
    if name != DATABASE_NAME:
        Store(tmp_path / DATABASE_NAME, on_warning=pytest.fail).add_game(make_record())
    named_pipe(tmp_path / name)
    said = won_on(tmp_path)
    assert "You won" in said
    assert f"cannot be opened: {tmp_path / name} is not a file" in said
    result = run_piped("stats", "--data-dir", str(tmp_path), timeout=SECONDS)
    assert result.returncode == 1, "the statistics could not be read"
    assert f"{tmp_path / name} is not a file" in result.stderr


def test_preferences_nested_past_any_of_ours_are_no_preferences(tmp_path: Path) -> None:
    (tmp_path / "preferences.json").write_text("[" * 2000 + "]" * 2000)  # within its 4 KiB
    result = run_piped("config", "--data-dir", str(tmp_path), timeout=SECONDS)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


def test_a_signal_held_while_the_records_are_written_is_taken_not_masked() -> None:
    """The first ending signal waits for the block's end; the mask stays open meanwhile,
    so a second one (the player insisting, or a read that hangs) goes through at once."""
    with signals.ending():
        with pytest.raises(signals.Terminated), signals.deferred():
            assert signal.SIGTERM not in signal.pthread_sigmask(signal.SIG_BLOCK, [])
            signal.raise_signal(signal.SIGTERM)
            held = True  # still here: the first was held
        assert held
        reached = []
        with pytest.raises(signals.Terminated), signals.deferred():
            signal.raise_signal(signal.SIGTERM)
            signal.raise_signal(signal.SIGTERM)
            reached.append("past the second")
        assert reached == []
