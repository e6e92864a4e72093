"""The solver benchmark: its start rules, its statistics and its command line."""

from __future__ import annotations

import math

import pytest

from benchmarks.__main__ import main
from benchmarks.solver import Setup, deal, percentile, play, wilson
from buscaminas.core.grid import Grid


def test_wilson_interval_matches_the_formula() -> None:
    low, high = wilson(80, 100)
    assert math.isclose(low, 0.7112, abs_tol=1e-4)
    assert math.isclose(high, 0.8666, abs_tol=1e-4)


def test_wilson_interval_stays_inside_zero_and_one() -> None:
    low, high = wilson(0, 10)
    assert low == pytest.approx(0.0, abs=1e-12) and 0 < high < 0.35
    low, high = wilson(10, 10)
    assert 0.65 < low < 1 and high == pytest.approx(1.0)


def test_percentile_takes_the_value_at_or_above_the_share() -> None:
    values = [float(value) for value in range(1, 101)]
    assert percentile(values, 0.99) == 99.0
    assert percentile(values, 0.5) == 50.0


@pytest.mark.parametrize("seed", range(20))
def test_safe_start_keeps_only_the_first_cell_free(seed: int) -> None:
    setup = Setup(9, 9, 70, "safe", 0)
    layout = deal(setup, seed)((4, 4))
    assert len(layout) == 70 and (4, 4) not in layout
    assert any(cell in layout for cell in Grid(9, 9).neighbours((4, 4)))


def test_opening_start_keeps_the_neighbours_free() -> None:
    setup = Setup(9, 9, 40, "opening", 0)
    layout = deal(setup, 1)((4, 4))
    assert len(layout) == 40 and not layout & set(Grid(9, 9).neighbourhood((4, 4)))


def test_a_game_is_played_to_its_end_and_timed() -> None:
    record = play(Setup(8, 8, 10, "safe", 0), 5)
    assert record.analyze_ms and record.guesses == len(record.best_move_ms)


def test_the_command_line_reports_win_rate_and_timings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solver", "--preset", "beginner", "--games", "4", "--start", "safe"]) == 0
    report = capsys.readouterr().out
    assert "board 8x8/10, start safe, 4 games, seed 0" in report
    for line in ("win rate", "95% CI", "guesses per game", "analyze ms", "best_move ms"):
        assert line in report
