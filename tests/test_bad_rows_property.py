"""Random garbage in every column of every table: the tools still answer, the next game
is still recorded, and no row is ever lost.

Each example builds a database of sound games and a game left unfinished, writes
garbage over some of their columns and into new rows (wrong types, NULLs, huge and
negative numbers, blobs, text that is not UTF-8, bad JSON, naive times, unknown
names), then runs, in a random order, the tools (``games``, ``games --all``,
``stats``, ``replay``, ``review``), the search for a game to resume, and a game
played to its end on the same board.  What it checks is the player's view and the
file's: every tool answers, a row that is certainly unreadable is set aside and
told of exactly once, every row is still in the file (in its table or set aside,
value for value and type for type), and the game is recorded.

The database is either the game's own schema (its checks switched off to let the
garbage in) or the same tables with no types and no constraints, as another
program could make them, so that NULLs reach every column too.
"""

from __future__ import annotations

import io
import json
import re
import sqlite3
from collections import Counter
from contextlib import closing
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from buscaminas.core.board import BoardSpec
from buscaminas.core.scoring import three_bv
from buscaminas.game import unfinished
from buscaminas.game.app import App
from buscaminas.game.commands import Command, Verb
from buscaminas.game.keeper import Keeper
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.records import gamerow
from buscaminas.records.schema import MIGRATIONS
from buscaminas.records.storage import DATABASE_NAME, Store, database_in
from buscaminas.ui.pipe import PipeScreen
from tests.journal_support import KEPT
from tests.record_support import make_record, run
from tests.terminal_support import scratch_directory

BOARD = KEPT.start
assert BOARD is not None
SETTINGS = Settings(BOARD.width, BOARD.height, len(BOARD.mines), board_file=BOARD)
SPEC = BoardSpec(None, BOARD.width, BOARD.height, len(BOARD.mines))
WIN = "try 1 1\nflag 5 1\nflag 5 3\nexpand 4 1\nn\n"
"""The moves that win :data:`BOARD`, and no to playing again."""
SOUND_GAMES = 3
THREE_BV = three_bv(BOARD.width, BOARD.height, BOARD.mines)

GAME_COLUMNS = gamerow.NAMES
UNFINISHED_COLUMNS = ("identity", "saved_at", "snapshot")
NOT_NULL = set(GAME_COLUMNS) - {
    "preset", "seed", "identity", "code", "journal", "clicks", "board", "ai_moves"
}
"""The games' columns the game's own schema keeps from NULL (and of the others, a
kept game's time and snapshot, and a pending game's name)."""

LOOSE_SCHEMA = (
    f"CREATE TABLE games (id INTEGER PRIMARY KEY, {', '.join(GAME_COLUMNS)})",
    "CREATE UNIQUE INDEX games_by_identity ON games (identity)",
    "CREATE TABLE taken_pending (name PRIMARY KEY) WITHOUT ROWID",
    "CREATE TABLE unfinished (identity PRIMARY KEY, saved_at, snapshot, owner, renewed_at)",
    "CREATE TABLE seen_boards (board PRIMARY KEY, identity) WITHOUT ROWID",
    # the boards' summaries, and the triggers that mark them stale as the games change
    *(
        statement
        for migration in MIGRATIONS
        for statement in migration
        if "board_summaries" in statement and not statement.startswith("INSERT")
    ),
    f"PRAGMA user_version = {len(MIGRATIONS)}",
)
"""The tables the game reads, with no types and no checks: only what the game's
writes stand on (a game's identity is unique) is kept."""


class NotUtf8(bytes):
    """Bytes written into a column as text, which UTF-8 cannot decode."""


Garbage = tuple[object, bool]
"""A value to write, and whether the row is certainly unreadable with it."""

NOT_A_NUMBER = st.text(max_size=12).map(lambda text: "x" + text)
"""Text no column's affinity turns into a number, nor any name or time the game knows."""
BLOBS = st.binary(max_size=12)
NOT_UTF8 = st.binary(max_size=6).map(lambda tail: NotUtf8(b"\xff" + tail))
INTEGERS = st.integers(-(2**63), 2**63 - 1)
"""What an SQLite integer holds."""
NEGATIVE = st.integers(-(2**63), -1)
HUGE = st.integers(2**40, 2**63 - 1)
FRACTIONS = st.integers(-(10**6), 10**6).map(lambda whole: whole + 0.5)
SMALL = st.integers(0, 120)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
TIMES = st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30))
NAIVE_TIMES = TIMES.map(datetime.isoformat)
ZONES = st.sampled_from([timezone(timedelta(hours=hours)) for hours in (-8, 1, 2, 13)])
TIMES_ELSEWHERE = st.builds(
    lambda moment, zone: moment.replace(tzinfo=zone).isoformat(), TIMES, ZONES
)
TIMES_IN_UTC = TIMES.map(lambda moment: moment.replace(tzinfo=UTC).isoformat())


def labelled(
    bad: list[st.SearchStrategy[Any]], maybe: list[st.SearchStrategy[Any]]
) -> st.SearchStrategy[Garbage]:
    """Values from ``bad`` marked as making their row unreadable, from ``maybe`` not."""
    marked = [strategy.map(lambda value: (value, True)) for strategy in bad]
    marked += [strategy.map(lambda value: (value, False)) for strategy in maybe]
    return st.one_of(*marked)


WHOLE = ([NOT_A_NUMBER, NEGATIVE, HUGE, FRACTIONS], [SMALL])
COUNT = ([NOT_A_NUMBER, NEGATIVE, FRACTIONS], [SMALL, HUGE])
FLAG = (
    [NOT_A_NUMBER, FRACTIONS, INTEGERS.filter(lambda n: n not in (0, 1))],
    [st.sampled_from([0, 1])],
)
GAME_GARBAGE: dict[str, tuple[list[Any], list[Any]]] = {
    "started_at": (
        [NAIVE_TIMES, TIMES_ELSEWHERE, NOT_A_NUMBER, NEGATIVE, FRACTIONS],
        [TIMES_IN_UTC],
    ),
    "preset": (
        [NOT_A_NUMBER, st.sampled_from(["beginner", "intermediate", "expert"]), INTEGERS],
        [st.just("daily")],
    ),
    "width": WHOLE,
    "height": WHOLE,
    "mines": WHOLE,
    "kind": ([NOT_A_NUMBER, INTEGERS], [st.sampled_from(["no-guess", "classic"])]),
    "seed": ([NOT_A_NUMBER, FRACTIONS], [INTEGERS, st.integers(0).map(str)]),
    "won": FLAG,
    "seconds": (
        [NEGATIVE, NOT_A_NUMBER, HUGE, st.sampled_from([float("inf"), float("-inf")])],
        [st.floats(0, 10**6)],
    ),
    "three_bv": COUNT,
    "board_commands": COUNT,
    "hints": COUNT,
    "points": COUNT,
    "assisted": FLAG,
    "scripted": FLAG,
    "abandoned": FLAG,
    "identity": ([], [st.text(max_size=8), INTEGERS]),
    "code": (
        [st.text(max_size=6).map(lambda text: text + "\x1b[2J"), st.text("ABC-", min_size=33)],
        [st.text(max_size=20)],
    ),
    "journal": (
        [],
        [st.text(max_size=20), JSON_VALUES.map(json.dumps), INTEGERS, st.just(KEPT.dumps())],
    ),
    "clicks": COUNT,
    "undone": FLAG,
    "board": ([], [st.text(max_size=32), INTEGERS]),  # a fingerprint: text, never read back
    "practice": FLAG,
    "ai_moves": COUNT,
}
"""Per column of the games table: garbage that makes a row unreadable, and garbage
that may not (the game reads some of it: a share code, a journal it cannot replay)."""


def game_garbage(column: str, strict: bool) -> st.SearchStrategy[Garbage]:
    bad, maybe = GAME_GARBAGE[column]
    nothing = [st.none()]
    null_is_bad = column in NOT_NULL
    if strict and null_is_bad:
        nothing = []
    return labelled(
        [*bad, BLOBS, NOT_UTF8, *(nothing if null_is_bad else [])],
        [*maybe, *([] if null_is_bad else nothing)],
    )


def snapshot_garbage(snapshot: dict[str, Any], strict: bool) -> st.SearchStrategy[Garbage]:
    """A kept game's snapshot: not JSON, not an object, nested too deep, no journal
    (unreadable); or the game's own with one field replaced by garbage (maybe)."""
    replaced = st.builds(
        lambda key, value: json.dumps({**snapshot, key: value}),
        st.sampled_from(sorted(snapshot)),
        JSON_VALUES,
    )
    no_journal = st.dictionaries(st.text(max_size=6), JSON_VALUES).map(
        lambda document: json.dumps(
            {key: value for key, value in document.items() if key != "journal"}
        )
    )
    non_objects = JSON_VALUES.filter(lambda value: not isinstance(value, dict)).map(json.dumps)
    deep = st.integers(10**3, 10**5).map(lambda depth: "[" * depth + "]" * depth)
    return labelled(
        [
            NOT_A_NUMBER,
            non_objects,
            no_journal,
            deep,
            BLOBS,
            NOT_UTF8,
            *([] if strict else [st.none()]),
        ],
        [replaced],
    )


UNFINISHED_IDENTITY = labelled([BLOBS, NOT_UTF8, st.none()], [st.text(max_size=8), INTEGERS])
ANYTHING = st.one_of(st.none(), INTEGERS, st.floats(), st.text(max_size=8), BLOBS, NOT_UTF8)


# --- the database -----------------------------------------------------------------------


def sound_database(directory: Path, strict: bool) -> tuple[Path, dict[str, Any]]:
    """Sound games on :data:`BOARD` and a game on it left unfinished; its snapshot."""
    path = directory / DATABASE_NAME
    if not strict:
        with closing(sqlite3.connect(path)) as db:
            for statement in LOOSE_SCHEMA:
                db.execute(statement)
    store = Store(path, on_warning=pytest.fail)
    for day in range(SOUND_GAMES):
        sound = make_record(day, board=SPEC, three_bv=THREE_BV, board_commands=4, points=140)
        kept = sound._replace(journal=KEPT.dumps(), identity=f"sound-{day}", seconds=9.0 + day)
        store.add_game(kept)
    session = Session(SETTINGS, Keeper(store), legend=[])
    session.handle(Command(Verb.TRY, (0, 0)))
    session.put_away()
    ((_identity, snapshot),) = store.unfinished()
    return path, snapshot


def written(value: object) -> tuple[str, object]:
    """The SQL for ``value`` and its parameter."""
    return ("CAST(? AS TEXT)", bytes(value)) if isinstance(value, NotUtf8) else ("?", value)


def damage(path: Path, damages: list[tuple[str, int, str, Garbage]]) -> set[tuple[str, int]]:
    """Write ``damages`` (table, row, column, garbage; row 0 is a new row copied from the
    first); the rows that are certainly unreadable, by table and rowid."""
    unreadable: dict[tuple[str, int, str], bool] = {}
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("PRAGMA ignore_check_constraints = ON")
        for table, row, column, (value, bad) in damages:
            sql, parameter = written(value)
            try:
                if table == "taken_pending":
                    db.execute(f"INSERT INTO taken_pending (name) VALUES ({sql})", (parameter,))
                    continue
                row = row or copy_row(db, table)
                db.execute(f"UPDATE {table} SET {column} = {sql} WHERE rowid = ?", (parameter, row))
            except sqlite3.IntegrityError:  # a name or an identity another row has: not written
                continue
            unreadable[(table, row, column)] = bad
    return {(table, row) for (table, row, _column), bad in unreadable.items() if bad}


def copy_row(db: sqlite3.Connection, table: str) -> int:
    """A new row like the table's first, under an identity of its own."""
    columns = GAME_COLUMNS if table == "games" else UNFINISHED_COLUMNS
    others = ", ".join(column for column in columns if column != "identity")
    cursor = db.execute(
        f"INSERT INTO {table} (identity, {others})"
        f" SELECT 'copy-' || (SELECT count(*) FROM {table}), {others}"
        f" FROM {table} ORDER BY rowid LIMIT 1"
    )
    rowid = cursor.lastrowid
    assert rowid is not None
    return rowid


def rows(
    db: sqlite3.Connection, table: str, columns: tuple[str, ...]
) -> Counter[tuple[object, ...]]:
    """Every row of ``table``, each value with its SQLite type."""
    found = db.execute(f"SELECT name FROM sqlite_schema WHERE type = 'table' AND name = '{table}'")
    if found.fetchone() is None:
        return Counter()
    typed = ", ".join(f"typeof({column}), {column}" for column in columns)
    return Counter(db.execute(f"SELECT {typed} FROM {table}").fetchall())


def contents(path: Path) -> dict[str, Counter[tuple[object, ...]]]:
    """The file's rows, each table with those set aside from it, exactly as stored."""
    games = ("id", *GAME_COLUMNS)
    with closing(sqlite3.connect(path)) as db:
        db.text_factory = bytes
        return {
            "games": rows(db, "games", games) + rows(db, "games_set_aside", games),
            "unfinished": rows(db, "unfinished", UNFINISHED_COLUMNS)
            + rows(db, "unfinished_set_aside", UNFINISHED_COLUMNS),
            "taken_pending": rows(db, "taken_pending", ("name",)),
        }


def set_aside(path: Path) -> tuple[set[int], int]:
    """The numbers of the games set aside, and how many kept games were."""
    with closing(sqlite3.connect(path)) as db:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_schema")}
        games = db.execute("SELECT id FROM games_set_aside") if "games_set_aside" in tables else []
        unfinished = (
            db.execute("SELECT count(*) FROM unfinished_set_aside").fetchone()[0]
            if "unfinished_set_aside" in tables
            else 0
        )
        return {number for (number,) in games}, unfinished


# --- what the player does and reads --------------------------------------------------------

NOT_SHOWN = (
    r"No game has been recorded with its moves yet: play one first\.",
    r"The moves of game \d+ are damaged: they cannot be read\.",
)
"""What ``replay`` and ``review`` answer when there is no game they can show."""


def use_tool(directory: Path, said: list[str], *args: str) -> None:
    status, out, err = run(directory, *args)
    said.extend(err.splitlines())
    if args[0] in ("replay", "review") and status == 1:
        assert any(re.fullmatch(words, err.splitlines()[-1]) for words in NOT_SHOWN), err
        return
    assert status == 0, err
    assert out


def play_to_the_end(directory: Path, said: list[str]) -> str:
    """A game on :data:`BOARD` played from a pipe to its win; its identity."""
    sink = io.StringIO()
    keeper = Keeper.open(database_in(directory))
    app = App(SETTINGS, PipeScreen(io.StringIO(WIN), sink), legend=[], keeper=keeper, scripted=True)
    app.run()
    said.extend(sink.getvalue().splitlines())
    assert "You won" in sink.getvalue()
    assert "was not saved" not in sink.getvalue()
    identity = app.session.records[-1].identity
    assert identity is not None
    return identity


def look_for_a_game_to_resume(directory: Path, said: list[str], untouched: bool) -> None:
    store = Store(directory / DATABASE_NAME, on_warning=said.append)
    kept = unfinished.newest(store, lambda: 0.0)
    if untouched:
        assert kept is not None, "the sound game left unfinished is still offered"


STEPS = ("game", "games", "games --all", "stats", "replay", "review", "resume")


def games_warned(said: list[str]) -> list[int]:
    """Every game number the warnings named, as often as they named it."""
    numbers = []
    for line in said:
        match = re.match(r"Games? ([\d, …]+) in the records could not be read", line)
        if match:
            numbers += [int(number) for number in re.findall(r"\d+", match.group(1))]
    return numbers


def unfinished_warned(said: list[str]) -> int:
    count = 0
    for line in said:
        if line.startswith("A game left unfinished could not be read"):
            count += 1
        match = re.match(r"(\d+) games left unfinished could not be read", line)
        if match:
            count += int(match.group(1))
    return count


def draw_damages(
    data: st.DataObject, strict: bool, snapshot: dict[str, Any]
) -> list[tuple[str, int, str, Garbage]]:
    """Garbage for a few columns: of a sound row, of a new row copied from one (row 0),
    or a new name among the pending games taken in."""
    unfinished = {
        "identity": UNFINISHED_IDENTITY,
        "saved_at": labelled(
            [], [ANYTHING.filter(lambda value: value is not None) if strict else ANYTHING]
        ),
        "snapshot": snapshot_garbage(snapshot, strict),
    }
    damages = []
    for _ in range(data.draw(st.integers(1, 6), label="how many")):
        table = data.draw(st.sampled_from(["games", "games", "unfinished", "taken_pending"]))
        if table == "games":
            column = data.draw(st.sampled_from(GAME_COLUMNS))
            row = data.draw(st.integers(0, SOUND_GAMES))
            garbage = data.draw(game_garbage(column, strict))
        elif table == "unfinished":
            column = data.draw(st.sampled_from(UNFINISHED_COLUMNS))
            row = data.draw(st.integers(0, 1))
            garbage = data.draw(unfinished[column])
        else:
            column, row = "name", 0
            garbage = (data.draw(ANYTHING.filter(lambda value: value is not None)), False)
        damages.append((table, row, column, garbage))
    return damages


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(strict=st.booleans(), data=st.data())
def test_garbage_in_any_column_leaves_the_tools_and_the_next_game_working(
    strict: bool, data: st.DataObject
) -> None:
    assert_garbage_leaves_the_tools_and_the_next_game_working(strict, data)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(strict=st.booleans(), data=st.data())
def test_garbage_in_any_column_of_40_databases_leaves_the_tools_and_the_next_game_working(
    strict: bool, data: st.DataObject
) -> None:
    assert_garbage_leaves_the_tools_and_the_next_game_working(strict, data)


def assert_garbage_leaves_the_tools_and_the_next_game_working(
    strict: bool, data: st.DataObject
) -> None:
    directory = Path(scratch_directory())
    path, snapshot = sound_database(directory, strict)
    damages = draw_damages(data, strict, snapshot)
    unreadable = damage(path, damages)
    before = contents(path)
    untouched = not any(
        table == "unfinished" and row == 1 for table, row, _column, _garbage in damages
    )
    said: list[str] = []
    identity = None
    for step in data.draw(st.permutations(STEPS), label="order"):
        if step == "game":
            identity = play_to_the_end(directory, said)
        elif step == "resume":
            look_for_a_game_to_resume(directory, said, untouched)
        else:
            use_tool(directory, said, *step.split())
    after = contents(path)
    # Nothing lost: every row is where it was or set aside, value for value; one game more.
    assert after["unfinished"] == before["unfinished"]
    assert after["taken_pending"] == before["taken_pending"]
    assert not before["games"] - after["games"]
    (new,) = (after["games"] - before["games"]).elements()
    assert identity is not None and identity.encode() in new
    # The game was recorded, and every game left in the table is listed.
    games = Store(path, on_warning=said.append).games()
    assert games is not None and identity in [game.identity for game in games]
    status, listing, _err = run(directory, "games", "--all")
    with closing(sqlite3.connect(path)) as db:
        numbers = {number for (number,) in db.execute("SELECT id FROM games")}
        kept = {rowid for (rowid,) in db.execute("SELECT rowid FROM unfinished")}
    assert status == 0
    assert {int(line.split()[0]) for line in listing.splitlines()[1:]} == numbers
    # What certainly cannot be read is set aside, and each told of once.
    games_aside, unfinished_aside = set_aside(path)
    assert {row for table, row in unreadable if table == "games"} <= games_aside
    assert not {row for table, row in unreadable if table == "unfinished"} & kept
    assert Counter(games_warned(said)) == Counter(games_aside)
    assert unfinished_warned(said) == unfinished_aside
