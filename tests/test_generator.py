"""Mine layouts: the start is kept free, no-guess boards are checked by the exact solver.

A board counts as no-guess only if an independent player wins it: the
engine plays it from the start cell, revealing only cells that
``analyze()`` gives probability 0 (see ``needs_no_guess``), so the
generator's own deductions are never trusted.  The heavy sweep (200 seeds
per size, with timings) is ``python -m benchmarks generate``.
"""

from __future__ import annotations

import functools
import itertools
import os
import random
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.generate import needs_no_guess, start_cell
from buscaminas.core.generator import (
    LayoutError,
    SearchExhausted,
    TooDense,
    generate,
    mine_range,
    no_guess_limit,
    noguess,
    reserved_cells,
)
from buscaminas.core.generator.cells import cells_of, mask_of
from buscaminas.core.generator.exact import Exact
from buscaminas.core.generator.proof_player import ProofPlayer
from buscaminas.core.grid import Grid, Point
from buscaminas.core.solver import Analysis, Position, analyze

SLOW = pytest.mark.slow


@functools.cache
def analysed(position: Position) -> Analysis:
    """The exact solver's reading of ``position``, kept: the layouts of a tiny board,
    each played to its end, meet the same positions again and again."""
    return analyze(position)


SWEEP = [
    # width, height, mines, seeds; the larger sizes repeat the benchmark's sweep
    (8, 8, 10, 60),
    (9, 9, 10, 60),
    pytest.param(16, 16, 40, 40, marks=SLOW),
    pytest.param(30, 16, 99, 25, marks=SLOW),
    pytest.param(9, 9, 35, 60, marks=SLOW),
    pytest.param(10, 10, 40, 60, marks=SLOW),
    pytest.param(16, 16, 99, 25, marks=SLOW),
    pytest.param(30, 16, 130, 20, marks=SLOW),
    pytest.param(30, 16, 170, 20, marks=SLOW),
    # odd shapes and the extremes of density
    (3, 12, 8, 30),
    (5, 5, 16, 30),
    (9, 9, 72, 10),  # from the middle, every cell but the opening is a mine
    (3, 3, 8, 10),  # no room for an opening: every cell but the start
]


@pytest.mark.parametrize(("width", "height", "mines", "seeds"), SWEEP)
def test_no_guess_boards_are_won_by_proofs_alone(
    width: int, height: int, mines: int, seeds: int
) -> None:
    for seed in range(seeds):
        start = start_cell(width, height, seed, "random")
        layout = generate(width, height, mines, start=start, seed=seed, no_guess=True)
        assert len(layout) == mines
        assert needs_no_guess(width, height, layout, start), (width, height, mines, seed)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(4, 12),
    st.integers(4, 12),
    st.floats(0.0, 1.0),
    st.integers(0, 10**6),
    st.tuples(st.floats(0.0, 1.0, exclude_max=True), st.floats(0.0, 1.0, exclude_max=True)),
)
def test_any_no_guess_board_is_won_by_proofs_alone(
    width: int, height: int, density: float, seed: int, where: tuple[float, float]
) -> None:
    """Any size, any density up to every cell but the opening, any start."""
    mines = 1 + round(density * (width * height - 10))
    start = int(where[0] * width), int(where[1] * height)
    layout = generate(width, height, mines, start=start, seed=seed, no_guess=True)
    assert len(layout) == mines
    assert needs_no_guess(width, height, layout, start)


def test_replays_that_go_back_still_give_boards_won_by_proofs_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    went_back = []
    repair = ProofPlayer.repair

    def recorded(replay: ProofPlayer, moved: int) -> bool:
        went_back.append(repair(replay, moved))
        return went_back[-1]

    monkeypatch.setattr(ProofPlayer, "repair", recorded)
    for seed in range(30):
        start = start_cell(9, 9, seed, "random")
        before = len(went_back)
        layout = generate(9, 9, 35, start=start, seed=seed, no_guess=True)
        if any(went_back[before:]):
            assert needs_no_guess(9, 9, layout, start), seed
    assert sum(went_back) >= 5


def test_the_checker_tells_a_guess_from_a_proof() -> None:
    # On 5×2 the last column holds one mine that both numbers beside it
    # touch: a coin toss.  With two mines there, the numbers say 2.
    assert not needs_no_guess(5, 2, frozenset({(4, 0)}), (0, 0))
    assert needs_no_guess(5, 2, frozenset({(4, 0), (4, 1)}), (0, 0))


@pytest.mark.parametrize(
    ("no_guess", "sizes"),
    [
        (False, [(9, 9, 10), (9, 9, 72), (9, 9, 74), (4, 4, 15), (10, 10, 40)]),
        (True, [(9, 9, 10), (9, 9, 72), (4, 4, 15), (10, 10, 40)]),
    ],
)
def test_the_start_is_never_a_mine_and_opens_when_there_is_room(
    no_guess: bool, sizes: list[tuple[int, int, int]]
) -> None:
    for width, height, mines in sizes:
        grid = Grid(width, height)
        for seed in range(20):
            start = start_cell(width, height, seed, "random")
            layout = generate(width, height, mines, start=start, seed=seed, no_guess=no_guess)
            assert start not in layout
            if mines <= grid.size - 9:
                assert not layout & set(grid.neighbourhood(start))


@pytest.mark.parametrize("no_guess", [False, True])
def test_same_arguments_give_the_same_board(no_guess: bool) -> None:
    def board(seed: int) -> frozenset[Point]:
        return generate(30, 16, 130, start=(3, 4), seed=seed, no_guess=no_guess)

    assert board(7) == board(7)
    assert board(7) != board(8)


def test_the_board_does_not_depend_on_the_process() -> None:
    """Hash randomisation or leftover caches must not change a seeded board."""
    code = (
        "from buscaminas.core.generator import generate;"
        "print(sorted(generate(16, 16, 99, start=(8, 8), seed=11, no_guess=True)))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "123"}
    other = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    generate(16, 16, 99, start=(2, 2), seed=11, no_guess=True)  # warm any cache first
    here = sorted(generate(16, 16, 99, start=(8, 8), seed=11, no_guess=True))
    assert other.stdout.strip() == str(here)


def test_classic_layouts_are_a_plain_sample_of_the_free_cells() -> None:
    """Classic boards stay what they were, so saved seeds replay the same game."""
    grid = Grid(9, 9)
    free = set(reserved_cells(grid, (4, 4), 10))
    expected = random.Random(5).sample([cell for cell in grid.cells() if cell not in free], 10)
    assert generate(9, 9, 10, start=(4, 4), seed=5) == frozenset(expected)


@pytest.mark.parametrize(
    ("width", "height", "mines", "start", "message"),
    [
        (9, 9, 0, (0, 0), "from 1 to 80 mines, not 0"),
        (9, 9, 81, (0, 0), "from 1 to 80 mines, not 81"),
        (9, 9, -3, (0, 0), "not -3"),
        (9, 9, 10, (9, 0), "outside the 9×9 board"),
        (9, 9, 10, (-1, 2), "outside the 9×9 board"),
        (0, 9, 1, (0, 0), "positive sides"),
    ],
)
@pytest.mark.parametrize("no_guess", [False, True])
def test_impossible_requests_say_why(
    width: int, height: int, mines: int, start: Point, message: str, no_guess: bool
) -> None:
    with pytest.raises(LayoutError, match=message):
        generate(width, height, mines, start=start, seed=1, no_guess=no_guess)


def test_no_guess_needs_room_for_an_opening_unless_the_board_is_full() -> None:
    others = [(x, y) for y in range(4) for x in range(4) if (x, y) != (1, 1)]
    layouts = [frozenset(mines) for mines in itertools.combinations(others, 13)]
    assert not any(needs_no_guess(4, 4, mines, (1, 1)) for mines in layouts)
    with pytest.raises(LayoutError, match="no room for an opening"):
        generate(4, 4, 13, start=(1, 1), seed=1, no_guess=True)
    with pytest.raises(LayoutError, match="no room for an opening"):
        generate(9, 9, 74, start=(4, 4), seed=1, no_guess=True)
    assert len(generate(9, 9, 74, start=(4, 4), seed=1)) == 74
    assert len(generate(9, 9, 74, start=(0, 0), seed=1, no_guess=True)) == 74
    assert len(generate(9, 9, 80, start=(4, 4), seed=1, no_guess=True)) == 80
    # With no more mines than the start has neighbours, a tiny board can still work.
    assert needs_no_guess(4, 4, generate(4, 4, 8, start=(1, 1), seed=1, no_guess=True), (1, 1))


@pytest.mark.parametrize("size", [(9, 9), (1, 2), (30, 16)])
def test_mine_range_is_what_generate_accepts(size: tuple[int, int]) -> None:
    width, height = size
    low, high = mine_range(width, height)
    for count in (low, high):
        mines = generate(width, height, count, start=(0, 0), seed=1, no_guess=True)
        assert len(mines) == count and (0, 0) not in mines
    for count in (low - 1, high + 1):
        with pytest.raises(LayoutError, match=f"from {low} to {high} mines, not {count}"):
            generate(width, height, count, start=(0, 0), seed=1, no_guess=True)


def test_a_search_out_of_repairs_raises_a_layout_error() -> None:
    with pytest.raises(SearchExhausted, match="no guess was found in 0 repairs"):
        generate(30, 16, 170, start=(15, 8), seed=3, no_guess=True, repairs=0)
    assert issubclass(SearchExhausted, LayoutError)


def test_what_a_search_deals_depends_on_its_work_not_on_the_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A slow machine deals the same board: a clock that jumps an hour at every call
    changes nothing, and the search stops on its count of repairs alone."""
    request = (30, 16, 170)
    dealt = generate(*request, start=(15, 8), seed=3, no_guess=True)
    hour = iter(range(0, 10**9, 3600))
    monkeypatch.setattr(time, "monotonic", lambda: float(next(hour)))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(hour)))
    assert generate(*request, start=(15, 8), seed=3, no_guess=True) == dealt
    with pytest.raises(SearchExhausted):
        generate(*request, start=(15, 8), seed=3, no_guess=True, repairs=1)


def test_a_denser_no_guess_board_than_the_limit_is_refused_at_once() -> None:
    limit = no_guess_limit(99, 99)
    assert 0.24 < limit / 99**2 < 0.26
    with pytest.raises(TooDense) as refused:
        generate(99, 99, 6510, start=(50, 50), seed=1, no_guess=True)
    assert refused.value.limit == limit
    with pytest.raises(TooDense):
        generate(99, 99, limit + 1, start=(50, 50), seed=1, no_guess=True)
    generate(99, 99, 6510, start=(50, 50), seed=1)  # a classic board is any density
    generate(9, 9, 80, start=(4, 4), seed=1, no_guess=True)  # one safe cell: won at once


@pytest.mark.parametrize(
    ("width", "height"), [(8, 8), (16, 16), (30, 16), (99, 3), (99, 5), (30, 30), (50, 50)]
)
def test_every_density_up_to_the_limit_is_found_well_within_the_repairs(
    width: int, height: int
) -> None:
    """The limit is where the search is sure to succeed: at the limit itself, no board
    of these sizes needs a tenth of the repairs allowed (the ``generate --limit``
    benchmark samples every size more widely)."""
    limit = no_guess_limit(width, height)
    for seed in range(6):
        start = (seed * 7 % width, seed * 5 % height)
        repairs = noguess.REPAIRS // 10
        generate(width, height, limit, start=start, seed=seed, no_guess=True, repairs=repairs)


def test_a_tiny_board_with_no_no_guess_layout_says_so_at_once() -> None:
    # One mine on 3×3 with the centre as start: the centre's 1 never says where.
    others = [(x, y) for y in range(3) for x in range(3) if (x, y) != (1, 1)]
    assert not any(needs_no_guess(3, 3, frozenset({mine}), (1, 1)) for mine in others)
    with pytest.raises(LayoutError) as refused:
        generate(3, 3, 1, start=(1, 1), seed=1, no_guess=True, repairs=0)
    assert not isinstance(refused.value, SearchExhausted), "every layout was tried: none"


@pytest.mark.parametrize(("width", "height", "mines"), [(3, 3, 1), (4, 3, 2), (4, 4, 3), (5, 3, 4)])
def test_tiny_boards_are_searched_whole_and_any_layout_found_needs_no_guess(
    width: int, height: int, mines: int
) -> None:
    for seed in range(12):
        for start in [(0, 0), (width - 1, height // 2)]:
            try:
                layout = generate(width, height, mines, start=start, seed=seed, no_guess=True)
            except SearchExhausted:
                raise AssertionError("a tiny board is searched whole, never cut short") from None
            except LayoutError:
                continue
            assert needs_no_guess(width, height, layout, start, analysed)


@pytest.mark.parametrize("mines", [5, 6])
def test_a_tiny_board_is_judged_as_the_exact_solver_judges_it(mines: int) -> None:
    """Every layout of a 4×4 board from its corner: the player of a tiny board's
    whole search clears exactly the layouts the solver's proofs clear, so its
    "none needs no guess" is true; the generator's usual player reads the mine
    total only as players do, and clears fewer of them."""
    cells = cells_of(4, 4)
    start = cells.index((0, 0))
    free = [cell for cell in range(16) if not (cells.masks[start] | 1 << start) >> cell & 1]
    complete, usual = set(), set()
    for layout in itertools.combinations(free, mines):
        mask = mask_of(layout)
        points = frozenset(cells.points[cell] for cell in layout)
        judged = ProofPlayer(cells, mask, mines, start, Exact(cells, complete=True)).advance()
        assert judged == needs_no_guess(4, 4, points, (0, 0), analysed), layout
        if judged:
            complete.add(points)
        if ProofPlayer(cells, mask, mines, start, Exact(cells)).advance():
            usual.add(points)
    assert usual and usual <= complete
    # The whole search deals from every layout the solver clears.
    dealt = {generate(4, 4, mines, start=(0, 0), seed=seed, no_guess=True) for seed in range(60)}
    assert dealt <= complete
    if mines == 6:  # layouts that need the total beyond the mine count, and are dealt
        assert usual < complete and dealt - usual


def test_progress_rises_to_one() -> None:
    seen: list[float] = []
    generate(30, 16, 170, start=(15, 8), seed=3, no_guess=True, progress=seen.append)
    assert len(seen) > 2
    assert seen == sorted(seen)
    assert seen[0] >= 0 and seen[-1] == 1.0


def test_progress_can_cancel_the_search() -> None:
    """What the game relies on for Ctrl-C: an exception from the callback,
    or a KeyboardInterrupt anywhere, leaves ``generate`` untouched."""

    def cancel(fraction: float) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        generate(30, 16, 170, start=(15, 8), seed=3, no_guess=True, progress=cancel)


@SLOW
@pytest.mark.parametrize(("width", "height", "mines"), [(10, 10, 40), (16, 16, 99)])
def test_repairs_do_not_pack_mines_into_the_corners(width: int, height: int, mines: int) -> None:
    """The four 3×3 corner blocks hold, on average over many boards, at most
    15% more mines than a random layout puts there (measured: 7% and 8%).
    Boards that need no guess hold a few percent more near the edges even
    when found by plain rejection of random layouts, hence not 0%; moving
    every mine away from the frontier to the far side, as a naive repair
    would, gives 16% and 35%."""
    grid = Grid(width, height)
    start = (width // 2, height // 2)
    corners = {
        (x, y)
        for x in (*range(3), *range(width - 3, width))
        for y in (*range(3), *range(height - 3, height))
    }
    boards = 100
    found = sum(
        len(corners & generate(width, height, mines, start=start, seed=seed, no_guess=True))
        for seed in range(boards)
    )
    random_share = len(corners) * mines / (grid.size - len(reserved_cells(grid, start, mines)))
    assert found / boards <= 1.15 * random_share
