"""ZiNi, the clicks a board needs when the player chords, by the community's greedy
method: worked out by hand on small boards, and the same as ms_toollib's on 300."""

from __future__ import annotations

import random

import pytest

from buscaminas.core.grid import Point
from buscaminas.core.zini import zini
from tests.toollib_support import in_ms_toollib, needs_ms_toollib


def test_a_board_that_one_opening_clears_needs_one_click() -> None:
    # The mine in a corner: every number borders the one opening.
    assert zini(3, 3, {(0, 0)}) == 1
    assert zini(30, 16, {(29, 15)}) == 1


def test_a_mine_ringed_by_ones_takes_five_clicks_where_3bv_says_eight() -> None:
    # Eight 1s, each its own 3BV.  The method opens 1 2 (x 1, y 2: the leftmost of the
    # best premium, 2), flags the mine and chords: 3 clicks open 1 1, 1 2, 1 3, 2 1
    # and 2 3.  Then a chord on 2 1 opens 3 1 and 3 2, and one on 2 3 opens 3 3.
    assert zini(3, 3, {(1, 1)}) == 5


def test_a_number_no_chord_pays_for_is_clicked() -> None:
    # Mines everywhere but one cell: a chord there would cost its three flags.
    full = {(x, y) for x in range(3) for y in range(3)} - {(2, 2)}
    assert zini(3, 3, full) == 1


ZINI = """
import json, sys
import ms_toollib

for line in sys.stdin:
    board = json.loads(line)["board"]
    print(json.dumps({"zini": ms_toollib.cal_zini(board)}), flush=True)
"""
"""ms_toollib's greedy ZiNi of each board (rows of numbers, -1 a mine)."""


def as_rows(width: int, height: int, mines: set[Point]) -> list[list[int]]:
    def number(x: int, y: int) -> int:
        return sum((x + dx, y + dy) in mines for dx in (-1, 0, 1) for dy in (-1, 0, 1))

    return [[-1 if (x, y) in mines else number(x, y) for x in range(width)] for y in range(height)]


@pytest.mark.slow
@needs_ms_toollib
def test_zini_is_ms_toollibs_on_300_boards_of_every_size_and_density() -> None:
    boards: list[tuple[int, int, set[Point]]] = []
    for seed in range(300):
        rng = random.Random(seed)
        width, height = rng.randint(3, 40), rng.randint(3, 30)
        if seed % 10 == 0:  # the sizes players rank on, too
            width, height = rng.choice([(9, 9), (16, 16), (30, 16)])
        cells = [(x, y) for x in range(width) for y in range(height)]
        mines = rng.randint(1, len(cells) * rng.choice([1, 2, 3]) // 10 + 1)
        boards.append((width, height, set(rng.sample(cells, min(mines, len(cells) - 1)))))
    theirs = in_ms_toollib(ZINI, [{"board": as_rows(*board)} for board in boards])
    ours = [zini(*board) for board in boards]
    assert ours == [answer["zini"] for answer in theirs]
    assert len(set(ours)) > 50, "boards of many ZiNis were compared"
