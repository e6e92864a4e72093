"""Games played through the session and read by ms_toollib in a process of its own: the
figures players compare, checked against the reference implementation."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, NamedTuple

from buscaminas.core.engine import Action, Minesweeper, Move
from buscaminas.core.grid import Point
from buscaminas.core.scoring import GameRecord
from buscaminas.core.solver import Position, analyze
from buscaminas.game.commands import Command, Verb
from buscaminas.game.keeper import Keeper
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.records.storage import Store


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
    cells = list(game.grid.cells())
    revealed = [cell for cell in cells if game.is_revealed(cell)]
    hidden = [cell for cell in cells if not game.is_revealed(cell) and cell not in game.flags]
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
    chords = sorted(
        cell
        for cell in game.grid.cells()
        if satisfied(game, cell)
        and any(
            not game.is_revealed(near) and near not in game.flags
            for near in game.grid.neighbours(cell)
        )
    )
    if unflagged and rng.random() < 0.4:
        clicks.append(Move(Action.FLAG, rng.choice(unflagged)))
    elif chords and rng.random() < 0.6:
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
