"""The explanation sought kind by kind is the one every proof sorted by hardness gives.

:func:`explain` looks for the harder kinds of proof only when the simpler
ones have nothing to tell, and reads only the numbers near the cells it
explains.  The reference here is its definition read literally: every
proof of every kind found on the whole board, sorted by hardness (stable,
so in the order found), and the first that tells the player something new.
"""

from __future__ import annotations

import random
import sys
from itertools import chain

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from buscaminas.core.grid import Grid, Point
from buscaminas.core.solver import Analysis, InconsistentPosition, Position, analyze
from buscaminas.core.solver.budget import Budget
from buscaminas.core.solver.explain import (
    Reason,
    ReasonKind,
    _beyond_pairs,
    _Clues,
    _news_of,
    _one_number,
    _two_numbers,
    explain,
)
from tests.solver_support import draw_position, played_positions

EXAMPLES = settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def every_proof_sorted(position: Position, analysis: Analysis) -> Reason | None:
    """The explanation, found by sorting every proof on the board by hardness."""
    grid = Grid(position.width, position.height)
    shown_mines = frozenset(
        cell
        for cell in grid.cells()
        if position[cell] == "*" or (position[cell] == "F" and cell in analysis.mines)
    )
    unbounded = Budget(sys.maxsize)  # the reference reads the whole board, always
    towards_safe = _Clues(position, grid, analysis.mines | shown_mines, unbounded)
    towards_mines = _Clues(position, grid, shown_mines, unbounded)
    safe_clues = list(towards_safe.in_reading_order())
    mine_clues = list(towards_mines.in_reading_order())
    one_mine = list(_one_number(mine_clues, mine=True))
    two_mines = list(_two_numbers(mine_clues, towards_mines, mine=True))
    proof_of: dict[Point, Reason] = {}
    for reason in chain(one_mine, two_mines):
        for cell in reason.targets:
            proof_of.setdefault(cell, reason)

    def proved(reason: Reason) -> Reason | None:
        unseen = [cell for cell in reason.known_mines if cell not in shown_mines]
        if any(cell not in proof_of for cell in unseen):
            return None
        return reason._replace(premises=tuple(dict.fromkeys(proof_of[cell] for cell in unseen)))

    def hardness(reason: Reason) -> tuple[int, bool, int]:
        steps = [
            1 if proof.kind is ReasonKind.ONE_NUMBER else 2 for proof in (reason, *reason.premises)
        ]
        return max(steps), reason.mine, len(reason.premises)

    candidates = map(
        proved,
        chain(
            _one_number(safe_clues, mine=False),
            one_mine,
            _two_numbers(mine_clues, towards_mines, mine=False),
            _two_numbers(safe_clues, towards_safe, mine=False),
            two_mines,
        ),
    )
    simple = sorted(filter(None, candidates), key=hardness)
    wrong_flags = frozenset(cell for cell in analysis.safe if position[cell] == "F")
    news = (
        _news_of(reason, position, wrong_flags)
        for reason in chain(simple, _beyond_pairs(position, grid, analysis))
    )
    return next((reason for reason in news if reason.targets), None)


def assert_explained_alike(position: Position) -> None:
    try:
        analysis = analyze(position)
    except InconsistentPosition:
        assume(False)
        return
    assert explain(position, analysis) == every_proof_sorted(position, analysis)


@pytest.mark.slow
@EXAMPLES
@given(played_positions(max_side=7))
def test_the_proof_told_is_the_simplest_of_all(position: Position) -> None:
    assert_explained_alike(position)


@pytest.mark.slow
@EXAMPLES
@given(played_positions(max_side=7), st.randoms(use_true_random=False))
def test_the_proof_told_after_a_loss_is_the_simplest_of_all(
    position: Position, chooser: random.Random
) -> None:
    """Some mines shown, as after a loss, that proofs lean on without a premise."""
    rows = [list(row) for row in position.rows]
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            if char in "#?" and chooser.random() < 0.3:
                rows[y][x] = "*"
    lost = Position(tuple("".join(row) for row in rows), position.mines)
    assume(sum(row.count("*") for row in lost.rows) <= lost.mines)
    assert_explained_alike(lost)


@pytest.mark.slow
@EXAMPLES
@given(st.integers(0, 10_000), st.floats(0.0, 0.3))
def test_the_proof_told_on_a_bigger_board_is_the_simplest_of_all(
    seed: int, flag_rate: float
) -> None:
    """Wider boards, where proofs far apart and long chains of premises meet."""
    chooser = random.Random(seed)
    width, height = chooser.randint(8, 16), chooser.randint(8, 16)
    cells = [(x, y) for y in range(height) for x in range(width)]
    layout = set(chooser.sample(cells, len(cells) // 5))
    revealed = [cell for cell in cells if cell not in layout and chooser.random() < 0.7]
    flagged = [cell for cell in cells if cell not in revealed and chooser.random() < flag_rate]
    assert_explained_alike(draw_position(width, height, layout, revealed=revealed, flagged=flagged))
