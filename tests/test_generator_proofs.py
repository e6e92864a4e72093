"""The generator's proofs: its search for decided cells agrees with the solver's exact count,
and a repair that changes a number a proof has read voids the replay.

Positions are the ones the generator meets: random layouts replayed by the
proof-only player until it is stuck; each frontier component is then settled
by :func:`buscaminas.core.generator.settle.settle` (through :class:`Exact`) and by
the solver's ``frontier_certain``, which counts every layout.
"""

from __future__ import annotations

import copy
import functools
import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from buscaminas.core.generator import exact as exact_module
from buscaminas.core.generator import settle as settle_module
from buscaminas.core.generator.cells import bits, cells_of, mask_of
from buscaminas.core.generator.exact import Component, Exact
from buscaminas.core.generator.perturb import other_ends
from buscaminas.core.generator.proof_player import ProofPlayer
from buscaminas.core.generator.settle import OutOfChoices, settle
from buscaminas.core.grid import Grid, Point
from buscaminas.core.solver.counting import Constraints, frontier_certain, tally


def random_replay(width: int, height: int, count: int, seed: int) -> ProofPlayer:
    """A replay of a random layout with its start area free, before any step."""
    cells = cells_of(width, height)
    rng = random.Random(seed)
    start = rng.randrange(len(cells.points))
    opening = cells.masks[start] | 1 << start
    free = [cell for cell in range(len(cells.points)) if not opening >> cell & 1]
    return ProofPlayer(cells, mask_of(rng.sample(free, count)), count, start, Exact(cells))


def stuck_replay(width: int, height: int, count: int, seed: int) -> ProofPlayer:
    """A replay of a random layout once numbers alone and in pairs tell nothing more."""
    replay = random_replay(width, height, count, seed)
    while True:  # what the generator does before it asks for the exact solver
        replay._one_number()
        if replay.solved or not replay._two_numbers():
            return replay


def neighbours(replay: ProofPlayer, cell: int) -> tuple[int, ...]:
    """The indices of ``cell``'s neighbours, from the board's own geometry."""
    return neighbourhoods(replay.cells.grid.width, replay.cells.grid.height)[cell][0]


@functools.cache
def neighbourhoods(width: int, height: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Each cell's neighbours, from the board's own geometry, as indices and as a mask;
    once per board size, for the checks ask for them hundreds of thousands of times."""
    grid = Grid(width, height)
    indices = [
        tuple(near[1] * width + near[0] for near in grid.neighbours(cell)) for cell in grid.cells()
    ]
    return tuple((around, sum(1 << near for near in around)) for around in indices)


def stuck_components(
    width: int, height: int, count: int, seed: int
) -> list[tuple[Component, int]]:
    """The frontier components of a stuck replay, each with the layout replayed
    (a mask): the witness the generator's searches start from."""
    replay = stuck_replay(width, height, count, seed)
    return [(component, replay.mines) for component in replay._components()]


def by_the_solver(exact: Exact, component: Component) -> set[tuple[int, bool]]:
    hidden, numbers = component
    decided = frontier_certain(exact._board(list(numbers), hidden, mines=0))
    return {(exact.cells.index(cell), mine) for cell, mine in decided.items()}


def by_every_layout(replay: ProofPlayer) -> set[tuple[int, bool]]:
    """The hidden cells every layout of the replay's frontier numbers and its mine
    total agrees on, by the solver's count: all a proof may decide."""
    cells, unknown = replay.cells, replay.unknown
    numbers = {
        cells.points[number]: need
        for _, numbers in replay._components()
        for number, need in numbers
    }
    hidden = frozenset(cells.points[cell] for cell in bits(unknown))
    left = replay.count - replay.proved_mines
    counted = tally(Constraints(cells.grid, numbers, hidden, left))
    return {
        (cells.index(cell), layouts > 0)
        for cell, layouts in counted.mine_layouts.items()
        if layouts in (0, counted.total)
    }


SIZES = [(9, 9, 10), (16, 16, 40), (30, 16, 99), (30, 16, 130), (10, 10, 40), (30, 16, 170)]


@pytest.mark.parametrize(("width", "height", "count"), SIZES)
def test_the_search_decides_the_cells_the_solver_decides(
    width: int, height: int, count: int
) -> None:
    exact = Exact(cells_of(width, height))
    compared = decided = 0
    for seed in range(400):
        if compared >= 40:
            break
        for component, layout in stuck_components(width, height, count, seed):
            found = set(exact.certain(component, layout))
            assert found == by_the_solver(exact, component), (width, height, count, seed)
            compared += 1
            decided += bool(found)
    assert compared >= 40 and decided > 0  # the sample holds components of both kinds


def test_past_its_budget_the_search_gives_way_to_the_solver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    exact = Exact(cells_of(30, 16))
    components = [
        (component, layout)
        for seed in range(10)
        for component, layout in stuck_components(30, 16, 130, seed)
        if component[0].bit_count() > 10
    ]
    assert components
    monkeypatch.setattr(settle_module, "CHOICES", 0)
    gave_way = []

    def solver(board: Constraints) -> dict[Point, bool]:
        gave_way.append(board)
        return frontier_certain(board)

    monkeypatch.setattr(exact_module, "frontier_certain", solver)
    for component, layout in components:
        assert set(exact._settle(component, layout)) == by_the_solver(exact, component)
    assert len(gave_way) == len(components)


def test_a_search_that_must_choose_gives_up_at_once_with_no_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Two cells, one mine: a choice is needed.
    monkeypatch.setattr(settle_module, "CHOICES", 0)
    with pytest.raises(OutOfChoices):
        settle([(0b11, 1)], 0b11)


def test_a_decided_cell_is_found_only_by_reading_numbers_together() -> None:
    # Four cells a b c d; numbers see (a b) 1, (a b c) 2, (b c d) 2, (c d) 1.
    # The first two put a mine on c, the last then clears d, the third puts
    # a mine on b, the first then clears a; no number alone decides anything.
    a, b, c, d = 1, 2, 4, 8
    numbers = [(a | b, 1), (a | b | c, 2), (b | c | d, 2), (c | d, 1)]
    mines, safe = settle(numbers, a | b | c | d)
    assert (mines, safe) == (b | c, a | d)


def test_an_undecided_component_settles_nothing() -> None:
    # A 50/50: two cells, one mine, and a third cell beside one of them, free.
    assert settle([(0b011, 1), (0b110, 1)], 0b111) == (0, 0)


def advanced_replay(width: int, height: int, count: int, seed: int) -> ProofPlayer:
    """A replay of a random layout played by :meth:`ProofPlayer.advance` until it is
    stuck or done: every step it took is kept."""
    replay = random_replay(width, height, count, seed)
    replay.advance()
    return replay


def counts_alike(replay: ProofPlayer, read: int, before: int, after: int) -> bool:
    """Whether every number of ``read`` sees as many mines in layout ``before`` as in
    ``after``, counted on the board's own geometry."""
    around = neighbourhoods(replay.cells.grid.width, replay.cells.grid.height)
    return all(
        (before & around[number][1]).bit_count() == (after & around[number][1]).bit_count()
        for number in bits(read)
    )


@pytest.mark.parametrize(("width", "height", "count"), [(16, 16, 40), (9, 9, 35)])
def test_a_repair_goes_back_to_the_last_step_it_leaves_standing(
    width: int, height: int, count: int
) -> None:
    """A step stands when every number read before it counts the same mines in the
    repaired layout, and every cell moved since was hidden then."""
    stayed = went_back = to_known = 0
    for seed in range(40):
        stuck = advanced_replay(width, height, count, seed)
        if stuck.solved:
            continue
        rng = random.Random(seed)
        hidden_mines = list(bits(stuck.unknown & stuck.mines))
        safe = list(bits(stuck.unknown & ~stuck.mines))
        start = stuck.cells.full & ~stuck._steps[0][1]  # all that is open before any proof
        opened = list(bits(stuck.numbers & ~start))
        # A mine moved, the total kept: to a hidden cell, or to a cell already open.
        targets = safe[:: len(safe) // 10 + 1] + opened[:: len(opened) // 5 + 1]
        for moved in (1 << rng.choice(hidden_mines) | 1 << cell for cell in targets):
            replay = copy.copy(stuck)
            replay._steps = list(stuck._steps)
            new = stuck.mines ^ moved
            now = (stuck.mines, stuck.unknown, stuck.flagged, stuck.used)
            standing = [
                step
                for step in [*stuck._steps, now]
                if not (step[0] ^ new) & ~step[1] and counts_alike(replay, step[3], step[0], new)
            ]
            assert standing  # the first step, before any proof, always stands
            back = replay.repair(moved)
            assert replay.mines == new
            assert back == (standing[-1] is not now)
            _, unknown, flagged, used = standing[-1][:4]
            assert (replay.unknown, replay.flagged, replay.used) == (unknown, flagged, used)
            assert replay.opened == (replay.cells.full & ~(unknown | flagged)).bit_count()
            # Going on from there, every proof holds on the new layout (its
            # asserts check each cell it opens or flags against the layout).
            replay.advance()
            stayed += not back
            went_back += back
            to_known += bool(moved & ~stuck.unknown)
    assert stayed and went_back and to_known


@pytest.mark.parametrize(("width", "height", "count"), [(8, 8, 10), (9, 9, 10), (6, 6, 8)])
def test_the_mine_total_with_numbers_apart_proves_what_every_layout_agrees_on(
    width: int, height: int, count: int
) -> None:
    """Numbers with no hidden cell in common hold exactly the mines they need:
    when that is every mine left, the other hidden cells are safe."""
    with_numbers = 0
    for seed in range(400):
        replay = stuck_replay(width, height, count, seed)
        unknown, flagged = replay.unknown, replay.flagged
        every_layout = by_every_layout(replay)
        replay.used = 0  # so that it shows the numbers this proof reads
        if replay.solved or not replay._mine_count(replay._components()):
            continue
        proved = {(cell, True) for cell in bits(replay.flagged & ~flagged)}
        proved |= {(cell, False) for cell in bits(unknown & ~replay.unknown & ~replay.flagged)}
        assert proved and proved <= every_layout, (width, height, count, seed)
        read = replay.used
        with_numbers += bool(read)
        # The numbers read are open, beside the cells left hidden before, and apart,
        # and they alone with the total give the proof: every hidden cell beside
        # none of them is proved, and their mines and the flags are every mine left.
        assert not read & unknown
        around = [replay.cells.masks[number] & unknown for number in bits(read)]
        assert all(not first & second for first, second in combinations(around, 2))
        beside_read = 0
        for cells in around:
            beside_read |= cells
        assert {cell for cell, _ in proved} == set(bits(unknown & ~beside_read))
        needs = sum((cells & replay.mines).bit_count() for cells in around)
        flags = (replay.flagged & ~flagged).bit_count()
        assert needs + flags == count - flagged.bit_count()
    assert with_numbers  # not only the total alone: numbers apart did prove cells


def test_proofs_mark_the_numbers_they_read() -> None:
    cells = cells_of(5, 1)
    # 0 0 1 * 1: the 0s open the first three cells, the 1 at x=2 flags x=3,
    # then the mine total (one mine, found) clears x=4.
    replay = ProofPlayer(cells, mask_of([3]), 1, 0, Exact(cells))
    assert replay.advance()
    assert [replay.used >> cell & 1 for cell in range(5)] == [1, 1, 1, 0, 0]


def test_moved_mines_go_first_where_no_proof_is_voided() -> None:
    seen = 0
    for seed in range(30):
        replay = stuck_replay(30, 16, 130, seed)
        frontier = replay.frontier
        if not frontier:
            continue
        group = replay.cells.masks[next(bits(frontier))] & replay.unknown
        clean, voiding, far = other_ends(replay, frontier, group)
        for cell in bits(clean | voiding | far):
            read = any(replay.used >> near & 1 for near in neighbours(replay, cell))
            on_frontier = any(frontier >> near & 1 for near in neighbours(replay, cell))
            assert ((1 << cell) & clean != 0) == (on_frontier and not read)
            assert ((1 << cell) & voiding != 0) == (on_frontier and read)
            assert ((1 << cell) & far != 0) == (not on_frontier)
        assert clean | voiding | far == replay.unknown & ~group
        seen += bool(clean) and bool(voiding)
    assert seen


def test_a_component_settled_is_not_searched_again(monkeypatch: pytest.MonkeyPatch) -> None:
    exact = Exact(cells_of(9, 9))
    searched = []
    original = exact._settle

    def counted(component: Component, layout: int) -> list[tuple[int, bool]]:
        searched.append(component)
        return original(component, layout)

    monkeypatch.setattr(exact, "_settle", counted)
    for seed in range(60):
        replay = stuck_replay(9, 9, 10, seed)
        for component in replay._components():
            first = exact.certain(component, replay.mines)
            calls = len(searched)
            assert exact.certain(component, replay.mines) == first
            assert len(searched) == calls
    assert searched


def one_number_by_hand(replay: ProofPlayer, start: int) -> tuple[set[int], set[int]]:
    """What numbers read one at a time, in any order, open and flag from ``start``:
    the cells opened and the mines found."""
    mines = set(bits(replay.mines))
    opened, flagged = {start}, set[int]()
    while True:
        before = len(opened) + len(flagged)
        for number in list(opened):
            around = neighbours(replay, number)
            hidden = [near for near in around if near not in opened and near not in flagged]
            left = sum(near in mines for near in hidden)
            if left == 0:
                opened.update(hidden)
            elif left == len(hidden):
                flagged.update(hidden)
        if len(opened) + len(flagged) == before:
            return opened, flagged


@pytest.mark.parametrize(
    ("width", "height", "count"), [(8, 8, 10), (9, 9, 35), (30, 16, 99), (7, 40, 60)]
)
def test_numbers_read_all_at_once_prove_what_they_prove_one_at_a_time(
    width: int, height: int, count: int
) -> None:
    cells = cells_of(width, height)
    for seed in range(40):
        rng = random.Random(seed)
        start = rng.randrange(len(cells.points))
        free = [cell for cell in range(len(cells.points)) if cell != start]
        replay = ProofPlayer(cells, mask_of(rng.sample(free, count)), count, start, Exact(cells))
        replay._one_number()
        opened, flagged = one_number_by_hand(replay, start)
        assert set(bits(replay.numbers)) == opened, (width, height, count, seed)
        assert set(bits(replay.flagged)) == flagged
        assert (replay.opened, replay.proved_mines) == (len(opened), len(flagged))
        # Every cell proved was proved by a number beside it, marked as read.
        for cell in (opened - {start}) | flagged:
            assert replay.cells.masks[cell] & replay.used & replay.numbers


def test_any_witness_decides_the_same() -> None:
    # a b c d as above (b and c mines, a and d safe), and e f with one mine.
    numbers = [(0b0011, 1), (0b0111, 2), (0b1110, 2), (0b1100, 1), (0b110000, 1)]
    cells = 0b111111
    for witness in (None, 0b010110, 0b100110):
        assert settle(numbers, cells, witness) == (0b000110, 0b001001)


@st.composite
def numbers_and_witness(draw: st.DrawFn) -> tuple[list[tuple[int, int]], int, int | None]:
    """Numbers over up to ten cells, read off a hidden layout so that one exists,
    often over cells alike (beside the same numbers), and maybe the layout
    itself given as the witness."""
    size = draw(st.integers(1, 10))
    cells = (1 << size) - 1
    layout = draw(st.integers(0, cells))
    arounds = draw(st.lists(st.integers(1, cells), min_size=1, max_size=6))
    numbers = [(around, (around & layout).bit_count()) for around in arounds]
    covered = 0
    for around in arounds:
        covered |= around
    return numbers, covered, layout & covered if draw(st.booleans()) else None


@settings(max_examples=400, deadline=None)
@given(numbers_and_witness())
def test_the_search_decides_what_every_layout_agrees_on(
    case: tuple[list[tuple[int, int]], int, int | None],
) -> None:
    numbers, cells, witness = case
    every_mine = every_safe = cells
    for layout in range(cells + 1):
        if layout & ~cells == 0 and all(
            (around & layout).bit_count() == need for around, need in numbers
        ):
            every_mine &= layout
            every_safe &= ~layout
    assert settle(numbers, cells, witness) == (every_mine, every_safe)


def test_a_witness_spares_the_search_for_a_first_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    # Two cells beside one 1: alike, so one layout shows both contents of both.
    monkeypatch.setattr(settle_module, "CHOICES", 0)
    assert settle([(0b11, 1)], 0b11, witness=0b01) == (0, 0)
    with pytest.raises(OutOfChoices):
        settle([(0b11, 1)], 0b11)
