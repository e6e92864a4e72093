"""Choosing the next cell to reveal."""

from __future__ import annotations

from ..grid import Point
from .counting import Board, Tally


def choose_move(board: Board, counted: Tally) -> Point:
    safe = sorted(counted.safe())
    if safe:
        return safe[0]
    return min(sorted(board.hidden), key=counted.probability)
