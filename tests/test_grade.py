"""Boards graded by logic: the hardest deduction a board needs, and ``--logic LEVEL``,
which deals only boards that need a deduction of that level and none harder.

The grader replays a board cheapest deduction first; the reference here is written
apart from it, from the definitions alone: for each level, every deduction that
level allows is made, by enumerating the layouts its numbers allow, until nothing
changes; a board's grade is the lowest level that opens every safe cell so."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from buscaminas.core.board import Level
from buscaminas.core.generator import generate
from buscaminas.core.generator.grade import NoBoardAtLevel, grade, graded
from buscaminas.core.grid import Grid, Point
from buscaminas.records import sharecode
from tests.terminal_support import Player, run_piped

Numbers = Sequence[tuple[frozenset[Point], int]]


def layouts(numbers: Numbers) -> Iterator[frozenset[Point]]:
    """Every set of mines among the numbers' hidden cells that each number agrees with."""
    cells = sorted(frozenset().union(*(around for around, _need in numbers)))
    # how many cells around each number are still undecided once the first ``index`` are
    undecided = [
        [len(around - set(cells[:index])) for around, _need in numbers]
        for index in range(len(cells) + 1)
    ]

    def extend(index: int, chosen: frozenset[Point]) -> Iterator[frozenset[Point]]:
        for (around, need), left in zip(numbers, undecided[index], strict=True):
            placed = len(around & chosen)
            if placed > need or placed + left < need:
                return
        if index == len(cells):
            yield chosen
            return
        yield from extend(index + 1, chosen)
        yield from extend(index + 1, chosen | {cells[index]})

    yield from extend(0, frozenset())


def certain(found: list[frozenset[Point]], cells: frozenset[Point]) -> dict[Point, bool]:
    return {
        cell: cell in found[0] for cell in cells if len({cell in one for one in found}) == 1
    }


def solves_at(grid: Grid, mines: frozenset[Point], start: Point, level: Level) -> bool:
    """Whether every deduction ``level`` allows, made until none is left, opens the board."""
    counts = grid.mine_counts(mines)
    hidden, flagged = set(grid.points), set[Point]()

    def open_(cell: Point) -> None:
        waiting = [cell]
        while waiting:
            now = waiting.pop()
            if now in hidden:
                hidden.discard(now)
                if counts[now] == 0:
                    waiting.extend(grid.neighbours(now))

    open_(start)
    settled: dict[tuple[tuple[frozenset[Point], int], ...], dict[Point, bool]] = {}
    """What a group of numbers decides, kept: most groups are read again unchanged in
    every round; only with the mine total does it depend on more than the group."""
    while len(hidden) > len(mines) - len(flagged):
        numbers = {
            cell: (
                frozenset(hidden.intersection(grid.neighbours(cell))),
                counts[cell] - len(flagged.intersection(grid.neighbours(cell))),
            )
            for cell in counts
            if cell not in hidden and hidden.intersection(grid.neighbours(cell))
        }
        if level is Level.SINGLE:
            groups = [[number] for number in numbers.values()]
        elif level is Level.PAIR:
            # each pair once: the pair read the other way round allows the same layouts
            groups = [[a, b] for a, b in combinations_with_replacement(numbers.values(), 2)]
        else:
            groups = [list(numbers.values())]
        decided: dict[Point, bool] = {}
        for group in groups:
            if (known := settled.get(tuple(group))) is not None:
                decided.update(known)
                continue
            found = list(layouts(group))
            frontier = frozenset().union(*(around for around, _need in group))
            if level is Level.GLOBAL:
                inside = frozenset(hidden) - frontier
                left = len(mines) - len(flagged)
                found = [one for one in found if 0 <= left - len(one) <= len(inside)]
                rests = {left - len(one) for one in found}
                if rests in ({0}, {len(inside)}) and inside:
                    decided.update(dict.fromkeys(inside, rests == {len(inside)}))
            alone = certain(found, frontier)
            if level is not Level.GLOBAL:
                settled[tuple(group)] = alone
            decided.update(alone)
        if not decided:
            return False
        for cell, mine in decided.items():
            assert mine is (cell in mines)
            if mine:
                hidden.discard(cell)
                flagged.add(cell)
            else:
                open_(cell)
    return True


def reference(grid: Grid, mines: frozenset[Point], start: Point) -> Level | None:
    """The lowest level that solves the board (SINGLE for one the first click opens)."""
    return next((level for level in Level if solves_at(grid, mines, start, level)), None)


SIZES = st.sampled_from([(6, 6, 6), (7, 7, 9), (8, 6, 8)])


def graded_at_the_lowest_level(size: tuple[int, int, int], seed: int) -> None:
    width, height, count = size
    grid, start = Grid(width, height), (width // 2, height // 2)
    mines = generate(width, height, count, start=start, seed=seed, no_guess=True)
    graded_as = grade(grid, mines, start)
    assert graded_as.solved
    assert (graded_as.hardest or Level.SINGLE) is reference(grid, mines, start)


@settings(max_examples=15, deadline=None)
@given(size=SIZES, seed=st.integers(0, 2**30 - 1))
def test_the_grade_of_a_no_guess_board_is_the_lowest_level_that_solves_it(
    size: tuple[int, int, int], seed: int
) -> None:
    graded_at_the_lowest_level(size, seed)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(size=SIZES, seed=st.integers(0, 2**30 - 1))
def test_the_grade_of_forty_no_guess_boards_is_the_lowest_level_that_solves_them(
    size: tuple[int, int, int], seed: int
) -> None:
    graded_at_the_lowest_level(size, seed)


def dealt_at_its_level(size: tuple[int, int, int], seed: int, level: Level) -> None:
    width, height, count = size
    grid, start = Grid(width, height), (width // 2, height // 2)
    try:
        mines, used = graded(
            width, height, count, start=start, level=level, seeds=iter(range(seed, seed + 10**6))
        )
    except NoBoardAtLevel:  # said, never dealt wrong: one search in hundreds for `subset`
        reject()
    assert solves_at(grid, mines, start, level), "nothing harder is needed"
    assert level is Level.SINGLE or not solves_at(grid, mines, start, Level(level - 1))
    assert generate(width, height, count, start=start, seed=used, no_guess=True) == mines


@settings(max_examples=15, deadline=None)
@given(size=SIZES, seed=st.integers(0, 2**30 - 1), level=st.sampled_from(Level))
def test_every_board_dealt_at_a_level_needs_that_level_and_none_harder(
    size: tuple[int, int, int], seed: int, level: Level
) -> None:
    dealt_at_its_level(size, seed, level)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(size=SIZES, seed=st.integers(0, 2**30 - 1), level=st.sampled_from(Level))
def test_forty_boards_dealt_at_a_level_need_that_level_and_none_harder(
    size: tuple[int, int, int], seed: int, level: Level
) -> None:
    dealt_at_its_level(size, seed, level)


def test_a_board_that_needs_a_guess_is_not_solved() -> None:
    grid = Grid(2, 2)  # a 1 shared by two hidden cells, one of them a mine
    graded_as = grade(grid, frozenset({(1, 1)}), (0, 0))
    assert not graded_as.solved
    assert reference(grid, frozenset({(1, 1)}), (0, 0)) is None


def test_the_levels_are_counted_as_the_replay_uses_them() -> None:
    # 1-2-1 along a wall: the pair rule, and nothing harder.
    grid = Grid(5, 3)
    mines = frozenset({(1, 2), (3, 2)})
    graded_as = grade(grid, mines, (2, 0))
    assert graded_as == (True, (0, 5, 0, 0))  # the whole bottom row, by pairs
    assert graded_as.hardest is reference(grid, mines, (2, 0)) is Level.PAIR


def test_no_board_at_a_level_among_too_few_seeds_is_said() -> None:
    with pytest.raises(NoBoardAtLevel) as refused:
        graded(5, 5, 1, start=(2, 2), level=Level.GLOBAL, seeds=iter(range(3)))
    assert (refused.value.level, refused.value.tried) == (Level.GLOBAL, 3)


CODE = re.compile(r"--game ([0-9A-Z-]+)")
SAID_CODE = re.compile(r"code is ([0-9A-Z]{4}(?:-[0-9A-Z]{4})+)")


@pytest.mark.parametrize(("preset", "level"), [("beginner", "subset"), ("intermediate", "global")])
def test_logic_deals_a_board_of_its_level_whose_code_deals_it_again(
    preset: str, level: str
) -> None:
    played = run_piped(
        "--preset", preset, "--logic", level, "--seed", "5", "--lang", "en",
        lines="4 4\nauto\nn\n",
    )
    assert played.returncode == 0, played.stderr
    code = sharecode.parse(CODE.findall(played.stdout)[-1])
    first = code.first
    assert first == (3, 3)
    mines = code.layout or generate(
        code.width, code.height, code.mines, start=first, seed=code.seed, no_guess=True
    )
    grid = Grid(code.width, code.height)
    assert grade(grid, mines, first).hardest is Level[level.upper()]
    assert re.search(rf"Its hardest deduction reads [a-z ]+ \({level}\)\.", played.stdout)


def test_a_board_dealt_at_a_level_says_its_grade_in_spanish_and_an_ungraded_board_none() -> None:
    graded = run_piped(
        "--preset", "beginner", "--logic", "single", "--seed", "5", "--lang", "es",
        lines="4 4\nsalir\n",
    )
    assert "Su deducción más difícil lee un número solo (single)." in graded.stdout
    plain = run_piped("--preset", "beginner", "--seed", "5", "--lang", "en", lines="4 4\nquit\n")
    assert "without guessing." in plain.stdout and "hardest deduction" not in plain.stdout


@pytest.mark.parametrize("other", [("--classic",), ("--daily",)])
def test_logic_is_refused_beside_a_board_it_does_not_deal(other: tuple[str, ...]) -> None:
    refused = run_piped("--logic", "pair", *other, "--lang", "en")
    assert refused.returncode == 2
    assert "--logic grades the boards it deals without guessing" in refused.stderr


def test_logic_deals_on_the_full_screen_too() -> None:
    player = Player(
        "--preset", "beginner", "--logic", "pair", "--seed", "5", "--lang", "en", "--legacy"
    )
    player.wait_for("Mines left: 10")
    player.type("4 4")
    player.wait_for("This board can be solved without guessing.")
    player.wait_for("Its hardest deduction reads two numbers together (pair).")
    player.type("auto")
    player.wait_until(lambda: SAID_CODE.search(player.text) is not None, timeout=60)
    code = sharecode.parse(SAID_CODE.findall(player.text)[-1])
    player.type("n")
    assert player.finish() == 0
    assert code.layout is not None and code.first is not None
    assert grade(Grid(8, 8), code.layout, code.first).hardest is Level.PAIR
