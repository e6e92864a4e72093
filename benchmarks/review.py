"""How long a review takes against the replay of the same game, on big boards.

A game is played to the end by a player who knows the layout (every move
is safe) but plays as a person does: one hidden safe cell beside the opened
area at a time, a flag now and then, an expand where a number's flags are
all placed.  Its journal is then reviewed (``buscaminas.game.review.review``:
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

from buscaminas.core import generator
from buscaminas.core.engine import Action, Minesweeper, Move
from buscaminas.core.grid import Point
from buscaminas.game import review as reviewing
from buscaminas.game.journal import Journal, Played
from buscaminas.game.playback import LONGEST_WAIT, SPEEDS
from buscaminas.game.review import review
from buscaminas.records.boardfile import BoardFile


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--width", type=int, default=99)
    parser.add_argument("--height", type=int, default=99)
    parser.add_argument("--mines", type=int, default=1600, help="mines (default: 16%%)")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between moves")
    parser.add_argument(
        "--no-glance",
        action="store_true",
        help="judge every move with the full analysis, for a before/after comparison",
    )


def played(width: int, height: int, mines: int, seed: int, pace: float) -> Journal:
    """A whole game by a player who never hits a mine, as a journal ``pace`` s a move.

    The player sweeps outwards from the first click (the nearest hidden safe cell
    next, give or take a few cells), flags a mine beside it one time in five,
    and expands a number whose flags are all placed where it can.
    """
    rng = random.Random(seed)
    first = (width // 2, height // 2)
    layout = generator.generate(width, height, mines, start=first, seed=seed)
    start = BoardFile(width, height, layout, frozenset(), frozenset())
    journal = Journal(width, height, mines, start=start)
    game = Minesweeper.from_layout(width, height, layout)
    sweep = sorted(
        (cell for cell in game.grid.cells() if cell not in layout),
        key=lambda cell: max(abs(cell[0] - first[0]), abs(cell[1] - first[1])) + rng.random() * 3,
    )
    clock = 0.0
    for cell in sweep:
        if game.end is not None:
            break
        if game.is_revealed(cell):
            continue
        for move in _moves_at(game, layout, cell, rng):
            game.act(move)
            journal.moves.append(Played(move, round(clock, 3)))
            clock += pace * rng.uniform(0.5, 1.5)
    return journal


def _moves_at(
    game: Minesweeper, layout: frozenset[Point], cell: Point, rng: random.Random
) -> list[Move]:
    """The moves that open ``cell``: a flag first now and then, and an expand where one
    of its numbers has its flags all placed, else a plain try."""
    moves = []
    beside = [near for near in game.grid.neighbours(cell) if near in layout]
    unflagged = [near for near in beside if near not in game.flags]
    if unflagged and rng.random() < 0.2:
        moves.append(Move(Action.FLAG, rng.choice(unflagged)))
    for number in game.grid.neighbours(cell):
        shown = game.number(number)
        flags = [near for near in game.grid.neighbours(number) if near in game.flags]
        if shown and len(flags) == shown and all(flag in layout for flag in flags):
            return [*moves, Move(Action.EXPAND, number)]
    return [*moves, Move(Action.TRY, cell)]


def run(args: argparse.Namespace) -> int:
    if args.no_glance:
        reviewing._proved_nearby = lambda *_args: False  # the review before the glance
    for index in range(args.games):
        journal = played(args.width, args.height, args.mines, args.seed + index, args.pace)
        began, began_cpu = time.perf_counter(), time.process_time()
        judged = review(journal, dealt=True)
        seconds, cpu = time.perf_counter() - began, time.process_time() - began_cpu
        moves = journal.moves
        gaps = [later.at - earlier.at for earlier, later in itertools.pairwise(moves)]
        own_pace = sum(min(gap, LONGEST_WAIT) for gap in gaps)
        fastest = own_pace / SPEEDS[-1]
        reveals = sum(1 for played in moves if played.move.action is not Action.FLAG)
        print(
            f"{args.width}×{args.height}/{args.mines} seed {args.seed + index}:"
            f" {len(moves)} moves ({reveals} reveals), review {seconds:.2f} s ({cpu:.2f} s CPU)"
            f" ({1000 * seconds / len(moves):.1f} ms a move);"
            f" replay {own_pace:.0f} s at its own pace, {fastest:.1f} s at {SPEEDS[-1]:g}×;"
            f" review/replay at {SPEEDS[-1]:g}× = {seconds / fastest:.2f};"
            f" guesses {judged.guesses}, estimated {judged.estimated}"
        )
    return 0
