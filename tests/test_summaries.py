"""The boards' summaries the records keep as games are saved say what counting every game
says, whatever happens to the games: saved, saved again under the same identity, set
aside, written in from a pending file, edited or deleted by hand; and no look reads every
game."""

from __future__ import annotations

import random
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from buscaminas.core.board import BoardKind, BoardSpec
from buscaminas.core.scoring import GameRecord
from buscaminas.records import tally
from buscaminas.records.stats import BoardStats, statistics
from buscaminas.records.storage import DATABASE_NAME, Store
from tests.record_support import BEGINNER, EXPERT, make_record, run
from tests.terminal_support import scratch_directory

BOARDS = (BEGINNER, EXPERT, BoardSpec(None, 9, 9, 10))


def random_game(rng: random.Random, day: int, identity: str) -> GameRecord:
    won = rng.random() < 0.5
    return make_record(
        day,
        board=rng.choice(BOARDS),
        identity=identity,
        won=won,
        abandoned=not won and rng.random() < 0.2,
        seconds=round(rng.uniform(0, 60), 2),
        three_bv=rng.choice([1, 5, 30]),
        board_commands=rng.choice([1, 10]),
        hints=int(rng.random() < 0.2),
        kind=rng.choice([BoardKind.NO_GUESS, BoardKind.CLASSIC]),
        assisted=rng.random() < 0.1,
        undone=rng.random() < 0.1,
        scripted=rng.random() < 0.1,
    )


def by_board(stats: BoardStats) -> tuple[str, int]:
    return (stats.board.preset or "", stats.board.width)


def kept(store: Store) -> list[BoardStats]:
    summaries = store.summaries()
    assert summaries is not None
    return sorted((BoardStats.of(summary) for summary in summaries), key=by_board)


def counted(store: Store) -> list[BoardStats]:
    games = store.games()
    assert games is not None
    return sorted(statistics(games), key=by_board)


@pytest.mark.parametrize(
    "seed",
    [
        *range(2),
        *(
            pytest.param(seed, marks=pytest.mark.slow(reason="seeds 0 and 1 in the quick tier"))
            for seed in range(2, 6)
        ),
    ],
)
def test_the_summaries_kept_say_what_counting_every_game_says(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    path = tmp_path / DATABASE_NAME
    store = Store(path, on_warning=lambda line: None)
    identities: list[str] = []
    for day in range(60):
        roll = rng.random()
        if roll < 0.65 or not identities:
            identity = f"game-{day}"
            identities.append(identity)
            store.add_game(random_game(rng, day, identity))
        elif roll < 0.75:  # a game handed in again under its identity
            store.add_game(random_game(rng, day, rng.choice(identities)))
        elif roll < 0.85:  # a hand deletes a game
            with closing(sqlite3.connect(path)) as db, db:
                db.execute("DELETE FROM games WHERE identity = ?", (rng.choice(identities),))
        elif roll < 0.92:  # a hand spoils a row: it is set aside at the next look
            with closing(sqlite3.connect(path)) as db, db:
                db.execute("UPDATE games SET seed = 'x' WHERE id = (SELECT max(id) FROM games)")
        else:  # a hand edits a row soundly
            with closing(sqlite3.connect(path)) as db, db:
                db.execute("UPDATE games SET won = 1 - won, abandoned = 0 WHERE id % 3 = 0")
        if rng.random() < 0.3:
            assert kept(store) == counted(store), f"day {day}"
    assert kept(store) == counted(store)


def test_a_game_saved_counts_in_its_board_summary_without_counting_the_board_again(
    tmp_path: Path,
) -> None:
    """The summary kept is fresh after a save: nothing stale is left to count again."""
    path = tmp_path / DATABASE_NAME
    store = Store(path, on_warning=pytest.fail)
    for day in range(5):
        store.add_game(make_record(day, identity=f"g{day}", won=day != 2))
    with closing(sqlite3.connect(path)) as db:
        counts = "fresh, played, won, current_streak, best_streak"
        rows = db.execute(f"SELECT {counts} FROM board_summaries").fetchall()
    assert rows == [(1, 5, 4, 2, 2)]


def test_every_board_of_an_older_database_is_counted_at_the_first_look(tmp_path: Path) -> None:
    path = tmp_path / DATABASE_NAME
    store = Store(path, on_warning=pytest.fail)
    store.add_game(make_record(0, identity="a"))
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("UPDATE board_summaries SET fresh = 0, played = 99")  # as a migration leaves
    assert kept(store) == counted(store)
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT fresh, played FROM board_summaries").fetchall() == [(1, 1)]


NOT_A_COUNT = st.one_of(
    st.text(max_size=6).map(lambda text: "x" + text),
    st.binary(max_size=4),
    st.integers(-(2**63), -1),
    st.integers(-(10**6), 10**6).map(lambda whole: whole + 0.5),
)
"""What no column of a summary holds: text, bytes, a negative number, a fraction."""
SUMMARY_GARBAGE = {
    "preset": st.sampled_from(["garbage", "expert", "beginner"]) | st.binary(max_size=4),
    "width": NOT_A_COUNT,
    "height": NOT_A_COUNT,
    "mines": NOT_A_COUNT,
    "fresh": NOT_A_COUNT | st.integers(2, 9),
    "last_id": NOT_A_COUNT.filter(lambda value: not isinstance(value, int)),
    **{name: NOT_A_COUNT for name in tally.TALLIES},
}


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_summaries_that_are_not_what_the_game_writes_are_counted_again(
    data: st.DataObject,
) -> None:
    assert_counted_again(data)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_summaries_that_are_not_what_the_game_writes_in_25_databases_are_counted_again(
    data: st.DataObject,
) -> None:
    assert_counted_again(data)


def assert_counted_again(data: st.DataObject) -> None:
    """Garbage in any column of any summary: ``stats`` answers, with what counting every
    game says, and the next game is counted in."""
    path = Path(scratch_directory()) / DATABASE_NAME
    store = Store(path, on_warning=lambda line: None)
    rng = random.Random(data.draw(st.integers(0, 9), label="games"))
    for day in range(12):
        store.add_game(random_game(rng, day, f"game-{day}"))
    with closing(sqlite3.connect(path)) as db, db:
        rowids = [rowid for (rowid,) in db.execute("SELECT rowid FROM board_summaries")]
        for _ in range(data.draw(st.integers(1, 4), label="how many")):
            column = data.draw(st.sampled_from(sorted(SUMMARY_GARBAGE)))
            value = data.draw(SUMMARY_GARBAGE[column], label=column)
            rowid = data.draw(st.sampled_from(rowids))
            db.execute(f"UPDATE board_summaries SET {column} = ? WHERE rowid = ?", (value, rowid))
    status, _out, err = run(path.parent, "stats")
    assert status == 0, err
    assert "Traceback" not in err
    assert kept(store) == counted(store)
    store.add_game(random_game(rng, 12, "game-12"))
    assert kept(store) == counted(store)
