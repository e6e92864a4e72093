"""Time the solver on mid-game 99×99/2000 positions against expert, and whole games by the AI.

Positions are reproducible: a seeded board (the game's own opening start)
is played by the AI, and the position is taken each time the share of safe
cells revealed passes a stage (10%, 30%, ... by default).  The AI here is
lucky: when its guess would hit a mine it takes instead the safest cell
that is not one, so that every game reaches every stage and is played to
its end.  The positions are made once, with this tree's solver, on no-guess boards by
default (the AI never guesses there, so every version of it plays them
alike), and then
timed as text, so ``--against DIR`` times another version of the solver
(a directory holding its ``buscaminas`` package, such as an export of an
older commit) on the very same positions, alternately with this one, each
run in fresh processes.  Whole games are timed the same way, as the CPU
time of a process playing one seeded game from its first click to its end.
``--instructions`` counts instead the instructions of each position read
whole, under valgrind's callgrind: the same from run to run, whatever the load.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import zip_longest
from pathlib import Path
from typing import Any

import buscaminas
from buscaminas.core.engine import Action, Minesweeper, Move
from buscaminas.core.generator import generate
from buscaminas.core.grid import Grid, Point
from buscaminas.core.solver import Position, analyze, explain

BOARDS = ("99x99/2000", "30x16/99")
"""The board the issue is about, then the baseline it is measured against."""
STAGES = (0.1, 0.3, 0.5, 0.7, 0.9)
"""Shares of the safe cells revealed at which a position is taken."""
MODES = {"play": "in play", "whole": "read whole", "help": "help in play"}
"""How a position is analysed: just after the one before it, or alone; or
asked for a hint just after the one before it."""
TIMED = {"play": "analyze", "whole": "analyze", "help": "analyze and explain"}
"""What each mode times."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--boards", nargs="+", default=list(BOARDS), help="WIDTHxHEIGHT/MINES")
    parser.add_argument(
        "--seeds", type=int, default=3, help="games per board to take positions from"
    )
    parser.add_argument("--stages", nargs="+", type=float, default=list(STAGES))
    parser.add_argument(
        "--layout",
        choices=("no-guess", "random"),
        default="no-guess",
        help="the boards' mines: no-guess (the AI never guesses) or random",
    )
    parser.add_argument(
        "--openings",
        type=int,
        default=0,
        help="cells showing no mine opened at random after the first click, on every board"
        " but the last (the baseline): a ragged frontier",
    )
    parser.add_argument("--runs", type=int, default=3, help="timings of every position")
    parser.add_argument(
        "--games", type=int, default=0, help="whole 99x99/2000 games to time (seeds 0, 1, ...)"
    )
    parser.add_argument("--game-board", default=BOARDS[0], help="the board of the whole games")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count the instructions of each position read whole, under valgrind's callgrind,"
        " instead of timing",
    )
    parser.add_argument(
        "--against",
        type=Path,
        default=None,
        help="time this directory's solver too (it holds a buscaminas package)",
    )


def board_of(text: str) -> tuple[int, int, int]:
    size, _, mines = text.partition("/")
    width, _, height = size.partition("x")
    return int(width), int(height), int(mines)


def lucky_game(
    width: int,
    height: int,
    mines: int,
    seed: int,
    *,
    no_guess: bool,
    openings: int = 0,
    spent: list[float] | None = None,
) -> Iterator[Position]:
    """Every position the lucky AI analyses in one seeded game, first to last.

    It plays as the game's ``auto`` does: one analysis, one move (its
    ``best_move``, a safe cell whenever there is one).  With ``openings``,
    that many cells showing no mine, picked at random over the board, are
    opened after the first click, as a player opening here and there does:
    the frontier is ragged, in many pieces.  The CPU seconds of each analysis
    and choice of move are added to ``spent``.
    """
    game = Minesweeper(width, height, mines)
    first, layout = dealt(width, height, mines, seed, no_guess=no_guess)
    game.lay(layout)
    game.act(Move(Action.TRY, first))
    grid = Grid(width, height)
    zeros = [
        cell
        for cell in grid.cells()
        if cell not in layout and not any(near in layout for near in grid.neighbours(cell))
    ]
    for cell in random.Random(seed).sample(zeros, min(openings, len(zeros))):
        if not game.is_revealed(cell):
            game.act(Move(Action.TRY, cell))
    while game.end is None:
        position = Position.from_game(game)
        yield position
        started = time.process_time()
        result = analyze(position)
        move = result.best_move
        if spent is not None:
            spent.append(time.process_time() - started)
        if move in layout:
            move = min(
                (cell for cell in result.probability if cell not in layout),
                key=lambda cell: (result.probability[cell], cell[1], cell[0]),
            )
        game.act(Move(Action.TRY, move))


def dealt(
    width: int, height: int, mines: int, seed: int, *, no_guess: bool
) -> tuple[Point, frozenset[Point]]:
    """The AI's first click on a blank board and the seeded layout dealt around it."""
    first = analyze(Position(("#" * width,) * height, mines)).best_move
    return first, generate(width, height, mines, start=first, seed=seed, no_guess=no_guess)


def revealed_share(position: Position, mines: int) -> float:
    hidden = sum(char in "#F?" for row in position.rows for char in row)
    safe = position.width * position.height - mines
    return (safe - (hidden - mines)) / safe


Step = tuple[Position, Position]
"""A position of a game and the one before it (before the AI's last move)."""


def mid_game(
    board: str, seeds: int, stages: list[float], *, no_guess: bool, openings: int = 0
) -> list[Step]:
    """The positions of ``seeds`` lucky games at each of ``stages``, stage by
    stage, each with the position before it (``openings``: see :func:`lucky_game`)."""
    width, height, mines = board_of(board)
    games = []
    for seed in range(seeds):
        waiting = sorted(stages)
        taken: list[Step] = []
        before = None
        for position in lucky_game(
            width, height, mines, seed, no_guess=no_guess, openings=openings
        ):
            if before and waiting and revealed_share(position, mines) >= waiting[0]:
                taken.append((before, position))
                while waiting and revealed_share(position, mines) >= waiting[0]:
                    waiting.pop(0)
            if not waiting:
                break
            before = position
        games.append(taken)
    return [step for stage in zip_longest(*games) for step in stage if step is not None]


def _forget() -> None:
    """Drop what the solver remembers of the positions before (in any tree)."""
    from buscaminas.core.solver import component, counting

    counting._last_read.clear()
    component._counted.clear()
    component._too_wide.clear()


def child() -> None:
    """One measurement, asked as JSON on standard input, answered on standard output.

    ``play``: each position is analysed right after the one before it, as
    ``auto`` and the hints do in a game, and only the second analysis is
    timed.  ``whole``: each position is analysed cold, nothing remembered of
    another (the board's geometry, which the game works out once per size,
    aside).  ``help``: as ``play``, but the analysis is followed
    by the search for the proof the hint tells (:func:`explain`), as a
    player pressing ``help`` waits for both.  ``game``: a whole game's CPU
    seconds, all of it and the solver's part, and its moves.
    """
    job = json.load(sys.stdin)
    if job["mode"] in ("play", "help"):
        times = []
        for (before, before_mines), (text, mines) in job["steps"]:
            analyze(Position.parse(before, mines=before_mines))
            position = Position.parse(text, mines=mines)
            started = time.perf_counter()
            analysis = analyze(position)
            if job["mode"] == "help":
                explain(position, analysis)
            times.append(time.perf_counter() - started)
        print(json.dumps(times))
    elif job["mode"] == "whole":
        times = []
        for text, mines in job["positions"]:
            position = Position.parse(text, mines=mines)
            Grid(position.width, position.height)
            _forget()
            started = time.perf_counter()
            analyze(position)
            times.append(time.perf_counter() - started)
        print(json.dumps(times))
    else:
        width, height, mines = job["board"]
        started = time.process_time()
        spent: list[float] = []
        for _ in lucky_game(
            width, height, mines, job["seed"], no_guess=job["no_guess"], spent=spent
        ):
            pass
        print(json.dumps([time.process_time() - started, sum(spent), len(spent)]))


@dataclass(frozen=True)
class Solver:
    name: str
    root: Path

    def ask(
        self,
        job: Any,
        benchmark: str = "bigboard",
        under: tuple[str, ...] = (),
        code: str | None = None,
    ) -> Any:
        """Run one job in a fresh process importing this solver, and its answer
        (``benchmark`` names the module of ``benchmarks`` whose ``child`` runs it,
        unless ``code`` is given; ``under``, a command that runs it, such as valgrind)."""
        code = code or f"from benchmarks.{benchmark} import child; child()"
        here = Path(__file__).resolve().parents[1]
        # The solver's own directory first (``-c`` puts the working
        # directory first), this tree's benchmarks after it.
        environment = {**os.environ, "PYTHONPATH": f"{self.root}{os.pathsep}{here}"}
        if under:
            environment["PYTHONHASHSEED"] = "0"
        finished = subprocess.run(
            [*under, sys.executable, "-c", code],
            input=json.dumps(job),
            capture_output=True,
            text=True,
            env=environment,
            cwd=self.root,
            check=True,
        )
        return json.loads(finished.stdout)


MARKED = """
import gc, json, os, sys
from benchmarks.bigboard import _forget
from buscaminas.core.grid import Grid
from buscaminas.core.solver import Position, analyze
for text, mines in json.load(sys.stdin):
    position = Position.parse(text, mines=mines)
    Grid(position.width, position.height)
    _forget()
    gc.collect()
    os.getppid()
    analyze(position)
    os.getppid()
print("[]")
"""
"""Each position read whole between two calls of getppid, at which callgrind writes
its count (run as the solver's own tree's code, whatever its age); the garbage
collected before, so that no position counts a collection of the others' objects."""


def instructions(solver: Solver, positions: list[tuple[str, int]]) -> list[float]:
    """The instructions each of ``positions`` read whole takes, counted by callgrind."""
    from benchmarks.startup import instructions_in

    with tempfile.TemporaryDirectory() as counts:
        callgrind = ("valgrind", "--tool=callgrind", "--dump-before=getppid")
        solver.ask(
            positions, under=(*callgrind, f"--callgrind-out-file={counts}/count"), code=MARKED
        )
        # Written before each mark: up to the first analysis, then each analysis
        # and what comes before the next in turn.
        dumps = sorted(Path(counts).glob("count.*"), key=lambda dump: int(dump.suffix[1:]))
        return [instructions_in(dump) for dump in dumps[1::2]]


def _ms(runs: list[list[float]]) -> list[float]:
    """Each position's median over the runs, in milliseconds."""
    return [statistics.median(times) * 1000 for times in zip(*runs, strict=True)]


def run(args: argparse.Namespace) -> int:
    solvers = [Solver("this tree", Path(buscaminas.__file__).resolve().parents[1])]
    if args.against is not None:
        solvers.append(Solver(str(args.against), args.against.resolve()))
    medians: dict[tuple[str, str, str], float] = {}
    for board in args.boards:
        started = time.perf_counter()
        openings = args.openings if board != args.boards[-1] else 0
        steps = mid_game(
            board, args.seeds, args.stages, no_guess=args.layout == "no-guess", openings=openings
        )
        print(f"{board}: {len(steps)} positions made in {time.perf_counter() - started:.1f} s")
        texts = [
            ((before.format(), before.mines), (position.format(), position.mines))
            for before, position in steps
        ]
        if args.instructions:
            for solver in solvers:
                counts = instructions(solver, [text for _, text in texts])
                medians[(board, solver.name, "whole")] = statistics.median(counts)
                print(
                    f"  {solver.name}, {MODES['whole']}: instructions median"
                    f" {statistics.median(counts) / 1e6:.2f} M,"
                    f" positions {min(counts) / 1e6:.2f}-{max(counts) / 1e6:.2f} M"
                )
            continue
        timed: dict[tuple[str, str], list[list[float]]] = {}
        for _ in range(args.runs):
            for solver in solvers:
                for mode in ("play", "help"):
                    timed.setdefault((solver.name, mode), []).append(
                        solver.ask({"mode": mode, "steps": texts})
                    )
                wholes = [text for _, text in texts]
                timed.setdefault((solver.name, "whole"), []).append(
                    solver.ask({"mode": "whole", "positions": wholes})
                )
        for (name, mode), runs in timed.items():
            per_position = _ms(runs)
            medians[(board, name, mode)] = statistics.median(per_position)
            print(
                f"  {name}, {MODES[mode]}: {TIMED[mode]} median"
                f" {statistics.median(per_position):.2f} ms,"
                f" p90 {sorted(per_position)[int(0.9 * (len(per_position) - 1))]:.2f} ms,"
                f" positions {min(per_position):.2f}-{max(per_position):.2f} ms"
            )
    if len(args.boards) > 1:
        first, last = args.boards[0], args.boards[-1]
        print(f"ratio {first} / {last} (medians, same solver):")
        for solver in solvers:
            for mode, name in MODES.items():
                if (first, solver.name, mode) not in medians:
                    continue
                ratio = medians[(first, solver.name, mode)] / medians[(last, solver.name, mode)]
                print(f"  {solver.name}, {name}: {ratio:.1f}x")
    for seed in range(args.games):
        for solver in solvers:
            cpu, solver_cpu, moves = solver.ask(
                {
                    "mode": "game",
                    "board": board_of(args.game_board),
                    "seed": seed,
                    "no_guess": args.layout == "no-guess",
                }
            )
            print(
                f"whole game {args.game_board} seed {seed}, {solver.name}:"
                f" {cpu:.1f} s CPU, {solver_cpu:.1f} s of it in the solver, {moves} moves",
                flush=True,
            )
    return 0
