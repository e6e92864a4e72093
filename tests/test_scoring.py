"""3BV, points and game records, on hand-made boards and against the engine."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from buscaminas.core.board import BoardKind
from buscaminas.core.engine import Action, Minesweeper, Move, Outcome
from buscaminas.core.grid import Grid, Point
from buscaminas.core.scoring import (
    FLOOD_POINTS,
    GameRecord,
    Score,
    index_of_efficiency,
    three_bv,
)
from buscaminas.records import gamerow
from tests.cells_support import some_of
from tests.record_support import NOON, make_record

Layout = tuple[int, int, frozenset[Point]]


def layout(*rows: str) -> Layout:
    """Width, height and mines of a board drawn with ``*`` for mines, ``.`` for safe cells."""
    mines = frozenset(
        (x, y) for y, row in enumerate(rows) for x, char in enumerate(row) if char == "*"
    )
    return len(rows[0]), len(rows), mines


def play(board: Layout, *moves: Move) -> tuple[Minesweeper, list[Outcome]]:
    game = Minesweeper.from_layout(*board)
    return game, [game.act(move) for move in moves]


def recorded(game: Minesweeper, outcomes: list[Outcome], **given: Any) -> GameRecord:
    """The record of a game played through ``outcomes``, with what it does not depend on
    set plainly unless given."""
    plain: dict[str, Any] = {
        "started_at": NOON,
        "seconds": 1.0,
        "preset": None,
        "kind": BoardKind.CLASSIC,
        "seed": None,
        "hints": 0,
        "assisted": False,
        "scripted": False,
    }
    return GameRecord.from_game(game, Score.of(outcomes, game.number), **{**plain, **given})


def try_(x: int, y: int) -> Move:
    return Move(Action.TRY, (x, y))


def flag(x: int, y: int) -> Move:
    return Move(Action.FLAG, (x, y))


def expand(x: int, y: int) -> Move:
    return Move(Action.EXPAND, (x, y))


CORNER = layout("*..", "...", "...")
"""One opening whose border holds every number: 3BV 1."""


# --- 3BV on hand-made boards ----------------------------------------------------


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        (("*..", "...", "..."), 1),  # one opening bordered by all three numbers
        (("...", ".*.", "..."), 8),  # no zero at all: every number is a click
        (("*.*", "...", "*.*"), 5),  # no zero, five numbers
        (("..*..", "..*..", "..*.."), 2),  # two openings split by a wall of mines
        (("*...", "....", "....", "...*"), 1),  # zeros touching only diagonally are one opening
        # one opening (two columns) bordered by three numbers, and six numbers no opening touches
        (("...*..", ".....*", "...*.."), 7),
        (("....", "....", "...."), 1),  # no mine: one opening clears it all
    ],
)
def test_three_bv_of_hand_made_boards(rows: tuple[str, ...], expected: int) -> None:
    assert three_bv(*layout(*rows)) == expected


@st.composite
def layouts(draw: st.DrawFn) -> Layout:
    """A board with at least one mine and one safe cell, as the engine requires."""
    width = draw(st.integers(1, 7))
    height = draw(st.integers(2 if width == 1 else 1, 7))
    cells = sorted(Grid(width, height).cells())
    return width, height, draw(some_of(cells, at_least=1, at_most=len(cells) - 1))


@given(layouts())
def test_three_bv_is_the_clicks_that_clear_the_board_in_the_engine(
    board: Layout,
) -> None:
    """Click every zero still hidden (one click per opening), then every cell still
    hidden: the engine's own flood decides what each click clears."""
    width, height, mines = board
    numbers = Grid(width, height).mine_counts(mines)
    game = Minesweeper.from_layout(*board)
    clicks = 0
    for cell in sorted(numbers, key=lambda cell: numbers[cell] > 0):
        if not game.is_revealed(cell):
            game.act(try_(*cell))
            clicks += 1
    assert game.hidden_safe == 0
    assert three_bv(*board) == clicks


@given(layouts())
def test_three_bv_is_between_one_and_the_safe_cells(
    board: Layout,
) -> None:
    width, height, mines = board
    numbers = Grid(width, height).mine_counts(mines)
    value = three_bv(*board)
    assert 1 <= value <= len(numbers)
    if all(numbers.values()):
        assert value == len(numbers)
    else:
        assert value < len(numbers)


# --- points ------------------------------------------------------------------------


def test_a_flood_scores_each_cell_after_the_one_tried() -> None:
    game, outcomes = play(CORNER, try_(2, 2))
    assert len(outcomes[0].revealed) == 8
    assert Score.of(outcomes, game.number).points == 7 * 20


def test_a_number_tried_directly_scores_sixty() -> None:
    game, outcomes = play(CORNER, try_(1, 1))
    assert Score.of(outcomes, game.number).points == 60


def test_an_expand_scores_the_numbers_it_opens_and_nothing_for_zeros_or_flags() -> None:
    # The expand opens the numbers (1, 0) and (0, 1) and five zeros with nothing
    # left for them to flood.
    game, outcomes = play(CORNER, try_(1, 1), flag(0, 0), expand(1, 1))
    assert Score.of(outcomes, game.number).points == 60 + 2 * 60


def test_an_explosion_scores_nothing() -> None:
    game, outcomes = play(CORNER, try_(0, 0))
    assert Score.of(outcomes, game.number).points == 0


# --- commands, the figures and the record ---------------------------------------------


def test_only_commands_that_changed_the_board_count() -> None:
    game, outcomes = play(
        CORNER,
        flag(1, 1),  # changes the board
        try_(1, 1),  # refused: the cell is flagged
        flag(1, 1),  # changes the board
        expand(1, 1),  # refused: the cell is hidden
        try_(1, 1),  # changes the board
    )
    assert Score.of(outcomes, game.number).board_commands == 3


def test_the_figures_are_the_communitys() -> None:
    """RQP is the time over 3BV/s, IOE 3BV per click, throughput 3BV per effective click
    (minesweepergame.com's statistics; ms_toollib computes them the same way)."""
    record = make_record(seconds=20.0, three_bv=40, board_commands=32)
    assert record.three_bv_per_second == 2.0
    assert record.rqp == 10.0
    assert record.throughput == 1.25
    assert index_of_efficiency(record.three_bv, 50) == 0.8


def test_a_won_game_is_recorded_with_its_scores() -> None:
    game, outcomes = play(CORNER, flag(0, 0), try_(2, 2))
    record = recorded(game, outcomes, seconds=4.0, hints=2)
    assert record == GameRecord(
        started_at=NOON,
        preset=None,
        width=3,
        height=3,
        mines=1,
        kind=BoardKind.CLASSIC,
        seed=None,
        won=True,
        seconds=4.0,
        three_bv=1,
        board_commands=2,
        hints=2,
        points=140,
        assisted=False,
        scripted=False,
        ai_moves=0,
    )
    assert record.three_bv_per_second is None, "one click cleared the board: no rate"
    assert record.rqp is None
    assert record.throughput == 0.5


TWO_OPENINGS = layout("..*..", "..*..", "..*..")
"""Two openings split by a wall of mines: 3BV 2."""


def _won_on_two_openings(*, assisted: bool, scripted: bool) -> GameRecord:
    game, outcomes = play(TWO_OPENINGS, try_(0, 0), try_(4, 0))
    return recorded(
        game, outcomes, seconds=0.5, kind=BoardKind.NO_GUESS, assisted=assisted, scripted=scripted
    )


def test_a_measured_win_has_a_rate() -> None:
    record = _won_on_two_openings(assisted=False, scripted=False)
    assert (record.won, record.three_bv, record.board_commands) == (True, 2, 2)
    assert record.three_bv_per_second == 4.0
    assert record.rqp == 0.125, "0.5 s over 4 3BV/s"
    assert record.points == 2 * 5 * FLOOD_POINTS  # each click floods the 5 cells beside it
    assert record.own and record.clean


@pytest.mark.parametrize(("assisted", "scripted"), [(True, False), (False, True), (True, True)])
def test_a_game_the_ai_or_a_script_played_earns_no_points(assisted: bool, scripted: bool) -> None:
    record = _won_on_two_openings(assisted=assisted, scripted=scripted)
    assert (record.assisted, record.scripted) == (assisted, scripted)
    assert record.points == 0
    assert not record.own and not record.clean


def test_a_lost_game_shows_every_mine_whatever_was_flagged() -> None:
    board = layout("*..*", "....", "....", "...*")
    game, outcomes = play(board, flag(0, 0), flag(1, 2), try_(3, 3))
    assert game.layout == board[2]
    record = recorded(
        game, outcomes, seconds=1.5, preset="beginner", kind=BoardKind.NO_GUESS, seed=3
    )
    assert not record.won
    assert record.three_bv == three_bv(*board)


def test_an_unfinished_game_cannot_be_recorded() -> None:
    game, outcomes = play(CORNER, try_(1, 1))
    with pytest.raises(ValueError, match="finished"):
        recorded(game, outcomes)
    with pytest.raises(ValueError, match="over"):
        _ = game.layout


@pytest.mark.parametrize(
    "started_at",
    [datetime(2024, 5, 1, 12), datetime(2024, 5, 1, 12, tzinfo=timezone(timedelta(hours=2)))],
)
def test_start_times_must_be_utc(started_at: datetime) -> None:
    """Both ways a record is made refuse another time: from a game, and from the records
    (a row as the database or a pending file holds it)."""
    board = layout("*..", "...", "...")
    game, outcomes = play(board, try_(2, 2))
    with pytest.raises(ValueError, match="UTC"):
        recorded(game, outcomes, started_at=started_at, kind=BoardKind.NO_GUESS)
    row = gamerow.to_row(make_record())
    with pytest.raises(ValueError, match="UTC"):
        gamerow.from_row((started_at.isoformat(), *row[1:]))
    assert gamerow.from_row(row) == make_record()


def test_rates_are_zero_when_nothing_could_be_measured() -> None:
    # A board file loaded already solved: no time passed and no command was needed.
    record = make_record(seconds=0.0, board_commands=0)
    assert record.three_bv_per_second is None and record.rqp is None
    assert record.throughput == 0.0
    assert index_of_efficiency(0, 0) == 0.0


@pytest.mark.parametrize(
    ("changes", "measured"),
    [
        ({}, True),
        ({"three_bv": 1}, False),  # one opening: the first click cleared it
        ({"seconds": 0.0}, False),  # no time passed between the first reveal and the end
        ({"board_commands": 1}, False),  # a board file that one click finished
        ({"three_bv": 2, "seconds": 0.01, "board_commands": 2}, True),
    ],
)
def test_a_win_by_one_click_measures_nothing(changes: dict[str, Any], measured: bool) -> None:
    record = make_record(**changes)
    assert record.measured is measured
    assert (record.three_bv_per_second is not None) is measured
    assert (record.rqp is not None) is measured
    assert record.clean is measured


@pytest.mark.parametrize(
    ("changes", "clean"),
    [
        ({}, True),
        ({"won": False}, False),
        ({"kind": BoardKind.CLASSIC}, False),
        ({"hints": 1}, False),
        ({"assisted": True}, False),
        ({"scripted": True}, False),
        ({"three_bv": 1}, False),
    ],
)
def test_only_no_guess_wins_without_hints_are_clean(changes: dict[str, Any], clean: bool) -> None:
    assert make_record(**changes).clean is clean
