"""Time analyze against ms_toollib's cal_probability_onboard, position by position, cold.

ms_toollib is the Rust library Minesweeper players' tools compute with; its
``cal_probability_onboard`` gives every cell's chance of a mine, as
:func:`~buscaminas.core.solver.analyze` does.  The positions are mid-game
expert positions (30×16/99, random layouts with the game's opening start,
taken as :mod:`.bigboard` takes them: ``--seeds`` games, one position at each
share of the safe cells revealed in ``--stages``).

Each solver runs in a process of its own, started once (ms_toollib may panic,
which ends its process): the parent sends a position's number, the child
times one call on it and answers.  Every call is cold: our solver's memory of
the board read last and of the components it counted is dropped before it,
as when a game starts.  The arms alternate call by call, in an order that
turns from one position to the next, and every position is timed
``--rounds`` times by each: a position's time is its median, and the figure
is each position's ratio to ms_toollib's, its median and 90th percentile over
the positions.  The probabilities are compared cell by cell.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

import buscaminas

from .bigboard import mid_game, revealed_share

BOARD = "30x16/99"
STAGES = (0.1, 0.3, 0.5, 0.7, 0.9)
TOLERANCE = 1e-12
"""The largest difference between two probabilities of a cell the solvers may show."""
THEIRS = "ms_toollib"
_COVERED_CODE = 10
"""How ms_toollib reads a cell whose content is unknown."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seeds", type=int, default=40, help="expert games to take positions from")
    parser.add_argument("--stages", nargs="+", type=float, default=list(STAGES))
    parser.add_argument("--rounds", type=int, default=40, help="timings of every position")
    parser.add_argument(
        "--against",
        type=Path,
        default=None,
        help="time this directory's solver too (it holds a buscaminas package)",
    )


def ms_toollib_board(rows: Sequence[str]) -> list[list[int]]:
    """A position as ms_toollib reads it: a number per cell, 10 when covered."""
    return [
        [0 if char == "." else int(char) if char.isdigit() else _COVERED_CODE for char in row]
        for row in rows
    ]


def child() -> None:
    """Serve timings of one solver: ``ours`` or ``ms_toollib``, named on the command line.

    The first line read holds the positions; then each line is a position's
    number, answered with the seconds of one cold call on it, or ``chances``,
    answered with every position's probabilities, row by row.  Each solver is
    timed from the position as it takes it (text for ours, numbers for
    ms_toollib) to its answer as it gives it (our analysis, ms_toollib's
    table of probabilities)."""
    kind = sys.argv[1]
    given = json.loads(sys.stdin.readline())
    call: Callable[[int], object]
    if kind == THEIRS:
        import ms_toollib

        boards = [ms_toollib_board(rows) for rows, _ in given]

        def call(index: int) -> object:
            return ms_toollib.cal_probability_onboard(boards[index], given[index][1])

        def table(answer: Any) -> list[list[float]]:
            chances: list[list[float]] = answer[0]
            return chances

    else:
        from buscaminas.core.solver import Position, analyze, component, counting

        def call(index: int) -> object:
            rows, mines = given[index]
            # Cold: nothing remembered of another position.
            counting._last_read.clear()
            component._counted.clear()
            component._too_wide.clear()
            return analyze(Position(tuple(rows), mines))

        def table(answer: Any) -> list[list[float]]:
            chances = answer.probability
            width, height = answer.position.width, answer.position.height
            return [[chances.get((x, y), 0.0) for x in range(width)] for y in range(height)]

    print("ready", flush=True)
    for line in sys.stdin:
        if line.strip() == "chances":
            print(json.dumps([table(call(index)) for index in range(len(given))]), flush=True)
            continue
        index = int(line)
        started = time.perf_counter()
        call(index)
        print(time.perf_counter() - started, flush=True)


class Arm:
    """A solver's serving process."""

    def __init__(self, name: str, kind: str, root: Path, given: list[tuple[list[str], int]]):
        here = Path(__file__).resolve().parents[1]
        environment = {**os.environ, "PYTHONPATH": f"{root}{os.pathsep}{here}"}
        self.name = name
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from benchmarks.toollib import child; child()", kind],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=environment,
            cwd=root,
        )
        self._send(json.dumps(given))
        if self._receive() != "ready":
            raise RuntimeError(f"{name} did not start")
        self.times: list[list[float]] = [[] for _ in given]

    def _send(self, line: str) -> None:
        stdin: IO[str] | None = self.process.stdin
        assert stdin is not None
        stdin.write(line + "\n")
        stdin.flush()

    def _receive(self) -> str:
        stdout: IO[str] | None = self.process.stdout
        assert stdout is not None
        line = stdout.readline()
        if not line:
            raise RuntimeError(f"{self.name} ended (exit status {self.process.wait()})")
        return line.strip()

    def time(self, index: int) -> None:
        self._send(str(index))
        self.times[index].append(float(self._receive()))

    def chances(self) -> Any:
        self._send("chances")
        return json.loads(self._receive())

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def run(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    steps = mid_game(BOARD, args.seeds, sorted(args.stages), no_guess=False)
    given = [(list(position.rows), position.mines) for _, position in steps]
    stages = [
        max(stage for stage in args.stages if stage <= revealed_share(position, position.mines))
        for _, position in steps
    ]
    print(f"{len(given)} expert positions made in {time.perf_counter() - started:.1f} s")
    here = Path(buscaminas.__file__).resolve().parents[1]
    arms = [Arm("this tree", "ours", here, given), Arm(THEIRS, THEIRS, here, given)]
    if args.against is not None:
        arms.append(Arm(str(args.against), "ours", args.against.resolve(), given))
    print(f"load average before: {os.getloadavg()[0]:.2f}", flush=True)
    for round_number in range(args.rounds):
        for index in range(len(given)):
            turn = (round_number + index) % len(arms)
            for arm in arms[turn:] + arms[:turn]:
                arm.time(index)
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    medians = {arm.name: [statistics.median(times) for times in arm.times] for arm in arms}
    theirs = arms[1].chances()
    for arm in arms:
        if arm.name != THEIRS:
            _report(arm.name, medians[arm.name], medians[THEIRS], stages, arm.chances(), theirs)
        arm.close()
    print(f"{args.rounds} rounds of {len(given)} positions, {time.perf_counter() - started:.0f} s")
    return 0


def _report(
    name: str,
    ours: list[float],
    theirs: list[float],
    stages: list[float],
    our_chances: list[list[list[float]]],
    their_chances: list[list[list[float]]],
) -> None:
    ratios = [mine / their for mine, their in zip(ours, theirs, strict=True)]
    worst = max(
        abs(mine - their)
        for our_rows, their_rows in zip(our_chances, their_chances, strict=True)
        for our_row, their_row in zip(our_rows, their_rows, strict=True)
        for mine, their in zip(our_row, their_row, strict=True)
    )
    agree = "within" if worst <= TOLERANCE else "BEYOND"
    print(
        f"{name}: per-position ratio to {THEIRS} median {statistics.median(ratios):.2f},"
        f" p90 {percentile(ratios, 0.9):.2f}, worst {max(ratios):.2f};"
        f" median time {statistics.median(ours) * 1000:.3f} ms"
        f" ({THEIRS} {statistics.median(theirs) * 1000:.3f} ms);"
        f" largest difference in a probability {worst:.1e} ({agree} {TOLERANCE:g})"
    )
    by_stage = {
        stage: [r for r, s in zip(ratios, stages, strict=True) if s == stage] for stage in stages
    }
    print(
        "  by share revealed (median, p90): "
        + ", ".join(
            f"{stage:g}: {statistics.median(found):.2f} {percentile(found, 0.9):.2f}"
            for stage, found in sorted(by_stage.items())
        )
    )
