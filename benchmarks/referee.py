"""The win-rate benchmark's referee: its own dealer, one game played as ``auto`` plays.

This file runs as a program of its own (``python benchmarks/referee.py``)
that reads games to play on its input and writes their results on its
output, one line each.  It imports nothing of the benchmarks, only the
``buscaminas`` that ``PYTHONPATH`` finds, so the same referee can play
another tree's AI on the same boards (``winrate --against DIR``).

The boards follow the literature's rules, not the game's: the dealer draws
the mines uniformly over every cell but the click's free block, from a
random generator seeded by the board, the rule and the game's number alone,
so any program can deal the same boards.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterable
from dataclasses import dataclass

from buscaminas.core.engine import Action, Minesweeper, Move, Termination
from buscaminas.core.grid import Point
from buscaminas.core.solver import Position, analyze

STARTS: dict[str, tuple[Point, int]] = {
    "opening": ((3, 3), 1),
    "corner": ((0, 0), 0),
}
"""Each start rule: the first click (0-based: column 4, row 4 and column 1,
row 1 as the player counts) and how far around it no mine may lie."""


@dataclass(frozen=True)
class Board:
    """A classic board and the rule of its first click."""

    width: int
    height: int
    mines: int
    start: str

    @property
    def name(self) -> str:
        return f"{self.width}x{self.height}/{self.mines}"


def deal(board: Board, seed: int, game: int) -> frozenset[Point]:
    """Game ``game``'s mines: uniform over the cells outside the click's free block."""
    (cx, cy), reach = STARTS[board.start]
    cells = [
        (x, y)
        for y in range(board.height)
        for x in range(board.width)
        if max(abs(x - cx), abs(y - cy)) > reach
    ]
    dealer = random.Random(f"winrate {board.name} {board.start} {seed} {game}")
    return frozenset(dealer.sample(cells, board.mines))


def play(board: Board, seed: int, game: int) -> tuple[bool, int]:
    """Whether the AI wins game ``game``, and how many guesses it made.

    The AI is asked what ``auto`` asks, ``analyze(...).best_move``, but every
    cell it proves safe is revealed at once: revealing them one by one, as
    ``auto`` does, reaches the same position before each guess.
    """
    engine = Minesweeper(board.width, board.height, board.mines)
    engine.lay(deal(board, seed, game))
    engine.act(Move(Action.TRY, STARTS[board.start][0]))
    guesses = 0
    while engine.end is None:
        analysis = analyze(Position.from_game(engine))
        safe = sorted(analysis.safe)
        if not safe:
            guesses += 1
            safe = [analysis.best_move]
        for cell in safe:
            if engine.end is None and not engine.is_revealed(cell):
                engine.act(Move(Action.TRY, cell))
    return engine.end is Termination.WON, guesses


def serve(lines: Iterable[str]) -> None:
    """Play each requested game (``width height mines start seed game``) and write its
    result as a JSON line, flushed at once so the caller can keep it."""
    for line in lines:
        width, height, mines, start, seed, game = line.split()
        board = Board(int(width), int(height), int(mines), start)
        won, guesses = play(board, int(seed), int(game))
        print(json.dumps({"game": int(game), "won": won, "guesses": guesses}), flush=True)


if __name__ == "__main__":
    serve(sys.stdin)
