"""A session's first ``help`` and AI move load only what they use.

A game taken up (kept, or read from a board file) has not loaded the solver
when the player first asks it something: that first answer pays for the
solver's and the hints' imports, within the quarter of a second every answer
has (``python -m benchmarks hostile --first-calls`` times it).  Here, what a
fresh interpreter has loaded once it has answered, which decides it.
"""

from __future__ import annotations

import subprocess
import sys

from tests.terminal_support import ROOT

FIRST_ANSWERS = """
import sys
from buscaminas.core.engine import Minesweeper
from buscaminas.game import session
game = Minesweeper.from_layout(9, 9, {(0, 0), (8, 8), (4, 0)}, revealed=[(4, 4)])
from buscaminas.game import guessing, hints
hints.hint(game)
hints.chance(game, (0, 8))
from buscaminas.core.solver import Position, analyze
analysis = analyze(Position.from_game(game))
guessing.why(guessing.of(analysis))
print(*sorted(sys.modules))
"""
"""What a session does up to its first answers: a hint, a cell's chance and an AI
move with its words, on a game dealt before (no generator loaded)."""


def loaded_by_the_first_answers() -> set[str]:
    result = subprocess.run(
        [sys.executable, "-c", FIRST_ANSWERS],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return set(result.stdout.split())


def test_the_first_answers_compile_no_dataclass() -> None:
    """The solver's and the hints' values are named tuples and plain classes: a
    dataclass compiles its methods as its module loads, and ``dataclasses`` brings
    ``inspect`` and the tokenizer, a good part of a first answer's wait."""
    loaded = loaded_by_the_first_answers()
    assert {"buscaminas.core.solver", "buscaminas.game.hints"} <= loaded
    assert "dataclasses" not in loaded
    assert "inspect" not in loaded
