"""Time and peak memory of the solver on positions built to make it explode.

Each position runs in a fresh Python process, so that its peak resident
memory (``ru_maxrss``) is its own and a runaway can be stopped: the process
is killed at ``--timeout`` seconds and its address space capped at
``--memory`` MB.  The process does what ``buscaminas analyze``, ``help`` and
``auto`` do: :func:`analyze`, then ``best_move``, then :func:`explain`.  The
position travels as text on its standard input and the child imports only
the solver's public API, so ``--against DIR`` can measure another version of
the solver (a directory holding its ``buscaminas`` package, such as an
export of the main branch) on the very same positions.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import buscaminas

from .shapes import SHAPES, build

SIZES = ((40, 5), (41, 5), (99, 5), (30, 16), (41, 41), (60, 30), (98, 99), (99, 99))
"""From the issue's 40×5 up to the largest board the game allows.  Widths 41
and 98 leave stripes of 1s two phases per row, which no exact method counts
at 41×41 and beyond; widths 40, 60 and 99 leave one."""

_CHILD = """
import importlib, json, resource, sys, time
limit = int(sys.argv[1]) * 1024 * 1024
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
solver = importlib.import_module(sys.argv[3])
NothingToReveal, Position = solver.NothingToReveal, solver.Position
analyze, explain = solver.analyze, solver.explain
mines = int(sys.argv[2])
position = Position.parse(sys.stdin.read(), mines=mines)
times = {}
started = time.perf_counter()
analysis = analyze(position)
times["analyze"] = time.perf_counter() - started
started = time.perf_counter()
try:
    analysis.best_move
except NothingToReveal:
    pass
times["best_move"] = time.perf_counter() - started
started = time.perf_counter()
explain(position, analysis)
times["explain"] = time.perf_counter() - started
times["exact"] = getattr(analysis, "exact", True)
times["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(times))
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--shapes", nargs="+", choices=SHAPES, default=list(SHAPES))
    parser.add_argument(
        "--sizes",
        nargs="+",
        default=[f"{width}x{height}" for width, height in SIZES],
        help="board sizes as WIDTHxHEIGHT",
    )
    parser.add_argument("--seeds", type=int, default=2, help="random layouts per shape and size")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per position")
    parser.add_argument("--memory", type=int, default=4096, help="MB of address space per position")
    parser.add_argument(
        "--against",
        type=Path,
        default=None,
        help="import the solver from this directory instead (it holds a buscaminas package)",
    )


@dataclass(frozen=True)
class Outcome:
    """One position's figures, or why there are none."""

    seconds: float | None
    """analyze + best_move + explain, or None when it did not finish."""
    peak_mb: float | None
    exact: bool | None
    failure: str = ""
    phases: tuple[float, float, float] = (0.0, 0.0, 0.0)
    """The seconds of analyze, best_move and explain."""


def measure(text: str, mines: int, args: argparse.Namespace) -> Outcome:
    """Run the solver on one position in a process of its own."""
    root = args.against or Path(buscaminas.__file__).resolve().parents[1]
    # Run from ``root`` too: ``python -c`` puts the working directory first.
    environment = {**os.environ, "PYTHONPATH": str(root)}
    layered = (Path(root) / "buscaminas" / "core").is_dir()  # or from before the folders
    solver = "buscaminas." + ("core.solver" if layered else "solver")
    command = [sys.executable, "-c", _CHILD, str(args.memory), str(mines), solver]
    try:
        finished = subprocess.run(
            command,
            input=text,
            capture_output=True,
            text=True,
            timeout=args.timeout,
            env=environment,
            cwd=root,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return Outcome(None, None, None, f"over {args.timeout:g} s")
    if finished.returncode != 0:
        last = (finished.stderr.strip().splitlines() or ["no output"])[-1]
        if "MemoryError" in last:
            return Outcome(None, None, None, f"out of memory (over {args.memory} MB)")
        return Outcome(None, None, None, last[:70])
    figures = json.loads(finished.stdout)
    phases = (figures["analyze"], figures["best_move"], figures["explain"])
    return Outcome(sum(phases), figures["peak_mb"], figures["exact"], phases=phases)


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.partition("x")
    return int(width), int(height)


def _cell(outcome: Outcome) -> str:
    if outcome.seconds is None:
        return outcome.failure
    exact = "exact" if outcome.exact else "NOT exact"
    analysis, move, explanation = outcome.phases
    return (
        f"{outcome.seconds:7.2f} s {outcome.peak_mb:7.1f} MB  {exact:9}"
        f" (analyze {analysis:.2f}, best_move {move:.2f}, explain {explanation:.2f})"
    )


def run(args: argparse.Namespace) -> int:
    worst: dict[str, list[Outcome]] = {}
    for shape in args.shapes:
        for size in args.sizes:
            width, height = _size(size)
            seeds = 1 if shape == "stripes-ones" else args.seeds
            for seed in range(seeds):
                position = build(shape, width, height, seed)
                outcome = measure(position.format(), position.mines, args)
                worst.setdefault(shape, []).append(outcome)
                print(
                    f"{shape:>13} {width:>3}x{height:<3} seed {seed}: {_cell(outcome)}", flush=True
                )
    print()
    print(f"{'shape':>13}  worst time   peak memory  not exact")
    for shape, outcomes in worst.items():
        failed = [outcome.failure for outcome in outcomes if outcome.seconds is None]
        times = [outcome.seconds for outcome in outcomes if outcome.seconds is not None]
        memory = [outcome.peak_mb for outcome in outcomes if outcome.peak_mb is not None]
        inexact = sum(outcome.exact is False for outcome in outcomes)
        time_text = f"{max(times):8.2f} s" if times else "       -  "
        memory_text = f"{max(memory):8.1f} MB" if memory else "        -  "
        note = f"  {len(failed)} failed: {failed[0]}" if failed else ""
        print(f"{shape:>13} {time_text}  {memory_text}  {inexact}/{len(outcomes)}{note}")
    return 0
