"""A position read after another it only reveals more of is worked out from it,
and every answer is the one a fresh read gives; big boards stay within reach."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from buscaminas.core.grid import Grid, Point
from buscaminas.core.solver import Analysis, InconsistentPosition, Position, analyze, counting
from buscaminas.core.solver.counting import Constraints
from buscaminas.core.solver.local import Settled, settle_one_number
from tests.solver_support import arbitrary_positions, draw_position

EXAMPLES = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def fresh(position: Position) -> Analysis:
    """The analysis of ``position`` with no earlier board to start from."""
    counting._last_read.clear()
    return analyze(position)


def assert_same(later: Analysis, reference: Analysis) -> None:
    assert later.safe == reference.safe
    assert later.mines == reference.mines
    assert later.layouts == reference.layouts
    assert later.exact == reference.exact
    assert later.probability == reference.probability
    assert later.constraints == reference.constraints
    assert later.constraints.hidden_around() == reference.constraints.hidden_around()
    assert later.constraints.frontier().certain() == reference.constraints.frontier().certain()


@st.composite
def game_steps(draw: st.DrawFn) -> tuple[Position, Position]:
    """A position and a later one of the same game: more safe cells revealed,
    flags put down or taken up."""
    width, height = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    cells = [(x, y) for y in range(height) for x in range(width)]
    layout = set(draw(st.lists(st.sampled_from(cells), unique=True, max_size=len(cells) // 2)))
    safe = [cell for cell in cells if cell not in layout]
    first = set(draw(st.lists(st.sampled_from(safe), unique=True))) if safe else set()
    more = set(draw(st.lists(st.sampled_from(safe), unique=True))) if safe else set()
    flags_before = set(draw(st.lists(st.sampled_from(cells), unique=True, max_size=3)))
    flags_after = set(draw(st.lists(st.sampled_from(cells), unique=True, max_size=3)))
    before = draw_position(width, height, layout, revealed=first, flagged=flags_before - first)
    shown = first | more
    after = draw_position(width, height, layout, revealed=shown, flagged=flags_after - shown)
    return before, after


@pytest.mark.slow
@EXAMPLES
@given(game_steps())
def test_a_later_position_is_analysed_as_a_fresh_read_would(
    steps: tuple[Position, Position],
) -> None:
    before, after = steps
    assume(before.rows != after.rows)
    reference = fresh(after)
    fresh(before)
    assert_same(analyze(after), reference)


@pytest.mark.slow
@EXAMPLES
@given(game_steps())
def test_the_numbers_settled_before_still_hold_later(steps: tuple[Position, Position]) -> None:
    """The earlier board's frontier is taken over only once it is worked out."""
    before, after = steps
    reference = fresh(after)
    counting._last_read.clear()
    earlier = Constraints.of(before)
    earlier.frontier()
    later = Constraints.of(after)
    assert later == reference.constraints
    assert later.frontier().certain() == reference.constraints.frontier().certain()


def test_a_move_revealing_little_is_settled_from_the_last_board_and_much_read_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Reading again the numbers the last board left open is cheaper than reading
    the board whole only while they are few (:data:`counting.INCREMENTAL_NUMBERS`)."""
    taken_from: list[bool] = []

    def spied(*args: Any) -> Settled[dict[Point, bool]]:
        taken_from.append(len(args) > 2)
        return settle_one_number(*args)

    monkeypatch.setattr(counting, "settle_one_number", spied)
    rng = random.Random(5)
    cells = [(x, y) for y in range(16) for x in range(30)]
    layout = set(rng.sample(cells, 99))
    safe = sorted(cell for cell in cells if cell not in layout)
    shown = set(rng.sample(safe, 8))
    steps = [shown, shown | {next(cell for cell in safe if cell not in shown)}, set(safe[:-40])]
    positions = [draw_position(30, 16, layout, revealed=step) for step in steps]
    fresh(positions[0]).constraints.frontier()
    analyze(positions[1]).constraints.frontier()
    assert taken_from == [True], "one cell more: from the last board"
    assert len(counting._revealed_since(positions[1], positions[2]) or ()) > 30
    assert_same(analyze(positions[2]), fresh(positions[2]))
    assert taken_from == [True], "many cells more: read whole"


def test_a_cell_proved_a_mine_and_then_shown_safe_is_a_contradiction() -> None:
    fresh(Position.parse("1#\n##", mines=1))
    contradicted = Position.parse("1#\n1.", mines=1)
    with pytest.raises(InconsistentPosition):
        analyze(contradicted)
    with pytest.raises(InconsistentPosition):
        fresh(contradicted)


@pytest.mark.parametrize(
    ("after", "mines"),
    [
        ("###\n###\n###", 2),  # a cell covered again: another game
        ("1##\n###\n###", 3),  # another mine total
        ("1*#\n###\n###", 2),  # a mine shown: the game was lost
        ("1##\n###", 2),  # another size
    ],
)
def test_a_position_that_is_no_later_one_is_read_whole(after: str, mines: int) -> None:
    fresh(Position.parse("1##\n###\n###", mines=2))
    later = Position.parse(after, mines=mines)
    assert counting._revealed_since(counting._last_read[0][0], later) is None
    assert analyze(later).probability == fresh(later).probability


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(arbitrary_positions(max_side=7))
def test_the_rows_give_the_table_of_hidden_cells_around_each_number(position: Position) -> None:
    read = Constraints.read(position)
    built = Constraints(read.grid, read.numbers, read.hidden, read.mines)
    assert read.hidden_around() == built.hidden_around()


def big_board_guess() -> Position:
    """A 99×99/2000 board where the first number leaves no safe cell."""
    return Position(("1" + "#" * 98, *("#" * 99,) * 98), 2000)


def test_a_guess_on_a_big_board_is_chosen_though_its_counts_are_beyond_floats() -> None:
    analysis = analyze(big_board_guess())
    assert not analysis.safe and analysis.layouts is not None
    assert analysis.layouts.bit_length() > 1100  # far beyond the largest float
    move = analysis.best_move
    assert move in analysis.probability
    safest = min(analysis.probability.values())
    assert 1 - analysis.probability[move] >= (1 - safest) * 0.9


def test_the_probabilities_of_a_big_board_add_up_to_its_mines() -> None:
    analysis = analyze(big_board_guess())
    assert sum(analysis.probability.values()) == pytest.approx(2000, rel=1e-9)
    corner = Grid(99, 99).neighbours((0, 0))
    assert sum(analysis.probability[cell] for cell in corner) == pytest.approx(1.0)


def test_a_later_position_is_read_as_the_numbers_it_reveals() -> None:
    before = Position.parse("1##\n###\n###", mines=2)
    after = Position.parse("1#F\n#2#\n.?#", mines=2)
    assert counting._revealed_since(before, after) == {(1, 1): 2, (0, 2): 0}
    fresh(before).constraints.frontier()
    later = Constraints.of(after)
    assert later._earlier is not None, "worked out from the earlier board"
    assert later == Constraints.read(after)


def test_the_probabilities_hold_every_hidden_cell_and_no_other() -> None:
    analysis = analyze(big_board_guess())
    chances = analysis.probability
    assert len(chances) == len(set(chances)) == 99 * 99 - 1
    assert (0, 0) not in chances
    with pytest.raises(KeyError):
        chances[(0, 0)]
    assert chances.get((98, 98)) == chances[(98, 98)] > 0
    assert dict(chances) == {cell: chances[cell] for cell in analysis.constraints.hidden}
