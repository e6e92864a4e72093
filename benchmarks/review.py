"""How long a review takes against the replay of the same game, on big boards.

A game is played to the end by a player who knows the layout (every move
is safe) but plays as a person does: one hidden safe cell beside the opened
area at a time, a flag now and then, an expand where a number's flags are
all placed.  Its journal is then reviewed (``buscaminas.review.review``:
one ``analyze`` per position that changed) and the time taken is compared
with the replay of the same journal: at its own pace (waits cut to
``LONGEST_WAIT``) and at the fastest replay speed.  The player's moves are
``--pace`` seconds apart, a quick human's pace on a board this size.
"""

from __future__ import annotations

import argparse
import itertools
import random
import time

from buscaminas import generator
from buscaminas.boardfile import BoardFile
from buscaminas.engine import Action, Minesweeper, Move
from buscaminas.grid import Point
from buscaminas.journal import Journal, Played
from buscaminas.replay import LONGEST_WAIT, SPEEDS
from buscaminas.review import review


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--width", type=int, default=99)
    parser.add_argument("--height", type=int, default=99)
    parser.add_argument("--mines", type=int, default=1600, help="mines (default: 16%%)")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between moves")


def played(width: int, height: int, mines: int, seed: int, pace: float) -> Journal:
    """A whole game by a player who never hits a mine, as a journal ``pace`` s a move."""
    rng = random.Random(seed)
    first = (width // 2, height // 2)
    layout = generator.generate(width, height, mines, start=first, seed=seed)
    journal = Journal(
        width, height, mines, start=BoardFile(width, height, layout, frozenset(), frozenset())
    )
    game = Minesweeper.from_layout(width, height, layout)
    clock = 0.0
    move = Move(Action.TRY, first)
    while True:
        game.act(move)
        journal.moves.append(Played(move, round(clock, 3)))
        if game.end is not None:
            return journal
        clock += pace * rng.uniform(0.5, 1.5)
        move = _next_move(game, layout, rng)


def _next_move(game: Minesweeper, layout: frozenset[Point], rng: random.Random) -> Move:
    """A safe cell beside the opened area, or now and then a flag or an expand there."""
    frontier = [
        cell
        for cell in game.grid.cells()
        if not game.is_revealed(cell)
        and cell not in game.flags
        and any(game.is_revealed(near) for near in game.grid.neighbours(cell))
    ]
    mines = [cell for cell in frontier if cell in layout]
    safe = [cell for cell in frontier if cell not in layout]
    if mines and rng.random() < 0.2:
        return Move(Action.FLAG, rng.choice(mines))
    if not safe:
        safe = [
            cell for cell in game.grid.cells() if cell not in layout and not game.is_revealed(cell)
        ]
    cell = rng.choice(safe)
    for number in game.grid.neighbours(cell):
        shown = game.number(number)
        flags = [near for near in game.grid.neighbours(number) if near in game.flags]
        if shown and len(flags) == shown and all(flag in layout for flag in flags):
            return Move(Action.EXPAND, number)  # its flags are all placed, and right
    return Move(Action.TRY, cell)


def run(args: argparse.Namespace) -> int:
    for index in range(args.games):
        journal = played(args.width, args.height, args.mines, args.seed + index, args.pace)
        began = time.perf_counter()
        judged = review(journal, dealt=True)
        seconds = time.perf_counter() - began
        moves = journal.moves
        gaps = [later.at - earlier.at for earlier, later in itertools.pairwise(moves)]
        own_pace = sum(min(gap, LONGEST_WAIT) for gap in gaps)
        fastest = own_pace / SPEEDS[-1]
        reveals = sum(1 for played in moves if played.move.action is not Action.FLAG)
        print(
            f"{args.width}×{args.height}/{args.mines} seed {args.seed + index}:"
            f" {len(moves)} moves ({reveals} reveals), review {seconds:.2f} s"
            f" ({1000 * seconds / len(moves):.1f} ms a move);"
            f" replay {own_pace:.0f} s at its own pace, {fastest:.1f} s at {SPEEDS[-1]:g}×;"
            f" review/replay at {SPEEDS[-1]:g}× = {seconds / fastest:.2f};"
            f" guesses {judged.guesses}, estimated {judged.estimated}"
        )
    return 0
