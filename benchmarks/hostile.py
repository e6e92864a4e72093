"""Time help and an AI move on the worst of 200 hostile 99×99 positions, against expert.

Issue 19 asks that every ``help``, ``?`` and AI move answer within 0.25 s on
any position up to 99×99.  The hostile positions are the adversarial shapes
(:mod:`.shapes`) at 99×99 with a fifth of the cells mined: scattered reveals
(5% to 50% of the safe cells shown, no opening flooded: the frontier is one
tangle over the whole board), stripes, checkerboards, combs and chains, each
family with its own seeds.  The baseline is the median of mid-game expert
positions (30×16/99, taken as :mod:`.bigboard` takes them) in the same run.

Each position is dealt as a game, and timed as the player waits for it:
``help`` is :func:`buscaminas.game.hints.hint` (the analysis, the proof or the
rescue's ranking); an AI move is the analysis and its ``best_move``.  Each
solver runs in fresh processes, one per run and per kind of answer, and
``--against DIR`` times another version (a directory holding its
``buscaminas``) on the very same games, run after run alternately.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import buscaminas
from buscaminas.core.alphabet import COVERED

from .bigboard import STAGES, Solver, board_of, dealt, mid_game
from .shapes import layout_of

SIZE = 99
SCATTER_REVEALS = (0.05, 0.1, 0.2, 0.3, 0.5)
"""Shares of the safe cells a scatter shows: sparse reveals tangle the most."""
FAMILIES = (*(f"scatter {share:g}" for share in SCATTER_REVEALS), "stripes", "checkerboard")
FAMILIES += ("comb", "chain")
EXPERT = "30x16/99"
TARGET = 0.25
"""Seconds within which every answer must come (issue 19)."""
ANSWERS = ("help", "ai")

Cells = frozenset[tuple[int, int]] | set[tuple[int, int]]
Game = tuple[int, int, list[list[int]], list[list[int]]]
"""A dealt game as JSON carries it: width, height, its mines, the cells shown."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--positions", type=int, default=200, help="hostile 99x99 positions")
    parser.add_argument("--runs", type=int, default=3, help="timings of every position")
    parser.add_argument(
        "--expert-seeds", type=int, default=3, help="expert games to take positions from"
    )
    parser.add_argument(
        "--against",
        type=Path,
        default=None,
        help="time this directory's solver too (it holds a buscaminas package)",
    )


def hostile(count: int) -> list[tuple[str, Game]]:
    """``count`` hostile games, the families taken in turn, each with its next seed."""
    games = []
    for index in range(count):
        family = FAMILIES[index % len(FAMILIES)]
        shape, _, share = family.partition(" ")
        width, height, layout, revealed = layout_of(
            shape, SIZE, SIZE, index // len(FAMILIES), reveal=float(share or 0.5)
        )
        games.append((family, _as_json(width, height, layout, revealed)))
    return games


def expert(seeds: int) -> list[Game]:
    """Mid-game expert positions, dealt again as games (the layout is the seed's).

    The lucky AI takes every game through every stage, so the positions come
    stage by stage, one per game, in the order of the seeds."""
    width, height, mines = board_of(EXPERT)
    layouts = [dealt(width, height, mines, seed, no_guess=True)[1] for seed in range(seeds)]
    games = []
    for index, (_, position) in enumerate(mid_game(EXPERT, seeds, list(STAGES), no_guess=True)):
        shown = {
            (x, y)
            for y, row in enumerate(position.rows)
            for x, char in enumerate(row)
            if char not in COVERED
        }
        games.append(_as_json(width, height, layouts[index % seeds], shown))
    return games


def _as_json(width: int, height: int, layout: Cells, revealed: Cells) -> Game:
    return (
        width,
        height,
        [list(cell) for cell in sorted(layout)],
        [list(cell) for cell in sorted(revealed)],
    )


def child() -> None:
    """Time one kind of answer on every game asked, in this fresh process."""
    from buscaminas import collector as startup
    from buscaminas.core.engine import Minesweeper
    from buscaminas.core.solver import Position, analyze
    from buscaminas.game import hints

    # As the game's loop runs a command; a tree without the hold runs it bare.
    working = getattr(startup, "working", nullcontext)

    job = json.load(sys.stdin)
    times = []
    # Each game is read when its turn comes: two hundred games held as lists
    # would be millions of objects for the cycle collector to walk, pauses the
    # harness's own, not the game's.
    for text in job["games"]:
        width, height, mines, revealed = json.loads(text)
        game = Minesweeper.from_layout(
            width, height, map(tuple, mines), revealed=map(tuple, revealed)
        )
        game.rows()  # the picture a game keeps move by move, as in play
        started = time.perf_counter()
        with working():
            if job["answer"] == "help":
                hints.hint(game)
            else:
                analyze(Position.from_game(game)).best_move  # noqa: B018 (the AI's choice)
        times.append(time.perf_counter() - started)
    print(json.dumps(times))


def _per_position(runs: list[list[float]]) -> list[float]:
    """Each position's median over the runs, in seconds."""
    return [statistics.median(times) for times in zip(*runs, strict=True)]


def run(args: argparse.Namespace) -> int:
    solvers = [Solver("this tree", Path(buscaminas.__file__).resolve().parents[1])]
    if args.against is not None:
        solvers.append(Solver(str(args.against), args.against.resolve()))
    started = time.perf_counter()
    families, games = zip(*hostile(args.positions), strict=True)
    baseline = expert(args.expert_seeds)
    print(
        f"{len(games)} hostile {SIZE}x{SIZE} games and {len(baseline)} expert positions"
        f" made in {time.perf_counter() - started:.1f} s"
    )
    timed: dict[tuple[str, str, str], list[list[float]]] = {}
    for _ in range(args.runs):
        for solver in solvers:
            for answer in ANSWERS:
                for board, chosen in (("hostile", list(games)), ("expert", baseline)):
                    texts = [json.dumps(game) for game in chosen]
                    job: dict[str, Any] = {"answer": answer, "games": texts}
                    timed.setdefault((solver.name, answer, board), []).append(
                        solver.ask(job, "hostile")
                    )
    for solver in solvers:
        for answer in ANSWERS:
            worst = _per_position(timed[(solver.name, answer, "hostile")])
            typical = statistics.median(_per_position(timed[(solver.name, answer, "expert")]))
            slowest = max(range(len(worst)), key=worst.__getitem__)
            over = sum(seconds > TARGET for seconds in worst)
            print(
                f"{solver.name}, {answer}: hostile worst {worst[slowest] * 1000:.1f} ms"
                f" ({families[slowest]}, seed {slowest // len(FAMILIES)}),"
                f" median {statistics.median(worst) * 1000:.1f} ms,"
                f" over {TARGET:g} s: {over} of {len(worst)};"
                f" expert median {typical * 1000:.2f} ms;"
                f" worst / expert median {worst[slowest] / typical:.0f}x"
            )
    return 0
