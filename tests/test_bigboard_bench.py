"""The big-board benchmark: reproducible mid-game positions, timed side by side."""

from __future__ import annotations

import shutil
from itertools import pairwise
from pathlib import Path

import pytest

from benchmarks.__main__ import main
from benchmarks.bigboard import Solver, instructions, lucky_game, mid_game, revealed_share
from buscaminas.core.solver import counting

STAGES = [0.2, 0.5, 0.8]


def test_positions_are_the_same_on_every_run() -> None:
    assert mid_game("9x9/10", 2, STAGES, no_guess=True) == mid_game(
        "9x9/10", 2, STAGES, no_guess=True
    )


def test_each_position_comes_with_the_one_before_it_and_games_alternate() -> None:
    steps = mid_game("16x16/40", 2, STAGES, no_guess=True)
    assert len(steps) == 2 * len(STAGES)
    for (before, after), stage in zip(steps, [s for s in STAGES for _ in (0, 1)], strict=True):
        assert revealed_share(before, 40) < revealed_share(after, 40)
        assert stage <= revealed_share(after, 40)
        assert counting._revealed_since(before, after), "one move later in the same game"
    for (_, one), (_, other) in pairwise(steps):
        assert counting._revealed_since(one, other) is None, "two games in a row"


def test_scattered_openings_show_more_of_the_board_from_the_first_position() -> None:
    plain = next(iter(lucky_game(30, 16, 99, 1, no_guess=False)))
    ragged = next(iter(lucky_game(30, 16, 99, 1, no_guess=False, openings=6)))
    assert revealed_share(ragged, 99) > revealed_share(plain, 99)
    assert mid_game("30x16/99", 1, STAGES, no_guess=False, openings=6) != mid_game(
        "30x16/99", 1, STAGES, no_guess=False
    )


def test_the_lucky_ai_plays_a_random_board_to_its_end_and_times_each_move() -> None:
    spent: list[float] = []
    positions = list(lucky_game(9, 9, 30, 3, no_guess=False, spent=spent))
    assert len(spent) == len(positions) > 1
    hidden = sum(row.count("#") for row in positions[-1].rows)
    assert hidden == 30 + 1, "the last move reveals the last safe cell"


@pytest.mark.slow
def test_the_command_line_times_both_solvers_and_whole_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    here = Path(__file__).resolve().parents[1]
    argv = ["bigboard", "--boards", "9x9/10", "8x8/10", "--seeds", "2", "--runs", "1"]
    assert main([*argv, "--games", "1", "--game-board", "8x8/10", "--against", str(here)]) == 0
    report = capsys.readouterr().out
    for line in (
        "9x9/10: 6 positions made",
        "this tree, in play: analyze median",
        "this tree, help in play: analyze and explain median",
        " p90 ",
        f"{here}, read whole: analyze median",
        "ratio 9x9/10 / 8x8/10 (medians, same solver):",
        "whole game 8x8/10 seed 0, this tree:",
        "s of it in the solver",
    ):
        assert line in report


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="callgrind counts the instructions")
def test_instructions_are_counted_position_by_position_for_both_solvers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    here = Path(__file__).resolve().parents[1]
    positions = [
        (position.format(), position.mines)
        for _, position in mid_game("8x8/10", 1, STAGES, no_guess=True)
    ]
    counts = instructions(Solver("this tree", here), positions)
    assert len(counts) == len(positions)
    assert all(0 < count < 100e6 for count in counts)
    argv = ["bigboard", "--boards", "9x9/10", "8x8/10", "--seeds", "1", "--instructions"]
    assert main([*argv, "--against", str(here)]) == 0
    report = capsys.readouterr().out
    for line in (
        "this tree, read whole: instructions median",
        f"{here}, read whole: instructions median",
        "ratio 9x9/10 / 8x8/10 (medians, same solver):",
    ):
        assert line in report
    assert "in play" not in report
