"""Positions and a brute-force oracle shared by the solver tests."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations
from math import comb

import pytest
from hypothesis import event
from hypothesis import strategies as st

from buscaminas.core.grid import Grid, Point
from buscaminas.core.solver import InconsistentPosition, Position, analyze
from tests.cells_support import cell_choices

BRUTE_FORCE_LIMIT = 20_000
"""Most layouts the oracle enumerates; positions needing more are skipped."""


def draw_position(
    width: int,
    height: int,
    mines: Iterable[Point],
    *,
    revealed: Iterable[Point],
    flagged: Iterable[Point] = (),
    maybe: Iterable[Point] = (),
) -> Position:
    """The position a player sees on this layout with these cells open."""
    grid = Grid(width, height)
    layout = frozenset(mines)
    shown = set(revealed)
    flags, marks = set(flagged), set(maybe)
    rows = []
    for y in range(height):
        row = ""
        for x in range(width):
            cell = (x, y)
            if cell in shown:
                count = sum(near in layout for near in grid.neighbours(cell))
                row += str(count) if count else "."
            else:
                row += "F" if cell in flags else "?" if cell in marks else "#"
        rows.append(row)
    return Position(tuple(rows), len(layout))


@dataclass(frozen=True)
class Census:
    """Every layout that agrees with a position, counted one by one."""

    layouts: int
    mine_layouts: dict[Point, int]


def _read(
    position: Position,
) -> tuple[Grid, set[Point], list[Point], dict[Point, int]]:
    """The board's geometry, its shown mines, its hidden cells and its numbers."""
    grid = Grid(position.width, position.height)
    shown_mines = {cell for cell in grid.cells() if position[cell] == "*"}
    hidden = [cell for cell in grid.cells() if position[cell] in "#F?"]
    numbers = {
        cell: 0 if position[cell] == "." else int(position[cell])
        for cell in grid.cells()
        if position[cell] in ".12345678"
    }
    return grid, shown_mines, hidden, numbers


def _needs(position: Position) -> tuple[list[Point], int, list[tuple[int, int]]]:
    """The hidden cells, how many mines they hold, and each number as the hidden cells
    around it (a bit each, in the order of the cells) with how many of them are mines:
    its value less the shown mines around it."""
    grid, shown_mines, hidden, numbers = _read(position)
    bit = {cell: 1 << at for at, cell in enumerate(hidden)}
    needs = [
        (
            sum(bit.get(near, 0) for near in grid.neighbours(cell)),
            value - sum(near in shown_mines for near in grid.neighbours(cell)),
        )
        for cell, value in numbers.items()
    ]
    return hidden, position.mines - len(shown_mines), needs


def _agreeing(hidden: list[Point], to_place: int, needs: list[tuple[int, int]]) -> Iterator[int]:
    """Every choice of ``to_place`` of the hidden cells, as a mask, that each number
    agrees with."""
    for chosen in combinations([1 << at for at in range(len(hidden))], to_place):
        layout = sum(chosen)
        if all((layout & around).bit_count() == need for around, need in needs):
            yield layout


def brute_force(position: Position) -> Census | None:
    """Enumerate layouts outright; None when there are too many to try."""
    hidden, to_place, needs = _needs(position)
    if to_place < 0 or to_place > len(hidden):
        return Census(0, {cell: 0 for cell in hidden})
    if comb(len(hidden), to_place) > BRUTE_FORCE_LIMIT:
        return None
    layouts = 0
    mine_layouts = dict.fromkeys(hidden, 0)
    for layout in _agreeing(hidden, to_place, needs):
        layouts += 1
        while layout:
            low = layout & -layout
            mine_layouts[hidden[low.bit_length() - 1]] += 1
            layout ^= low
    return Census(layouts, mine_layouts)


@st.composite
def played_positions(draw: st.DrawFn, max_side: int = 5) -> Position:
    """A position from a real layout: some safe cells open, some cells flagged or marked.

    Each cell's state (open twice as likely as each other state) and whether it holds a
    mine are a byte each of two draws (see ``cell_choices``): a cell holds a mine when its
    byte falls under ``mine_rate`` of the byte's range, so any layout can be drawn and
    a shrinking rate clears the mines."""
    width = draw(st.integers(1, max_side))
    height = draw(st.integers(1, max_side))
    states = draw(cell_choices("OOHFM", width * height))
    cells = [(x, y) for y in range(height) for x in range(width)]
    mine_rate = draw(st.floats(0, 0.5))
    chances = draw(st.binary(min_size=width * height, max_size=width * height))
    layout = {cell for cell, chance in zip(cells, chances, strict=True) if chance < mine_rate * 256}
    return draw_position(
        width,
        height,
        layout,
        revealed=[c for c, s in zip(cells, states, strict=True) if s == "O" and c not in layout],
        flagged=[c for c, s in zip(cells, states, strict=True) if s == "F"],
        maybe=[c for c, s in zip(cells, states, strict=True) if s == "M"],
    )


@st.composite
def arbitrary_positions(draw: st.DrawFn, max_side: int = 5) -> Position:
    """Any legal text with any mine count: mostly positions no layout can produce.

    The cells are one draw (see ``cell_choices``), covered three times as often as
    each other symbol."""
    width = draw(st.integers(1, max_side))
    height = draw(st.integers(1, max_side))
    text = "".join(draw(cell_choices("###F?.1234*X", width * height)))
    rows = tuple(text[y * width : (y + 1) * width] for y in range(height))
    mines = draw(st.integers(0, width * height))
    return Position(rows, mines)


def layouts_of(position: Position) -> list[frozenset[Point]]:
    """Every layout that agrees with a small position, listed."""
    hidden, to_place, needs = _needs(position)
    return [
        frozenset(cell for at, cell in enumerate(hidden) if layout >> at & 1)
        for layout in _agreeing(hidden, to_place, needs)
    ]


def assert_matches_brute_force(position: Position) -> None:
    """The exact analysis agrees with the oracle wherever the oracle can count: the same
    layouts, chances, safe cells and mines, and an impossible position refused."""
    census = brute_force(position)
    event("too many layouts" if census is None else f"consistent: {census.layouts > 0}")
    if census is None:
        return
    if census.layouts == 0:
        with pytest.raises(InconsistentPosition):
            analyze(position)
        return
    result = analyze(position)
    assert result.layouts == census.layouts
    assert set(result.probability) == set(census.mine_layouts)
    for cell, mines in census.mine_layouts.items():
        assert math.isclose(result.probability[cell], mines / census.layouts, abs_tol=1e-9)
    assert result.safe == {cell for cell, mines in census.mine_layouts.items() if mines == 0}
    assert result.mines == {
        cell for cell, mines in census.mine_layouts.items() if mines == census.layouts
    }
