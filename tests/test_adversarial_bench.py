"""The adversarial benchmark measures each position in a process of its own."""

from __future__ import annotations

import argparse
from pathlib import Path

from benchmarks import adversarial
from benchmarks.shapes import build


def options(**overrides: object) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    adversarial.add_arguments(parser)
    args = parser.parse_args([])
    for name, value in overrides.items():
        setattr(args, name, value)
    return args


def test_a_position_is_timed_and_its_peak_memory_read() -> None:
    position = build("stripes-ones", 40, 5)
    outcome = adversarial.measure(position.format(), position.mines, options())
    assert outcome.seconds == sum(outcome.phases) > 0
    assert outcome.peak_mb is not None and outcome.peak_mb > 1
    assert outcome.exact is True


def test_a_position_past_the_timeout_is_reported_not_waited_for() -> None:
    position = build("stripes-ones", 40, 5)
    outcome = adversarial.measure(position.format(), position.mines, options(timeout=0.001))
    assert outcome.seconds is None
    assert outcome.failure.startswith("over")


def test_another_solver_is_imported_from_the_directory_given(tmp_path: Path) -> None:
    solver = tmp_path / "buscaminas" / "solver"
    solver.mkdir(parents=True)
    (tmp_path / "buscaminas" / "__init__.py").write_text("")
    (solver / "__init__.py").write_text("raise ImportError('the solver under test')\n")
    position = build("chain", 13, 9)
    outcome = adversarial.measure(position.format(), position.mines, options(against=tmp_path))
    assert outcome.seconds is None
    assert "the solver under test" in outcome.failure
