"""Game records for the storage and statistics tests."""

from __future__ import annotations

import io
import sqlite3
from collections.abc import Callable
from contextlib import closing, redirect_stderr, redirect_stdout
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from buscaminas import i18n
from buscaminas.core.board import BoardKind, BoardSpec
from buscaminas.core.scoring import GameRecord
from buscaminas.entry.cli import main
from buscaminas.game.keeper import Keeper
from buscaminas.game.rounds import Kept
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.records.storage import Store
from tests.terminal_support import run_piped

NOON = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
"""Noon UTC is the same calendar day in nearly every local time zone."""

BEGINNER = BoardSpec("beginner", 8, 8, 10)
EXPERT = BoardSpec("expert", 30, 16, 99)

_BASE = GameRecord(
    started_at=NOON,
    preset=BEGINNER.preset,
    width=BEGINNER.width,
    height=BEGINNER.height,
    mines=BEGINNER.mines,
    kind=BoardKind.NO_GUESS,
    seed=7,
    won=True,
    seconds=20.0,
    three_bv=30,
    board_commands=40,
    hints=0,
    points=1000,
    assisted=False,
    scripted=False,
)


def make_record(day: int = 0, *, board: BoardSpec = BEGINNER, **changes: Any) -> GameRecord:
    """A clean win on ``board`` at noon, ``day`` days after 1 May 2024, with ``changes``."""
    played_on = {
        "started_at": NOON + timedelta(days=day),
        "preset": board.preset,
        "width": board.width,
        "height": board.height,
        "mines": board.mines,
    }
    return _BASE._replace(**{**played_on, **changes})


def run(data_dir: Path, *args: str, language: str = "en") -> tuple[int, str, str]:
    """A tool run as from the shell, with its output piped, in this process: the tools
    read no standard input, and hundreds of program starts make the suite slow."""
    out, err = io.StringIO(), io.StringIO()
    try:
        with redirect_stdout(out), redirect_stderr(err):
            status = main([*args, "--data-dir", str(data_dir), "--lang", language])
    except SystemExit as ended:
        status = ended.code if isinstance(ended.code, int) else 1
    finally:
        i18n.use("en")  # as the other tests read it
    return status, out.getvalue(), err.getvalue()


def corrupt(path: Path, table: str, rowid: int, column: str, value: object) -> None:
    """Write ``value`` into one column as another program could, the checks off."""
    sql = "CAST(? AS TEXT)" if isinstance(value, bytearray) else "?"
    parameter = bytes(value) if isinstance(value, bytearray) else value
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("PRAGMA ignore_check_constraints = ON")
        db.execute(f"UPDATE {table} SET {column} = {sql} WHERE rowid = ?", (parameter, rowid))


SMALL_WIN = ("####*", "#####", "####*")
"""A 5×3 board with 2 mines, in the position format, for games won from a pipe."""
WIN = "try 1 1\nflag 5 1\nflag 5 3\nexpand 4 1\nn\n"
"""The moves that win :data:`SMALL_WIN`, and no to playing again."""


def won_twice_in(directory: Path) -> Path:
    """``directory`` with two games won from a pipe on :data:`SMALL_WIN`."""
    from tests.terminal_support import write_board

    board = write_board(directory / "board.txt", *SMALL_WIN)
    for _ in range(2):
        result = run_piped("--board", str(board), "--data-dir", str(directory), lines=WIN)
        assert "You won" in result.stdout
    return directory


def store_in(directory: Path) -> Store:
    return Store(directory / "buscaminas.sqlite3", on_warning=print)


def beginner(
    directory: Path, *, resumed: Kept | None = None, clock: Callable[[], float] = lambda: 100.0
) -> Session:
    settings = Settings.from_preset("beginner", seed=3)
    keeper = Keeper(store_in(directory))
    return Session(settings, keeper, legend=[], clock=clock, resumed=resumed)
