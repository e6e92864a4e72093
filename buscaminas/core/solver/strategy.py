"""Choosing the next cell to reveal when the AI has to.

With a safe cell there is nothing to choose.  Otherwise the AI guesses, and
the safest cell is not always the best guess: a cell that is a little riskier
but likely to show a number that unlocks safe cells wins more games.  Each
candidate is scored by the chance of surviving this move *and* the next one,
computed exactly: for every number the cell could show, the position is
counted again, and if it then has a safe cell the next move is free,
otherwise it is the best guess there.  Near the end, when few layouts
remain, :mod:`.endgame` searches the whole game tree instead.

Weighing guesses costs a count per number each could show, so it has a
budget of its own (:data:`~.budget.LOOKAHEAD_WORK`); past it the AI plays the
best of the cells it has weighed (the safest is weighed first), and when the
position could not be counted exactly, the safest cell.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping
from enum import Enum
from itertools import combinations
from types import MappingProxyType
from typing import NamedTuple

from ..grid import Point
from .budget import LOOKAHEAD_WORK, Budget, OverBudget
from .counting import Constraints, InconsistentPosition, Tally, tally
from .endgame import ENDGAME_LAYOUTS, Searched, best_endgame_move

NEAR_BEST = (1, 10)
"""How much less safe than the safest cell a candidate may be, relative to it,
as a ratio of integers, not a float: layout counts on a big board are far
beyond floats."""
OPENING_INSET = 2
"""How far in from the corner the AI's first click goes when it is sure to open."""
WALLED_IN_CELLS = 4
"""Largest group of cells checked for a guess no other move can spare."""
FRONTIER_CANDIDATES = 10
OUTSIDE_CANDIDATES = 3
"""Cells far from every number are interchangeable by probability; a few,
picked where a zero is likeliest, stand for them all."""


class NothingToReveal(ValueError):
    """Every hidden cell is a mine: the game is won, or should be."""


class Why(Enum):
    """Why the AI plays its cell."""

    SAFE = "safe"
    """The cell is proved safe."""
    FIRST = "first"
    """The board is blank: where a first click does most."""
    FORCED = "forced"
    """A group no later move can tell about (:func:`_unavoidable_guess`)."""
    SEARCHED = "searched"
    """Few layouts remain: the move an exhaustive search of the game wins most with."""
    WEIGHED = "weighed"
    """The candidate likeliest to survive this move and the next."""
    SAFEST = "safest"
    """The safest cell, unweighed: the position was too wide to count exactly."""


class Weighed(NamedTuple):
    """What revealing one cell promises, in layouts (exact ratios, not floats).

    ``survived`` counts the layouts in which this move and the best next one
    both survive; ``opened`` those in which the cell is safe and the number
    it shows leaves a cell proved safe for the next move; ``safe`` those in
    which the cell is safe; ``total`` every layout.
    """

    survived: int
    opened: int
    safe: int
    total: int

    @property
    def survival(self) -> float:
        return self.survived / self.total

    @property
    def progress(self) -> float:
        """When the cell is safe, the chance that it leaves a safe move next."""
        return self.opened / self.safe if self.safe else 0.0


class Choice(NamedTuple):
    """The AI's move and the facts behind it, for the words that say why.

    ``safest`` is a cell of the lowest chance of a mine (the first in reading
    order among those weighed); ``weighed`` every candidate weighed before
    the budget ran out; ``group`` the cells of a forced guess; ``searched``
    what the endgame's search found.
    """

    cell: Point
    why: Why
    safest: Point | None = None
    weighed: Mapping[Point, Weighed] = MappingProxyType({})
    group: frozenset[Point] = frozenset()
    searched: Searched | None = None


def choose_move(board: Constraints, counted: Tally, *, opening_start: bool = True) -> Choice:
    safe = list(counted.safe())
    if safe:
        return Choice(min(safe, key=_reading_order), Why.SAFE)
    if all(counted.mine_layouts[cell] == counted.total for cell in board.hidden):
        raise NothingToReveal("every hidden cell is a mine")
    if not board.numbers:
        return Choice(first_click(board, opening_start=opening_start), Why.FIRST)
    forced = _unavoidable_guess(board, counted)
    if forced is not None:
        cell, group = forced
        return Choice(cell, Why.FORCED, group=group)
    candidates = _candidates(board, counted)
    safest = _safest(counted, candidates)
    if not counted.exact:
        return Choice(safest, Why.SAFEST, safest)
    if counted.total <= ENDGAME_LAYOUTS:
        searched = best_endgame_move(board, counted)
        if searched is not None:
            return Choice(searched.cell, Why.SEARCHED, safest, searched=searched)
    best, weighed = _best_weighed(board, counted, candidates, safest)
    return Choice(best, Why.WEIGHED, safest, weighed)


def weigh_beside_safest(board: Constraints, counted: Tally, cell: Point) -> Choice:
    """A guess the AI did not choose, such as a player's, weighed beside the safest cell
    as the AI weighs its candidates, so that both can be said in the same words."""
    candidates = _candidates(board, counted)
    safest = _safest(counted, candidates)
    weighed: dict[Point, Weighed] = {}
    if counted.exact:
        budget = Budget(LOOKAHEAD_WORK)
        try:
            for weighing in dict.fromkeys((safest, cell)):
                weighed[weighing] = weigh(board, counted, weighing, budget)
        except OverBudget:
            pass
    return Choice(cell, Why.WEIGHED, safest, weighed)


def _best_weighed(
    board: Constraints, counted: Tally, candidates: list[Point], safest: Point
) -> tuple[Point, dict[Point, Weighed]]:
    """The candidate likeliest to survive two moves (the safer, then the first listed,
    among equals), weighed within :data:`~.budget.LOOKAHEAD_WORK`, and every
    candidate weighed.

    The safest candidate is weighed first: past the budget the best of those
    weighed is played, so a budget spent on a big board still leaves the
    safest cell, or better, and the same position always gets the same move.
    """
    budget = Budget(LOOKAHEAD_WORK)
    best, best_key = safest, None
    weighed: dict[Point, Weighed] = {}
    order = sorted(range(len(candidates)), key=lambda index: candidates[index] != safest)
    for index in order:
        cell = candidates[index]
        try:
            weighed[cell] = weigh(board, counted, cell, budget)
        except OverBudget:
            break
        key = (weighed[cell].survival, -counted.mine_layouts[cell], -index)
        if best_key is None or key > best_key:
            best, best_key = cell, key
    return best, weighed


def _safest(counted: Tally, candidates: list[Point]) -> Point:
    """The candidate least likely a mine, the first in reading order among equals."""
    return min(candidates, key=lambda cell: (counted.mine_layouts[cell], _reading_order(cell)))


def _reading_order(cell: Point) -> tuple[int, int]:
    return cell[1], cell[0]


def first_click(board: Constraints, *, opening_start: bool) -> Point:
    """Where to click on a blank board.

    When only the clicked cell is sure to be safe, a corner is best: with the
    fewest neighbours it is the likeliest zero.  When the click is sure to
    open, its opening matters more, and a cell a little way in gives an
    opening with more of the board around it (measured: on 8×8/10 a corner
    wins 88.5%, the cell two in from it 90.7%).
    """
    inset = OPENING_INSET if opening_start else 0
    grid = board.grid
    x = min(inset, (grid.width - 1) // 2)
    y = min(inset, (grid.height - 1) // 2)
    return (x, y)


def _unavoidable_guess(board: Constraints, counted: Tally) -> tuple[Point, frozenset[Point]] | None:
    """A guess no later move can spare, such as a 50/50 walled in by mines.

    A small group of undecided cells is walled in when no hidden cell
    outside it touches it and the numbers around it touch nothing else
    undecided, so no other reveal can ever tell about it; and its mine count
    is the same in every arrangement, so the mine total will not either.
    If, besides, revealing any of its cells would show a number known in
    advance, the group only ever offers a bare guess: take it now, since
    later it could only cost the work done in between.  Answers the cell to
    try and the group.
    """
    total = counted.total
    undecided = {cell for cells, count in counted.shares if 0 < count < total for cell in cells}
    certain = {cell for cells, count in counted.shares if count == total for cell in cells}
    neighbours = board.grid.neighbours
    seen: set[Point] = set()
    for start in sorted(undecided, key=_reading_order):
        if start in seen:
            continue
        group = _adjacent_group(start, undecided, neighbours, WALLED_IN_CELLS)
        seen |= group
        if len(group) > WALLED_IN_CELLS:
            continue
        arrangements = _walled_in_arrangements(board, group, certain)
        if arrangements is None or len({len(mines) for mines in arrangements}) != 1:
            continue
        if all(_shows_one_number(cell, arrangements, certain, neighbours) for cell in group):
            cell = min(
                group,
                key=lambda cell: (sum(cell in mines for mines in arrangements), cell),
            )
            return cell, frozenset(group)
    return None


def _adjacent_group(
    start: Point, cells: set[Point], neighbours: Callable[[Point], tuple[Point, ...]], most: int
) -> set[Point]:
    """The cells of ``cells`` joined to ``start``, or more than ``most`` of them
    when they are too many: a sea of hidden cells is not walked whole."""
    group = {start}
    frontier = [start]
    while frontier and len(group) <= most:
        for near in neighbours(frontier.pop()):
            if near in cells and near not in group:
                group.add(near)
                frontier.append(near)
    return group


def _walled_in_arrangements(
    board: Constraints, group: set[Point], certain: set[Point]
) -> list[frozenset[Point]] | None:
    """The ways to lay mines in ``group`` that fit the numbers around it, or
    None when something outside the group could still tell about it."""
    neighbours = board.grid.neighbours
    clues: list[tuple[Point, int]] = []
    for cell in group:
        for near in neighbours(cell):
            if near in board.hidden and near not in group and near not in certain:
                return None
            if near in board.numbers:
                clues.append((near, board.numbers[near]))
    for number, _ in clues:
        touched = (near for near in neighbours(number) if near in board.hidden)
        if any(near not in group and near not in certain for near in touched):
            return None
    cells = sorted(group)
    arrangements = []
    for size in range(len(cells) + 1):
        for chosen in combinations(cells, size):
            mines = frozenset(chosen)
            if all(
                sum(near in mines or near in certain for near in neighbours(number)) == need
                for number, need in clues
            ):
                arrangements.append(mines)
    return arrangements


def _shows_one_number(
    cell: Point,
    arrangements: list[frozenset[Point]],
    certain: set[Point],
    neighbours: Callable[[Point], tuple[Point, ...]],
) -> bool:
    """Whether ``cell``, if safe, shows the same number in every arrangement."""
    shown = {
        sum(near in mines or near in certain for near in neighbours(cell))
        for mines in arrangements
        if cell not in mines
    }
    return len(shown) <= 1


def _candidates(board: Constraints, counted: Tally) -> list[Point]:
    """The cells worth a closer look: nearly as safe as the safest.

    Cells are taken a share at a time (:class:`~.counting.Tally`): on a big
    board one share holds thousands of cells off the frontier, all as safe.
    """
    total = counted.total
    open_shares = [(count, cells) for cells, count in counted.shares if count < total]
    fewest = min(count for count, _ in open_shares)
    part, whole = NEAR_BEST
    touched = {cell for cells in board.hidden_around().values() for cell in cells}
    by_count: dict[int, list[Point]] = {}
    away: list[Point] = []
    for count, cells in open_shares:
        if (count - fewest) * whole <= (total - fewest) * part:
            by_count.setdefault(count, []).extend(cell for cell in cells if cell in touched)
            away.extend(cell for cell in cells if cell not in touched)
    frontier: list[Point] = []
    for count in sorted(by_count):
        frontier += sorted(by_count[count], key=_reading_order)
        if len(frontier) >= FRONTIER_CANDIDATES:
            break
    hidden, neighbours = board.hidden, board.grid.neighbours
    outside = heapq.nsmallest(
        OUTSIDE_CANDIDATES,
        away,
        key=lambda cell: (len(hidden.intersection(neighbours(cell))), _reading_order(cell)),
    )
    return frontier[:FRONTIER_CANDIDATES] + outside


def weigh(board: Constraints, counted: Tally, cell: Point, budget: Budget) -> Weighed:
    """What revealing ``cell`` promises: surviving it and the best next cell, and a
    safe move next.

    Raises :class:`OverBudget` when the counts it needs exceed ``budget``.
    """
    survived = opened = 0
    mine_layouts, total = counted.mine_layouts, counted.total
    around = [mine_layouts[near] for near in board.grid.neighbours(cell) if near in board.hidden]
    fewest = sum(layouts == total for layouts in around)
    most = sum(layouts > 0 for layouts in around)
    for number in range(fewest, most + 1):
        try:
            after = tally(board.reveal({cell: number}), budget)
        except InconsistentPosition:
            continue
        if not after.exact:
            raise OverBudget
        if next(iter(after.safe()), None) is not None:
            survived += after.total
            opened += after.total
        else:
            survived += after.total - after.fewest()
    return Weighed(survived, opened, total - mine_layouts[cell], total)
