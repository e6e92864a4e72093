"""The games database: what it keeps, and how it survives other games and bad files."""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import sqlite3
import sys
import tempfile
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import closing
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event
from pathlib import Path

import pytest

from buscaminas.core.board import BoardKind, BoardSpec
from buscaminas.core.scoring import GameRecord
from buscaminas.records import gamerow, pending, schema, storage
from buscaminas.records.schema import MIGRATIONS
from buscaminas.records.storage import Recorded, Store, default_path
from tests.damage_support import PAGE, pages_of_games, surviving
from tests.record_support import EXPERT, make_record

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="needs fork and POSIX modes")


@pytest.fixture
def warned() -> list[str]:
    """The warnings a store gave, in order."""
    return []


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "games.sqlite3"


@pytest.fixture
def store(path: Path, warned: list[str]) -> Store:
    return Store(path, on_warning=warned.append)


def user_version(path: Path) -> int:
    with sqlite3.connect(path) as db:
        version: int = db.execute("PRAGMA user_version").fetchone()[0]
    return version


# --- recording and reading back ----------------------------------------------------


def test_games_are_read_back_as_recorded(store: Store, warned: list[str]) -> None:
    games = [
        make_record(),
        make_record(1, board=BoardSpec(None, 9, 7, 20), seed=None, won=False),
        make_record(2, kind=BoardKind.CLASSIC, hints=3, seed=2**70, seconds=123.456789),
        make_record(3, assisted=True, points=0, ai_moves=12, hints=2),
        make_record(4, scripted=True, points=0, ai_moves=0),
        make_record(5, assisted=True, scripted=True, won=False, points=0, ai_moves=1),
    ]
    for game in games:
        store.add_game(game)
    assert store.games() == games
    assert warned == []


def test_a_look_at_no_records_creates_nothing(store: Store, path: Path) -> None:
    assert store.games() == [] and store.recent(5) == [] and store.summaries() == []
    assert store.unfinished() == [] and store.game(1) is None
    assert not path.parent.exists(), "a fresh machine: no database, no directory"


def test_a_new_database_is_created_with_every_migration(store: Store, path: Path) -> None:
    store.add_game(make_record())
    assert user_version(path) == len(MIGRATIONS)


def test_a_new_database_is_made_as_every_migration_in_turn_would_make_it(path: Path) -> None:
    """A new database is made by the migrations squashed (no ``ALTER``), an old one
    by each migration it lacks: both end with the same tables, indexes and triggers,
    word for word."""
    statements: list[str] = []
    path.parent.mkdir()
    with closing(sqlite3.connect(path, isolation_level=None)) as made:
        made.set_trace_callback(statements.append)
        schema.migrate(made)
        new = made.execute("SELECT * FROM sqlite_master ORDER BY name").fetchall()
    with closing(sqlite3.connect(":memory:", isolation_level=None)) as migrated:
        migrated.create_function(schema.FINGERPRINT, 1, lambda journal: None)
        for migration in MIGRATIONS:
            for statement in migration:
                migrated.execute(statement)
        old = migrated.execute("SELECT * FROM sqlite_master ORDER BY name").fetchall()
    assert new == old
    assert not any("ALTER" in statement for statement in statements)


def test_an_empty_file_is_migrated(store: Store, path: Path) -> None:
    path.parent.mkdir()
    path.touch()
    assert store.add_game(make_record()) is Recorded.NEW_BEST
    assert user_version(path) == len(MIGRATIONS)


OLD_ROWS = [
    # started_at, preset, width, height, mines, kind, seed, won, seconds, 3BV, commands,
    # hints, points: the first schema's columns, as the first version wrote them
    ("2024-05-01T12:00:00+00:00", "beginner", 8, 8, 10, "no-guess", "7", 1, 20.0, 30, 40, 0, 990),
    ("2024-05-02T12:00:00+00:00", None, 9, 7, 20, "classic", None, 0, 3.5, 41, 2, 0, 140),
    (
        "2024-05-03T12:00:00.250000+00:00",
        "expert",
        30,
        16,
        99,
        "no-guess",
        str(2**70),
        1,
        36.72,
        120,
        150,
        151,
        14460,
    ),
]


def test_an_old_database_keeps_every_row_and_goes_on_recording(
    store: Store, path: Path, warned: list[str]
) -> None:
    """A database the first version wrote: its games are taken as the player's own."""
    path.parent.mkdir()
    with closing(sqlite3.connect(path)) as db, db:
        for statement in MIGRATIONS[0]:
            db.execute(statement)
        db.execute("PRAGMA user_version = 1")
        db.executemany(f"INSERT INTO games VALUES (NULL{', ?' * 13})", OLD_ROWS)
    old = store.games()
    assert old is not None and user_version(path) == len(MIGRATIONS) == 9
    assert [(game.preset, game.seed, game.won, game.points) for game in old] == [
        ("beginner", 7, True, 990),
        (None, None, False, 140),
        ("expert", 2**70, True, 14460),
    ]
    assert [game.started_at.microsecond for game in old] == [0, 0, 250000]
    assert all(game.own for game in old)
    assert store.add_game(make_record(9, seconds=19.0)) is Recorded.NEW_BEST, "faster than 20 s"
    assert store.add_game(make_record(10, seconds=25.0, assisted=True)) is Recorded.SAVED
    assert store.add_game(make_record(11, seconds=26.0, undone=True)) is Recorded.SAVED
    assert store.games() == [
        *old,
        make_record(9, seconds=19.0),
        make_record(10, seconds=25.0, assisted=True),
        make_record(11, seconds=26.0, undone=True),
    ]
    assert warned == []


def test_a_failed_migration_leaves_the_schema_it_started_from(
    store: Store, path: Path, warned: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store.add_game(make_record())
    broken = ("CREATE TABLE notes (text TEXT)", "THIS IS NOT SQL")
    monkeypatch.setattr(schema, "MIGRATIONS", (*MIGRATIONS, broken))
    assert store.add_game(make_record(1)) is Recorded.NOT_SAVED
    assert len(warned) == 1
    assert warned[0].startswith("This game was not saved: the score database")
    assert user_version(path) == len(MIGRATIONS)
    with sqlite3.connect(path) as db:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
    assert "notes" not in tables


def test_a_migration_made_by_another_game_while_waiting_is_not_made_again(
    store: Store, path: Path, warned: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other game takes the lock first; this one has already seen version 0."""
    path.parent.mkdir()
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    looked = threading.Event()
    read_version = schema.user_version

    def look(db: sqlite3.Connection) -> int:
        version = read_version(db)
        looked.set()
        return version

    monkeypatch.setattr(schema, "user_version", look)
    recorded: list[Recorded] = []
    game = threading.Thread(target=lambda: recorded.append(store.add_game(make_record())))
    game.start()
    assert looked.wait(timeout=10)
    for statement in MIGRATIONS[0]:
        other.execute(statement)
    other.execute("PRAGMA user_version = 1")
    other.execute("COMMIT")
    other.close()
    game.join(timeout=10)
    assert recorded == [Recorded.NEW_BEST]
    assert warned == []


def test_a_database_from_a_newer_game_is_left_alone(
    store: Store, path: Path, warned: list[str]
) -> None:
    path.parent.mkdir()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    assert store.add_game(make_record()) is Recorded.NOT_SAVED
    assert warned == [
        f"This game was not saved: the score database {path} comes from a newer version"
        " of the game."
    ]
    assert user_version(path) == len(MIGRATIONS) + 1


def test_the_default_place_honours_the_data_directory_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BUSCAMINAS_DATA_DIR", str(tmp_path))
    assert default_path() == tmp_path / "buscaminas.sqlite3"
    assert Store(on_warning=print).path == tmp_path / "buscaminas.sqlite3"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG is Linux's convention")
@pytest.mark.parametrize("variable", [None, ""])
def test_the_default_place_is_in_the_xdg_data_home(
    variable: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if variable is None:
        monkeypatch.delenv("BUSCAMINAS_DATA_DIR", raising=False)
    else:
        monkeypatch.setenv("BUSCAMINAS_DATA_DIR", variable)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == tmp_path / "buscaminas" / "buscaminas.sqlite3"


# --- best times -------------------------------------------------------------------


def test_a_new_best_is_the_fastest_clean_win_on_its_board(store: Store) -> None:
    results = [
        store.add_game(make_record(0, seconds=30.0)),  # the first clean win
        store.add_game(make_record(1, seconds=40.0)),
        store.add_game(make_record(2, seconds=30.0)),  # a tie is no new best
        store.add_game(make_record(3, seconds=9.0, hints=1)),  # hinted: not a best time
        store.add_game(make_record(4, seconds=9.0, kind=BoardKind.CLASSIC)),
        store.add_game(make_record(5, seconds=9.0, won=False)),
        store.add_game(make_record(6, seconds=29.0)),  # faster than every clean win
        store.add_game(make_record(7, seconds=50.0, board=EXPERT)),
    ]
    assert results == [
        Recorded.NEW_BEST,
        Recorded.SAVED,
        Recorded.SAVED,
        Recorded.SAVED,
        Recorded.SAVED,
        Recorded.SAVED,
        Recorded.NEW_BEST,
        Recorded.NEW_BEST,  # boards keep their own best times
    ]


# --- other games at the same moment ---------------------------------------------------


def _write_games(
    path: Path, writer: int, games: int, timeout: float, start: Event, results: Queue[str]
) -> None:
    store = Store(path, on_warning=results.put, timeout=timeout)
    start.wait()
    for day in range(games):
        results.put(store.add_game(make_record(day, seed=writer)).value)


def _finish_at_once(path: Path, writers: int, games: int, timeout: float) -> Counter[str]:
    """``writers`` processes, each with its own store, record ``games`` games each at
    the same moment; every game must then be in the database, once.  How each
    record went, counted."""
    context = multiprocessing.get_context("fork")
    start = context.Event()
    results: Queue[str] = context.Queue()
    processes = [
        context.Process(target=_write_games, args=(path, writer, games, timeout, start, results))
        for writer in range(writers)
    ]
    for process in processes:
        process.start()
    start.set()
    outcomes = Counter(results.get(timeout=120) for _ in range(writers * games))
    for process in processes:
        process.join(timeout=30)
        assert process.exitcode == 0
    assert results.empty(), "no warning"
    store = Store(path, on_warning=pytest.fail)
    recorded = store.games()
    assert recorded is not None
    assert Counter((game.seed, game.started_at) for game in recorded) == {
        (writer, make_record(day).started_at): 1
        for writer in range(writers)
        for day in range(games)
    }
    assert list(store.pending.glob("*.json")) == []
    return outcomes


@posix_only
def test_two_games_finishing_at_once_are_both_recorded(path: Path) -> None:
    """Two processes create the database and write into it at the same moment."""
    outcomes = _finish_at_once(path, writers=2, games=25, timeout=10.0)
    assert set(outcomes) <= {Recorded.SAVED.value, Recorded.NEW_BEST.value}


@posix_only
def test_games_that_cannot_wait_for_the_lock_are_all_recorded(path: Path) -> None:
    """With almost no patience most writes find the lock taken: none may be lost."""
    outcomes = _finish_at_once(path, writers=8, games=10, timeout=0.001)
    assert Recorded.NOT_SAVED.value not in outcomes


@pytest.mark.slow
@posix_only
def test_sixteen_players_finishing_fifty_games_each_lose_none(path: Path) -> None:
    """The issue's measure, with the patience the game has: 16 × 50 at once."""
    outcomes = _finish_at_once(path, writers=16, games=50, timeout=storage.TIMEOUT)
    assert Recorded.NOT_SAVED.value not in outcomes


@pytest.fixture
def lock(path: Path) -> Iterator[sqlite3.Connection]:
    """Another program holding the database locked until it commits."""
    Store(path, on_warning=pytest.fail).forget("nobody")  # a write makes the database
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    yield holder
    if holder.in_transaction:
        holder.execute("COMMIT")
    holder.close()


def test_a_game_waits_for_another_to_finish_writing(
    path: Path, warned: list[str], lock: sqlite3.Connection
) -> None:
    release = threading.Timer(0.2, lock.execute, ("COMMIT",))
    release.start()
    assert Store(path, on_warning=warned.append, timeout=10.0).add_game(make_record()) is (
        Recorded.NEW_BEST
    )
    release.join()
    assert warned == []


def test_a_game_finding_the_database_locked_too_long_is_kept_pending(
    path: Path, warned: list[str], lock: sqlite3.Connection
) -> None:
    store = Store(path, on_warning=warned.append, timeout=0.05)
    assert store.add_game(make_record(0, seconds=30.0)) is Recorded.PENDING
    assert store.add_game(make_record(1, seconds=25.0)) is Recorded.PENDING
    assert len(list(store.pending.iterdir())) == 2
    assert store.games() is None
    locked = f"the score database {path} is locked by another program."
    assert warned == [f"The statistics could not be read: {locked}"], "nothing was lost"
    lock.execute("COMMIT")
    assert store.add_game(make_record(2, seconds=28.0)) is Recorded.SAVED, "25 s came first"
    assert store.games() == [
        make_record(0, seconds=30.0),
        make_record(1, seconds=25.0),
        make_record(2, seconds=28.0),
    ]
    assert list(store.pending.iterdir()) == []


def test_reading_the_statistics_writes_in_the_pending_games(
    path: Path, lock: sqlite3.Connection
) -> None:
    assert Store(path, on_warning=pytest.fail, timeout=0.05).add_game(make_record()) is (
        Recorded.PENDING
    )
    lock.execute("COMMIT")
    store = Store(path, on_warning=pytest.fail)
    assert store.games() == [make_record()]
    assert list(store.pending.iterdir()) == []
    assert store.games() == [make_record()]


def test_a_pending_game_is_written_once_even_if_its_file_is_left_behind(
    path: Path, lock: sqlite3.Connection
) -> None:
    """As if two games took it in at once, or one died before removing the file."""
    store = Store(path, on_warning=pytest.fail, timeout=0.05)
    store.add_game(make_record(0))
    (file,) = store.pending.iterdir()
    kept = file.read_bytes()
    lock.execute("COMMIT")
    assert store.games() == [make_record(0)]
    file.write_bytes(kept)
    store.add_game(make_record(1))
    assert store.games() == [make_record(0), make_record(1)]



PENDING_ROW = [
    *("2024-05-01T12:00:00+00:00", "beginner", 8, 8, 10, "no-guess", "7"),
    *(1, 20.0, 30, 40, 0, 990, 0, 0),
]
"""A pending game as its file holds it: a good one, for the strange ones to differ from."""

def test_a_pending_file_that_is_not_a_game_is_left_alone(store: Store, warned: list[str]) -> None:
    store.pending.mkdir(parents=True)
    strangers = {
        "garbage.json": b"\xff\x00 not json",
        "list.json": b"[1, 2, 3]",
        "huge.json": b" " * pending.PENDING_BYTES
        + json.dumps(gamerow.to_row(make_record(5))).encode(),
        "nulls.json": json.dumps([None] * 15).encode(),
        "no-width.json": json.dumps([*PENDING_ROW[:2], None, *PENDING_ROW[3:]]).encode(),
        "naive.json": json.dumps(["2024-05-01T12:00:00", *PENDING_ROW[1:]]).encode(),
        "local.json": json.dumps(["2024-05-01T14:00:00+02:00", *PENDING_ROW[1:]]).encode(),
    }
    for name, content in strangers.items():
        (store.pending / name).write_bytes(content)
    assert store.add_game(make_record()) is Recorded.NEW_BEST
    assert store.games() == [make_record()]
    assert {file.name: file.read_bytes() for file in store.pending.iterdir()} == strangers
    assert warned == []


def test_a_game_is_lost_only_when_the_disk_refuses_to_keep_it_pending(
    path: Path, warned: list[str], lock: sqlite3.Connection
) -> None:
    store = Store(path, on_warning=warned.append, timeout=0.05)
    store.pending.write_text("a file where the pending games would go")
    assert store.add_game(make_record()) is Recorded.NOT_SAVED
    assert warned == [
        f"This game was not saved: the score database {path} is locked by another program"
        f" and {store.pending} cannot be written."
    ]


# --- files that cannot be written ---------------------------------------------------------


def _record_in_read_only_file(path: Path, results: Queue[object]) -> None:
    """Runs in a child so that it can give up root, for whom no file is read-only."""
    if os.geteuid() == 0:
        os.setgid(65534)
        os.setuid(65534)
    warned: list[str] = []
    store = Store(path, on_warning=warned.append)
    results.put(store.add_game(make_record(1)))
    results.put(store.games())
    results.put(list(warned))


@posix_only
def test_a_read_only_database_is_read_but_not_written() -> None:
    # A directory of its own, since pytest's are closed to the unprivileged child.
    with tempfile.TemporaryDirectory() as directory:
        os.chmod(directory, 0o755)
        path = Path(directory) / "games.sqlite3"
        Store(path, on_warning=pytest.fail).add_game(make_record())
        path.chmod(0o444)
        context = multiprocessing.get_context("fork")
        results: Queue[object] = context.Queue()
        child = context.Process(target=_record_in_read_only_file, args=(path, results))
        child.start()
        recorded, games, warned = (results.get(timeout=30) for _ in range(3))
        child.join()
    assert recorded is Recorded.NOT_SAVED
    assert games == [make_record()]
    assert warned == [f"This game was not saved: the score database {path} is read-only."]


def parent_is_a_file(path: Path) -> None:
    path.parent.write_text("a file where the directory should be")


def database_is_a_directory(path: Path) -> None:
    path.mkdir(parents=True)


@pytest.mark.parametrize(
    ("obstacle", "why"),
    [
        (parent_is_a_file, "{folder} is not a folder"),
        (database_is_a_directory, "{path} is not a file"),
    ],
)
def test_a_database_that_cannot_be_opened_is_a_warning_saying_why(
    obstacle: Callable[[Path], None], why: str, store: Store, path: Path, warned: list[str]
) -> None:
    obstacle(path)
    assert store.add_game(make_record()) is Recorded.NOT_SAVED
    assert store.games() is None
    cannot = f"the score database {path} cannot be opened: " + why.format(
        folder=path.parent, path=path
    ) + "."
    assert warned == [
        f"This game was not saved: {cannot}",
        f"The statistics could not be read: {cannot}",
    ]


# --- damaged files ----------------------------------------------------------------------


def damage_by_overwriting(path: Path) -> None:
    path.write_bytes(b"not a database at all " * 100)


def damage_by_truncating(path: Path) -> int:
    """Cut a real database of many pages short, as a full disk or a crash might; how
    many of its games are on the pages that are left."""
    Store(path, on_warning=pytest.fail).add_game(make_record())
    with sqlite3.connect(path) as db:
        (row,) = db.execute("SELECT * FROM games").fetchall()
        copy = f"INSERT INTO games VALUES (NULL{', ?' * (len(row) - 1)})"
        db.executemany(copy, [row[1:]] * 500)
    pages = pages_of_games(path)
    length = path.stat().st_size // 2
    with path.open("r+b") as file:
        file.truncate(length)
    return len(surviving(pages, length, PAGE))


def test_a_file_that_is_no_database_is_kept_aside_and_a_new_one_started(
    store: Store, path: Path, warned: list[str]
) -> None:
    path.parent.mkdir()
    damage_by_overwriting(path)
    damaged = path.read_bytes()
    game: GameRecord = make_record(seconds=12.0)
    assert store.add_game(game) is Recorded.NEW_BEST
    assert store.games() == [game]
    (aside,) = path.parent.glob("*.damaged-*")
    assert re.fullmatch(r"games\.sqlite3\.damaged-\d{8}T\d{6}\.\d{6}Z", aside.name)
    assert aside.read_bytes() == damaged
    assert warned == [
        f"The score database was damaged and no game in it could be read; it was kept as {aside}"
        " and a new one was started."
    ]


def test_a_database_cut_short_is_kept_aside_and_its_games_carried_into_a_new_one(
    store: Store, path: Path, warned: list[str]
) -> None:
    path.parent.mkdir()
    left = damage_by_truncating(path)
    damaged = path.read_bytes()
    game: GameRecord = make_record(seconds=12.0)
    assert store.add_game(game) is Recorded.NEW_BEST, "faster than every game carried over"
    games = store.games()
    assert games is not None
    carried, (last,) = games[:-1], games[-1:]
    assert last == game
    assert len(carried) >= left > 0 and set(carried) == {make_record()}
    (aside,) = path.parent.glob("*.damaged-*")
    assert aside.read_bytes() == damaged
    assert warned == [
        f"The score database was damaged: {len(carried)} games were saved from it into a new"
        f" one, and the damaged file was kept as {aside}."
    ]



def test_a_game_the_damaged_file_will_not_read_back_is_saved_in_the_salvaged_one(
    store: Store, warned: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A damaged index can hide the row just written from the read that follows it in
    the same transaction: that is damage, the file is salvaged, and the game is saved
    in the new one, with no crash."""
    from buscaminas.records.database import Database

    store.add_game(make_record())
    storage = "buscaminas.records.storage._PRACTICE"
    monkeypatch.setattr(storage, "SELECT practice FROM games WHERE id = ? AND 0")
    replace = Database._replace_damaged

    def salvaged(database: Database) -> None:
        replace(database)
        monkeypatch.undo()  # the new file reads back what it holds

    monkeypatch.setattr(Database, "_replace_damaged", salvaged)
    assert store.add_game(make_record(day=1)) is Recorded.SAVED
    games = store.games()
    assert games is not None and len(games) == 2
    assert warned
