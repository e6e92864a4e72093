"""The figures of a game (3BV, clicks, IOE, RQP, throughput) against ms_toollib's, the
library Minesweeper players' replay tools compute them with.

Games are played through the session as a player would play them: the project's solver
picks the moves, chords and flags included, with wasted clicks (a reveal of a revealed
cell, a flag on a number, a chord on a hidden cell) and, in some games, a flag put on a
safe cell and taken off again.  Each game's clicks are then replayed in ms_toollib, in a
subprocess: a Rust panic there (reading a figure of a game not over, say) aborts the
whole process rather than raising.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from buscaminas.core.engine import Minesweeper
from buscaminas.core.grid import Point
from buscaminas.core.scoring import index_of_efficiency
from buscaminas.game.journal import loads
from tests.toollib_support import (
    Played,
    in_ms_toollib,
    play,
)

MS_TOOLLIB = """
import json, sys, time
import ms_toollib

EVENTS = {"try": ("lc", "lr"), "flag": ("rc", "rr"), "expand": ("mc", "mr")}
NAMES = ("bbbv", "bbbv_solved", "cl", "ce", "ioe", "thrp", "rtime", "rqp")
for line in sys.stdin:
    game = json.loads(line)
    video = ms_toollib.BaseVideo(game["board"], 16)
    for index, (action, row, column) in enumerate(game["clicks"]):
        for event in EVENTS[action]:
            video.step(event, (row * 16, column * 16))
        if index == 0:
            time.sleep(0.02)  # so that the time, and RQP with it, is not zero
    state = video.game_board_state
    figures = {name: getattr(video, name) for name in NAMES} if state in (3, 4) else {}
    print(json.dumps({"won": state == 3, **figures}), flush=True)
"""
"""Replays each game (one JSON line: the board as ms_toollib reads it, mines -1, and the
clicks as action, row, column) and prints its figures; states 3 and 4 are won and lost."""


def board_for_ms_toollib(game: Minesweeper, mines: frozenset[Point]) -> list[list[int]]:
    """Rows of numbers, -1 for a mine."""
    counts = game.grid.mine_counts(mines)
    return [
        [-1 if (x, y) in mines else counts[(x, y)] for x in range(game.width)]
        for y in range(game.height)
    ]


def ms_toollib_figures(games: list[Played]) -> list[dict[str, Any]]:
    lines = []
    for game in games:
        assert game.record.journal is not None
        journal = loads(game.record.journal)
        assert journal.start is not None
        board = board_for_ms_toollib(journal.game(0), journal.start.mines)
        clicks = [[move.action.value, move.cell[1], move.cell[0]] for move in game.clicks]
        lines.append({"board": board, "clicks": clicks})
    return in_ms_toollib(MS_TOOLLIB, lines)


def check_against_ms_toollib(games: int, tmp_path: Path) -> None:
    played = [play(seed, tmp_path) for seed in range(games)]
    theirs = ms_toollib_figures(played)
    assert len(theirs) == len(played)
    wins = 0
    for game, figures in zip(played, theirs, strict=True):
        record = game.record
        clicks = record.clicks
        assert clicks == len(game.clicks), "every click the player made, the refused ones too"
        assert figures["won"] is record.won
        assert figures["bbbv"] == record.three_bv
        assert figures["cl"] == clicks
        if not record.won:
            continue
        wins += 1
        assert figures["bbbv_solved"] == record.three_bv
        assert figures["ioe"] == index_of_efficiency(record.three_bv, clicks)
        timed = record._replace(seconds=figures["rtime"])
        if timed.rqp is not None:
            assert figures["rqp"] == timed.rqp
        if not game.flags_taken_off:
            # ms_toollib counts a flag as effective only the first time a mine gets one.
            assert figures["ce"] == record.board_commands
            assert figures["thrp"] == record.throughput
    assert wins >= games // 2, "most games are won, so that the figures are compared"
    won = [game for game in played if game.record.won]
    assert any(game.flags_taken_off for game in won) and any(
        len(game.clicks) > game.record.board_commands for game in won
    ), "wasted clicks and flags taken off were compared too"


def test_the_figures_agree_with_ms_toollib(tmp_path: Path) -> None:
    check_against_ms_toollib(30, tmp_path)


@pytest.mark.slow
def test_the_figures_agree_with_ms_toollib_on_hundreds_of_games(tmp_path: Path) -> None:
    check_against_ms_toollib(300, tmp_path)
