"""How hard a board is to solve by logic: the hardest deduction it needs.

A player who never guesses opens the first cell, then goes on by deductions.
They come in four levels, each one able to do all the one before it does:

``SINGLE``
    One number alone: its hidden neighbours are all safe when the flags around it
    already make its count, all mines when it needs every one of them.
``PAIR``
    Two numbers together, whose hidden neighbours overlap: every way of placing
    both numbers' mines among their hidden neighbours agrees on the cell
    (1-1 and 1-2 at an edge, and the 1-2-1 read a pair at a time).
``SUBSET``
    Any set of numbers taken together, as many as it takes, without the mine
    total: the cell is the same in every layout of the hidden cells beside
    numbers that agrees with all of them (1-2-2-1, and chains of subsets).
``GLOBAL``
    The numbers and the count of mines left together: the cell is the same in
    every layout of all the hidden cells that agrees with the numbers and holds
    exactly the mines left (the endgame count).

A board's grade is the lowest level whose deductions, repeated, open every safe
cell: replayed with the cheapest deduction first, the hardest level the replay
reaches, for a deduction that a level allows stays allowed as the player learns
more, so the replay reaches a level only where every lower one is stuck.  A board
that needs a guess has no grade; one the first click opens whole needs no
deduction at all.  Grading replays the board by the rules above, with the
solver's exact count for the last two levels, so it is for boards asked of a
level (``--logic``), never on the way of a board dealt without one.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import NamedTuple

from ..alphabet import Symbol
from ..board import Level as Level
from ..grid import Grid, Point
from ..solver.counting import Constraints, frontier_certain, tally
from . import LayoutError, Progress, generate


class Grade(NamedTuple):
    """How a proof-only replay of a board went."""

    solved: bool
    """Every safe cell was opened by deductions: the board needs no guess."""
    decided: tuple[int, int, int, int]
    """The cells decided at each level, ``SINGLE`` first."""

    @property
    def hardest(self) -> Level | None:
        """The hardest level the board needs; None when it needs no deduction at all."""
        used = [level for level in Level if self.decided[level - 1]]
        return used[-1] if used else None


class NoBoardAtLevel(LayoutError):
    """No board of the level asked for was found among the seeds tried."""

    def __init__(self, level: Level, tried: int) -> None:
        super().__init__(f"no board needing {level.name.lower()} among {tried} seeds")
        self.level = level
        self.tried = tried


ATTEMPTS = 1000
"""Boards tried for a level before giving up.  The rarest level, ``SUBSET``, came
about once in 150 no-guess boards at 8×8 with 10 mines and once in 200 at 16×16
with 40 (measured on 1,000 and 400 seeds), so a search finds it 99 times in 100;
the others come once in 7 boards or more often."""


def graded(
    width: int,
    height: int,
    count: int,
    *,
    start: Point,
    level: Level,
    seeds: Iterable[int],
    progress: Progress | None = None,
) -> tuple[frozenset[Point], int]:
    """A no-guess board whose grade is ``level``, and the seed that deals it: the first
    of ``seeds`` whose board (:func:`.generate`, no guess) needs a deduction of that
    level and none harder.  Raises :class:`NoBoardAtLevel` after :data:`ATTEMPTS`."""
    grid = Grid(width, height)
    tried = 0
    for seed in itertools.islice(seeds, ATTEMPTS):
        if progress is not None:
            progress(tried / ATTEMPTS)
        tried += 1
        mines = generate(width, height, count, start=start, seed=seed, no_guess=True)
        if grade(grid, mines, start).hardest is level:
            return mines, seed
    raise NoBoardAtLevel(level, tried)


Stuck = Callable[[tuple[str, ...]], None]
"""Told the board as the player sees it (the position text) wherever one number alone
decides nothing: where the patterns that take more numbers are needed."""


def grade(grid: Grid, mines: frozenset[Point], start: Point, stuck: Stuck | None = None) -> Grade:
    """Replay the board ``mines`` from ``start`` by deductions alone, cheapest first;
    ``stuck`` is shown the board wherever it needs more than one number."""
    return _Replay(grid, mines).run(start, stuck)


class _Replay:
    """A proof-only player's knowledge of one board."""

    def __init__(self, grid: Grid, mines: frozenset[Point]) -> None:
        self.grid = grid
        self.mines = mines
        self.counts = grid.mine_counts(mines)
        self.hidden = set(grid.points)
        """Cells neither opened nor proved mines."""
        self.flagged: set[Point] = set()
        self.numbers: set[Point] = set()
        """The open numbers that may still touch hidden cells."""
        self.decided = [0, 0, 0, 0]

    def run(self, start: Point, stuck: Stuck | None) -> Grade:
        self._open([start])
        rules = (self._single, self._pair, self._subset, self._global)
        while len(self.hidden) > len(self.mines) - len(self.flagged):
            for level, rule in zip(Level, rules, strict=True):
                if level is Level.PAIR and stuck is not None:
                    stuck(self._rows())
                found = rule()
                if found:
                    self.decided[level - 1] += len(found)
                    self._apply(found)
                    break
            else:
                return Grade(False, self._decided())
        return Grade(True, self._decided())

    def _rows(self) -> tuple[str, ...]:
        """The position text: what the player sees now."""
        return tuple(
            "".join(
                Symbol.FLAG
                if (x, y) in self.flagged
                else Symbol.HIDDEN
                if (x, y) in self.hidden
                else str(self.counts[x, y] or Symbol.EMPTY)
                for x in range(self.grid.width)
            )
            for y in range(self.grid.height)
        )

    def _decided(self) -> tuple[int, int, int, int]:
        single, pair, subset, whole = self.decided
        return single, pair, subset, whole

    # --- what the player sees -------------------------------------------------------

    def _frontier(self) -> dict[Point, tuple[frozenset[Point], int]]:
        """Each open number beside hidden cells: those cells, and the mines it still needs."""
        frontier = {}
        for cell in list(self.numbers):
            near = self.grid.neighbours(cell)
            around = self.hidden.intersection(near)
            if around:
                frontier[cell] = (
                    frozenset(around),
                    self.counts[cell] - len(self.flagged.intersection(near)),
                )
            else:
                self.numbers.discard(cell)  # settled: it decides nothing again
        return frontier

    def _board(self) -> Constraints:
        frontier = self._frontier()
        needs = {cell: need for cell, (_around, need) in frontier.items()}
        left = len(self.mines) - len(self.flagged)
        return Constraints(self.grid, needs, frozenset(self.hidden), left)

    # --- the four levels -------------------------------------------------------------

    def _single(self) -> dict[Point, bool]:
        found: dict[Point, bool] = {}
        for around, need in self._frontier().values():
            if need == 0 or need == len(around):
                found.update(dict.fromkeys(around, need > 0))
        return found

    def _pair(self) -> dict[Point, bool]:
        """Of two numbers sharing hidden cells, the mines in the shared cells lie
        between bounds both numbers set; where the bounds meet at an end, the
        shared cells or the others are decided."""
        frontier = self._frontier()
        found: dict[Point, bool] = {}
        for first, (around_first, need_first) in frontier.items():
            for second in _within_two(self.grid, first):
                if second not in frontier or second <= first:
                    continue
                around_second, need_second = frontier[second]
                shared = around_first & around_second
                if not shared:
                    continue
                only_first, only_second = around_first - shared, around_second - shared
                low = max(0, need_first - len(only_first), need_second - len(only_second))
                high = min(len(shared), need_first, need_second)
                if high == 0:
                    found.update(dict.fromkeys(shared, False))
                if low == len(shared):
                    found.update(dict.fromkeys(shared, True))
                for only, need in ((only_first, need_first), (only_second, need_second)):
                    if only and low == high and need - low in (0, len(only)):
                        found.update(dict.fromkeys(only, need - low > 0))
        return found

    def _subset(self) -> dict[Point, bool]:
        return frontier_certain(self._board())

    def _global(self) -> dict[Point, bool]:
        counted = tally(self._board())
        return {
            cell: layouts > 0
            for cell, layouts in counted.mine_layouts.items()
            if layouts in (0, counted.total) and cell in self.hidden
        }

    # --- what a deduction changes ------------------------------------------------------

    def _apply(self, found: dict[Point, bool]) -> None:
        for cell, mine in found.items():
            assert mine is (cell in self.mines), f"a deduction got {cell} wrong"
            if mine and cell in self.hidden:
                self.hidden.discard(cell)
                self.flagged.add(cell)
        self._open([cell for cell, mine in found.items() if not mine])

    def _open(self, cells: Iterable[Point]) -> None:
        """Open ``cells``, and around every zero its neighbours, as the game does."""
        waiting = [cell for cell in cells if cell in self.hidden]
        while waiting:
            cell = waiting.pop()
            if cell not in self.hidden:
                continue
            self.hidden.discard(cell)
            if self.counts[cell] == 0:
                waiting.extend(n for n in self.grid.neighbours(cell) if n in self.hidden)
            else:
                self.numbers.add(cell)


def _within_two(grid: Grid, cell: Point) -> Iterable[Point]:
    """The cells that may share a hidden neighbour with ``cell``: two steps away at most."""
    x, y = cell
    for other_y in range(max(0, y - 2), min(grid.height, y + 3)):
        for other_x in range(max(0, x - 2), min(grid.width, x + 3)):
            if (other_x, other_y) != cell:
                yield other_x, other_y
