"""The exact analysis against brute force, and the position text it reads."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from buscaminas.core.engine import Action, Minesweeper, Move
from buscaminas.core.solver import InconsistentPosition, Position, PositionError, analyze
from buscaminas.core.solver.counting import ESTIMATE_SCALE, Constraints
from tests.play_support import play
from tests.solver_support import (
    arbitrary_positions,
    assert_matches_brute_force,
    draw_position,
    played_positions,
)

ORACLE = settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- position text ------------------------------------------------------------


def test_position_text_round_trips() -> None:
    text = "#F?.\n12*X\n5678"
    position = Position.parse(text, mines=4)
    assert position.format() == text
    assert (position.width, position.height) == (4, 3)
    assert position[(2, 1)] == "*"


def test_rows_given_as_a_list_make_the_same_hashable_value() -> None:
    position = Position(["#1", "#1"], 1)
    assert position == Position(("#1", "#1"), 1)
    assert hash(position) == hash(Position(("#1", "#1"), 1))


def test_a_position_is_never_changed() -> None:
    """A position is a value, hashed and compared: its rows and mines stay as made."""
    position = Position.parse("#1\n#1", mines=1)
    with pytest.raises(AttributeError):
        position.mines = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        position.rows = ("11", "11")  # type: ignore[misc]
    assert position == Position(("#1", "#1"), 1)


def test_parse_accepts_one_final_newline() -> None:
    assert Position.parse("#1\n#1\n", mines=1) == Position(("#1", "#1"), 1)


def test_repr_round_trips() -> None:
    position = Position.parse("#1\n#1", mines=1)
    assert eval(repr(position)) == position


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [("##\n#a", 2, 2), ("###\n##", 2, None), ("#\n\n#", 2, None), ("", 1, None)],
)
def test_bad_text_names_line_and_column(text: str, line: int, column: int | None) -> None:
    with pytest.raises(PositionError) as raised:
        Position.parse(text, mines=1)
    assert (raised.value.line, raised.value.column) == (line, column)
    assert f"line {line}" in str(raised.value)


def test_negative_mine_count_is_refused() -> None:
    with pytest.raises(PositionError):
        Position.parse("##", mines=-1)


def test_position_from_game_is_what_the_player_sees() -> None:
    game = Minesweeper(9, 9, 10)
    play(game, Move(Action.TRY, (4, 4)), 3)
    game.act(Move(Action.FLAG, (0, 0)))
    position = Position.from_game(game)
    assert position.rows == game.rows()
    assert position.mines == 10


# --- exact analysis against brute force ---------------------------------------


@pytest.mark.slow
@ORACLE
@given(played_positions())
def test_played_positions_match_brute_force(position: Position) -> None:
    assert_matches_brute_force(position)


@pytest.mark.slow
@ORACLE
@given(arbitrary_positions())
def test_arbitrary_positions_match_brute_force(position: Position) -> None:
    assert_matches_brute_force(position)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.floats(0.05, 0.9))
def test_long_chains_match_brute_force(seed: int, open_rate: float) -> None:
    """Two-row strips make long chains of classes: the ordering and memo must hold."""
    rng = random.Random(seed)
    width = rng.randint(6, 12)
    cells = [(x, y) for y in range(2) for x in range(width)]
    layout = {cell for cell in cells if cell[1] == 1 and rng.random() < 0.4}
    revealed = [c for c in cells if c[1] == 0 and c not in layout and rng.random() < open_rate]
    assert_matches_brute_force(draw_position(width, 2, layout, revealed=revealed))


def test_flags_are_only_opinions() -> None:
    # The 1 has two hidden neighbours; flagging one proves nothing.
    result = analyze(Position.parse("F1#", mines=1))
    assert result.probability == {(0, 0): 0.5, (2, 0): 0.5}
    assert not result.safe


def test_maybe_marks_are_hidden() -> None:
    assert analyze(Position.parse("?1#", mines=1)).probability[(0, 0)] == 0.5


def test_blank_board_spreads_the_mines_evenly() -> None:
    result = analyze(Position.parse("\n".join(["#" * 30] * 16), mines=99))
    assert result.layouts == math.comb(480, 99)
    assert set(result.probability.values()) == {99 / 480}


def test_a_big_board_is_counted_in_proportion_and_exactly() -> None:
    """On 99×99 the ways to lay the mines off the frontier run to thousands of bits:
    the count keeps its figures in proportion, a few bits each, and the layouts,
    each cell's count and the chances, worked out from them, are exact."""
    rows = ["1" + "#" * 98, *["#" * 99] * 98]
    result = analyze(Position(rows, 2000))
    beside, far = math.comb(9797, 1999), 3 * math.comb(9796, 1998)
    assert result.layouts == 3 * beside
    assert result.layouts.bit_length() > 7000
    kept_total, kept_shares = result.tally.proportion
    assert max(kept_total, *(kept for _, kept in kept_shares)).bit_length() < 64
    assert result.tally.mine_layouts[(1, 0)] == beside
    assert result.tally.mine_layouts[(50, 50)] == result.tally.fewest() == far
    assert result.probability[(1, 1)] == 1 / 3
    assert result.probability[(98, 98)] == 1999 / 9797
    assert not result.safe and not result.mines


def test_mine_count_alone_can_decide() -> None:
    # The 1 needs one of two cells; with one mine in all, the far cell is safe.
    result = analyze(Position.parse("#1.#", mines=1))
    assert result.safe == {(3, 0)}
    assert result.probability[(0, 0)] == 1.0


def test_shown_mines_count_against_the_total() -> None:
    # After a loss: the shown mine satisfies the 1, so the cell beside it is safe.
    result = analyze(Position.parse("*1#X", mines=1))
    assert result.safe == {(2, 0)}
    assert set(result.probability) == {(2, 0)}


@pytest.mark.parametrize(
    ("text", "mines"),
    [("#3#", 1), ("#1#", 3), ("##", 3), ("1.#", 1), ("#2\n2#", 1), ("*#", 0)],
)
def test_impossible_positions_raise(text: str, mines: int) -> None:
    with pytest.raises(InconsistentPosition):
        analyze(Position.parse(text, mines=mines))


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.floats(0.0, 0.8))
def test_expert_positions_are_sound_and_sum_to_the_mine_count(seed: int, open_rate: float) -> None:
    """Too big for brute force: check what must hold of any answer, exact or, past the
    solver's budget, an estimate kept to the mine total within its resolution."""
    rng = random.Random(seed)
    cells = [(x, y) for y in range(16) for x in range(30)]
    layout = set(rng.sample(cells, 99))
    revealed = [cell for cell in cells if cell not in layout and rng.random() < open_rate]
    result = analyze(draw_position(30, 16, layout, revealed=revealed))
    resolution = 1e-9 * 99 if result.exact else len(result.probability) / ESTIMATE_SCALE
    assert math.isclose(sum(result.probability.values()), 99, abs_tol=resolution)
    assert not result.safe & layout
    assert result.mines <= layout


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(played_positions(max_side=6), st.data())
def test_a_revealed_cell_updates_the_board_as_a_fresh_read_would(
    position: Position, data: st.DataObject
) -> None:
    """The AI's hypotheses patch the parent board's table instead of rereading it."""
    board = Constraints.of(position)
    assume(board.hidden)
    cell = data.draw(st.sampled_from(sorted(board.hidden)))
    number = data.draw(st.integers(0, 8))
    patched = board.reveal({cell: number})
    x, y = cell
    row = position.rows[y]
    shown = str(number) if number else "."
    rows = (*position.rows[:y], row[:x] + shown + row[x + 1 :], *position.rows[y + 1 :])
    fresh = Constraints.read(Position(rows, position.mines))
    assert patched == fresh
    assert patched.hidden_around() == fresh.hidden_around()
