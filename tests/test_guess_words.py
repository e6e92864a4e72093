"""Every guess explained: each figure a guess's words give, held to the analysis."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from functools import cache
from math import comb

import pytest

from buscaminas.core.engine import Action, Minesweeper, Move
from buscaminas.core.grid import Grid, Point
from buscaminas.core.solver import InconsistentPosition, Position, analyze
from buscaminas.core.solver.analysis import Analysis
from buscaminas.core.solver.strategy import Why, weigh_beside_safest
from buscaminas.game import guessing
from buscaminas.game.percent import percent
from tests.solver_support import layouts_of

BOARDS = [(6, 6, 7), (8, 8, 10), (9, 9, 14), (10, 6, 12), (7, 5, 8)]
CELL = r"(\d+ \d+)"
SHARE = r"(\S+%)"


def cell_of(name: str) -> Point:
    x, y = name.split()
    return int(x) - 1, int(y) - 1


def guess_positions(count: int) -> Iterator[Position]:
    """Positions where the AI must guess, met in games played to their end.

    Every cell an analysis proves safe is opened before the next analysis: safe cells
    stay safe as more are opened, so the positions met with none left are the same
    as opening one cell an analysis, and the analyses far fewer."""
    chooser = random.Random(30)
    found = 0
    while found < count:
        width, height, mines = chooser.choice(BOARDS)
        game = Minesweeper(width, height, mines)
        start = (chooser.randrange(width), chooser.randrange(height))
        free = set(Grid(width, height).neighbourhood(start))
        cells = [(x, y) for y in range(height) for x in range(width) if (x, y) not in free]
        game.lay(frozenset(chooser.sample(cells, mines)))
        game.act(Move(Action.TRY, start))
        while game.end is None and found < count:
            analysis = analyze(Position.from_game(game))
            if not analysis.safe:
                found += 1
                yield Position.from_game(game)
                game.act(Move(Action.TRY, analysis.best_move))
            for cell in sorted(analysis.safe):
                if game.end is None and not game.is_revealed(cell):
                    game.act(Move(Action.TRY, cell))


def reveal(position: Position, cell: Point, number: int) -> Position:
    x, y = cell
    rows = list(position.rows)
    rows[y] = rows[y][:x] + (str(number) if number else ".") + rows[y][x + 1 :]
    return Position(tuple(rows), position.mines)


def figures(position: Position, analysis: Analysis, cell: Point) -> tuple[float, float]:
    """The chance of surviving ``cell`` and the best next cell, and, when ``cell`` is safe,
    of a safe move next: each number it could show put on the board and analysed."""
    assert analysis.layouts is not None
    survived = opened = 0
    for number in range(9):
        try:
            after = analyze(reveal(position, cell, number))
        except InconsistentPosition:
            continue
        assert after.layouts is not None
        if after.safe:
            survived += after.layouts
            opened += after.layouts
        else:
            survived += after.layouts - round(min(after.probability.values()) * after.layouts)
    safe = round((1 - analysis.probability[cell]) * analysis.layouts)
    return survived / analysis.layouts, opened / safe


def optimal_wins(position: Position) -> int | None:
    """How many layouts perfect play wins, found by trying every move on every layout
    listed outright; None when the layouts are too many to list."""
    grid = Grid(position.width, position.height)
    hidden = [cell for cell in grid.cells() if position[cell] == "#"]
    if comb(len(hidden), position.mines) > 3000:
        return None
    layouts = tuple(layouts_of(position))

    @cache
    def wins(alive: tuple[frozenset[Point], ...], opened: frozenset[Point]) -> int:
        if len(alive) == 1:
            return 1
        closed = [cell for cell in hidden if cell not in opened]
        free = [cell for cell in closed if not any(cell in layout for layout in alive)]
        best = 0
        for cell in free[:1] or closed:
            if all(cell in layout for layout in alive):
                continue
            parts: dict[int, list[frozenset[Point]]] = {}
            for layout in alive:
                if cell not in layout:
                    shown = sum(near in layout for near in grid.neighbours(cell))
                    parts.setdefault(shown, []).append(layout)
            best = max(best, sum(wins(tuple(part), opened | {cell}) for part in parts.values()))
        return best

    return wins(layouts, frozenset())


def check(position: Position, analysis: Analysis, said: str, kinds: Counter[str]) -> None:
    """Every figure in ``said`` against the analysis of ``position``."""
    probability = analysis.probability
    named = re.match(CELL + r": ", said)
    assert named, said
    cell = cell_of(named.group(1))
    assert cell == analysis.best_move, said
    lowest = min(probability.values())
    if (forced := re.search(r"no move can ever tell (.*?) apart", said)) is not None:
        kinds["forced 50/50"] += 1
        assert probability[cell] == 0.5
        group = {cell_of(name) for name in re.findall(CELL, forced.group(1))}
        assert len(group) == 2 and cell in group
        assert all(probability[member] == 0.5 for member in group)
        return
    chance = re.match(CELL + r": " + SHARE + " chance of a mine", said)
    assert chance and chance.group(2) == percent(probability[cell]), said
    if walled := re.search(r"no move can ever tell more about (.*?), so guess now", said):
        kinds["forced"] += 1
        group = {cell_of(name) for name in re.findall(CELL, walled.group(1))}
        assert cell in group and all(0 < probability[member] < 1 for member in group), said
        assert group == analysis.choice.group
        return
    if "the lowest there is" in said:
        kinds["lowest"] += 1
        assert probability[cell] == lowest, said
    else:
        elsewhere = re.search(r"the lowest is " + SHARE + " at " + CELL, said)
        assert elsewhere, said
        safest = cell_of(elsewhere.group(2))
        assert elsewhere.group(1) == percent(lowest) and probability[safest] == lowest, said
        assert probability[cell] > lowest, said
    searched = re.search(r"wins (\d+) of the (\d+) layouts left \((\S+%)\)", said)
    if searched is not None:
        kinds["searched"] += 1
        wins, layouts = int(searched.group(1)), int(searched.group(2))
        assert layouts == analysis.layouts and searched.group(3) == percent(wins / layouts)
        assert wins <= layouts - round(probability[cell] * layouts)
        truth = optimal_wins(position)
        if truth is not None:
            kinds["searched, checked by trying every move"] += 1
            assert wins == truth, said
        return
    progress = re.search(r"leaves a safe move next in " + SHARE + " of cases", said)
    if progress is not None:
        assert progress.group(1) == percent(figures(position, analysis, cell)[1]), said
    if "the lowest is" not in said:
        return
    safest = cell_of(re.findall(r"the lowest is \S+ at " + CELL, said)[0])
    two_moves = re.search(r"next in " + SHARE + " against " + SHARE + r"\.$", said)
    if two_moves is None:
        kinds["lowest elsewhere, not weighed"] += 1
        return
    kinds["lowest elsewhere, weighed"] += 1
    mine, theirs = figures(position, analysis, cell), figures(position, analysis, safest)
    if "which also survives" in said:
        assert two_moves.groups() == (percent(theirs[0]), percent(mine[0])), said
        return
    assert two_moves.groups() == (percent(mine[0]), percent(theirs[0])), said
    assert mine[0] > theirs[0], said
    against = re.search(r"of cases against " + SHARE, said)
    if against is not None:
        assert against.group(1) == percent(theirs[1]) and mine[1] > theirs[1], said


@pytest.mark.slow
def test_every_figure_a_guess_gives_is_the_analysis_own() -> None:
    kinds: Counter[str] = Counter()
    for position in guess_positions(1000):
        analysis = analyze(position)
        said = guessing.why(guessing.of(analysis))
        check(position, analysis, said, kinds)
    assert kinds["forced 50/50"] and kinds["lowest"] and kinds["searched"]
    assert kinds["lowest elsewhere, weighed"] and kinds["searched, checked by trying every move"]


def test_a_forced_50_50_says_no_move_can_tell_the_two_apart() -> None:
    analysis = analyze(Position.parse("##\n11\n..", mines=1))
    assert analysis.choice.why is Why.FORCED
    said = guessing.why(guessing.of(analysis))
    assert said == "1 1: a forced 50/50: no move can ever tell 1 1 and 2 1 apart, so guess now."


def test_a_guess_riskier_than_the_lowest_says_what_it_gives_for_the_risk() -> None:
    for position in guess_positions(300):
        analysis = analyze(position)
        if analysis.choice.why is Why.WEIGHED and analysis.choice.cell != analysis.choice.safest:
            chance = analysis.probability[analysis.best_move]
            if chance > min(analysis.probability.values()):
                break
    else:
        pytest.fail("no weighed guess riskier than the lowest in 300 positions")
    said = guessing.why(guessing.of(analysis))
    check(position, analysis, said, Counter())
    assert "the lowest is" in said and "survives this move and the next in" in said


def test_a_player_guess_is_weighed_beside_the_safest_in_the_same_words() -> None:
    assert_weighed_beside_the_safest(15)


@pytest.mark.slow
def test_a_player_guess_in_60_positions_is_weighed_beside_the_safest_in_the_same_words() -> None:
    assert_weighed_beside_the_safest(60)


def assert_weighed_beside_the_safest(positions: int) -> None:
    kinds: Counter[str] = Counter()
    for position in guess_positions(positions):
        analysis = analyze(position)
        riskiest = max(
            (cell for cell, chance in analysis.probability.items() if chance < 1),
            key=lambda cell: (analysis.probability[cell], cell),
        )
        choice = weigh_beside_safest(analysis.constraints, analysis.tally, riskiest)
        said = guessing.why(guessing.of(analysis, choice))
        if analysis.probability[riskiest] > min(analysis.probability.values()):
            assert "the lowest is" in said, said
            if "which also survives" in said:
                kinds["worse"] += 1
                assert choice.safest is not None
                mine = figures(position, analysis, riskiest)
                theirs = figures(position, analysis, choice.safest)
                found = re.search(r"next in " + SHARE + " against " + SHARE, said)
                assert found and found.groups() == (percent(theirs[0]), percent(mine[0]))
    assert kinds["worse"]
