"""Statistics per board and the session summary, as the player reads them."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from buscaminas.core.board import BoardKind, BoardSpec
from buscaminas.records.stats import (
    format_result,
    format_session,
    format_stats,
    statistics,
    worst_to_best,
)
from buscaminas.records.storage import Recorded, Store
from buscaminas.records.summaries import BEST_TIMES
from buscaminas.records.tally import GameCount
from tests.record_support import BEGINNER, EXPERT, make_record

HEADER = (
    "Played, won, streaks and times count your own games only: no AI moves,"
    " no undo, no board you had seen, not played from a pipe."
)
AI_PLAYED = (
    "The AI played in this game: it is kept in your statistics as assisted, not as a best time."
)


def label(board: BoardSpec) -> str:
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
    custom, denser = BoardSpec(None, 5, 5, 3), BoardSpec(None, 5, 5, 9)
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
        store.add_game(game)
    assert format_stats(store, label) == [
        HEADER,
        "beginner 8x8/10",
        "  Played 4, won 3 (75%); current streak 2, best streak 2.",
        "  Best times (no-guess boards, no hints):",
        "     1.   20.00 s  2024-05-04  3BV/s 1.50",
        "     2.   31.50 s  2024-05-01  3BV/s 2.00",
        "  Other wins (classic boards or hints; no AI moves):",
        "     1.   12.25 s  2024-05-03  3BV/s 4.00  (classic board, hints: 2)",
    ]


def test_a_board_with_no_wins_shows_no_tables(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3", on_warning=print)
    store.add_game(make_record(won=False))
    assert format_stats(store, label) == [
        HEADER,
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
    store.add_game(make_record(seconds=20.0))
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


def test_a_game_given_up_says_who_played_it_unless_it_was_the_players_own() -> None:
    own = make_record(0, won=False, abandoned=True, seconds=8.0)
    helped = make_record(1, won=False, abandoned=True, seconds=9.0, assisted=True, ai_moves=3)
    assert format_session([own, helped], label)[1:] == [
        "  1. Abandoned on beginner 8x8/10 after 8.00 s.",
        "  2. Abandoned on beginner 8x8/10 after 9.00 s;"
        " the AI made 3 moves (assisted, no points).",
    ]


def test_the_session_reads_as_text() -> None:
    won = make_record(0, seconds=25.0, three_bv=50, board_commands=40, points=1200)
    lost = make_record(1, board=BoardSpec(None, 8, 8, 10), won=False, seconds=3.5, points=140)
    assert format_session([won, lost], label) == [
        "Your games this session, from worst to best:",
        "  1. Lost on custom 8x8/10 after 3.50 s, 140 points.",
        "  2. Won on beginner 8x8/10 in 25.00 s:"
        " 3BV/s 2.00, RQP 12.50, throughput 1.25, 1200 points.",
    ]


def test_a_win_whose_clicks_were_counted_gives_its_ioe() -> None:
    """IOE is 3BV per click, the refused ones included: 50 over 40 moves and 10 refused."""
    won = make_record(0, seconds=25.0, three_bv=50, board_commands=40, clicks=50)
    figures = "3BV/s 2.00, RQP 12.50, IOE 1.00, throughput 1.25"
    assert format_session([won], label)[1:] == [
        f"  1. Won on beginner 8x8/10 in 25.00 s: {figures}, 1000 points."
    ]
    assert format_result(won, Recorded.SAVED) == [f"You won in 25.00 s: {figures}."]


def test_an_empty_session_shows_nothing() -> None:
    assert format_session([], label) == []


# --- games that are not the player's own ------------------------------------------------


def test_games_the_ai_or_a_script_played_neither_make_nor_break_a_streak() -> None:
    games = [
        make_record(0),
        make_record(1, won=False, assisted=True),  # the AI lost it: no streak broken
        make_record(2),
        make_record(3, seconds=1.0, scripted=True),  # a script won it: no streak made
        make_record(4, seconds=2.0, assisted=True, scripted=True),
        make_record(5, won=False, scripted=True),
    ]
    (stats,) = statistics(games)
    assert (stats.played, stats.won, stats.current_streak, stats.best_streak) == (2, 2, 2, 2)
    assert stats.assisted == GameCount(played=2, won=1), "a script that ran the AI counts once"
    assert stats.scripted == GameCount(played=2, won=1)
    assert stats.best_times == (games[0], games[2])
    assert stats.other_wins == ()


def test_wins_by_one_click_enter_no_table_but_count_as_wins() -> None:
    games = [make_record(0, three_bv=1, seconds=0.0), make_record(1, seconds=0.0, hints=1)]
    (stats,) = statistics(games)
    assert (stats.played, stats.won, stats.current_streak) == (2, 2, 2)
    assert stats.best_times == stats.other_wins == ()


def test_the_statistics_show_assisted_and_scripted_games_apart(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3", on_warning=pytest.fail)
    for game in [
        make_record(0, seconds=30.0, three_bv=60),
        make_record(1, seconds=5.0, assisted=True),
        make_record(2, won=False, assisted=True),
        make_record(3, seconds=0.01, three_bv=17, scripted=True),
        make_record(4, board=EXPERT, seconds=36.72, assisted=True),
    ]:
        store.add_game(game)
    assert format_stats(store, label) == [
        HEADER,
        "beginner 8x8/10",
        "  Played 1, won 1 (100%); current streak 1, best streak 1.",
        "  With AI moves (assisted): played 2, won 1.",
        "  Played from a pipe (scripted): played 1, won 1.",
        "  Best times (no-guess boards, no hints):",
        "     1.   30.00 s  2024-05-01  3BV/s 2.00",
        "expert 30x16/99",
        "  With AI moves (assisted): played 1, won 1.",
    ]


def test_the_session_says_who_played_and_gives_no_rate_for_one_click() -> None:
    games = [
        make_record(0, seconds=36.72, points=0, assisted=True),
        make_record(1, won=False, seconds=2.0, points=0, scripted=True),
        make_record(2, seconds=0.0, three_bv=1, board_commands=1, points=0),
    ]
    assert format_session(games, label) == [
        "Your games this session, from worst to best:",
        "  1. Lost on beginner 8x8/10 after 2.00 s; played from a pipe (scripted, no points).",
        "  2. Won on beginner 8x8/10 in 36.72 s; the AI played (assisted, no points).",
        "  3. Won on beginner 8x8/10 in 0.00 s, 0 points.",
    ]


def test_the_session_counts_the_ais_moves_where_the_records_have_them() -> None:
    """Games recorded before the AI's moves were counted apart say only that it played."""
    games = [make_record(0, seconds=9.5, points=0, assisted=True, ai_moves=1)]
    games.append(make_record(1, seconds=8.5, points=0, assisted=True, ai_moves=3))
    assert format_session(games, label)[1:] == [
        "  1. Won on beginner 8x8/10 in 9.50 s; the AI made 1 move (assisted, no points).",
        "  2. Won on beginner 8x8/10 in 8.50 s; the AI made 3 moves (assisted, no points).",
    ]


@pytest.mark.parametrize(
    ("changes", "saved", "expected"),
    [
        (
            {"seconds": 25.0, "three_bv": 50},
            Recorded.NEW_BEST,
            ["You won in 25.00 s: 3BV/s 2.00, RQP 12.50, throughput 1.25.", "New best time!"],
        ),
        (
            {"seconds": 25.0, "three_bv": 50},
            Recorded.PENDING,
            ["You won in 25.00 s: 3BV/s 2.00, RQP 12.50, throughput 1.25."],
        ),
        ({"seconds": 36.72, "assisted": True}, Recorded.SAVED, ["Game won in 36.72 s.", AI_PLAYED]),
        (
            {"seconds": 36.72, "assisted": True, "scripted": True},
            Recorded.SAVED,
            ["Game won in 36.72 s.", AI_PLAYED],
        ),
        (
            {"seconds": 12.5, "three_bv": 50, "undone": True},
            Recorded.SAVED,
            [
                "Game won in 12.50 s.",
                "A move was undone in this game: it is kept in your statistics apart,"
                " not as a best time.",
            ],
        ),
        (
            {"seconds": 0.01, "three_bv": 17, "scripted": True},
            Recorded.SAVED,
            [
                "You won in 0.01 s: 3BV/s 1700.00, RQP 0.00, throughput 0.42.",
                "Played from a pipe: it is kept in your statistics as scripted,"
                " not as a best time.",
            ],
        ),
        (
            {"seconds": 0.0, "three_bv": 1, "board_commands": 1},
            Recorded.SAVED,
            ["You won in 0.00 s."],
        ),
        ({"won": False}, Recorded.SAVED, []),
        ({"won": False, "assisted": True}, Recorded.SAVED, []),
        (
            {"seconds": 25.0, "three_bv": 50, "hints": 2},
            Recorded.SAVED,
            [
                "You won in 25.00 s: 3BV/s 2.00, RQP 12.50, throughput 1.25.",
                "With 2 hints, the win counts in your streak but not as a best time.",
            ],
        ),
        (
            {"seconds": 25.0, "three_bv": 50, "kind": BoardKind.CLASSIC},
            Recorded.SAVED,
            [
                "You won in 25.00 s: 3BV/s 2.00, RQP 12.50, throughput 1.25.",
                "On a classic board the win counts in your streak but not as a best time:"
                " best times are of no-guess boards.",
            ],
        ),
    ],
)
def test_the_end_of_a_game_says_what_counts(
    changes: dict[str, Any], saved: Recorded, expected: list[str]
) -> None:
    assert format_result(make_record(**changes), saved) == expected
