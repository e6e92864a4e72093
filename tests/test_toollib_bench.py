"""The benchmark against ms_toollib: the same positions, both solvers cold, their
times compared position by position and their probabilities cell by cell."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.__main__ import main
from benchmarks.toollib import Arm, ms_toollib_board, percentile


def test_a_position_reaches_ms_toollib_as_numbers_with_covered_cells_at_ten() -> None:
    assert ms_toollib_board(["#1.", "F?2"]) == [[10, 1, 0], [10, 10, 2]]


def test_the_percentile_is_the_value_that_many_are_at_or_under() -> None:
    values = [float(value) for value in range(1, 11)]
    assert percentile(values, 0.9) == 9.0
    assert percentile(values, 0.5) == 5.0


def test_each_arm_answers_a_cold_time_and_the_probabilities() -> None:
    here = Path(__file__).resolve().parents[1]
    given = [(["#1", "#1"], 1)]
    for kind in ("ours", "ms_toollib"):
        arm = Arm(kind, kind, here, given)
        arm.time(0)
        arm.time(0)
        chances = arm.chances()
        arm.close()
        assert len(arm.times[0]) == 2 and all(seconds > 0 for seconds in arm.times[0])
        assert chances == [[[pytest.approx(0.5), 0.0], [pytest.approx(0.5), 0.0]]]


@pytest.mark.slow
def test_the_command_line_reports_the_ratios_and_the_agreement(
    capsys: pytest.CaptureFixture[str],
) -> None:
    here = Path(__file__).resolve().parents[1]
    argv = ["toollib", "--seeds", "1", "--rounds", "2", "--stages", "0.1", "0.5"]
    assert main([*argv, "--against", str(here)]) == 0
    report = capsys.readouterr().out
    for line in (
        "2 expert positions made",
        "this tree: per-position ratio to ms_toollib median",
        f"{here}: per-position ratio to ms_toollib median",
        "(within 1e-12)",
        "by share revealed (median, p90): 0.1:",
    ):
        assert line in report
