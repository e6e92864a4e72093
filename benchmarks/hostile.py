"""Time help and an AI move on the worst of 200 hostile 99×99 positions, against expert.

Issue 19 asks that every ``help``, ``?`` and AI move answer within 0.25 s on
any position up to 99×99.  The hostile positions are the adversarial shapes
(:mod:`.shapes`) at 99×99 with a fifth of the cells mined: scattered reveals
(5% to 50% of the safe cells shown, no opening flooded: the frontier is one
tangle over the whole board), stripes, checkerboards, combs and chains, each
family with its own seeds.  The baseline is the median of mid-game expert
positions (30×16/99, taken as :mod:`.bigboard` takes them) in the same run.

Each position is dealt as a game, and timed as the player waits for it, by
the wall clock and the CPU's: ``help`` is :func:`buscaminas.game.hints.hint`
(the analysis, the proof or the rescue's ranking); an AI move is the
analysis and its ``best_move``.  Each position is fresh: the solver keeps
nothing of the one before.  Each solver runs in fresh processes, one per run
and per kind of answer; with ``--first-calls``, every position is timed again
in a process of its own as a session's first answer, the solver's and the
hints' imports included.  ``--load N`` keeps N processes busy beside the
timings.  ``--against DIR`` times another version (a directory holding its
``buscaminas``) on the very same games, run after run alternately.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
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
        "--first-calls",
        action="store_true",
        help="time every position again as the first answer of a fresh process, imports included",
    )
    parser.add_argument(
        "--load", type=int, default=0, help="busy processes to run beside the timings"
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


def _per_position(runs: list[list[list[float]]], clock: int) -> list[float]:
    """Each position's median over the runs, in seconds, by the wall clock (0) or the CPU's (1)."""
    return [statistics.median(times[clock] for times in run) for run in zip(*runs, strict=True)]


def _over(seconds: list[float]) -> str:
    return f"over {TARGET:g} s: {sum(each > TARGET for each in seconds)} of {len(seconds)}"


class Busy:
    """Processes that keep the machine's cores busy while the timings run."""

    def __init__(self, count: int):
        self._processes = [
            subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)
        ]

    def __enter__(self) -> Busy:
        return self

    def __exit__(self, *_: object) -> None:
        for process in self._processes:
            process.kill()
            process.wait()


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
    texts = {"hostile": [json.dumps(game) for game in games]}
    texts["expert"] = [json.dumps(game) for game in baseline]
    timed: dict[tuple[str, str, str], list[list[list[float]]]] = {}
    with Busy(args.load):
        print(f"load average at the start: {os.getloadavg()[0]:.2f}", flush=True)
        for _ in range(args.runs):
            for solver in solvers:
                for answer in ANSWERS:
                    for board, chosen in texts.items():
                        job: dict[str, Any] = {"answer": answer, "games": chosen, "first": False}
                        timed.setdefault((solver.name, answer, board), []).append(
                            solver.ask(job, "answer")
                        )
                    if args.first_calls:
                        timed.setdefault((solver.name, answer, "first"), []).append(
                            [
                                solver.ask(
                                    {"answer": answer, "games": [text], "first": True}, "answer"
                                )[0]
                                for text in texts["hostile"]
                            ]
                        )
        print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    for solver in solvers:
        for answer in ANSWERS:
            typical = statistics.median(_per_position(timed[(solver.name, answer, "expert")], 0))
            for board, what in (("hostile", "fresh"), ("first", "first of a process")):
                if (solver.name, answer, board) not in timed:
                    continue
                runs = timed[(solver.name, answer, board)]
                wall, cpu = _per_position(runs, 0), _per_position(runs, 1)
                slowest = max(range(len(wall)), key=wall.__getitem__)
                print(
                    f"{solver.name}, {answer}, {what}: worst {wall[slowest] * 1000:.1f} ms"
                    f" ({families[slowest]}, seed {slowest // len(FAMILIES)}),"
                    f" median {statistics.median(wall) * 1000:.1f} ms, {_over(wall)};"
                    f" CPU worst {max(cpu) * 1000:.1f} ms,"
                    f" median {statistics.median(cpu) * 1000:.1f} ms, {_over(cpu)};"
                    f" expert median {typical * 1000:.2f} ms"
                )
    return 0
