"""Checks that hold after any sequence of moves: the engine's invariants, seen from outside."""

from __future__ import annotations

from buscaminas.engine import Minesweeper, Termination
from buscaminas.grid import Point


def hidden_layout(game: Minesweeper) -> frozenset[Point]:
    """The mines, which the engine keeps to itself until the end: tests may look."""
    return game._mines or frozenset()


def assert_engine_invariants(game: Minesweeper) -> None:
    """What every position reached by play must satisfy."""
    mines = hidden_layout(game)
    rows = game.rows()
    assert len(rows) == game.height and all(len(row) == game.width for row in rows)
    assert game.mines_left == game.mine_count - len(game.flags)
    if not game.started:
        assert game.end is None and set("".join(rows)) <= {"#", "F"}
        return
    assert len(mines) == game.mine_count
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            cell = (x, y)
            if game.is_revealed(cell):
                assert cell not in mines, f"a mine at {cell} is shown as revealed"
                assert cell not in game.flags
                around = sum(near in mines for near in game.grid.neighbours(cell))
                assert char == (str(around) if around else "."), f"{cell} shows {char}"
    revealed = sum(game.is_revealed((x, y)) for y in range(game.height) for x in range(game.width))
    assert game.hidden_safe == game.width * game.height - game.mine_count - revealed
    if game.end is Termination.WON:
        assert game.hidden_safe == 0
    elif game.end is Termination.LOST:
        assert game.exploded in mines
    else:
        assert game.exploded is None and game.hidden_safe > 0
