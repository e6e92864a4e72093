"""A board read as bitmasks gives what reading it a number at a time gives."""

from __future__ import annotations

import random
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from buscaminas.core.grid import Grid, Point
from buscaminas.core.solver import Position, masks
from buscaminas.core.solver.local import InconsistentPosition, Settled, settle_one_number
from buscaminas.core.solver.masks import CoveredAround, Masks, read_cells
from tests.solver_support import arbitrary_positions, draw_position, played_positions

EXAMPLES = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def one_by_one(
    position: Position,
) -> tuple[dict[Point, int], dict[Point, tuple[Point, ...]], Settled[dict[Point, bool]] | None]:
    """The numbers (shown mines taken off), the covered cells around each, and
    what one-number deductions settle (None when they find a contradiction),
    all read cell by cell."""
    grid = Grid(position.width, position.height)
    shown = {(x, y): char for y, row in enumerate(position.rows) for x, char in enumerate(row)}
    numbers = {
        cell: int(char.replace(".", "0")) for cell, char in shown.items() if char in ".12345678"
    }
    for cell in numbers:
        numbers[cell] -= sum(shown[near] == "*" for near in grid.neighbours(cell))
    around = {
        cell: cells
        for cell in numbers
        if (cells := tuple(near for near in grid.neighbours(cell) if shown[near] in "#F?"))
    }
    try:
        settled: Settled[dict[Point, bool]] | None = settle_one_number(numbers, around)
    except InconsistentPosition:
        settled = None
    return numbers, around, settled


def assert_settles_alike(position: Position) -> None:
    _, around, expected = one_by_one(position)
    masks = Masks.read(position.rows)
    settled = None if masks is None else masks.settle()
    if expected is None:
        assert settled is None
        return
    assert masks is not None and settled is not None
    assert settled.known == expected.known
    assert settled.open_numbers == expected.open_numbers
    assert settled.constraints == expected.constraints
    assert masks.hidden_around() == around


@pytest.mark.slow
@EXAMPLES
@given(played_positions(max_side=7))
def test_the_masks_settle_what_one_number_at_a_time_settles(position: Position) -> None:
    assert_settles_alike(position)


@pytest.mark.slow
@EXAMPLES
@given(arbitrary_positions(max_side=7))
def test_the_masks_find_every_contradiction_one_number_at_a_time_finds(
    position: Position,
) -> None:
    assert_settles_alike(position)


def test_two_numbers_disagreeing_about_the_same_cells_are_left_to_be_worded() -> None:
    """The masks find the contradiction and leave it to the one-by-one reading,
    which says what it is."""
    position = Position(("##", "12", "##"), 0)
    masks = Masks.read(position.rows)
    assert masks is not None
    assert masks.settle() is None
    with pytest.raises(InconsistentPosition, match="disagree"):
        settle_one_number(*one_by_one(position)[:2])


def cascade_board(width: int, height: int, seed: int) -> Position:
    """A big board with long chains of deductions: a random layout with a
    band of cells revealed at random, most of the rest covered."""
    rng = random.Random(seed)
    cells = [(x, y) for y in range(height) for x in range(width)]
    mines = rng.sample(cells, len(cells) // 6)
    layout = set(mines)
    revealed = [cell for cell in cells if cell not in layout and rng.random() < 0.8]
    return draw_position(width, height, mines, revealed=revealed)


@pytest.mark.parametrize(("width", "height", "seed"), [(99, 99, 1), (70, 3, 2), (3, 90, 3)])
def test_big_boards_settle_alike_across_rows_and_edges(width: int, height: int, seed: int) -> None:
    assert_settles_alike(cascade_board(width, height, seed))


@EXAMPLES
@given(st.one_of(played_positions(max_side=12), arbitrary_positions(max_side=12)))
def test_deductions_read_a_window_at_a_time_settle_what_the_whole_board_settles(
    position: Position,
) -> None:
    """Big boards' later deduction turns read only the rows around what the turn
    before settled; read so from the first turn, any board settles (or is found
    to contradict itself) as one number at a time does."""
    with patch.object(masks, "SETTLE_IN_WINDOWS", 0):
        assert_settles_alike(position)


@EXAMPLES
@given(arbitrary_positions(max_side=7))
def test_a_board_read_in_parts_gives_the_masks_read_in_binary_digits(position: Position) -> None:
    """Big boards are read in eight parts; read so, any board (shown mines, wrong
    flags, 8s and all) gives the masks its binary digits give."""
    whole = Masks.read(position.rows)
    with patch.object(masks, "READ_IN_PARTS", 0):
        in_parts = Masks.read(position.rows)
    assert in_parts == whole


@pytest.mark.slow
@EXAMPLES
@given(arbitrary_positions(max_side=7))
def test_the_cells_are_read_off_the_text_as_they_are_one_by_one(position: Position) -> None:
    grid = Grid(position.width, position.height)
    numbers, hidden, shown_mines = read_cells(position.rows)
    assert numbers == {
        cell: int(position[cell].replace(".", "0"))
        for cell in grid.cells()
        if position[cell] in ".12345678"
    }
    assert list(numbers) == sorted(numbers, key=lambda cell: (cell[1], cell[0]))
    assert hidden == {cell for cell in grid.cells() if position[cell] in "#F?"}
    assert shown_mines == [cell for cell in grid.cells() if position[cell] == "*"]


@pytest.mark.slow
@EXAMPLES
@given(played_positions(max_side=7), st.data())
def test_masks_revealed_are_the_masks_of_the_board_revealed(
    position: Position, data: st.DataObject
) -> None:
    _, around, _ = one_by_one(position)
    masks = Masks.read(position.rows)
    assert masks is not None
    covered = sorted({cell for cells in around.values() for cell in cells})
    if not covered:
        return
    shown = data.draw(st.lists(st.sampled_from(covered), unique=True, min_size=1))
    needs = {cell: data.draw(st.integers(0, 8)) for cell in shown}
    rows = [list(row) for row in position.rows]
    for (x, y), need in needs.items():
        rows[y][x] = str(need) if need else "."
    assert masks.reveal(needs) == Masks.read(tuple("".join(row) for row in rows))


@pytest.mark.slow
@EXAMPLES
@given(arbitrary_positions(max_side=7))
def test_the_cells_around_a_number_are_read_one_at_a_time(position: Position) -> None:
    _, around, _ = one_by_one(position)
    masks = Masks.read(position.rows)
    if masks is None:
        return
    lazily = CoveredAround(masks)
    asked = [(x, y) for y in range(-1, position.height + 1) for x in range(-1, position.width + 1)]
    for cell in asked:
        assert (cell in lazily) == (cell in around)
        assert lazily.get(cell) == around.get(cell)
    assert dict(lazily) == around
    assert len(lazily) == len(around)
