"""The AI's win rate on classic boards under the literature's rules, beside the published.

The referee (:mod:`benchmarks.referee`) deals and plays each game in
processes of its own, ``--jobs`` of them; every result is appended to the
``--results`` file as it comes, so a run stopped is taken up again with
``--resume FILE``.  ``--against DIR`` plays the same boards with another
tree's AI and ``--compare FILE`` sets a run beside an earlier one: paired,
game for game, judged by McNemar's test.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import selectors
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from .referee import STARTS, Board
from .solver import wilson

BOARD = re.compile(r"(\d+)x(\d+)/(\d+)")
PUBLISHED: dict[tuple[str, str], str] = {
    ("30x16/99", "opening"): "PSEQ 52.79%, PSEQ-D256 53.45%, Hill's JSMinesweeper 54%",
    ("16x16/40", "opening"): "PSEQ 88.71%",
    ("9x9/10", "opening"): "PSEQ 96.85%",
}
"""Published win rates under the same rules (Tu et al.'s PSEQ, 10⁸ games a board;
David Hill's JSMinesweeper)."""
REFEREE = Path(__file__).with_name("referee.py")
HERE = "this"
THERE = "against"


def board_argument(text: str) -> tuple[int, int, int]:
    found = BOARD.fullmatch(text)
    if found is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT/MINES, like 30x16/99")
    width, height, mines = (int(part) for part in found.groups())
    if min(width, height) < 4 or not 0 < mines <= width * height - 9:
        raise argparse.ArgumentTypeError(f"{text!r}: at least 4x4, 1 to cells - 9 mines")
    return width, height, mines


def positive(text: str) -> int:
    number = int(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a positive whole number")
    return number


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--board", type=board_argument, default=(30, 16, 99), help="e.g. 9x9/10")
    parser.add_argument(
        "--start",
        choices=STARTS,
        default="opening",
        help="opening: the click at 4 4, its 3x3 free; corner: at 1 1, only it safe",
    )
    parser.add_argument("--games", type=positive, default=10_000)
    parser.add_argument("--seed", type=int, default=0, help="which boards the dealer deals")
    parser.add_argument("--jobs", type=positive, default=os.cpu_count() or 1)
    parser.add_argument("--results", type=Path, help="append every game's result to this file")
    parser.add_argument("--resume", type=Path, help="a results file: skip its games, append")
    parser.add_argument("--against", type=Path, help="another tree: its AI on the same boards")
    parser.add_argument("--compare", type=Path, help="an earlier results file, paired")


@dataclass(frozen=True)
class Result:
    """One game as the results file keeps it."""

    board: str
    start: str
    seed: int
    arm: str
    game: int
    won: bool
    guesses: int

    def line(self) -> str:
        return json.dumps(self.__dict__) + "\n"


def read_results(path: Path) -> list[Result]:
    """A results file's games; a last line cut short by a stop is skipped."""
    if not path.exists():
        return []
    results = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            results.append(Result(**json.loads(line)))
        except (ValueError, TypeError):
            continue
    return results


def run_games(
    board: Board,
    seed: int,
    arms: dict[str, Path],
    games: dict[str, list[int]],
    jobs: int,
    out: IO[str] | None,
) -> Iterator[Result]:
    """Play ``games[arm]`` with each arm's tree, ``jobs`` referees an arm, the games dealt
    round-robin; yield each result as it comes, written first to ``out``."""
    selector = selectors.DefaultSelector()
    children = []
    for arm, root in arms.items():
        numbers = games[arm]
        for part in range(min(jobs, len(numbers))):
            # The requests wait in a file, not a pipe: a pipe would hold the caller
            # until the referee had read them all, its results unread.
            with tempfile.TemporaryFile("w+", encoding="utf-8") as requests:
                requests.writelines(
                    f"{board.width} {board.height} {board.mines} {board.start} {seed} {number}\n"
                    for number in numbers[part::jobs]
                )
                requests.seek(0)
                child = subprocess.Popen(
                    [sys.executable, str(REFEREE)],
                    stdin=requests,
                    stdout=subprocess.PIPE,
                    text=True,
                    env={**os.environ, "PYTHONPATH": str(root)},
                )
            assert child.stdout is not None
            selector.register(child.stdout, selectors.EVENT_READ, (arm, child.stdout))
            children.append(child)
    try:
        while selector.get_map():
            for key, _ in selector.select():
                arm, stream = key.data
                line = stream.readline()
                if not line:
                    selector.unregister(stream)
                    continue
                answer = json.loads(line)
                result = Result(
                    board.name,
                    board.start,
                    seed,
                    arm,
                    answer["game"],
                    answer["won"],
                    answer["guesses"],
                )
                if out is not None:
                    out.write(result.line())
                    out.flush()
                yield result
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
            child.wait()
    if any(child.returncode != 0 for child in children):
        raise RuntimeError("a referee failed: run benchmarks/referee.py alone to see why")


def summary(results: list[Result], board: Board) -> list[str]:
    """The rate, its standard error and 95% interval, guesses a game, the published."""
    games = len(results)
    wins = sum(result.won for result in results)
    rate = wins / games
    error = math.sqrt(rate * (1 - rate) / games)
    low, high = wilson(wins, games)
    guesses = statistics.fmean(result.guesses for result in results)
    click = "4 4, its 3x3 free" if board.start == "opening" else "1 1, only it safe"
    lines = [
        f"board {board.name}, first click at {click}, {games} games",
        f"win rate {rate:.2%} ± {error:.2%} (standard error), 95% interval"
        f" {low:.2%}-{high:.2%}, {wins} won",
        f"guesses per game {guesses:.2f}",
    ]
    published = PUBLISHED.get((board.name, board.start))
    lines.append(f"published, same rules: {published or 'none known'}")
    return lines


def paired(mine: dict[int, bool], theirs: dict[int, bool]) -> list[str]:
    """The two arms on the boards both played: each rate, the difference and its standard
    error (paired), and McNemar's exact test on the boards where they part."""
    shared = sorted(mine.keys() & theirs.keys())
    if not shared:
        return ["paired: no board played by both"]
    differences = [int(mine[game]) - int(theirs[game]) for game in shared]
    count = len(shared)
    mean = statistics.fmean(differences)
    error = statistics.stdev(differences) / math.sqrt(count) if count > 1 else math.inf
    only_mine = differences.count(1)
    only_theirs = differences.count(-1)
    return [
        f"paired on {count} boards: this {sum(mine[g] for g in shared) / count:.2%},"
        f" the other {sum(theirs[g] for g in shared) / count:.2%}",
        f"difference {mean:+.2%} ± {error:.2%} (standard error, {mean / error if error else 0:+.1f}"
        f" of them); won only here {only_mine}, only there {only_theirs},"
        f" McNemar p = {mcnemar(only_mine, only_theirs):.3g}",
    ]


def mcnemar(only_mine: int, only_theirs: int) -> float:
    """McNemar's exact two-sided p: how likely so lopsided a split of the boards where the
    arms part, were each as likely to go either way."""
    parted = only_mine + only_theirs
    if parted == 0:
        return 1.0
    tail = sum(math.comb(parted, k) for k in range(min(only_mine, only_theirs) + 1))
    return min(1.0, 2 * tail / (1 << parted))


def run(args: argparse.Namespace) -> int:
    width, height, mines = args.board
    board = Board(width, height, mines, args.start)
    if args.resume and args.results and args.resume != args.results:
        print("--resume names the results file: give one of --resume and --results")
        return 2
    path = args.resume or args.results
    kept = [
        result
        for result in (read_results(args.resume) if args.resume else [])
        if (result.board, result.start, result.seed) == (board.name, board.start, args.seed)
        and result.game < args.games
    ]
    arms = {HERE: Path(__file__).resolve().parent.parent}
    if args.against:
        arms[THERE] = args.against.resolve()
    done = {arm: {result.game for result in kept if result.arm == arm} for arm in arms}
    todo = {arm: [game for game in range(args.games) if game not in done[arm]] for arm in arms}
    out = path.open("a", encoding="utf-8") if path else None
    try:
        results = kept + list(run_games(board, args.seed, arms, todo, args.jobs, out))
    finally:
        if out is not None:
            out.close()
    by_arm = {arm: [result for result in results if result.arm == arm] for arm in arms}
    lines = summary(by_arm[HERE], board)
    other: list[Result] = by_arm.get(THERE, [])
    if args.compare:
        other = [
            result
            for result in read_results(args.compare)
            if (result.board, result.start, result.seed) == (board.name, board.start, args.seed)
            and result.arm == HERE
            and result.game < args.games
        ]
    if other:
        lines += ["", "the other:", *summary(other, board)[1:3], ""]
        lines += paired(
            {result.game: result.won for result in by_arm[HERE]},
            {result.game: result.won for result in other},
        )
    print("\n".join(lines))
    return 0
