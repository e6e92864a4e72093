"""Checks that hold after any sequence of moves: the engine's invariants, seen from outside."""

from __future__ import annotations

import re

from hypothesis import event, note

from buscaminas.core import generator
from buscaminas.core.engine import Action, Minesweeper, Move, Outcome, Termination
from buscaminas.core.grid import Point
from buscaminas.game import hints
from buscaminas.game.commands import label


def hidden_layout(game: Minesweeper) -> frozenset[Point]:
    """The mines, which the engine keeps to itself until the end: tests may look."""
    return game._mines or frozenset()


def play(game: Minesweeper, move: Move, seed: int) -> Outcome:
    """``game.act(move)``, first dealing a first try its mines from ``seed`` as a classic
    board is dealt: the engine never chooses its mines."""
    if move.action is Action.TRY and not game.started and move.cell not in game.flags:
        game.lay(
            generator.generate(
                game.width, game.height, game.mine_count, start=move.cell, seed=seed
            )
        )
    return game.act(move)


def assert_engine_invariants(game: Minesweeper) -> None:
    """What every position reached by play must satisfy."""
    mines = hidden_layout(game)
    rows = game.rows()
    assert len(rows) == game.height and all(len(row) == game.width for row in rows)
    assert rows == tuple(
        "".join(game.shown((x, y)) for x in range(game.width)) for y in range(game.height)
    ), "the picture kept move by move is the board read afresh"
    assert game.mines_left == game.mine_count - len(game.flags), "a ? is no flag"
    assert not game.marks & game.flags, "a cell has a flag or a ?, not both"
    assert not any(game.is_revealed(cell) for cell in game.marks), "a ? is on a hidden cell"
    if not game.started:
        assert game.end is None and set("".join(rows)) <= {"#", "F", "?"}
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


NUMBER = re.compile(r"the (\d) at (\d+) (\d+)")
EMPTY_CELL = re.compile(r"the empty cell at (\d+) (\d+)")
FLAG = re.compile(r"the flag at (\d+) (\d+)")
MINE = re.compile(r"the mine at (\d+) (\d+)")


def cell_of(match: re.Match[str]) -> Point:
    x, y = match.groups()[-2:]
    return (int(x) - 1, int(y) - 1)


def named(cell: Point, text: str) -> bool:
    return re.search(rf"(?<![\d]){label(cell)}(?![\d])", text) is not None


def assert_hint_true(hint: hints.Hint, game: Minesweeper, layout: frozenset[Point]) -> None:
    """Every claim of ``hint`` holds on ``layout``, and its words name what it claims."""
    text = " ".join(hint.messages)
    note(text)
    assert hint.messages and all(hint.messages)
    assert not hint.safe & layout, f"called safe, but a mine: {hint.safe & layout}"
    assert hint.mines <= layout, f"called a mine, but safe: {hint.mines - layout}"
    for cell, value in hint.numbers.items():
        assert game.is_revealed(cell) and game.number(cell) == value, f"cited {value} at {cell}"
    for count in hint.counts:
        assert len(count.cells & layout) == count.mines, f"miscounted {count}"
    assert hint.targets <= hint.safe | hint.mines or not (hint.safe | hint.mines)
    # The words and the claims say the same things.
    for cell in hint.safe | hint.mines | hint.targets:
        assert named(cell, text), f"{label(cell)} is claimed but not named"
    for match in NUMBER.finditer(text):
        assert hint.numbers.get(cell_of(match)) == int(match.group(1)), match.group(0)
    for match in EMPTY_CELL.finditer(text):
        assert hint.numbers.get(cell_of(match)) == 0, match.group(0)
    for match in FLAG.finditer(text):
        cell = cell_of(match)
        assert cell in game.flags, match.group(0)
        assert cell in hint.mines or cell in hint.safe, f"{match.group(0)} makes no claim"
    for match in MINE.finditer(text):
        assert cell_of(match) in hint.mines, match.group(0)
    kinds = [
        "wrong flag" if "is wrong" in text else "",
        "premise" if ";" in text else "",
        "rescue" if hint.rescue is not None else "",
    ]
    event("hint: " + (", ".join(kind for kind in kinds if kind) or "plain"))
