"""A damaged database: whatever its bytes, every tool and the game answer without a
traceback and without hanging, and every game that can still be read is carried into
a new database, the damaged file kept aside as it was found."""

from __future__ import annotations

import faulthandler
import io
import os
import re
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from buscaminas.game import unfinished
from buscaminas.game.app import App
from buscaminas.game.keeper import Keeper
from buscaminas.game.settings import Settings
from buscaminas.records import dbfile
from buscaminas.records.boardfile import BoardFile
from buscaminas.records.storage import DATABASE_NAME, Store, database_in
from buscaminas.ui.pipe import PipeScreen
from tests import forkstart_support
from tests.damage_support import GAMES, PAGE, pages_of_games, real_records, schema_pages, surviving
from tests.record_support import make_record, run
from tests.terminal_support import ROOT, run_piped, scratch_directory, wait_for_input

SALVAGED = re.compile(
    r"The score database was damaged: (\d+) games? (?:was|were) saved from it into a new one,"
    r" and the damaged file was kept as (.+)\.$"
)
NOTHING_SALVAGED = re.compile(
    r"The score database was damaged and no game in it could be read; it was kept as (.+) and"
    r" a new one was started\.$"
)
BOARD = BoardFile(5, 3, frozenset({(4, 0), (4, 2)}), frozenset(), frozenset())
SETTINGS = Settings(5, 3, 2, board_file=BOARD)
WIN = "try 1 1\nflag 5 1\nflag 5 3\nexpand 4 1\nn\n"
"""The moves that win :data:`BOARD`, and no to playing again."""
SECONDS = 60
"""The most one run of every tool and a game may take on a damaged file: a hang fails."""


class Made(NamedTuple):
    """:func:`real_records`' database: its bytes, the pages each game is on, the pages of
    its schema."""

    data: bytes
    games: dict[int, set[int]]
    schema: list[int]

    def __repr__(self) -> str:  # a failing example names it, not its bytes
        return f"Made({len(self.data)} bytes)"


@pytest.fixture(scope="module")
def made() -> Made:
    path = real_records(Path(scratch_directory()))
    return Made(path.read_bytes(), pages_of_games(path), schema_pages(path))


def records_of(data: bytes) -> Path:
    """A data directory whose database holds ``data``."""
    directory = Path(scratch_directory())
    (directory / DATABASE_NAME).write_bytes(data)
    return directory


def listed(directory: Path) -> tuple[set[int], str]:
    """The numbers ``games --all`` lists, and what it said on standard error."""
    status, out, err = run(directory, "games", "--all")
    assert status == 0, err
    assert "Traceback" not in out + err
    return {int(line.split()[0]) for line in out.splitlines()[1:]}, err


def test_a_header_naming_an_unknown_file_format_is_damage_and_the_game_is_recorded(
    made: Made,
) -> None:
    """One bit of the header's schema format number (byte 47) makes SQLite refuse the
    file as of an "unsupported file format": a damaged file, not a locked one."""
    changed = bytearray(made.data)
    changed[47] ^= 1
    directory = records_of(bytes(changed))
    said, identity = won(directory)
    assert "was not saved" not in said
    with closing(sqlite3.connect(directory / DATABASE_NAME)) as db:
        assert db.execute("SELECT 1 FROM games WHERE identity = ?", (identity,)).fetchone()
    assert [path.name for path in directory.glob("*.damaged-*")], "the damaged file kept aside"


# --- a byte that is not UTF-8 ---------------------------------------------------------


def with_a_byte_not_utf8_in_the_schema(path: Path) -> None:
    """The issue's damage: the index's schema names ``g\\xc8mes``."""
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("PRAGMA writable_schema = ON")
        db.execute(
            "UPDATE sqlite_master SET sql = replace(sql, 'ON games', 'ON g' || CAST(X'C8' AS TEXT)"
            " || 'mes') WHERE name = 'games_by_board'"
        )


@pytest.mark.parametrize(
    ("arguments", "lines"),
    [(("stats",), ""), (("--preset", "beginner", "--lang", "en"), "4 4\n")],
    ids=["stats", "a first move"],
)
def test_a_byte_that_is_not_utf8_in_the_schema_costs_neither_a_command_nor_a_game(
    made: Made, arguments: tuple[str, ...], lines: str
) -> None:
    directory = records_of(made.data)
    with_a_byte_not_utf8_in_the_schema(directory / DATABASE_NAME)
    result = run_piped(*arguments, "--data-dir", str(directory), lines=lines)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    said = (result.stderr + result.stdout).splitlines()
    (kept,) = [SALVAGED.match(line) for line in said if SALVAGED.match(line)]
    assert kept is not None and int(kept.group(1)) == GAMES
    assert Path(kept.group(2)).read_bytes() != b"", "the damaged file is kept as it was"
    numbers, _err = listed(directory)
    assert set(range(1, GAMES + 1)) <= numbers


# --- the boards' summaries ---------------------------------------------------------------


def test_a_summary_that_is_not_a_count_is_counted_again_from_the_games(tmp_path: Path) -> None:
    store = Store(tmp_path / DATABASE_NAME, on_warning=pytest.fail)
    for day in range(3):
        store.add_game(make_record(day, identity=f"game-{day}", won=day != 1))
    with closing(sqlite3.connect(tmp_path / DATABASE_NAME)) as db, db:
        db.execute("UPDATE board_summaries SET played = 'garbage' WHERE preset = 'beginner'")
    result = run_piped(
        "--preset", "beginner", "--data-dir", str(tmp_path), "--lang", "en", lines="4 4\nstats\n"
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "Played 3, won 2 (67%)" in result.stdout
    status, out, _err = run(tmp_path, "stats")
    assert status == 0 and "Played 3, won 2 (67%)" in out


# --- a file cut short --------------------------------------------------------------------


@pytest.mark.parametrize("cut", [PAGE, 475, 1], ids=["the last page", "475 bytes", "one byte"])
def test_a_database_cut_short_keeps_every_game_it_still_holds(
    made: Made, cut: int
) -> None:
    data, pages = made.data, made.games
    directory = records_of(data[:-cut])
    numbers, said = listed(directory)
    assert surviving(pages, len(data) - cut, PAGE) <= numbers
    (kept,) = [SALVAGED.match(line) for line in said.splitlines() if SALVAGED.match(line)]
    assert kept is not None and int(kept.group(1)) == len(numbers)
    assert Path(kept.group(2)).read_bytes() == data[:-cut]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_cutting_any_length_off_the_end_loses_only_the_games_on_the_pages_cut(
    made: Made, data: st.DataObject
) -> None:
    whole, pages = made.data, made.games
    length = data.draw(st.integers(0, len(whole) - 1), label="length kept")
    directory = records_of(whole[:length])
    numbers, said = listed(directory)
    assert surviving(pages, length, PAGE) <= numbers
    assert "Traceback" not in said


# --- broken indexes ----------------------------------------------------------------------


def index_leaves(path: Path, index: str) -> list[int]:
    with closing(sqlite3.connect(path)) as db:
        return [
            page
            for (page,) in db.execute(
                "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno",
                (index,),
            )
        ]


def quick_check(path: Path) -> list[str]:
    with closing(sqlite3.connect(path)) as db:
        return [row for (row,) in db.execute("PRAGMA quick_check")]


def test_a_broken_index_is_found_at_the_next_start_and_rebuilt(
    made: Made,
) -> None:
    """Its cells' offsets changed, as a disk or a hand might: SQLite itself reads past
    it, and only a check finds it."""
    directory = records_of(made.data)
    path = directory / DATABASE_NAME
    damaged = bytearray(path.read_bytes())
    (leaf, *_rest) = index_leaves(path, "games_by_board")
    for offset in range(8, 24):  # the cell pointers, after the leaf's header
        damaged[(leaf - 1) * PAGE + offset] ^= 0x5A
    path.write_bytes(damaged)
    assert quick_check(path) != ["ok"]
    numbers, said = listed(directory)
    assert set(range(1, GAMES + 1)) <= numbers
    assert said == ""
    assert quick_check(path) == ["ok"]
    assert not list(directory.glob("*.damaged-*")), "rebuilt in place, nothing set aside"


CHECKS = """
import sys
from pathlib import Path
from buscaminas.records import salvage
from buscaminas.records.storage import Store
checks = []
check = salvage.sound
salvage.sound = lambda db: checks.append(db) or check(db)
Store(Path(sys.argv[1]), on_warning=print).games()
Store(Path(sys.argv[1]), on_warning=print).games()
print(len(checks))
"""
"""A process that looks at the games twice, and says how many times it checked the file."""


def checks_made(database: Path) -> int:
    result = subprocess.run(
        [sys.executable, "-c", CHECKS, str(database)], capture_output=True, text=True, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    return int(result.stdout.split()[-1])


def test_a_file_is_checked_when_it_is_not_as_a_process_that_ended_left_it(tmp_path: Path) -> None:
    database = tmp_path / DATABASE_NAME
    played = run_piped("--preset", "beginner", "--data-dir", str(tmp_path), lines="4 4\n")
    assert played.returncode == 0, played.stderr
    assert dbfile.read_stamp(dbfile.checked(database)) == dbfile.stamp(database)
    assert checks_made(database) == 0, "as the game left it: trusted"
    os.utime(database)  # another program wrote it
    assert checks_made(database) == 1, "checked once in a process, then trusted"
    assert checks_made(database) == 0, "as the last process left it"
    killed = forkstart_support.popen(
        [sys.executable, "-m", "buscaminas", "--preset", "beginner", "--data-dir", str(tmp_path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT,
    )
    assert killed.stdin is not None and killed.stdout is not None
    killed.stdin.write("4 4\n")
    killed.stdin.flush()
    for line in killed.stdout:  # up to the board, drawn before the move is kept
        if line.startswith(("#", ".", "1")):
            break
    wait_for_input(killed.pid)  # kept before the next line is read
    killed.kill()
    killed.wait()
    assert checks_made(database) == 1, "a process killed did not close it cleanly"


# --- any bytes at all ----------------------------------------------------------------------


STEPS = ("game", "resume", "games", "games --all", "stats", "replay", "review", "export")


def step(directory: Path, name: str) -> str:
    """One tool, or the look for a game to resume (taken up, and left again); what it
    said."""
    if name == "resume":
        said: list[str] = []
        store = Store(directory / DATABASE_NAME, on_warning=said.append)
        kept = unfinished.newest(store, time.monotonic)
        if kept is not None:
            unfinished.take_up(store, kept)
            store.keep(kept.round.identity, kept.round.snapshot(kept.cursor), playing=False)
        return "\n".join(said)
    arguments = ("export", "4", str(directory / "game.evf")) if name == "export" else name.split()
    status, out, err = run(directory, *arguments)
    assert status in (0, 1), err  # 1: no such game, or not one that can be shown
    return out + err


def won(directory: Path) -> tuple[str, str]:
    """A game won from a pipe: what it said, and its identity."""
    sink = io.StringIO()
    keeper = Keeper.open(database_in(directory))
    app = App(SETTINGS, PipeScreen(io.StringIO(WIN), sink), legend=[], keeper=keeper)
    app.run()
    app.session.put_away()
    assert "You won" in sink.getvalue()
    identity = app.session.records[-1].identity
    assert identity is not None
    return sink.getvalue(), identity


@contextmanager
def at_most(seconds: float) -> Iterator[None]:
    """End the whole run, with every thread's traceback, should the block take longer
    than ``seconds``: a hang is ended, not waited for (one inside SQLite's own code
    would never see an exception)."""
    faulthandler.dump_traceback_later(seconds, exit=True)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


def damaged(data: st.DataObject, made: Made) -> bytes:
    """The records with a few bytes changed (anywhere, in the header's page, or in the
    schema's text), then perhaps cut short."""
    whole = made.data
    anywhere = st.integers(0, len(whole) - 1)
    first = st.integers(0, PAGE - 1)
    schema = st.sampled_from(made.schema).flatmap(
        lambda page: st.integers((page - 1) * PAGE, page * PAGE - 1)
    )
    places = anywhere | first | schema
    flips = data.draw(st.lists(st.tuples(places, st.integers(1, 255)), max_size=8))
    changed = bytearray(whole)
    for at, mask in flips:
        changed[at] ^= mask
    cut = data.draw(st.none() | st.integers(0, len(whole) - 1), label="cut at")
    return bytes(changed if cut is None else changed[:cut])


def any_bytes(made: Made, data: st.DataObject) -> None:
    """Every tool, the look for a game to resume and a game to its end, in any order,
    on the real records damaged: each answers, none hangs, and the game is recorded
    unless the player is told why not."""
    directory = records_of(damaged(data, made))
    order = data.draw(st.permutations(STEPS), label="order")
    said, identity = [], None
    with at_most(SECONDS):
        for name in order:
            if name == "game":
                game, identity = won(directory)
                said.append(game)
            else:
                said.append(step(directory, name))
    assert "Traceback" not in "".join(said)
    with closing(sqlite3.connect(directory / DATABASE_NAME)) as db:
        recorded = db.execute("SELECT 1 FROM games WHERE identity = ?", (identity,)).fetchone()
    assert recorded or "This game was not saved" in game, game


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_bytes_leave_every_tool_and_the_next_game_working(
    made: Made, data: st.DataObject
) -> None:
    any_bytes(made, data)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_three_hundred_damaged_files_leave_every_tool_and_the_next_game_working(
    made: Made, data: st.DataObject
) -> None:
    any_bytes(made, data)
