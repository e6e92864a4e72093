"""Play whole games with the solver's AI and report its win rate and speed.

Each game goes through the engine exactly as a player would: the AI sees
only ``game.rows()``, reveals every certain safe cell, and when none is
left plays ``best_move`` (a guess).  Its first click is ``best_move`` of the
blank board.  Games are seeded, so a run is repeatable.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from multiprocessing import Pool

from buscaminas.core.engine import Action, Minesweeper, Move, Termination
from buscaminas.core.generator import generate
from buscaminas.core.grid import Point
from buscaminas.core.solver import Position, analyze

PRESETS: dict[str, tuple[int, int, int]] = {
    "beginner": (8, 8, 10),
    "nine": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (30, 16, 99),
}

START_RULES = ("opening", "safe")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset", choices=PRESETS, default="expert")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument(
        "--start",
        choices=START_RULES,
        default="opening",
        help="opening: the first cell tried is an opening; safe: it is only not a mine",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")


@dataclass
class GameRecord:
    """What one game tells the benchmark."""

    won: bool
    guesses: int
    analyze_ms: list[float] = field(default_factory=list)
    best_move_ms: list[float] = field(default_factory=list)


@dataclass(frozen=True)
class Setup:
    width: int
    height: int
    mines: int
    start: str
    seed: int


def deal(setup: Setup, game_seed: int) -> Callable[[Point], frozenset[Point]]:
    """The layout rule of ``setup.start`` for one game."""
    if setup.start == "opening":

        def opening(start: Point) -> frozenset[Point]:
            return generate(setup.width, setup.height, setup.mines, start=start, seed=game_seed)

        return opening

    def safe(start: Point) -> frozenset[Point]:
        cells = [(x, y) for y in range(setup.height) for x in range(setup.width) if (x, y) != start]
        return frozenset(random.Random(game_seed).sample(cells, setup.mines))

    return safe


def play(setup: Setup, game_seed: int) -> GameRecord:
    """One whole game, the AI's every analysis and guess timed.

    The first click is the AI's own (``best_move`` of the blank board) but
    is no guess, since the rules make it safe, and is not timed with them.
    """
    game = Minesweeper(setup.width, setup.height, setup.mines)
    opening_start = setup.start == "opening"
    record = GameRecord(won=False, guesses=0)
    first = analyze(Position.from_game(game), opening_start=opening_start).best_move
    game.lay(deal(setup, game_seed)(first))
    game.act(Move(Action.TRY, first))
    while game.end is None:
        started = time.perf_counter()
        result = analyze(Position.from_game(game), opening_start=opening_start)
        record.analyze_ms.append((time.perf_counter() - started) * 1000)
        if result.safe:
            for cell in sorted(result.safe):
                if not game.is_revealed(cell):
                    game.act(Move(Action.TRY, cell))
            continue
        started = time.perf_counter()
        move = result.best_move
        record.best_move_ms.append((time.perf_counter() - started) * 1000)
        record.guesses += 1
        game.act(Move(Action.TRY, move))
    record.won = game.end is Termination.WON
    return record


def _play_numbered(job: tuple[Setup, int]) -> GameRecord:
    setup, number = job
    return play(setup, setup.seed * 1_000_003 + number)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate: honest near 0% and 100%."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return centre - half, centre + half


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def report(setup: Setup, records: Iterable[GameRecord]) -> str:
    games = list(records)
    wins = sum(record.won for record in games)
    low, high = wilson(wins, len(games))
    analyses = [ms for record in games for ms in record.analyze_ms]
    choices = [ms for record in games for ms in record.best_move_ms]
    guesses = statistics.fmean(record.guesses for record in games)
    return "\n".join(
        [
            f"board {setup.width}x{setup.height}/{setup.mines}, start {setup.start},"
            f" {len(games)} games, seed {setup.seed}",
            f"win rate {wins / len(games):.1%} (95% CI {low:.1%}-{high:.1%}), {wins} won",
            f"guesses per game {guesses:.2f}",
            f"analyze ms: median {statistics.median(analyses):.2f},"
            f" p99 {percentile(analyses, 0.99):.2f} ({len(analyses)} calls)",
            f"best_move ms (guesses): median {statistics.median(choices or [0.0]):.2f},"
            f" p99 {percentile(choices, 0.99):.2f} ({len(choices)} calls)",
        ]
    )


def run(args: argparse.Namespace) -> int:
    width, height, mines = PRESETS[args.preset]
    setup = Setup(width, height, mines, args.start, args.seed)
    jobs = [(setup, number) for number in range(args.games)]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            records = pool.map(_play_numbered, jobs, chunksize=8)
    else:
        records = [_play_numbered(job) for job in jobs]
    print(report(setup, records))
    return 0
