"""The solver on positions built to make it explode: bounded, exact where it
says so, and plain about it where it cannot be."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings

from benchmarks.shapes import SHAPES, build
from buscaminas.core.engine import Action, Minesweeper, Move
from buscaminas.core.solver import (
    Analysis,
    InconsistentPosition,
    Position,
    analyze,
    component,
    counting,
    ordering,
    strategy,
)
from buscaminas.core.solver import frontier as frontier_stage
from buscaminas.core.solver.budget import ANALYSIS_WORK, Budget, OverBudget
from buscaminas.core.solver.counting import ESTIMATE_SCALE, Constraints
from buscaminas.core.solver.endgame import ENDGAME_LAYOUTS
from buscaminas.core.solver.local import settle_one_number
from buscaminas.core.solver.masks import Masks
from buscaminas.entry import analyze_file
from tests.play_support import play
from tests.solver_support import (
    arbitrary_positions,
    assert_matches_brute_force,
    brute_force,
    draw_position,
    played_positions,
)

SMALL = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
QUICK = settings(SMALL, max_examples=50)
"""The quick tier's share of a sweep that a ``slow`` twin makes whole."""


def biggest_component(position: Position) -> component.Group:
    board = Constraints.of(position)
    constraints = settle_one_number(board.numbers, board.hidden_around()).constraints
    return max(component.components(constraints), key=len)


# --- the shapes themselves -----------------------------------------------------


@pytest.mark.parametrize("shape", SHAPES)
def test_every_shape_is_a_position_some_layout_shows(shape: str) -> None:
    position = build(shape, 13, 9)
    assert position.mines > 0
    assert analyze(position).exact


def test_stripes_of_ones_are_the_position_of_the_issue() -> None:
    for width in (40, 41, 42):
        rows = build("stripes-ones", width, 5).rows
        assert rows[0::2] == ("#" * width,) * 3
        assert rows[1::2] == ("1" * width,) * 2


# --- exact where it says so ----------------------------------------------------


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("size", [(40, 5), (41, 5), (30, 16)])
def test_adversarial_positions_are_counted_exactly(shape: str, size: tuple[int, int]) -> None:
    position = build(shape, *size)
    result = analyze(position)
    assert result.exact
    assert result.layouts is not None and result.layouts > 0
    assert math.isclose(sum(result.probability.values()), position.mines, rel_tol=1e-9)


def test_a_stripe_is_swept_across_not_along() -> None:
    """The greedy order runs along the first covered row, leaving every number
    under it open; the chosen order keeps a few numbers open at a time."""
    counting_plan = component._Counting(biggest_component(build("stripes-ones", 40, 5)))
    greedy = ordering.greedy_order(counting_plan.classes)
    assert ordering.states_bound(counting_plan.classes, counting_plan.needs, greedy) > 1e9
    assert counting_plan.states_bound < 5_000


def random_expert(seed: int, open_rate: float) -> Position:
    """An expert board with safe cells opened at random, no opening flooded."""
    rng = random.Random(seed)
    cells = [(x, y) for y in range(16) for x in range(30)]
    layout = set(rng.sample(cells, 99))
    revealed = [cell for cell in cells if cell not in layout and rng.random() < open_rate]
    return draw_position(30, 16, layout, revealed=revealed)


def test_the_greedy_order_is_tried_from_each_side_of_a_component() -> None:
    """Where the greedy order starts and how it breaks ties make it ten times
    wider or narrower: on this component it is eight times wider from the
    first class than from another side."""
    counting_plan = component._Counting(biggest_component(random_expert(132, 0.4453125)))
    greedy = ordering.greedy_order(counting_plan.classes)
    from_first = ordering.states_bound(counting_plan.classes, counting_plan.needs, greedy)
    assert counting_plan.states_bound * 5 < from_first


def test_weighing_a_wide_components_orders_is_paid_for_and_left_to_pairs_when_hopeless() -> None:
    group = biggest_component(random_expert(132, 0.4453125))
    budget = Budget(ANALYSIS_WORK)
    weighed = component._Counting(group, budget)
    assert weighed.states_bound <= frontier_stage.WIDE_STATES
    assert budget.left < ANALYSIS_WORK, "the orders weighed were charged"
    hopeless = biggest_component(build("stripes-ones", 41, 41))
    budget = Budget(ANALYSIS_WORK)
    with pytest.raises(OverBudget):
        component.count_component(hopeless, budget, most_states=frontier_stage.WIDE_STATES)
    assert ANALYSIS_WORK - budget.left == len(hopeless) * component.PLAN_WORK


def two_numbers_counted_as_the_steps_count_them(position: Position) -> None:
    settled = Masks.read(position.rows)
    assert settled is not None
    found = settled.settle()
    for group in component.components(found.constraints if found else []):
        if len(group) == 2:
            counted = component._two_numbers(*group[0], *group[1])
            stepped = component._Counting(group).run(Budget(ANALYSIS_WORK))
            assert counted.counts == stepped.counts
            assert dict(counted.unpacked()) == dict(stepped.unpacked())


@QUICK
@given(played_positions(max_side=7))
def test_two_numbers_are_counted_as_the_steps_count_them(position: Position) -> None:
    two_numbers_counted_as_the_steps_count_them(position)


@pytest.mark.slow
@SMALL
@given(played_positions(max_side=7))
def test_two_numbers_are_counted_as_the_steps_count_them_swept(position: Position) -> None:
    two_numbers_counted_as_the_steps_count_them(position)


def pairs_before_counting_keep_it_exact(position: Position) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(frontier_stage, "WIDE_STATES", 0)
        component._counted.clear()
        assert_matches_brute_force(position)
    component._counted.clear()


@QUICK
@given(played_positions())
def test_pairs_before_counting_keep_played_positions_exact(position: Position) -> None:
    pairs_before_counting_keep_it_exact(position)


@pytest.mark.slow
@SMALL
@given(played_positions())
def test_pairs_before_counting_keep_played_positions_exact_swept(position: Position) -> None:
    pairs_before_counting_keep_it_exact(position)


@SMALL
@given(arbitrary_positions())
def test_pairs_before_counting_keep_arbitrary_positions_exact(position: Position) -> None:
    pairs_before_counting_keep_it_exact(position)


# --- plain where it cannot be --------------------------------------------------


def uncountable(position: Position) -> counting.Tally:
    """The tally of ``position`` as if no component fitted the budget."""

    def refuse(
        group: component.Group,
        budget: Budget,
        most_states: int | None = None,
        alike: component.Alike | None = None,
    ) -> None:
        raise OverBudget

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(frontier_stage, "count_component", refuse)
        return counting.tally(Constraints.read(position))


def certain_in_an_inexact_tally_is_certain(position: Position) -> None:
    census = brute_force(position)
    if census is None or census.layouts == 0:
        return
    counted = uncountable(position)
    for cell, layouts in counted.mine_layouts.items():
        if layouts == 0:
            assert census.mine_layouts[cell] == 0
        elif layouts == counted.total:
            assert census.mine_layouts[cell] == census.layouts


@QUICK
@given(played_positions(max_side=6))
def test_what_an_inexact_tally_calls_certain_is_certain(position: Position) -> None:
    certain_in_an_inexact_tally_is_certain(position)


@pytest.mark.slow
@SMALL
@given(played_positions(max_side=6))
def test_what_an_inexact_tally_calls_certain_is_certain_swept(position: Position) -> None:
    certain_in_an_inexact_tally_is_certain(position)


@SMALL
@given(played_positions(max_side=6))
def test_an_estimate_adds_up_to_the_mine_total_even_with_no_cell_off_the_frontier(
    position: Position,
) -> None:
    try:
        counted = uncountable(position)
    except InconsistentPosition:
        return
    total = sum(count for _, count in counted.mine_layouts.items()) / counted.total
    cells = len(counted.mine_layouts)
    assert math.isclose(total, position.mines, abs_tol=cells / ESTIMATE_SCALE)


def test_an_estimate_keeps_alike_cells_together() -> None:
    """The cells off the frontier of a big board are one share of the tally, the
    cells proved safe another, and so on: not one share each."""
    result = cold(build("scatter", 99, 99))
    assert not result.exact
    outside = set(result.constraints.frontier().outside)
    assert any(outside <= set(cells) for cells, _ in result.tally.shares)
    assert len(result.tally.shares) * 4 < len(result.probability)


def test_a_frontier_too_wide_to_count_is_flagged_and_still_proves_the_pairs() -> None:
    """Stripes of 1s 41 wide: each number row may take either of two phases,
    2^20 combinations, past any exact count in budget.  Two numbers at the
    row's left end still prove the third column safe, and so on along it."""
    position = build("stripes-ones", 41, 41)
    result = analyze(position)
    assert not result.exact
    assert result.layouts is None
    proved_by_pairs = {(x, y) for y in range(0, 41, 2) for x in range(2, 41, 3)}
    assert proved_by_pairs <= result.safe
    assert not result.mines
    for cell, chance in result.probability.items():
        assert (chance == 0.0) == (cell in result.safe)
        assert 0.0 <= chance < 1.0
    assert result.best_move in result.safe


def test_a_component_too_wide_is_given_up_once_and_then_known() -> None:
    group = biggest_component(build("stripes-ones", 41, 41))
    with pytest.raises(OverBudget):
        component.count_component(group, Budget(ANALYSIS_WORK))
    again = Budget(ANALYSIS_WORK)
    with pytest.raises(OverBudget):
        component.count_component(group, again)
    assert again.untouched


def test_a_component_the_budget_cannot_plan_is_refused_before_any_work() -> None:
    """Issue 19: weighing a component's orders reads it whole, so it is paid for
    first; a budget that cannot pay is left whole for the pairs of numbers."""
    group = biggest_component(build("stripes-ones", 41, 41))
    component._too_wide.clear()
    budget = Budget(len(group) * component.PLAN_WORK - 1)
    with pytest.raises(OverBudget):
        component.count_component(group, budget)
    assert budget.untouched


def test_pairs_of_numbers_still_prove_most_of_a_short_stripe() -> None:
    """Along a stripe of 1s, pairs of numbers prove every column but one in
    three safe; only the mine total proves the middle row safe too."""
    position = build("stripes-ones", 40, 5)
    exact = analyze(position)
    counted = uncountable(position)
    assert exact.exact and not counted.exact
    proved = {cell for cell, layouts in counted.mine_layouts.items() if layouts == 0}
    assert proved == {(x, y) for x in range(40) for y in (0, 2, 4) if x % 3}
    assert proved < exact.safe


@pytest.mark.parametrize("mines", [0, 9])
def test_an_inexact_position_is_refused_when_the_total_cannot_fit(mines: int) -> None:
    with pytest.raises(InconsistentPosition):
        uncountable(Position.parse("#1#\n###\n###", mines=mines))


def first_guess(seed: int) -> Position | None:
    """The first position of an intermediate game where the AI must guess
    and weighs its guesses, or None if the game never needs it."""
    game = Minesweeper(16, 16, 40)
    play(game, Move(Action.TRY, (8, 8)), seed)
    while game.end is None:
        position = Position.from_game(game)
        result = analyze(position)
        if not result.safe:
            weighs = (
                strategy._unavoidable_guess(result.constraints, result.tally) is None
                and result.tally.total > ENDGAME_LAYOUTS
            )
            return position if weighs else None
        for cell in result.safe:
            game.act(Move(Action.TRY, cell))
    return None


def test_the_ai_takes_the_safest_cell_when_weighing_guesses_is_over_budget() -> None:
    position = next(found for seed in range(40) if (found := first_guess(seed)) is not None)
    chances = analyze(position).probability
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(strategy, "LOOKAHEAD_WORK", 1)
        move = analyze(position).best_move
    assert chances[move] == min(chances.values())


def cold(position: Position) -> Analysis:
    """The analysis of ``position`` with nothing remembered of another: what an
    earlier analysis counted would leave more of the budget."""
    counting._last_read.clear()
    component._counted.clear()
    component._too_wide.clear()
    return analyze(position)


def test_an_estimate_adds_up_to_the_mine_total() -> None:
    """Past the budget the chances are estimates, yet their sum is the mines the board
    holds, as an exact answer's is: the cells off the frontier take what is left."""
    position = build("scatter", 99, 99)
    result = cold(position)
    assert not result.exact
    total = sum(result.probability.values())
    assert math.isclose(total, position.mines, abs_tol=len(result.probability) / ESTIMATE_SCALE)


def test_analyze_says_when_its_percentages_are_estimates() -> None:
    lines = analyze_file.certain_cells(analyze(build("stripes-ones", 41, 41)))
    assert "estimates" in lines[0]
    assert lines[1].startswith("Safe: ")
    exact_lines = analyze_file.certain_cells(analyze(build("chain", 20, 9)))
    assert not any("estimates" in line for line in exact_lines)
