"""A row of the records that cannot be read is set aside, kept whole and told of once,
and everything else goes on: the store's answers, the end of a game, the best times,
a game left unfinished, and the tools through the real program, in a pipe and in a
pseudo-terminal."""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import closing
from datetime import UTC, datetime
from multiprocessing.queues import Queue
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from buscaminas.core.board import BoardKind, BoardSpec
from buscaminas.core.scoring import GameRecord
from buscaminas.game import unfinished
from buscaminas.game.commands import Command, Verb
from buscaminas.records import gamerow, schema
from buscaminas.records.schema import MIGRATIONS
from buscaminas.records.storage import DATABASE_NAME, Recorded, Store
from tests.record_support import WIN, beginner, corrupt, make_record, run, won_twice_in
from tests.terminal_support import (
    Player,
    assert_restored,
    run_piped,
    wait_for_exit,
)

REPORTED = {
    "a start without a time zone": ("started_at", "2024-05-01T12:00:00"),
    "a seed that is not a number": ("seed", "abc"),
    "an unknown preset": ("preset", "giant"),
    "text in seconds": ("seconds", "fast"),
}
"""The rows the fault-injection run reported, as one column's value."""

MORE = {
    "a start in another zone": ("started_at", "2024-05-01T14:00:00+02:00"),
    "a preset of another size": ("preset", "expert"),
    "an unknown kind": ("kind", "lucky"),
    "a negative count": ("hints", -1),
    "a flag that is neither 0 nor 1": ("won", 2),
    "a huge width": ("width", 2**62),
    "moves kept as a blob": ("journal", b"\x00\x01"),
    "a share code that writes to the terminal": ("code", "\x1b[2J"),
    "a start that is not UTF-8": ("started_at", bytearray(b"\xff\xfe")),
}
"""Other columns' garbage (a bytearray is written as text that UTF-8 cannot decode)."""


@pytest.fixture
def warned() -> list[str]:
    return []


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / DATABASE_NAME


def stored(path: Path, table: str) -> list[dict[str, tuple[str, object]]]:
    """Every row of ``table`` as SQLite holds it: each column's type and value, by name."""
    with closing(sqlite3.connect(path)) as db:
        db.text_factory = bytes
        cursor = db.execute(f"SELECT * FROM {table} ORDER BY rowid")
        names = [description[0] for description in cursor.description]
        rows = cursor.fetchall()
        types = db.execute(
            f"SELECT {', '.join(f'typeof({name})' for name in names)} FROM {table} ORDER BY rowid"
        ).fetchall()
    return [
        {name: (kind.decode(), value) for name, kind, value in zip(names, kinds, row, strict=True)}
        for kinds, row in zip(types, rows, strict=True)
    ]


def user_version(path: Path) -> int:
    with closing(sqlite3.connect(path)) as db:
        version: int = db.execute("PRAGMA user_version").fetchone()[0]
    return version


def set_aside_words(path: Path, numbers: str) -> str:
    return (
        f"Game {numbers} in the records could not be read: it was set aside, kept in {path}"
        " (table games_set_aside), and is left out of the statistics."
    )


def three_games(path: Path, warned: list[str]) -> tuple[Store, list[GameRecord]]:
    store = Store(path, on_warning=warned.append)
    games = [make_record(day, identity=f"game-{day}", journal=None) for day in range(3)]
    for game in games:
        store.add_game(game)
    return store, games


# --- the store ----------------------------------------------------------------------------


@pytest.mark.parametrize(("column", "value"), [*REPORTED.values(), *MORE.values()])
def test_a_row_that_cannot_be_read_is_set_aside_whole_and_told_of_once(
    path: Path, warned: list[str], column: str, value: object
) -> None:
    store, games = three_games(path, warned)
    corrupt(path, "games", 2, column, value)
    (damaged,) = [row for row in stored(path, "games") if row["id"] == ("integer", 2)]
    assert store.recent() == [(1, games[0]), (3, games[2])]
    assert warned == [set_aside_words(path, "2")]
    (aside,) = stored(path, "games_set_aside")
    assert {name: aside[name] for name in damaged} == damaged, "every value, type for type"
    assert column in str(aside["why"][1])
    assert store.games() == [games[0], games[2]] and store.game(2) is None
    assert warned == [set_aside_words(path, "2")], "told once"
    assert user_version(path) == len(MIGRATIONS), "the schema's version is the same"


ANSWERS: dict[str, tuple[Callable[[Store], object], Callable[[GameRecord], object]]] = {
    "recent": (lambda store: store.recent(1), lambda sound: [(1, sound)]),
    "last with moves": (lambda store: store.last_with_journal(), lambda sound: (1, sound)),
    "games": (lambda store: store.games(), lambda sound: [sound]),
    "game": (lambda store: (store.game(3), store.game(1)), lambda sound: (None, sound)),
}
"""Each answer of the store, and what it is when games 2 and 3 cannot be read."""


@pytest.mark.parametrize(("answer", "expected"), ANSWERS.values(), ids=ANSWERS)
def test_every_answer_reads_past_the_rows_set_aside(
    path: Path,
    warned: list[str],
    answer: Callable[[Store], object],
    expected: Callable[[GameRecord], object],
) -> None:
    """The newest games unreadable: an answer that stops at one row finds the one before,
    and one look tells of every row that cannot be read, whichever it met."""
    store = Store(path, on_warning=warned.append)
    sound = make_record(0, journal='{"format": 2}')
    for game in (sound, make_record(1, journal='{"format": 2}'), make_record(2)):
        store.add_game(game)
    corrupt(path, "games", 2, "seconds", "fast")
    corrupt(path, "games", 3, "seed", "abc")
    assert answer(store) == expected(sound)
    assert warned == [
        f"Games 2, 3 in the records could not be read: they were set aside, kept in {path}"
        " (table games_set_aside), and are left out of the statistics."
    ]


def test_the_next_game_on_the_board_is_recorded_against_the_readable_best(
    path: Path, warned: list[str]
) -> None:
    store = Store(path, on_warning=warned.append)
    store.add_game(make_record(0, seconds=20.0))
    store.add_game(make_record(1, seconds=15.0))
    corrupt(path, "games", 2, "started_at", "2024-05-02T12:00:00")
    assert store.add_game(make_record(2, seconds=18.0)) is Recorded.NEW_BEST
    assert warned == [set_aside_words(path, "2")]
    assert [game.seconds for game in store.games() or []] == [20.0, 18.0]


def test_a_database_made_by_todays_schema_gains_the_table_once_and_its_later_columns(
    path: Path, warned: list[str]
) -> None:
    """Made by the migrations as they are today, before any row was ever set aside; the
    table beside it is made at the first, reused after, and takes the columns a later
    migration adds to the games."""
    with closing(sqlite3.connect(path)) as db:
        schema.migrate(db)
    store, games = three_games(path, warned)
    corrupt(path, "games", 1, "seed", "abc")
    assert store.games() == games[1:]
    corrupt(path, "games", 2, "kind", "lucky")
    assert store.games() == games[2:]
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("ALTER TABLE games ADD COLUMN rating INTEGER")  # as a later migration might
        db.execute("UPDATE games SET rating = 7, hints = -1 WHERE id = 3")
    assert store.games() == []
    aside = stored(path, "games_set_aside")
    assert [row["id"] for row in aside] == [("integer", 1), ("integer", 2), ("integer", 3)]
    assert [row["rating"] for row in aside] == [("null", None), ("null", None), ("integer", 7)]
    assert len(warned) == 3 and user_version(path) == len(MIGRATIONS)
    assert store.add_game(make_record(4)) is Recorded.NEW_BEST


def _read_only_child(path: Path, results: Queue[list[object]]) -> None:
    """Runs in a child so that it can give up root, for whom no file is read-only."""
    if os.geteuid() == 0:
        os.setgid(65534)
        os.setuid(65534)
    warned: list[str] = []
    store = Store(path, on_warning=warned.append)
    results.put([store.games(), store.recent(1), store.add_game(make_record(9)), list(warned)])


@pytest.mark.skipif(sys.platform == "win32", reason="needs fork and POSIX modes")
def test_a_read_only_database_leaves_the_row_in_place_and_out_of_every_answer() -> None:
    with tempfile.TemporaryDirectory() as directory:
        os.chmod(directory, 0o755)
        path = Path(directory) / DATABASE_NAME
        _store, games = three_games(path, [])
        corrupt(path, "games", 3, "seed", "abc")
        before = stored(path, "games")
        path.chmod(0o444)
        context = multiprocessing.get_context("fork")
        results: Queue[list[object]] = context.Queue()
        child = context.Process(target=_read_only_child, args=(path, results))
        child.start()
        everything, latest, recorded, warned = results.get(timeout=30)
        child.join()
        assert stored(path, "games") == before
    assert everything == games[:2] and latest == [(2, games[1])]
    assert recorded is Recorded.NOT_SAVED
    assert warned == [
        "Game 3 in the records could not be read and is left out of the statistics;"
        f" it could not be set aside: the score database {path} is read-only.",
        f"This game was not saved: the score database {path} is read-only.",
    ]


KEPT_DAMAGE = {
    "an identity that is a blob": ("identity", b"\xff"),
    "an identity that is NULL": ("identity", None),
    "a snapshot that is not JSON": ("snapshot", "not json"),
    "a snapshot that is a list": ("snapshot", "[1, 2]"),
    "a snapshot nested too deep": ("snapshot", "[" * 10**5 + "]" * 10**5),
    "a snapshot that is a blob": ("snapshot", b"{}"),
}


@pytest.mark.parametrize(("column", "value"), KEPT_DAMAGE.values(), ids=KEPT_DAMAGE)
def test_a_game_left_unfinished_that_cannot_be_read_is_set_aside_and_the_next_offered(
    tmp_path: Path, warned: list[str], column: str, value: object
) -> None:
    for cell in ((3, 3), (5, 5)):  # the second is the newer
        session = beginner(tmp_path)
        session.handle(Command(Verb.TRY, cell))
        session.put_away()
    path = tmp_path / DATABASE_NAME
    first, _newer = stored(path, "unfinished")
    corrupt(path, "unfinished", 2, column, value)
    (damaged,) = stored(path, "unfinished")[1:]
    store = Store(path, on_warning=warned.append)
    kept = unfinished.newest(store, lambda: 0.0)
    assert kept is not None and kept.round.identity.encode() == first["identity"][1]
    (aside,) = stored(path, "unfinished_set_aside")
    assert {name: aside[name] for name in damaged} == damaged
    assert warned == [
        f"A game left unfinished could not be read: it was set aside, kept in {path}"
        " (table unfinished_set_aside)."
    ]
    assert unfinished.newest(store, lambda: 0.0) is not None and len(warned) == 1


# --- a row as the game writes it ----------------------------------------------------------------

RECORDS = st.builds(
    lambda board, kind, seed, won, abandoned, counts, flags, seconds, texts, moment: make_record(
        board=board,
        kind=kind,
        seed=seed,
        won=won and not abandoned,
        abandoned=abandoned,
        seconds=seconds,
        three_bv=counts[0],
        board_commands=counts[1],
        hints=counts[2],
        points=counts[3],
        assisted=flags[0],
        scripted=flags[1],
        identity=texts[0],
        code=texts[1],
        journal=texts[2],
        started_at=moment,
    ),
    st.sampled_from(
        [
            BoardSpec("beginner", 8, 8, 10),
            BoardSpec("expert", 30, 16, 99),
            BoardSpec("daily", 16, 16, 40),
            BoardSpec(None, 99, 99, 9800),
            BoardSpec(None, 3, 3, 1),
        ]
    ),
    st.sampled_from(BoardKind),
    st.none() | st.integers(-(10**30), 10**30),
    st.booleans(),
    st.booleans(),
    st.tuples(*(st.integers(0, 9) for _ in range(4))),
    st.tuples(st.booleans(), st.booleans()),
    st.floats(0, 10**6),
    st.tuples(
        st.none() | st.text(), st.none() | st.just("J2GM-02G4-11E4-FMAH"), st.none() | st.text()
    ),
    st.datetimes(datetime(1970, 1, 1), datetime(9998, 12, 31)).map(
        lambda moment: moment.replace(tzinfo=UTC)
    ),
)


@settings(max_examples=30)
@given(RECORDS)
def test_every_game_the_game_records_reads_back_from_its_row_and_its_pending_file(
    game: GameRecord,
) -> None:
    assert_reads_back(game)


@pytest.mark.slow
@settings(max_examples=150)
@given(RECORDS)
def test_every_game_of_150_reads_back_from_its_row_and_its_pending_file(
    game: GameRecord,
) -> None:
    assert_reads_back(game)


def assert_reads_back(game: GameRecord) -> None:
    row = gamerow.to_row(game)
    assert gamerow.from_row(row) == game
    assert gamerow.from_row(json.loads(json.dumps(row))) == game


# --- through the program ------------------------------------------------------------------

@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory with two games won from a pipe, and the board they were played on."""
    return won_twice_in(tmp_path_factory.mktemp("played"))


def damaged_copy(played: Path, into: Path, column: str, value: object) -> Path:
    """A copy of ``played`` whose first game holds ``value`` in ``column``."""
    shutil.copytree(played, into)
    corrupt(into / DATABASE_NAME, "games", 1, column, value)
    return into


@pytest.mark.parametrize(("column", "value"), REPORTED.values(), ids=REPORTED)
def test_the_tools_answer_past_a_reported_row(
    played: Path, tmp_path: Path, column: str, value: object
) -> None:
    data = damaged_copy(played, tmp_path / "data", column, value)
    words = set_aside_words(data / DATABASE_NAME, "1")
    for number, tool in enumerate(
        (["games"], ["stats"], ["replay"], ["review"], ["games", "--all"])
    ):
        result = run_piped(*tool, "--data-dir", str(data), "--lang", "en")
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr
        assert result.stderr == (f"{words}\n" if number == 0 else ""), "told once"
        assert result.stdout
        if tool[0] == "games":
            assert [line.split()[0] for line in result.stdout.splitlines()] == ["No.", "2"]
        if tool[0] in ("replay", "review"):
            assert result.stdout.startswith("Game 2: Custom 5×3, 2 mines, classic")


@pytest.mark.parametrize(("column", "value"), REPORTED.values(), ids=REPORTED)
def test_the_next_game_on_the_board_of_a_reported_row_is_recorded(
    played: Path, tmp_path: Path, column: str, value: object
) -> None:
    data = damaged_copy(played, tmp_path / "data", column, value)
    board = data / "board.txt"
    result = run_piped("--board", str(board), "--data-dir", str(data), "--lang", "en", lines=WIN)
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert "You won" in result.stdout
    # A row named after another preset is no game on this board: its end does not read it.
    told = 0 if column == "preset" else 1
    assert result.stdout.count(set_aside_words(data / DATABASE_NAME, "1")) == told
    listed = run_piped("games", "--data-dir", str(data)).stdout.splitlines()
    assert [line.split()[0] for line in listed] == ["No.", "2", "3"]


def test_resume_in_a_pipe_sets_aside_a_kept_game_it_cannot_read(tmp_path: Path) -> None:
    data = tmp_path / "data"
    session = beginner(data)
    session.handle(Command(Verb.TRY, (3, 3)))
    session.put_away()
    corrupt(data / DATABASE_NAME, "unfinished", 1, "snapshot", "[]")
    result = run_piped("--resume", "--data-dir", str(data), "--lang", "es", lines="")
    assert result.returncode == 1, "set aside, it is no game to resume"
    assert result.stdout == (
        "No se pudo leer una partida que dejaste a medias: se ha apartado y se conserva en"
        f" {data / DATABASE_NAME} (tabla unfinished_set_aside).\n"
    )
    assert result.stderr == "buscaminas: No hay ninguna partida en curso que reanudar.\n"


def test_in_a_terminal_the_warnings_show_under_the_board_and_the_game_is_recorded(
    played: Path, tmp_path: Path
) -> None:
    data = damaged_copy(played, tmp_path / "data", "started_at", "2024-05-01T12:00:00")
    session = beginner(data)
    session.handle(Command(Verb.TRY, (3, 3)))
    session.put_away()
    corrupt(data / DATABASE_NAME, "unfinished", 1, "snapshot", "not json")
    player = Player(
        "--legacy", "--lang", "en", "--board", str(data / "board.txt"), "--data-dir", str(data)
    )
    cooked = player.cooked
    player.wait_for("A game left unfinished could not be read: it was set aside")
    player.prompt_row()
    for move in WIN.splitlines()[:-1]:
        player.type(move)
    player.wait_for("You won")
    player.wait_for("Game 1 in the records could not be read: it was set aside")
    player.type("n")
    wait_for_exit(player)
    assert_restored(player, cooked)
    assert player.child.exitstatus == 0 and b"Traceback" not in player.output
    listed = run_piped("games", "--data-dir", str(data)).stdout.splitlines()
    assert [line.split()[0] for line in listed] == ["No.", "2", "3"]


@pytest.mark.parametrize(
    ("zone", "start"),
    [
        ("America/New_York", "0001-01-01T00:00:00+00:00"),
        ("Asia/Tokyo", "9999-12-31T23:59:59+00:00"),
    ],
)
def test_a_start_no_local_clock_can_show_is_set_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, zone: str, start: str
) -> None:
    """In UTC, but a date the local time zone pushes out of Python's years."""
    path = tmp_path / DATABASE_NAME
    three_games(path, [])
    corrupt(path, "games", 1, "started_at", start)
    monkeypatch.setenv("TZ", zone)
    time.tzset()
    try:
        status, out, err = run(tmp_path, "games")
    finally:
        monkeypatch.undo()
        time.tzset()
    assert (status, err) == (0, set_aside_words(path, "1") + "\n")
    assert [line.split()[0] for line in out.splitlines()] == ["No.", "2", "3"]
