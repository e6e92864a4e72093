"""Exact play when few layouts remain: search the game tree.

Near the end of a game the best guess is not always the safest cell: one
cell may be safer now but leave a 50/50 behind, another may settle
everything.  With few layouts left the AI can afford to look at every
sequence of moves.  A state is the set of layouts still possible (as
bitmasks over the undecided cells) and the cells already revealed; its value
is how many of those layouts an optimal player wins, so every probability
stays an exact ratio.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from ..grid import Point
from .counting import Constraints, Tally

ENDGAME_LAYOUTS = 400
"""Most layouts the search takes on."""
SEARCH_STATES = 10_000
"""Most states the search visits before it gives up, to keep play instant."""


class _SearchTooLarge(Exception):
    pass


class Searched(NamedTuple):
    """The search's move: of ``layouts`` layouts left, it wins ``wins`` when every later
    move is optimal."""

    cell: Point
    wins: int
    layouts: int


def best_endgame_move(board: Constraints, counted: Tally) -> Searched | None:
    """The guess that wins the most layouts when every later move is optimal,
    or None when the game tree is too large to search in time."""
    game = _Endgame.of(board, counted)
    layouts = tuple(game.layouts())
    everyone = (1 << len(game.cells)) - 1
    try:
        wins = {
            index: game.wins_after(layouts, 0, index) for index in _undecided(layouts, everyone)
        }
    except _SearchTooLarge:
        return None
    best = max(
        wins,
        key=lambda index: (
            wins[index],
            sum(not layout >> index & 1 for layout in layouts),
            -index,
        ),
    )
    return Searched(game.cells[best], wins[best], len(layouts))


def _undecided(layouts: tuple[int, ...], unrevealed: int) -> list[int]:
    """The unrevealed cells that are a mine in some layouts and not in others."""
    some = every = 0
    if layouts:
        every = layouts[0]
        for layout in layouts:
            some |= layout
            every &= layout
    mask = some & ~every & unrevealed
    return [index for index in range(mask.bit_length()) if mask >> index & 1]


class _Endgame:
    def __init__(
        self,
        cells: list[Point],
        neighbours: list[int],
        mines_around: list[int],
        constraints: list[tuple[list[int], int]],
        mines: int,
        memo: dict[tuple[tuple[int, ...], int], int],
    ):
        self.cells = cells
        """The hidden cells not yet certain, indexed by bit."""
        self.neighbours = neighbours
        """Per cell, the bitmask of its undecided neighbours."""
        self.mines_around = mines_around
        """Per cell, how many certain mines touch it."""
        self.constraints = constraints
        """Open numbers: their undecided cells and how many mines those hold."""
        self.mines = mines
        """Mines among the undecided cells."""
        self.memo = memo
        self.budget = SEARCH_STATES

    @classmethod
    def of(cls, board: Constraints, counted: Tally) -> _Endgame:
        certain_mines = set(counted.mines())
        around = board.grid.neighbours
        touched = {near for cell in board.numbers for near in around(cell)}
        # Cells next to numbers first: the numbers then prune the enumeration
        # early, and the cells beyond only share out the mines left.
        cells = sorted(
            (cell for cell in board.hidden if 0 < counted.mine_layouts[cell] < counted.total),
            key=lambda cell: (cell not in touched, cell[1], cell[0]),
        )
        index = {cell: bit for bit, cell in enumerate(cells)}
        constraints = []
        for cell, need in board.numbers.items():
            bits = [index[near] for near in around(cell) if near in index]
            if bits:
                known = sum(near in certain_mines for near in around(cell))
                constraints.append((bits, need - known))
        return cls(
            cells,
            [sum(1 << index[near] for near in around(cell) if near in index) for cell in cells],
            [sum(near in certain_mines for near in around(cell)) for cell in cells],
            constraints,
            board.mines - len(certain_mines),
            {},
        )

    def layouts(self) -> Iterator[int]:
        """Every assignment of mines to the undecided cells that fits the numbers."""
        count = len(self.cells)
        touching: list[list[int]] = [[] for _ in range(count)]
        for number, (bits, _) in enumerate(self.constraints):
            for bit in bits:
                touching[bit].append(number)
        needs = [need for _, need in self.constraints]
        unplaced = [len(bits) for bits, _ in self.constraints]

        def place(bit: int, layout: int, mines: int) -> Iterator[int]:
            if bit == count:
                if mines == self.mines:
                    yield layout
                return
            for number in touching[bit]:
                unplaced[number] -= 1
            for mine in (0, 1):
                if mines + mine > self.mines or self.mines - mines - mine > count - bit - 1:
                    continue
                for number in touching[bit]:
                    needs[number] -= mine
                if all(0 <= needs[number] <= unplaced[number] for number in touching[bit]):
                    yield from place(bit + 1, layout | mine << bit, mines + mine)
                for number in touching[bit]:
                    needs[number] += mine
            for number in touching[bit]:
                unplaced[number] += 1

        return place(0, 0, 0)

    def shown(self, layout: int, bit: int) -> int:
        return (layout & self.neighbours[bit]).bit_count() + self.mines_around[bit]

    def wins(self, layouts: tuple[int, ...], revealed: int) -> int:
        """How many of ``layouts`` an optimal player wins from here."""
        if len(layouts) == 1:
            return 1
        key = (layouts, revealed)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.budget -= 1
        if self.budget < 0:
            raise _SearchTooLarge
        unrevealed = ~revealed & ((1 << len(self.cells)) - 1)
        some = 0
        for layout in layouts:
            some |= layout
        free = unrevealed & ~some
        if free:
            # A cell safe in every layout costs nothing to reveal and only informs.
            bit = (free & -free).bit_length() - 1
            result = sum(self.wins(part, revealed | 1 << bit) for part in self._split(layouts, bit))
        else:
            result = 0
            for bit in sorted(
                _undecided(layouts, unrevealed),
                key=lambda bit: sum(layout >> bit & 1 for layout in layouts),
            ):
                if len(layouts) - sum(layout >> bit & 1 for layout in layouts) <= result:
                    break
                result = max(result, self.wins_after(layouts, revealed, bit))
        self.memo[key] = result
        return result

    def wins_after(self, layouts: tuple[int, ...], revealed: int, bit: int) -> int:
        """How many layouts are won by revealing ``bit`` now and playing on optimally."""
        return sum(self.wins(part, revealed | 1 << bit) for part in self._split(layouts, bit))

    def _split(self, layouts: tuple[int, ...], bit: int) -> Iterator[tuple[int, ...]]:
        """The layouts where ``bit`` is safe, grouped by the number it shows."""
        parts: dict[int, list[int]] = {}
        for layout in layouts:
            if not layout >> bit & 1:
                parts.setdefault(self.shown(layout, bit), []).append(layout)
        return (tuple(part) for part in parts.values())
