"""Games played through the session, and games played in ms_toollib's own video, read
by ms_toollib in a process of its own: a panic in it (reading a figure of a game not over,
say) aborts the whole process rather than raising. The figures players compare, checked
against the reference implementation."""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from buscaminas.core.engine import Action, Minesweeper, Move
from buscaminas.core.grid import Point
from buscaminas.core.scoring import GameRecord
from buscaminas.core.solver import Position, analyze
from buscaminas.game.commands import Command, Verb
from buscaminas.game.keeper import Keeper
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.records.storage import Store

needs_ms_toollib = pytest.mark.skipif(
    importlib.util.find_spec("ms_toollib") is None,
    reason="ms_toollib is not installed (the test extra installs it: pip install -e '.[test]')",
)

RECORD = """
import json, sys, time
import ms_toollib

BUTTONS = {"left": ("lc", "lr"), "right": ("rc", "rr"), "chord": ("lc", "rc", "lr", "rr")}
for line in sys.stdin:
    game = json.loads(line)
    video = ms_toollib.BaseVideo(game["board"], 16)
    for button, x, y in game["clicks"]:
        for event in BUTTONS[button]:
            video.step(event, (y * 16 + 8, x * 16 + 8))
        time.sleep(0.002)
    video.generate_evf_v4_raw_data()
    read = ms_toollib.EvfVideo(raw_data=video.raw_data, file_name="game.evf")
    read.parse()
    read.analyse()
    read.current_time = 1e9
    print(json.dumps({"data": list(video.raw_data), "bbbv": read.bbbv, "cl": read.cl,
                      "zini": ms_toollib.cal_zini(game["board"]),
                      "won": read.is_completed}), flush=True)
"""
"""Plays each game (the board as rows of numbers, -1 a mine; the clicks as button, x, y)
in ms_toollib's own video, and prints the EVF replay it writes, as bytes, with the
figures ms_toollib reads back from it."""


class Played(NamedTuple):
    record: GameRecord
    clicks: list[Move]
    flags_taken_off: bool


def satisfied(game: Minesweeper, cell: Point) -> bool:
    """A revealed number whose flags are all placed: a reveal of it is a chord."""
    number = game.number(cell)
    return bool(number) and game.around(cell)[0] == number


def wasted_click(game: Minesweeper, rng: random.Random) -> Move | None:
    """A command that changes nothing: the engine refuses it, ms_toollib counts it only
    as a click."""
    cells, flags = list(game.grid.cells()), game.flags  # a copy each time it is asked
    revealed = [cell for cell in cells if game.is_revealed(cell)]
    hidden = [cell for cell in cells if not game.is_revealed(cell) and cell not in flags]
    choices = [
        *(Move(Action.TRY, cell) for cell in revealed if not satisfied(game, cell)),
        *(Move(Action.FLAG, cell) for cell in revealed),
        *(Move(Action.EXPAND, cell) for cell in hidden),
    ]
    return rng.choice(choices) if choices else None


def next_clicks(game: Minesweeper, rng: random.Random, *, unflag: bool) -> list[Move]:
    """The player's next clicks: a proven mine flagged, a chord, or the solver's reveal,
    sometimes after a wasted click or a flag put on a safe cell and taken off."""
    analysis = analyze(Position.from_game(game))
    clicks: list[Move] = []
    if game.started and rng.random() < 0.3:
        wasted = wasted_click(game, rng)
        if wasted is not None:
            clicks.append(wasted)
    safe = sorted(analysis.safe - game.flags)
    if unflag and safe and rng.random() < 0.2:
        cell = rng.choice(safe)
        clicks += [Move(Action.FLAG, cell), Move(Action.FLAG, cell)]
    unflagged = sorted(analysis.mines - game.flags)
    if unflagged and rng.random() < 0.4:
        clicks.append(Move(Action.FLAG, rng.choice(unflagged)))
        return clicks
    # looked for only when no flag is played, and only beside the cells a chord would
    # open: looking around every cell of the board is most of a turn
    flags = game.flags
    closed = [cell for cell in game.grid.cells() if not (game.is_revealed(cell) or cell in flags)]
    beside = {near for cell in closed for near in game.grid.neighbours(cell)}
    chords = sorted(cell for cell in beside if satisfied(game, cell))
    if chords and rng.random() < 0.6:
        clicks.append(Move(Action.EXPAND, rng.choice(chords)))
    else:
        clicks.append(Move(Action.TRY, analysis.best_move))
    return clicks


VERBS = {Action.TRY: Verb.TRY, Action.FLAG: Verb.FLAG, Action.EXPAND: Verb.EXPAND}


def play(seed: int, tmp_path: Path) -> Played:
    """One game played through the session to its end, every click kept."""
    rng = random.Random(seed)
    width, height, mines = rng.choice([(8, 8, 10), (9, 9, 10), (16, 16, 40), (12, 7, 20)])
    settings = Settings(width, height, mines, seed=seed, no_guess=rng.random() < 0.8)
    session = Session(
        settings, Keeper(Store(tmp_path / "games.sqlite3", on_warning=print)), legend=[]
    )
    unflag = rng.random() < 0.5
    clicks: list[Move] = []
    while session.current.game.end is None:
        for move in next_clicks(session.current.game, rng, unflag=unflag):
            clicks.append(move)
            session.handle(Command(VERBS[move.action], move.cell))
    return Played(session.records[-1], clicks, unflag)


def in_ms_toollib(script: str, documents: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What ``script`` prints, a JSON line for each of ``documents`` it reads as JSON lines,
    run in a process of its own: a panic in ms_toollib aborts only that process."""
    result = subprocess.run(
        [sys.executable, "-c", script],
        input="".join(json.dumps(document) + "\n" for document in documents),
        capture_output=True,
        text=True,
        check=True,
    )
    return [json.loads(line) for line in result.stdout.splitlines()]


def board_rows(rows: list[str]) -> list[list[int]]:
    """``*`` a mine, anything else safe: as ms_toollib reads a board, a row per line,
    -1 a mine and every other cell its number."""
    height, width = len(rows), len(rows[0])
    mine = {(x, y) for y, row in enumerate(rows) for x, char in enumerate(row) if char == "*"}

    def count(x: int, y: int) -> int:
        around = ((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
        return sum(1 for near in around if near in mine)

    return [[-1 if (x, y) in mine else count(x, y) for x in range(width)] for y in range(height)]


def recorded(rows: list[str], clicks: list[tuple[str, int, int]]) -> dict[str, Any]:
    """A game played on ``rows`` with ``clicks`` (button, x, y from 1), as ms_toollib
    writes it: ``data`` the EVF replay's bytes, and the figures it reads back."""
    (made,) = in_ms_toollib(
        RECORD,
        [{"board": board_rows(rows), "clicks": [(b, x - 1, y - 1) for b, x, y in clicks]}],
    )
    return made
