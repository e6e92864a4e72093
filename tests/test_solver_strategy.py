"""The AI's choice of move: safe when it can be, optimal in the endgame."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest
from hypothesis import assume, given, settings

from buscaminas.core.grid import Grid, Point
from buscaminas.core.solver import NothingToReveal, Position, analyze, strategy
from buscaminas.core.solver.budget import OverBudget
from buscaminas.core.solver.endgame import ENDGAME_LAYOUTS
from buscaminas.core.solver.strategy import Weighed, _unavoidable_guess
from tests.solver_support import layouts_of, played_positions


def test_first_click_for_a_safe_start_is_a_corner() -> None:
    blank = Position.parse("\n".join(["#" * 9] * 9), mines=10)
    assert analyze(blank, opening_start=False).best_move == (0, 0)


def test_first_click_for_an_opening_start_is_two_in_from_the_corner() -> None:
    blank = Position.parse("\n".join(["#" * 9] * 9), mines=10)
    assert analyze(blank).best_move == (2, 2)
    narrow = Position.parse("\n".join(["###"] * 9), mines=3)
    assert analyze(narrow).best_move == (1, 2)


def test_a_won_position_has_nothing_to_reveal() -> None:
    with pytest.raises(NothingToReveal):
        _ = analyze(Position.parse("#1", mines=1)).best_move


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(played_positions(max_side=6))
def test_best_move_is_safe_when_anything_is(position: Position) -> None:
    result = analyze(position)
    assume(result.mines != set(result.probability))
    move = result.best_move
    assert move in result.probability
    assert move not in result.mines
    if result.safe:
        assert move in result.safe


def optimal_chance(position: Position, first: Point | None = None) -> Fraction:
    """The chance an all-knowing-of-the-odds player wins, found the slow way.

    A move reveals one cell; the state is the set of layouts still possible
    and the cells revealed.  With ``first``, that move is forced first.
    """
    grid = Grid(position.width, position.height)
    hidden = frozenset(cell for cell in grid.cells() if position[cell] in "#F?")

    def split(
        layouts: frozenset[frozenset[Point]], cell: Point
    ) -> list[frozenset[frozenset[Point]]]:
        parts: dict[int, set[frozenset[Point]]] = {}
        for layout in layouts:
            if cell not in layout:
                shown = sum(near in layout for near in grid.neighbours(cell))
                parts.setdefault(shown, set()).add(layout)
        return [frozenset(part) for part in parts.values()]

    @cache
    def chance(layouts: frozenset[frozenset[Point]], revealed: frozenset[Point]) -> Fraction:
        closed = hidden - revealed
        if len({layout & closed for layout in layouts}) == 1:
            return Fraction(1)
        return max(after(layouts, revealed, cell) for cell in closed)

    def after(
        layouts: frozenset[frozenset[Point]], revealed: frozenset[Point], cell: Point
    ) -> Fraction:
        return sum(
            (
                Fraction(len(part), len(layouts)) * chance(part, revealed | {cell})
                for part in split(layouts, cell)
            ),
            Fraction(0),
        )

    every = frozenset(layouts_of(position))
    if first is None:
        return chance(every, frozenset())
    return after(every, frozenset(), first)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(played_positions(max_side=4))
def test_endgame_moves_win_as_often_as_possible(position: Position) -> None:
    hidden = [
        cell
        for row in range(position.height)
        for cell in ((x, row) for x in range(position.width))
        if position[cell] in "#F?"
    ]
    assume(2 <= len(hidden) <= 8)
    # On a blank board the first click is safe by the rules: no odds to weigh.
    assume(len(hidden) + position.format().count("*") < position.width * position.height)
    result = analyze(position)
    assume(result.layouts is not None and result.layouts <= ENDGAME_LAYOUTS)
    assume(result.mines != set(result.probability))
    assert optimal_chance(position, result.best_move) == optimal_chance(position)


def test_a_walled_in_50_50_is_taken_before_a_safer_guess() -> None:
    # On the left, one mine in two cells that nothing can ever tell apart;
    # on the right, cells at 25%.  The 50/50 must be faced anyway: now.
    position = Position.parse("#1.1###\n#1.1###", mines=3)
    result = analyze(position)
    assert result.probability[(5, 0)] == 0.25
    assert result.best_move == (0, 0)


@pytest.mark.parametrize(
    ("text", "mines"),
    [
        # The pair has hidden neighbours that will tell about it.
        ("##1.1##\n##1.1##", 3),
        # Nothing else can tell about the groups in the corners, but the
        # mine total may, as each holds a different count of mines by layout.
        ("3##\n###\n##3", 6),
    ],
)
def test_a_guess_that_later_play_may_spare_waits(text: str, mines: int) -> None:
    result = analyze(Position.parse(text, mines=mines))
    assert _unavoidable_guess(result.constraints, result.tally) is None


def test_past_its_budget_the_ai_plays_the_best_guess_it_has_weighed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 19: weighing guesses is bounded; the safest is weighed first, and what
    was weighed before the budget ran out is not thrown away."""
    board = analyze(Position.parse("#####\n#2#2#\n#####", mines=4))
    candidates = strategy._candidates(board.constraints, board.tally)
    safest = min(candidates, key=lambda cell: (board.tally.mine_layouts[cell], cell[1], cell[0]))
    others = [cell for cell in candidates if cell != safest]
    assert len(others) >= 2
    survived = {safest: 50, others[0]: 75, others[1]: 90}
    weighed: list[Point] = []

    def weigh(_board: object, _counted: object, cell: Point, budget: object) -> Weighed:
        if len(weighed) == 2:
            raise OverBudget
        weighed.append(cell)
        return Weighed(survived.get(cell, 0), 0, 100, 100)

    monkeypatch.setattr(strategy, "weigh", weigh)
    move, _ = strategy._best_weighed(board.constraints, board.tally, candidates, safest)
    assert weighed == [safest, others[0]]
    assert move == others[0], "the better of the two weighed, not the safest alone"
