"""Practice: a board the player has already seen sets no best time and no streak, but is
played and counted, apart.  A board is known by its mines, however it comes back."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest

from buscaminas.core import generator
from buscaminas.game.commands import Command, Verb
from buscaminas.game.journal import Journal
from buscaminas.game.keeper import Keeper
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.records import boardfile, seen
from buscaminas.records.schema import MIGRATIONS
from buscaminas.records.sharecode import parse
from buscaminas.records.stats import format_stats, statistics
from buscaminas.records.storage import Recorded, Store
from tests.journal_support import json_journal
from tests.record_support import make_record
from tests.terminal_support import run_piped

MINES = frozenset({(0, 0), (7, 7), (3, 5)})
OTHER = frozenset({(1, 0), (7, 7), (3, 5)})


def journal_of(mines: frozenset[tuple[int, int]]) -> str:
    """A journal as games recorded before the compact form kept it, whose board the
    records find in its JSON (a game recorded now says its board: see below)."""
    journal = Journal(8, 8, len(mines))
    journal.deal(mines)
    return json_journal(journal)


def test_a_fingerprint_is_of_the_size_and_the_mines_alone() -> None:
    assert seen.fingerprint(8, 8, [(0, 0), (7, 7)]) == seen.fingerprint(8, 8, [(7, 7), (0, 0)])
    assert seen.fingerprint(8, 8, MINES) != seen.fingerprint(8, 8, OTHER)
    assert seen.fingerprint(8, 8, MINES) != seen.fingerprint(9, 8, MINES)
    assert seen.of_journal(journal_of(MINES)) == seen.fingerprint(8, 8, MINES)
    for damaged in (None, "", "{", '{"size": [8, 8, 3]}', '{"size": 8, "start": {}}'):
        assert seen.of_journal(damaged) is None


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "games.sqlite3", on_warning=pytest.fail)


def test_a_board_seen_before_is_practice_never_a_best_time(store: Store) -> None:
    first = make_record(0, seconds=40.0, identity="a", journal=journal_of(MINES))
    assert store.add_game(first) is Recorded.NEW_BEST
    again = make_record(1, seconds=9.0, identity="b", journal=journal_of(MINES))
    assert store.add_game(again) is Recorded.PRACTICE, "faster, on a board already played"
    other = make_record(2, seconds=30.0, identity="c", journal=journal_of(OTHER))
    assert store.add_game(other) is Recorded.NEW_BEST, "another board is no practice"
    games = store.games()
    assert games is not None
    assert [game.practice for game in games] == [False, True, False]
    (beginner,) = statistics(games)
    assert [win.seconds for win in beginner.best_times] == [30.0, 40.0]
    assert (beginner.played, beginner.practice.played, beginner.practice.won) == (2, 1, 1)


def test_the_same_game_ending_again_after_an_undo_is_not_practice(store: Store) -> None:
    game = make_record(0, seconds=40.0, identity="a", journal=journal_of(MINES))
    assert store.add_game(game) is Recorded.NEW_BEST
    assert store.add_game(game._replace(seconds=35.0)) is Recorded.NEW_BEST
    assert store.add_game(game._replace(identity="b")) is Recorded.PRACTICE


def test_practice_neither_makes_nor_breaks_a_streak(store: Store) -> None:
    store.add_game(make_record(0, identity="a", journal=journal_of(MINES)))
    store.add_game(make_record(1, identity="b", journal=journal_of(MINES), won=False))
    store.add_game(make_record(2, identity="c", journal=journal_of(OTHER)))
    games = store.games()
    assert games is not None
    (beginner,) = statistics(games)
    assert (beginner.current_streak, beginner.best_streak, beginner.played) == (2, 2, 2)


def test_a_game_written_in_from_a_pending_file_is_marked_too(store: Store) -> None:
    store.add_game(make_record(0, identity="a", journal=journal_of(MINES)))
    pending = make_record(1, identity="b", journal=journal_of(MINES))
    assert store._keep_pending(pending, "{reason}") is Recorded.PENDING
    games = store.games()
    assert games is not None and [game.practice for game in games] == [False, True]


def test_stats_shows_practice_on_its_own_line_in_both_languages(store: Store) -> None:
    from buscaminas import i18n
    from buscaminas.records.presets import board_label

    store.add_game(make_record(0, identity="a", journal=journal_of(MINES)))
    store.add_game(make_record(1, identity="b", journal=journal_of(MINES)))
    assert "  On boards you had seen (practice): played 1, won 1." in format_stats(
        store, board_label
    )
    try:
        i18n.use("es")
        spanish = format_stats(store, board_label)
    finally:
        i18n.use("en")
    assert any("(práctica)" in line for line in spanish)


ROW_OF_SCHEMA = {
    1: "INSERT INTO games VALUES (NULL, '2024-05-01T12:00:00+00:00', NULL, 8, 8, 3,"
    " 'no-guess', '7', 1, 20.0, 30, 40, 0, 990)",
    2: "INSERT INTO games VALUES (NULL, '2024-05-01T12:00:00+00:00', NULL, 8, 8, 3,"
    " 'no-guess', '7', 1, 20.0, 30, 40, 0, 990, 0, 0)",
    3: "INSERT INTO games VALUES (NULL, '2024-05-01T12:00:00+00:00', NULL, 8, 8, 3,"
    " 'no-guess', '7', 1, 20.0, 30, 40, 0, 990, 0, 0, 0, 'old', NULL, ?)",
    4: "INSERT INTO games VALUES (NULL, '2024-05-01T12:00:00+00:00', NULL, 8, 8, 3,"
    " 'no-guess', '7', 1, 20.0, 30, 40, 0, 990, 0, 0, 0, 'old', NULL, ?, 12)",
    5: "INSERT INTO games VALUES (NULL, '2024-05-01T12:00:00+00:00', NULL, 8, 8, 3,"
    " 'no-guess', '7', 1, 20.0, 30, 40, 0, 990, 0, 0, 0, 'old', NULL, ?, 12, 0)",
    6: "INSERT INTO games VALUES (NULL, '2024-05-01T12:00:00+00:00', NULL, 8, 8, 3,"
    " 'no-guess', '7', 1, 20.0, 30, 40, 0, 990, 0, 0, 0, 'old', NULL, ?, 12, 0,"
    " board_fingerprint(?), 0)",
    7: "INSERT INTO games VALUES (NULL, '2024-05-01T12:00:00+00:00', NULL, 8, 8, 3,"
    " 'no-guess', '7', 1, 20.0, 30, 40, 0, 990, 0, 0, 0, 'old', NULL, ?, 12, 0,"
    " board_fingerprint(?), 0)",
    8: "INSERT INTO games VALUES (NULL, '2024-05-01T12:00:00+00:00', NULL, 8, 8, 3,"
    " 'no-guess', '7', 1, 20.0, 30, 40, 0, 990, 0, 0, 0, 'old', NULL, ?, 12, 0,"
    " board_fingerprint(?), 0, 0)",
}
"""A won game as each earlier schema kept it; from schema 3 on, with its journal (and
from schema 6 on, its board's fingerprint, as the game wrote it).  Before schema 8 the
AI's moves were not counted apart from the hints: none is known."""


@contextmanager
def database_at(store: Store, schema: int) -> Iterator[sqlite3.Connection]:
    """The store's database as the first ``schema`` migrations made it, open for rows
    as games of that time wrote them."""
    store.path.parent.mkdir(exist_ok=True)
    with closing(sqlite3.connect(store.path)) as db, db:
        db.create_function("board_fingerprint", 1, seen.of_journal)
        for migration in MIGRATIONS[:schema]:
            for statement in migration:
                db.execute(statement)
        db.execute(f"PRAGMA user_version = {schema}")
        yield db


def left_unfinished(directory: Path) -> tuple[str, str]:
    """A game left in progress, as every schema since 3 keeps it: identity, snapshot."""
    store = Store(directory / "kept", on_warning=pytest.fail)
    session = Session(Settings.from_preset("beginner", 3), Keeper(store), legend=[])
    session.handle(Command(Verb.TRY, (3, 3)))
    session.put_away()
    with closing(sqlite3.connect(directory / "kept")) as db:
        ((identity, snapshot),) = db.execute("SELECT identity, snapshot FROM unfinished")
    return str(identity), str(snapshot)


@pytest.mark.parametrize("schema", sorted(ROW_OF_SCHEMA))
def test_every_earlier_database_migrates_keeping_its_games_and_knowing_their_boards(
    store: Store, schema: int, tmp_path: Path
) -> None:
    identity, snapshot = left_unfinished(tmp_path)
    with database_at(store, schema) as db:
        row = ROW_OF_SCHEMA[schema]
        db.execute(row, (journal_of(MINES),) * row.count("?"))
        if schema >= 3:  # a game left in progress, kept since schema 3
            db.execute(
                "INSERT INTO unfinished (identity, saved_at, snapshot) VALUES (?, ?, ?)",
                (identity, "2024-05-01T12:00:00+00:00", snapshot),
            )
    (summary,) = store.summaries() or []  # the statistics, counted from the games kept
    assert (summary.count("played"), summary.count("won")) == (1, 1)
    assert [game.seconds for game in summary.best_times] == [20.0]
    old = store.games()
    assert old is not None and len(old) == 1 and not old[0].practice
    assert (old[0].seconds, old[0].points, old[0].won) == (20.0, 990, True)
    if schema < 8:
        assert old[0].ai_moves is None, "its hints counted the AI's moves, if it made any"
    offered = store.unfinished()
    assert [kept for kept, _snapshot in offered] == ([identity] if schema >= 3 else [])
    with closing(sqlite3.connect(store.path)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    again = make_record(1, seconds=5.0, identity="new", journal=journal_of(MINES))
    has_journal = schema >= 3
    assert store.add_game(again) is (Recorded.PRACTICE if has_journal else Recorded.NEW_BEST)


@pytest.mark.parametrize("made_at", [len(MIGRATIONS), len(MIGRATIONS) - 1])
def test_a_game_gone_on_from_a_loss_taken_back_has_not_seen_its_own_board(
    store: Store, made_at: int
) -> None:
    """Its board was seen in its own lost half: that is no look at a board seen before;
    another game on the board is.  Also in a database made before the games' lines."""
    with database_at(store, made_at):
        pass
    lost = make_record(0, won=False, identity=seen.new_identity(), journal=journal_of(MINES))
    assert store.add_game(lost) is Recorded.SAVED
    went_on = seen.continued(lost.identity or "")
    assert store.add_game(lost._replace(identity=went_on)) is Recorded.SAVED
    assert store.add_game(lost._replace(identity=seen.continued(went_on))) is Recorded.SAVED
    another = make_record(1, won=False, identity=seen.new_identity(), journal=journal_of(MINES))
    assert store.add_game(another) is Recorded.PRACTICE
    games = store.games()
    assert games is not None and [game.practice for game in games] == [False] * 3 + [True]


def win(session: Session, mines: frozenset[tuple[int, int]], clock: list[float]) -> None:
    """Reveal every safe cell, a second apart on ``clock``."""
    game = session.current.game
    for y in range(game.height):
        for x in range(game.width):
            if (x, y) not in mines and not session.current.game.is_revealed((x, y)):
                clock[0] += 1.0
                session.handle(Command(Verb.TRY, (x, y)))


def test_the_board_a_code_deals_again_is_practice_however_fast(tmp_path: Path) -> None:
    """The issue's reproduction, at the session: win, then the code, the same moves."""
    clock = [0.0]
    store = Store(tmp_path / "games.sqlite3", on_warning=pytest.fail)
    first = Session(
        Settings.from_preset("beginner", 5), Keeper(store), legend=[], clock=lambda: clock[0]
    )
    first.handle(Command(Verb.TRY, (3, 3)))
    start = first.current.journal.start
    assert start is not None
    clock[0] += 30.0  # a slow first game
    win(first, start.mines, clock)
    assert "New best time!" in first.ui.messages
    code = first.records[-1].code
    assert code is not None
    shared = parse(code)
    again = Session(
        Settings.from_code(shared, "beginner"), Keeper(store), legend=[], clock=lambda: clock[0]
    )
    win(again, start.mines, clock)
    record = again.records[-1]
    assert record.won and record.practice and record.seconds < first.records[-1].seconds
    assert "New best time!" not in again.ui.messages
    assert any("You had seen this board before" in line for line in again.ui.messages)


def beginner_opened(
    tmp_path: Path,
) -> tuple[Session, Store, frozenset[tuple[int, int]], list[float]]:
    """Beginner from seed 2, opened at 4 4: its session, records, mines and clock."""
    clock = [0.0]
    store = Store(tmp_path / "games.sqlite3", on_warning=pytest.fail)
    session = Session(
        Settings.from_preset("beginner", 2), Keeper(store), legend=[], clock=lambda: clock[0]
    )
    session.handle(Command(Verb.TRY, (3, 3)))
    mines = generator.generate(8, 8, 10, start=(3, 3), seed=2, no_guess=True)
    return session, store, mines, clock


def test_a_board_file_of_a_board_played_is_practice(tmp_path: Path) -> None:
    first, store, mines, clock = beginner_opened(tmp_path)
    win(first, mines, clock)
    assert not first.records[-1].practice
    board = boardfile.BoardFile(8, 8, mines, frozenset(), frozenset())
    from_file = Session(
        Settings(8, 8, 10, board_file=board), Keeper(store), legend=[], clock=lambda: clock[0]
    )
    win(from_file, mines, clock)
    assert from_file.records[-1].practice


def test_a_game_saved_is_practice_and_so_is_one_played_on_from_its_file(
    tmp_path: Path,
) -> None:
    """``save`` writes the mines out: the player may read them, so the game saved is
    practice from then on (the day's board too), and so is a game from that file,
    even before the game saved is recorded."""
    saved, store, mines, clock = beginner_opened(tmp_path)
    saved.handle(Command(Verb.SAVE, file=str(tmp_path / "saved.txt")))
    assert saved.view().messages[0].startswith("Saved to")
    from_file = Session(
        Settings(8, 8, 10, board_file=boardfile.load(tmp_path / "saved.txt")),
        Keeper(store),
        legend=[],
        clock=lambda: clock[0],
    )
    win(from_file, mines, clock)
    assert from_file.records[-1].practice and from_file.records[-1].points == 0
    assert any("You had seen this board before" in line for line in from_file.ui.messages)
    win(saved, mines, clock)
    assert saved.records[-1].won and saved.records[-1].practice
    told = saved.ui.messages
    assert any("Its mines were written to a file as you played" in line for line in told)
    assert not any("New best time" in line for line in told)
    games = store.games()
    assert games is not None and [game.practice for game in games] == [True, True]
    assert [game.points for game in games] == [0, 0], "practice earns no points"


def test_practice_recorded_before_it_earned_no_points_has_none(store: Store) -> None:
    """Schema 8 kept a practice game's points; its games lose them in the migration."""
    with database_at(store, 8) as db:
        row = ROW_OF_SCHEMA[8]
        db.execute(row, (journal_of(MINES),) * row.count("?"))
        practice = row.replace("'old'", "'older'")  # another game, marked practice
        practice = practice.replace("board_fingerprint(?), 0, 0)", "NULL, 1, 0)")
        db.execute(practice, (journal_of(OTHER),))
    games = store.games()
    assert games is not None and [(game.practice, game.points) for game in games] == [
        (False, 990),
        (True, 0),
    ]


def test_a_board_seen_before_is_said_to_be_practice_as_its_game_begins(tmp_path: Path) -> None:
    """Not only at its end: the player who races a board again knows it will not count;
    a game of a board nobody has seen begins with no such word."""
    data = ("--data-dir", str(tmp_path), "--lang", "en")
    first = run_piped("--preset", "beginner", "--seed", "5", *data, lines="4 4\nauto\nn\n")
    code = first.stdout.split("This board's code is ", 1)[1].split(":", 1)[0]
    again = run_piped("--game", code, *data, lines="quit\n")
    assert again.stdout.count("You have played this board before: this game is practice") == 1
    fresh = run_piped("--preset", "beginner", "--seed", "6", *data, lines="4 4\nquit\n")
    assert "You have played this board before" not in fresh.stdout
    seeded = run_piped("--preset", "beginner", "--seed", "5", *data, lines="4 4\nquit\n")
    assert seeded.stdout.count("You have played this board before") == 1, "at its first reveal"
    elsewhere = tmp_path / "other"
    other = run_piped("--game", code, "--data-dir", str(elsewhere), "--lang", "en", lines="q\n")
    assert "You have played this board before" not in other.stdout


def test_a_board_seen_in_a_game_left_unfinished_is_practice_in_another(tmp_path: Path) -> None:
    """Peek at a board, leave it kept, deal it again (the day's board, a seed, a code): the
    second is practice from its first reveal, and the first, taken up later, is not."""
    left, store, mines, clock = beginner_opened(tmp_path)
    left.keep()  # as the loop does: kept in progress, its board shown
    left.put_away()
    again, _store, _mines, _clock = beginner_opened(tmp_path)
    assert any("You have played this board before" in line for line in again.ui.messages)
    again.handle(Command(Verb.TRY, min(mines)))  # lost at once
    win(left, mines, clock)
    games = store.games()
    assert games is not None and [(game.won, game.practice) for game in games] == [
        (False, True),
        (True, False),
    ]


def test_in_a_pipe_win_replay_then_the_code_with_the_same_moves_is_practice(
    tmp_path: Path,
) -> None:
    """The issue's reproduction through the program: win, ``replay``, ``--game CODE``
    and the same moves: no best time, counted as practice in ``stats`` and ``games``."""
    from tests.terminal_support import WIN, won_in_a_pipe

    moves, output = won_in_a_pipe(tmp_path)
    code = output.split(WIN, 1)[1].split()[0].rstrip(":")
    data = ("--data-dir", str(tmp_path), "--lang", "en")
    assert run_piped("replay", *data).returncode == 0
    again = run_piped("--game", code, *data, lines=moves)
    assert "You won" in again.stdout
    assert "New best time!" not in again.stdout
    assert "You had seen this board before" in again.stdout
    stats = run_piped("stats", *data).stdout.splitlines()
    assert "  On boards you had seen (practice): played 1, won 1." in stats
    assert "  Played from a pipe (scripted): played 1, won 1." in stats
    games = run_piped("games", *data).stdout.splitlines()
    assert "won, practice" in games[2] and "practice" not in games[1]


@pytest.mark.slow
def test_on_a_terminal_the_code_of_a_board_won_sets_no_best_time(tmp_path: Path) -> None:
    """The issue's reproduction as a player meets it: a win at the keyboard (a best
    time), its replay, then its code and the same moves, typed: practice, no best time.
    Slow; the quick suite has it at the session and through a pipe, above."""
    from tests.terminal_support import WIN, Player, won_in_a_pipe

    moves, _output = won_in_a_pipe(tmp_path / "moves")  # the winning moves, found by a pipe
    environment = {"BUSCAMINAS_DATA_DIR": str(tmp_path / "data")}
    first = Player(
        "--preset", "beginner", "--seed", "1", "--legacy", "--lang", "en", env=environment
    )
    first.prompt_row()
    for line in moves.splitlines()[:-1]:
        first.type(line)
    first.wait_for("New best time!")
    code = first.text.split(WIN, 1)[1].split()[0].rstrip(":")
    first.type("n")
    assert first.finish() == 0
    data = ("--data-dir", str(tmp_path / "data"), "--lang", "en")
    assert run_piped("replay", *data).returncode == 0
    again = Player("--game", code, "--legacy", "--lang", "en", env=environment)
    again.prompt_row()
    for line in moves.splitlines()[:-1]:
        again.type(line)
    again.wait_for("You had seen this board before")
    assert "New best time!" not in again.text
    again.type("n")
    assert again.finish() == 0
    stats = run_piped("stats", *data).stdout.splitlines()
    assert "  Played 1, won 1 (100%); current streak 1, best streak 1." in stats
    assert "  On boards you had seen (practice): played 1, won 1." in stats
