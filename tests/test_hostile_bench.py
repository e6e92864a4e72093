"""The hostile benchmark: 99×99 games of every family, timed against expert positions."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.__main__ import main
from benchmarks.bigboard import Solver
from benchmarks.hostile import FAMILIES, SIZE, expert, hostile


def test_hostile_games_take_the_families_in_turn_and_show_no_mine() -> None:
    games = hostile(len(FAMILIES) + 1)
    assert [family for family, _ in games] == [*FAMILIES, FAMILIES[0]]
    assert games == hostile(len(FAMILIES) + 1), "the same games on every run"
    for _, (width, height, mines, revealed) in games:
        assert (width, height) == (SIZE, SIZE)
        assert revealed and not {tuple(cell) for cell in mines} & {tuple(c) for c in revealed}
    first_round = games[: len(FAMILIES)]
    shares = [len(shown) for family, (*_, shown) in first_round if family.startswith("scatter")]
    assert shares == sorted(shares), "the scatters show more and more of the board"


def test_an_answer_is_timed_fresh_and_as_the_first_of_a_process() -> None:
    """The first answer of a process imports the solver and the hints in its timing,
    as a session's first ``help`` does; the process has loaded neither before."""
    here = Path(__file__).resolve().parents[1]
    game = json.dumps(hostile(1)[0][1])
    solver = Solver("this tree", here)
    for first in (True, False):
        job = {"answer": "help", "games": [game, game], "first": first}
        times = solver.ask(job, "answer")
        assert len(times) == 2
        assert all(wall > 0 and cpu > 0 for wall, cpu in times)
    script = (
        "import sys; from benchmarks import answer;"
        " print(sorted(m for m in sys.modules if m.startswith('buscaminas.core.solver')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=here, check=True
    )
    assert loaded.stdout.strip() == "[]"


def test_expert_positions_are_dealt_again_with_their_own_mines() -> None:
    games = expert(2)
    assert len(games) == 10
    for width, height, mines, revealed in games:
        assert (width, height, len(mines)) == (30, 16, 99)
        assert not {tuple(cell) for cell in mines} & {tuple(cell) for cell in revealed}


@pytest.mark.slow
def test_the_command_line_times_help_and_the_ai_against_expert(
    capsys: pytest.CaptureFixture[str],
) -> None:
    here = Path(__file__).resolve().parents[1]
    argv = ["hostile", "--positions", "2", "--runs", "1", "--expert-seeds", "1", "--first-calls"]
    assert main([*argv, "--load", "1", "--against", str(here)]) == 0
    report = capsys.readouterr().out
    for line in (
        "2 hostile 99x99 games and 5 expert positions made",
        "load average at the start:",
        "this tree, help, fresh: worst",
        f"{here}, ai, fresh: worst",
        "this tree, help, first of a process: worst",
        f"{here}, ai, first of a process: worst",
        "CPU worst",
        "over 0.25 s:",
        "expert median",
    ):
        assert line in report
