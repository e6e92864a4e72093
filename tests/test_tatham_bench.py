"""The side-by-side benchmark drives the C generator's process line by line.

A stand-in driver (a small script speaking the same protocol) takes the
place of Tatham's, which is built outside the repository.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest

from benchmarks import tatham
from benchmarks.generate import Job

FAKE_DRIVER = """\
import sys
for line in sys.stdin:
    width, height, mines, x, y, seed = map(int, line.split())
    touching = 1 if seed == 13 else 0
    # The time says what was asked: seed, start and size, in milliseconds.
    microseconds = 1000 * (seed + x / 10 + y / 100 + width * height * mines / 1e6)
    print(f"{microseconds:.3f} {mines} {touching}", flush=True)
"""


@pytest.fixture
def driver(tmp_path: Path) -> Path:
    script = tmp_path / "driver"
    script.write_text(f"#!{sys.executable}\n{FAKE_DRIVER}")
    script.chmod(0o755)
    return script


def test_each_seed_is_asked_of_both_with_the_same_size_start_and_seed(driver: Path) -> None:
    process = tatham.Tatham(driver)
    try:
        jobs = [Job(9, 9, 10, seed, (seed % 9, 2)) for seed in (5, 13, 6)]
        sizing, boards = tatham.measure(process, jobs)
    finally:
        process.close()
    assert sizing.theirs == pytest.approx([5.52081, 13.42081, 6.62081])
    assert sizing.theirs_valid == 2  # seed 13's board has a mine beside the start
    assert len(sizing.ours) == len(boards) == 3 and all(ms > 0 for ms in sizing.ours)
    for job, board in zip(jobs, boards, strict=True):
        assert len(board) == 10 and job.start not in board


def test_the_report_gives_both_medians_and_checks_our_boards(
    driver: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = argparse.ArgumentParser()
    tatham.add_arguments(parser)
    args = parser.parse_args(["--driver", str(driver), "--boards", "4", "--size", "8x8/10"])
    assert tatham.run(args) == 0
    row = capsys.readouterr().out.splitlines()[-1].split()
    assert row[0] == "8x8/10" and float(row[1]) == pytest.approx(1.5, abs=0.5)  # seeds 0..3
    assert row[7] == "4/4" and row[8] == "4/4"


def test_a_driver_that_answers_nonsense_is_an_error(tmp_path: Path) -> None:
    script = tmp_path / "driver"
    script.write_text(f"#!{sys.executable}\nimport sys\nfor line in sys.stdin: print('?')\n")
    script.chmod(0o755)
    process = tatham.Tatham(script)
    try:
        with pytest.raises(RuntimeError, match="answered"):
            process.generate(Job(9, 9, 10, 1, (0, 0)))
    finally:
        process.close()
