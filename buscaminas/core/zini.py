"""ZiNi: the clicks a board needs when a player chords, counted by the community's greedy
method (Elmar Zimmermann and Christoph Nikolaus, 2009), the figure efficiency is
ranked by beside 3BV.

Every safe cell has a *premium*: what a chord there would gain over clicking the
cells it opens one by one, that is the 3BV it clears, less a click for each of its
mines not yet flagged, less one for the chord, less one more to open the cell
first if it is closed.  Round after round the cell of the highest premium (the
leftmost, then the topmost of equal ones) is opened if need be, its mines
flagged and chorded, while some premium is not negative; when none is left,
the leftmost, topmost cell that one click opens (a zero, or a number no
opening borders) is clicked.  ZiNi is the clicks spent until every safe cell is
open.

The 3BV near a cell is counted as the method counts it, so that the figure is
the one other tools print: a zero sees its opening; a number sees the numbers
around it (itself included) that no opening borders, and the first two of the
openings it borders, openings numbered in the order the method meets them,
column by column.  A premium changes only where the board does, so each is
kept and changed with it, and the best is found in a heap.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable

from .grid import Grid, Point

_NONE = 0
"""The opening number of a cell that borders none."""


class _Greedy:
    """The method's board: each safe cell's number, openings and premium, and what is open."""

    def __init__(self, grid: Grid, mines: frozenset[Point]) -> None:
        self.grid = grid
        self.mines = mines
        self.numbers = grid.mine_counts(mines)
        # column by column, top to bottom: the order the method reads the board in
        self.order = sorted(self.numbers)
        self.openings: dict[Point, tuple[int, ...]] = {cell: () for cell in self.order}
        self.members: dict[int, list[Point]] = {}
        self._number_openings()
        self.opened: set[Point] = set()
        self.flagged: set[Point] = set()
        self.premium = {cell: self._first_premium(cell) for cell in self.order}
        self.heap = [(-premium, cell) for cell, premium in self.premium.items()]
        heapq.heapify(self.heap)
        self.clicks = 0

    def _number_openings(self) -> None:
        """Number each opening by its first zero, column by column; a zero belongs to
        its own, a number to the first two that border it."""
        numbers, openings = self.numbers, self.openings
        for start in self.order:
            if numbers[start] or openings[start]:
                continue
            label = len(self.members) + 1
            members = self.members[label] = [start]
            openings[start] = (label,)
            frontier = [start]
            while frontier:
                for near in self.grid.neighbours(frontier.pop()):
                    if near in self.mines or label in openings[near]:
                        continue
                    if numbers[near]:
                        if len(openings[near]) < 2:
                            openings[near] += (label,)
                            members.append(near)
                    else:
                        openings[near] = (label,)
                        members.append(near)
                        frontier.append(near)

    def _isolated(self, cell: Point) -> bool:
        """A safe cell no opening reaches: only a click of its own opens it."""
        return not self.openings[cell]

    def _first_premium(self, cell: Point) -> int:
        if self.numbers[cell] == 0:
            seen = 1  # its opening
        else:
            around = (cell, *self.grid.neighbours(cell))
            seen = sum(1 for near in around if near in self.numbers and self._isolated(near))
            seen += len(self.openings[cell])
        return seen - self.numbers[cell] - 2

    def _change(self, cell: Point, by: int) -> None:
        if cell in self.premium:
            self.premium[cell] += by
            heapq.heappush(self.heap, (-self.premium[cell], cell))

    def best(self) -> Point | None:
        """The first cell of the highest premium, if that premium is not negative."""
        while self.heap:
            negative, cell = self.heap[0]
            if -negative != self.premium[cell]:
                heapq.heappop(self.heap)  # a premium since changed
                continue
            return cell if -negative >= 0 else None
        return None

    def _open(self, cell: Point) -> None:
        self.opened.add(cell)
        self._change(cell, 1)  # open, it costs no click to chord
        if self._isolated(cell):
            for near in (cell, *self.grid.neighbours(cell)):
                self._change(near, -1)  # a 3BV fewer around

    def reveal(self, cell: Point) -> None:
        if cell in self.opened or cell in self.mines:
            return
        if self.numbers[cell]:
            self._open(cell)
            return
        (label,) = self.openings[cell]
        for member in self.members[label]:
            if member not in self.opened:
                self._open(member)
            self._change(member, -1)  # its opening is no 3BV any more

    def click(self, cell: Point) -> None:
        self.clicks += 1
        self.reveal(cell)

    def chord(self, cell: Point) -> None:
        if cell not in self.opened:
            self.click(cell)
        for near in self.grid.neighbours(cell):
            if near in self.mines and near not in self.flagged:
                self.clicks += 1
                self.flagged.add(near)
                for touched in (near, *self.grid.neighbours(near)):
                    self._change(touched, 1)
        self.clicks += 1
        for near in (cell, *self.grid.neighbours(cell)):
            self.reveal(near)


def zini(width: int, height: int, mines: Iterable[Point]) -> int:
    """The greedy ZiNi of a ``width`` × ``height`` board with ``mines``."""
    board = _Greedy(Grid(width, height), frozenset(mines))
    one_click = [cell for cell in board.order if board.numbers[cell] == 0 or board._isolated(cell)]
    next_click = 0
    while len(board.opened) < len(board.numbers):
        chosen = board.best()
        if chosen is not None:
            board.chord(chosen)
            continue
        while one_click[next_click] in board.opened:
            next_click += 1
        board.click(one_click[next_click])
    return board.clicks
