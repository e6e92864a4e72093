"""Time no-guess board generation and check every board with the exact solver.

Each board is generated with ``generate(..., no_guess=True)`` and timed on
its own, one after another (the timings are wall-clock medians and 99th
percentiles per board), and so is a plain random layout of the same request,
the baseline: the ratio of the medians is what no guessing costs, measured
in the same run and so comparable across machines and loads.  Then every
board is checked independently of the generator: the engine plays it from
the start cell, revealing only cells that ``analyze()`` gives probability 0,
until it is won or nothing is certain.  The start cell is drawn per seed
(``--start random``, any cell of the board) or is the centre (``--start
centre``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing import Pool

from buscaminas.core.engine import Action, Minesweeper, Move, Termination
from buscaminas.core.generator import generate
from buscaminas.core.grid import Point
from buscaminas.core.solver import Analysis, Position, analyze

from .solver import percentile

BOARDS: tuple[tuple[int, int, int], ...] = (
    (8, 8, 10),
    (9, 9, 10),
    (16, 16, 40),
    (30, 16, 99),
    (9, 9, 35),
    (10, 10, 40),
    (16, 16, 99),
    (30, 16, 130),
    (30, 16, 170),
)

START_RULES = ("random", "centre")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_board_arguments(parser, jobs="boards checked in parallel")


def add_board_arguments(parser: argparse.ArgumentParser, *, jobs: str) -> None:
    """The boards to generate, the seeds and start cells, shared with ``tatham``."""
    parser.add_argument("--boards", type=int, default=200, help="seeds per board size")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument(
        "--start",
        choices=START_RULES,
        default="random",
        help="random: a start cell drawn per seed; centre: the middle cell",
    )
    parser.add_argument(
        "--size",
        action="append",
        type=parse_size,
        metavar="WxH/N",
        help="only this board (repeatable), e.g. 30x16/99",
    )
    parser.add_argument("--jobs", type=int, default=1, help=jobs)


@dataclass(frozen=True)
class Job:
    """One board to generate: its size, mine count, seed and start cell."""

    width: int
    height: int
    mines: int
    seed: int
    start: Point


def start_cell(width: int, height: int, seed: int, rule: str) -> Point:
    """The first cell tried on board ``seed``, by one of the ``START_RULES``."""
    if rule == "centre":
        return width // 2, height // 2
    rng = random.Random(seed)
    return rng.randrange(width), rng.randrange(height)


def needs_no_guess(
    width: int,
    height: int,
    mines: frozenset[Point],
    start: Point,
    analysed: Callable[[Position], Analysis] = analyze,
) -> bool:
    """Whether playing only cells the exact solver proves safe wins from ``start``; each
    position read by ``analysed`` (``analyze`` kept by position, for a caller that plays
    many boards meeting the same positions)."""
    game = Minesweeper.from_layout(width, height, mines)
    game.act(Move(Action.TRY, start))
    while game.end is None:
        safe = analysed(Position.from_game(game)).safe
        fresh = [cell for cell in sorted(safe) if not game.is_revealed(cell)]
        if not fresh:
            return False
        for cell in fresh:
            if not game.is_revealed(cell):  # an earlier cell's opening may have reached it
                game.act(Move(Action.TRY, cell))
    return game.end is Termination.WON


def timed(job: Job, *, no_guess: bool = True) -> tuple[float, frozenset[Point]]:
    """Milliseconds ``generate`` took for ``job``, and the board."""
    started = time.perf_counter()
    mines = generate(
        job.width, job.height, job.mines, start=job.start, seed=job.seed, no_guess=no_guess
    )
    return (time.perf_counter() - started) * 1000, mines


def checked(item: tuple[Job, frozenset[Point]]) -> bool:
    job, mines = item
    return needs_no_guess(job.width, job.height, mines, job.start)


def parse_size(text: str) -> tuple[int, int, int]:
    """``30x16/99`` as ``(30, 16, 99)``, for ``--size``."""
    try:
        sides, mines = text.split("/")
        width, height = sides.lower().split("x")
        return int(width), int(height), int(mines)
    except ValueError:
        raise argparse.ArgumentTypeError(f"want WxH/N, such as 30x16/99, not {text!r}") from None


def run(args: argparse.Namespace) -> int:
    sizes = args.size or list(BOARDS)
    print(
        f"{args.boards} boards per size, seeds {args.seed}..{args.seed + args.boards - 1},"
        f" start {args.start}"
    )
    print(
        f"{'board':>12} {'median ms':>10} {'p99 ms':>9} {'max ms':>9} {'no-guess':>10}"
        f" {'classic ms':>11} {'ratio':>7}"
    )
    failed = 0
    for width, height, mines in sizes:
        jobs = [
            Job(width, height, mines, seed, start_cell(width, height, seed, args.start))
            for seed in range(args.seed, args.seed + args.boards)
        ]
        results = [timed(job) for job in jobs]
        # The baseline, in the same run on the same machine: a plain random layout.
        classic = [timed(job, no_guess=False)[0] for job in jobs]
        items = [(job, board) for job, (_, board) in zip(jobs, results, strict=True)]
        if args.jobs > 1:
            with Pool(args.jobs) as pool:
                verdicts = pool.map(checked, items, chunksize=4)
        else:
            verdicts = [checked(item) for item in items]
        times = [ms for ms, _ in results]
        failed += len(jobs) - sum(verdicts)
        print(
            f"{f'{width}x{height}/{mines}':>12} {statistics.median(times):>10.1f}"
            f" {percentile(times, 0.99):>9.1f} {max(times):>9.1f}"
            f" {f'{sum(verdicts)}/{len(jobs)}':>10}"
            f" {statistics.median(classic):>11.3f}"
            f" {statistics.median(times) / statistics.median(classic):>7.0f}"
        )
    return 1 if failed else 0
