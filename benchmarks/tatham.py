"""Time our no-guess generator against Simon Tatham's C one, seed by seed.

Simon Tatham's Mines (``mines.c``, Portable Puzzle Collection) is the
reference no-guess generator.  It is not part of the project and never
copied into it: build a timing driver from the Portable Puzzle Collection's
sources (``mines.c`` with ``random.c``, ``tree234.c``, ``malloc.c``,
``misc.c``, and stubs for the drawing functions the generator never calls),
anywhere outside the repository, and pass its path::

    gcc -O2 -w -I. -o /tmp/tdrv driver.c stubs.c random.c tree234.c malloc.c misc.c -lm
    python -m benchmarks tatham --driver /tmp/tdrv

The driver stays open for the whole run and reads one request per line
(``W H N X Y SEED``), timing ``minegen`` inside its own process.  Each seed
asks both generators for the same board size, start cell and seed, one
right after the other, the order alternating, so that the machine's noise
falls on both alike.  The start rules match: Tatham keeps the start cell and
its neighbours free of mines, and so do we whenever the count leaves room
for an opening (every size here).  Every board of ours is then checked as
``python -m benchmarks generate`` checks it (:func:`.generate.needs_no_guess`),
and every C board is checked for a mine touching the start.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import time
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path

from buscaminas.core.generator import generate

from .generate import BOARDS, Job, add_board_arguments, checked, start_cell
from .solver import percentile

SIZES: tuple[tuple[int, int, int], ...] = (*BOARDS, (50, 50, 500), (99, 99, 2000))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--driver",
        type=Path,
        required=True,
        help="a timing driver around mines.c's minegen (reads W H N X Y SEED lines,"
        " answers MICROSECONDS MINES BAD), built from the Portable Puzzle Collection:"
        " gcc -O2 -w -I. -o /tmp/tdrv driver.c stubs.c random.c tree234.c malloc.c"
        " misc.c -lm",
    )
    add_board_arguments(parser, jobs="our boards checked in parallel")


class Tatham:
    """The C driver, kept open: one request, one answer."""

    def __init__(self, driver: Path):
        self._process = subprocess.Popen(
            [str(driver)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def generate(self, job: Job) -> tuple[float, bool]:
        """Milliseconds ``minegen`` took for ``job`` (timed by the driver), and
        whether its board has the right count and no mine touching the start."""
        assert self._process.stdin is not None and self._process.stdout is not None
        x, y = job.start
        self._process.stdin.write(
            f"{job.width} {job.height} {job.mines} {x} {y} {job.seed}\n"
        )
        self._process.stdin.flush()
        answer = self._process.stdout.readline().split()
        if len(answer) < 3:
            raise RuntimeError(f"the driver answered {answer!r} to {job}")
        microseconds, mines, touching = answer[:3]
        return float(microseconds) / 1000, int(mines) == job.mines and touching == "0"

    def close(self) -> None:
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait()


@dataclass
class Sizing:
    """One board size's timings, both generators, seed by seed."""

    ours: list[float] = field(default_factory=list)
    theirs: list[float] = field(default_factory=list)
    theirs_valid: int = 0


def ours(job: Job) -> tuple[float, frozenset[tuple[int, int]]]:
    """Milliseconds our ``generate`` took for ``job``, and the board."""
    started = time.perf_counter()
    mines = generate(
        job.width, job.height, job.mines, start=job.start, seed=job.seed, no_guess=True
    )
    return (time.perf_counter() - started) * 1000, mines


def measure(tatham: Tatham, jobs: list[Job]) -> tuple[Sizing, list[frozenset[tuple[int, int]]]]:
    """Both generators on every job, interleaved, the first of each pair alternating."""
    sizing, boards = Sizing(), []
    # One untimed call each: our index tables of the size are built once per size.
    ours(jobs[0])
    tatham.generate(jobs[0])
    for turn, job in enumerate(jobs):
        if turn % 2:
            theirs_ms, valid = tatham.generate(job)
            ours_ms, board = ours(job)
        else:
            ours_ms, board = ours(job)
            theirs_ms, valid = tatham.generate(job)
        sizing.ours.append(ours_ms)
        sizing.theirs.append(theirs_ms)
        sizing.theirs_valid += valid
        boards.append(board)
    return sizing, boards


def run(args: argparse.Namespace) -> int:
    sizes = args.size or list(SIZES)
    print(
        f"{args.boards} boards per size, seeds {args.seed}..{args.seed + args.boards - 1},"
        f" start {args.start}; times in ms, ratio = ours / C"
    )
    print(
        f"{'board':>12} {'C median':>9} {'C p99':>8} {'median':>8} {'p99':>8}"
        f" {'ratio':>6} {'p99 ratio':>9} {'no-guess':>9} {'C valid':>8}"
    )
    tatham = Tatham(args.driver)
    failed = 0
    try:
        for width, height, mines in sizes:
            jobs = [
                Job(width, height, mines, seed, start_cell(width, height, seed, args.start))
                for seed in range(args.seed, args.seed + args.boards)
            ]
            sizing, boards = measure(tatham, jobs)
            items = list(zip(jobs, boards, strict=True))
            if args.jobs > 1:
                with Pool(args.jobs) as pool:
                    verdicts = pool.map(checked, items, chunksize=2)
            else:
                verdicts = [checked(item) for item in items]
            failed += len(jobs) - sum(verdicts)
            median, theirs_median = statistics.median(sizing.ours), statistics.median(sizing.theirs)
            p99, theirs_p99 = percentile(sizing.ours, 0.99), percentile(sizing.theirs, 0.99)
            print(
                f"{f'{width}x{height}/{mines}':>12} {theirs_median:>9.2f} {theirs_p99:>8.1f}"
                f" {median:>8.2f} {p99:>8.1f} {median / theirs_median:>6.2f}"
                f" {p99 / theirs_p99:>9.2f} {f'{sum(verdicts)}/{len(jobs)}':>9}"
                f" {f'{sizing.theirs_valid}/{len(jobs)}':>8}",
                flush=True,
            )
    finally:
        tatham.close()
    return 1 if failed else 0
