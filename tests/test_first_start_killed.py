"""A game killed while it makes its database leaves a whole schema or none, never half:
the schema and every migration are applied in one transaction, so that the next start
does not take half a schema for a whole one ("no such table")."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import sys
import threading
import time
from contextlib import closing
from pathlib import Path

import pytest

from buscaminas.records import database
from buscaminas.records.schema import MIGRATIONS, TABLES
from buscaminas.records.storage import Store
from tests.record_support import make_record

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs fork and SIGKILL")


def first_start(path: Path, *, statement: int | None = None, after: float | None = None) -> int:
    """A process that makes the database at ``path`` as a first start does (a game kept,
    then one recorded), killed as SQLite begins its ``statement``-th statement, or
    ``after`` seconds; its exit status."""
    child = os.fork()
    if child == 0:  # pragma: no cover - the child ends by its kill or by os._exit
        try:
            if after is not None:
                threading.Timer(after, os.kill, (os.getpid(), signal.SIGKILL)).start()
            if statement is not None:
                made = database.Database.connected
                begun = iter(range(statement, -1, -1))

                def traced(self: database.Database, place: Path) -> sqlite3.Connection:
                    connection = made(self, place)

                    def each(_sql: str) -> None:
                        if next(begun) == 0:
                            os.kill(os.getpid(), signal.SIGKILL)

                    connection.set_trace_callback(each)
                    return connection

                setattr(database.Database, "connected", traced)  # noqa: B010 - the child's own
            store = Store(path, on_warning=lambda line: None)
            store.keep("kept", {"format": 1}, playing=True)
            store.add_game(make_record())
        finally:
            os._exit(0)
    _pid, status = os.waitpid(child, 0)
    return status


def schema_of(path: Path) -> tuple[int, frozenset[str]]:
    """The version and the tables a later start finds at ``path``."""
    with closing(sqlite3.connect(path)) as db:
        (version,) = db.execute("PRAGMA user_version").fetchone()
        tables = frozenset(
            name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        )
    return version, tables


def assert_whole_or_none(path: Path) -> None:
    if not path.exists():
        return
    version, tables = schema_of(path)
    assert (version, tables & TABLES) in ((0, frozenset()), (len(MIGRATIONS), TABLES)), (
        f"half a schema: version {version}, tables {sorted(tables)}"
    )
    warned: list[str] = []
    later = Store(path, on_warning=warned.append)
    assert later.games() is not None and later.unfinished() is not None
    assert warned == [], "the next start reads the records it finds"


def statements_of_a_first_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many statements SQLite begins in a first start, none killed."""
    path = tmp_path / "counted" / "games.sqlite3"
    assert first_start(path, statement=10**6) == 0
    assert schema_of(path)[0] == len(MIGRATIONS)
    made = database.Database.connected
    count = 0

    def counted(self: database.Database, place: Path) -> sqlite3.Connection:
        connection = made(self, place)

        def each(_sql: str) -> None:
            nonlocal count
            count += 1

        connection.set_trace_callback(each)
        return connection

    path.unlink()
    with monkeypatch.context() as patched:
        patched.setattr(database.Database, "connected", counted)
        store = Store(path, on_warning=lambda line: None)
        store.keep("kept", {"format": 1}, playing=True)
        store.add_game(make_record())
    return count


def test_a_kill_at_every_statement_of_a_first_start_leaves_a_whole_schema_or_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    statements = statements_of_a_first_start(tmp_path, monkeypatch)
    assert statements > len(MIGRATIONS)
    killed = 0
    for statement in range(statements):
        path = tmp_path / f"at-{statement}" / "games.sqlite3"
        status = first_start(path, statement=statement)
        killed += os.WIFSIGNALED(status)
        assert_whole_or_none(path)
    assert killed == statements, "every statement was a kill"


def test_a_kill_at_random_moments_of_a_first_start_leaves_a_whole_schema_or_none(
    tmp_path: Path,
) -> None:
    rng = random.Random(5)
    began = time.monotonic()
    assert first_start(tmp_path / "timed" / "games.sqlite3") == 0
    whole = time.monotonic() - began
    for trial in range(30):
        path = tmp_path / f"trial-{trial}" / "games.sqlite3"
        first_start(path, after=rng.uniform(0, whole))
        assert_whole_or_none(path)
