"""Statistics per board and the session summary, as the player reads them."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from buscaminas.scoring import Board, BoardKind
from buscaminas.stats import (
    BEST_TIMES,
    format_session,
    format_stats,
    statistics,
    worst_to_best,
)
from buscaminas.storage import Store
from tests.record_support import BEGINNER, EXPERT, make_record


def label(board: Board) -> str:
    return f"{board.preset or 'custom'} {board.width}x{board.height}/{board.mines}"


def test_streaks_count_wins_in_a_row_in_the_order_played() -> None:
    results = [True, True, False, True, True, True, False, True]
    (stats,) = statistics(make_record(day, won=won) for day, won in enumerate(results))
    assert (stats.played, stats.won, stats.current_streak, stats.best_streak) == (8, 6, 1, 3)
    assert stats.win_rate == 0.75


def test_a_loss_ends_the_current_streak() -> None:
    (stats,) = statistics([make_record(0), make_record(1, won=False)])
    assert (stats.current_streak, stats.best_streak) == (0, 1)


def test_best_times_keep_clean_wins_apart_from_the_rest() -> None:
    games = [
        make_record(0, seconds=30.0),
        make_record(1, seconds=10.0, hints=1),
        make_record(2, seconds=20.0),
        make_record(3, seconds=5.0, kind=BoardKind.CLASSIC),
        make_record(4, seconds=1.0, won=False),
    ]
    (stats,) = statistics(games)
    assert stats.best_times == (games[2], games[0])
    assert stats.other_wins == (games[3], games[1])


def test_best_times_show_the_fastest_ten() -> None:
    games = [make_record(day, seconds=100.0 - day) for day in range(BEST_TIMES + 2)]
    (stats,) = statistics(games)
    assert [game.seconds for game in stats.best_times] == [
        100.0 - day for day in reversed(range(2, BEST_TIMES + 2))
    ]


def test_presets_come_first_smaller_boards_first_then_custom_sizes() -> None:
    custom, denser = Board(None, 5, 5, 3), Board(None, 5, 5, 9)
    games = [make_record(board=board) for board in (denser, EXPERT, custom, BEGINNER)]
    assert [stats.board for stats in statistics(games)] == [BEGINNER, EXPERT, custom, denser]


def test_the_statistics_read_as_text(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3", on_warning=print)
    for game in [
        make_record(0, seconds=31.5, three_bv=63),
        make_record(1, won=False),
        make_record(2, seconds=12.25, three_bv=49, hints=2, kind=BoardKind.CLASSIC),
        make_record(3, seconds=20.0, three_bv=30),
    ]:
        store.record(game)
    assert format_stats(store, label) == [
        "beginner 8x8/10",
        "  Played 4, won 3 (75%); current streak 2, best streak 2.",
        "  Best times (no-guess boards, no hints):",
        "     1.   20.00 s  2024-05-04  3BV/s 1.50",
        "     2.   31.50 s  2024-05-01  3BV/s 2.00",
        "  Other wins (classic boards or hints):",
        "     1.   12.25 s  2024-05-03  3BV/s 4.00  (classic board, hints: 2)",
    ]


def test_a_board_with_no_wins_shows_no_tables(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3", on_warning=print)
    store.record(make_record(won=False))
    assert format_stats(store, label) == [
        "beginner 8x8/10",
        "  Played 1, won 0 (0%); current streak 0, best streak 0.",
    ]


@pytest.fixture
def far_east(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The local zone of a player at UTC+14, where noon UTC is already tomorrow."""
    monkeypatch.setenv("TZ", "Etc/GMT-14")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.skipif(not hasattr(time, "tzset"), reason="needs POSIX time zones")
def test_dates_are_the_players_local_dates(tmp_path: Path, far_east: None) -> None:
    store = Store(tmp_path / "games.sqlite3", on_warning=print)
    store.record(make_record(seconds=20.0))
    assert format_stats(store, label)[-1] == "     1.   20.00 s  2024-05-02  3BV/s 1.50"


def test_no_games_yet_is_said(tmp_path: Path) -> None:
    assert format_stats(Store(tmp_path / "games.sqlite3", on_warning=print), label) == [
        "No games recorded yet."
    ]


def test_unreadable_statistics_show_only_the_warning(tmp_path: Path) -> None:
    warned: list[str] = []
    (tmp_path / "games.sqlite3").mkdir()
    assert format_stats(Store(tmp_path / "games.sqlite3", on_warning=warned.append), label) == []
    assert len(warned) == 1


def test_the_session_goes_from_worst_to_best() -> None:
    slow, fast = make_record(0, seconds=50.0), make_record(1, seconds=10.0)
    poor, better = make_record(2, won=False, points=100), make_record(3, won=False, points=900)
    tie = make_record(4, won=False, points=100)
    assert worst_to_best([fast, better, slow, tie, poor]) == [tie, poor, better, slow, fast]


def test_the_session_reads_as_text() -> None:
    won = make_record(0, seconds=25.0, three_bv=50, board_commands=40, points=1200)
    lost = make_record(1, board=Board(None, 8, 8, 10), won=False, seconds=3.5, points=140)
    assert format_session([won, lost], label) == [
        "Your games this session, from worst to best:",
        "  1. Lost on custom 8x8/10 after 3.50 s, 140 points.",
        "  2. Won on beginner 8x8/10 in 25.00 s: 3BV/s 2.00, efficiency 125%, 1200 points.",
    ]


def test_an_empty_session_shows_nothing() -> None:
    assert format_session([], label) == []
