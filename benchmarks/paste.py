"""A long paste, then a move: how long the game takes to answer after the paste's last piece.

The game runs in a pseudo-terminal of 80×24 (``benchmarks.latency``'s) and is
handed ``--size`` characters of one line the way a terminal hands a paste over,
in pieces of a kilobyte, with bracketed paste and without (as a terminal that
does not bracket, or keys typed that fast), its output read meanwhile.  Then
Enter and a move (``flag 1 1``, on a board already opened) are sent, and the
time from that last piece to the move drawn (the mine counter down by one) is
the paste's answer.  The baseline,
in the same run, is the same move after a line of three characters.  A
Ctrl-C sent right after the paste's last piece is timed too, to the typed line
dropped and what is typed after it shown.  Medians and 90th percentiles over
``--runs`` games of each kind, interleaved so that the machine's load falls on
all alike; ``--before`` times another tree of the game beside this one.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

import pyte

from .latency import ROOT, SIZE, Program, game, p90

PIECE = 1024
KINDS = ("baseline", "bracketed", "plain")
OPENING = b"5 5\r"
MOVE = b"\rflag 1 1\r"
ANSWERED = b"Mines left: 9"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--runs", type=int, default=7, help="games timed of each kind")
    parser.add_argument("--size", type=int, default=2**20, help="characters pasted")
    parser.add_argument("--before", type=Path, help="another tree of the game, timed beside")


def run(args: argparse.Namespace) -> int:
    roots = [("after", ROOT)] + ([("before", args.before.resolve())] if args.before else [])
    answers: dict[tuple[str, str], list[float]] = {}
    interrupts: dict[tuple[str, str], list[float]] = {}
    for _run in range(args.runs):
        for label, root in roots:
            for kind in KINDS:
                answers.setdefault((label, kind), []).append(_answer(root, kind, args.size))
                if kind != "baseline":
                    interrupts.setdefault((label, kind), []).append(
                        _interrupt(root, kind, args.size)
                    )
    _report(answers, interrupts, args.size)
    return 0


def _started(root: Path) -> Program:
    """A game with its board dealt and opened (the first reveal's search behind it)."""
    program = Program("paste", game(root, "--preset", "beginner", "--seed", "1"), root)
    program.wait_for(b"Mines left")
    os.write(program.master, OPENING)
    program.wait_for(b"Playing")
    program.settle(0.3)
    return program


def _paste(program: Program, kind: str, size: int) -> None:
    """``size`` characters of one line in pieces, as a terminal pastes them, the output
    read between pieces (a program that cannot write cannot read either)."""
    if kind == "baseline":
        os.write(program.master, b"zzz")
        return
    if kind == "bracketed":
        os.write(program.master, b"\x1b[200~")
    piece = b"z" * PIECE
    for _piece in range(size // PIECE):
        os.write(program.master, piece)
        while program.read(0):
            pass
    if kind == "bracketed":
        os.write(program.master, b"\x1b[201~")


def _answer(root: Path, kind: str, size: int) -> float:
    """Seconds from the paste's last piece (Enter and a move with it) to the move drawn."""
    program = _started(root)
    try:
        _paste(program, kind, size)
        start = len(program.output)
        os.write(program.master, MOVE)
        sent = time.perf_counter()
        while ANSWERED not in program.output[start:]:
            if not program.read(120):
                raise RuntimeError(f"{kind}: the move was never drawn")
        return time.perf_counter() - sent
    finally:
        program.close()


def _interrupt(root: Path, kind: str, size: int) -> float:
    """Seconds from a Ctrl-C right after the paste's last piece (and an ``x`` after it)
    to the prompt showing the ``x`` alone: the pasted line dropped, the rest kept."""
    program = _started(root)
    try:
        _paste(program, kind, size)
        screen = pyte.Screen(SIZE[1], SIZE[0])
        stream = pyte.ByteStream(screen)
        stream.feed(program.output)
        os.write(program.master, b"\x03x")
        sent = time.perf_counter()
        while not any(line.strip() == "> x" for line in screen.display):
            data = program.read(120)
            if not data:
                raise RuntimeError(f"{kind}: Ctrl-C was never answered")
            stream.feed(data)
        return time.perf_counter() - sent
    finally:
        program.close()


def _report(
    answers: dict[tuple[str, str], list[float]],
    interrupts: dict[tuple[str, str], list[float]],
    size: int,
) -> None:
    """Each kind's answer in ms and as a ratio to its tree's baseline, and Ctrl-C's."""
    print(f"{size:,} characters pasted in pieces of {PIECE} bytes; then Enter and a flag")
    print(
        f"{'tree':<8}{'paste':<11}{'answer ms':>10}{'p90':>9}{'×baseline':>11}{'p90':>7}"
        f"{'Ctrl-C ms':>11}{'p90':>8}"
    )
    for (label, kind), found in answers.items():
        times = sorted(found)
        base = sorted(answers[(label, "baseline")])
        ratio = statistics.median(times) / statistics.median(base)
        ratio_p90 = p90(times) / p90(base)
        line = (
            f"{label:<8}{kind:<11}{statistics.median(times) * 1000:10.1f}"
            f"{p90(times) * 1000:9.1f}{ratio:11.2f}{ratio_p90:7.2f}"
        )
        if (label, kind) in interrupts:
            stops = sorted(interrupts[(label, kind)])
            line += f"{statistics.median(stops) * 1000:11.1f}{p90(stops) * 1000:8.1f}"
        print(line)
