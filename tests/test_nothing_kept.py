"""A start that finds no game kept leaves a stamp, and the next start trusts it only
while the database is exactly as it was: the game left unfinished is still offered
whatever wrote it, and whenever."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

from buscaminas.records.storage import Claim, Store
from tests.terminal_support import ROOT

LOOK = """
import sys
from pathlib import Path
from buscaminas.records.storage import Store
kept = Store(Path(sys.argv[1]), on_warning=print).unfinished()
print(len(kept), "sqlite3" in sys.modules)
"""


def look(database: Path) -> tuple[int, bool]:
    """How many games a fresh start finds kept, and whether it had to load SQLite."""
    result = subprocess.run(
        [sys.executable, "-c", LOOK, str(database)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    count, loaded = result.stdout.split()
    return int(count), loaded == "True"


KEEP_ONE = "INSERT INTO unfinished (identity, saved_at, snapshot) VALUES ('x', '2026-01-01', '{}')"
"""Another program keeps a game (one that cannot be read: it is offered, then set aside)."""


def store(database: Path) -> Store:
    return Store(database, on_warning=print)


def made(database: Path) -> None:
    """The database, made as a first write makes it (a look makes nothing)."""
    store(database).forget("nobody")


def test_a_database_unchanged_since_a_look_found_nothing_is_not_opened(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    assert store(database).unfinished() == []
    assert not database.exists(), "a look creates nothing"
    made(database)
    assert look(database) == (0, True)  # looks, finds none, stamps
    assert look(database) == (0, False)
    assert look(database) == (0, False)


def test_a_game_kept_after_the_look_is_offered(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    made(database)
    look(database)
    store(database).keep("abc", {"format": 1}, playing=False)
    assert look(database) == (1, True)
    assert store(database).claim("abc") is Claim.TAKEN
    assert look(database) == (0, True), "played here: not offered, and not stamped as none"
    assert look(database) == (0, True)
    store(database).forget("abc")
    assert look(database) == (0, True)
    assert look(database) == (0, False)


def test_any_write_by_another_program_is_noticed(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    made(database)
    look(database)
    with sqlite3.connect(database) as other:
        other.execute(KEEP_ONE)
    assert look(database) == (1, True)


def test_a_database_in_wal_mode_is_always_opened(tmp_path: Path) -> None:
    """WAL commits leave the header's counter alone: nothing short of a look will do."""
    database = tmp_path / "games.sqlite3"
    made(database)
    with sqlite3.connect(database) as other:
        other.execute("PRAGMA journal_mode=WAL")
    assert look(database) == (0, True)
    assert look(database) == (0, True)
    with sqlite3.connect(database) as other:
        other.execute(KEEP_ONE)
    assert look(database) == (1, True)


def test_a_stamp_from_another_database_is_not_trusted(tmp_path: Path) -> None:
    database, elsewhere = tmp_path / "games.sqlite3", tmp_path / "other.sqlite3"
    for path in (database, elsewhere):
        made(path)
        look(path)
    store(database).keep("abc", {"format": 1}, playing=False)
    Path(f"{database}.nothing-kept").write_text(Path(f"{elsewhere}.nothing-kept").read_text())
    assert look(database) == (1, True)
