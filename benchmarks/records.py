"""What the records cost with many games kept, against almost none, in the same run.

Two databases are filled through the storage API (``Store.add_game``): one with
``--games`` games (beginner, intermediate and expert boards; wins, losses, games
abandoned, assisted, undone and scripted among them, each board its own mines),
the other with one game on each of those boards and no more: ``stats`` shows a
section for each board played, so both show the same sections, and what is
measured is what the games kept add, not what another board adds.  Then,
interleaved (one of each, then again), the figures the player waits for: the end
of a game (saving it and wording its result), ``stats``, ``games`` (the last 20)
and ``games --all``, and the look at launch for a game left unfinished (the
database changed since the last look, so it is opened); in the process (the
records' own work), and as the player runs them, each a process of its own
(``buscaminas stats``, ``buscaminas games``, and the game started and left at
once).  Medians, and the ratio of the full database to the small one.

Besides: the bytes an expert game takes in the games table (its row, and its
journal), for a game played as a person plays it (``benchmarks.review.played``);
the peak memory of ``stats`` on the full database; and what keeping each move of a
game in progress costs (``Store.keep``), beside the ways SQLite could do it: the
whole game again or an appended row per move, with a rollback journal or WAL.

``--against DIR`` runs the same measures on the tree in DIR (another checkout,
``main`` say), in a process of its own, for a before and after.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import inspect
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BOARDS = (("beginner", 8, 8, 10, 5), ("intermediate", 16, 16, 40, 3), ("expert", 30, 16, 99, 2))
"""Preset, size, mines and weight: how often each is played."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=20_000, help="games in the full database")
    parser.add_argument("--runs", type=int, default=15, help="runs of each measure")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--against", metavar="DIR", help="also measure the tree in DIR (another checkout)"
    )
    parser.add_argument(
        "--keeping",
        type=int,
        metavar="ROUNDS",
        help="only what keeping a move costs, expert against 99x99, over ROUNDS moves each",
    )


def run(args: argparse.Namespace) -> int:
    if args.keeping:
        return run_keeping(args.keeping, args.seed, args.against)
    figures = measure(args.games, args.runs, args.seed)
    show(f"this tree ({ROOT})", figures)
    if args.against:
        script = Path(__file__).resolve()
        command = [sys.executable, str(script), str(args.games), str(args.runs), str(args.seed)]
        environment = {**os.environ, "PYTHONPATH": str(Path(args.against).resolve())}
        done = subprocess.run(command, env=environment, capture_output=True, text=True, check=True)
        show(f"the tree in {args.against}", json.loads(done.stdout))
    return 0


def show(name: str, figures: dict[str, Any]) -> None:
    print(f"{name}: {figures['games']} games against none, medians of {figures['runs']} runs")
    for measure in figures["full"]:
        full, empty = figures["full"][measure], figures["empty"][measure]
        print(
            f"  {measure:18} {full * 1000:8.2f} ms  against {empty * 1000:7.2f} ms"
            f"  ratio {full / empty:6.2f}"
        )
    memory = figures["stats memory"] / 2**20
    print(f"  stats (a process), the most memory it held on the full database: {memory:.1f} MiB")
    print(f"  database: {figures['file bytes'] / figures['games']:.0f} bytes a game in the file")
    row, journal = figures["expert row"], figures["expert journal"]
    print(f"  an expert game played as a person plays: row {row} bytes, journal {journal} bytes")
    for way, seconds in figures["keeping a move"].items():
        print(f"  keeping a move, {way}: {seconds * 1000:.3f} ms")


def measure(games: int, runs: int, seed: int) -> dict[str, Any]:
    from buscaminas.records.storage import DATABASE_NAME, Store

    rng = random.Random(seed)
    places = {name: Path(tempfile.mkdtemp(prefix=f"records-{name}-")) for name in ("full", "empty")}
    stores = {
        name: Store(place / DATABASE_NAME, on_warning=lambda line: None)
        for name, place in places.items()
    }
    for number in range(games):
        stores["full"].add_game(record(rng, number))
    for number, board in enumerate(BOARDS, games):  # the same boards, a game on each
        stores["empty"].add_game(record(rng, number, board))
    measures = {
        "end of game": end_of_game(rng, games),
        "stats": stats,
        "games": lambda store: listed(store, 20),
        "games --all": lambda store: listed(store, None),
        "launch": launch,
    }
    times: dict[str, dict[str, list[float]]] = {name: {m: [] for m in measures} for name in stores}
    for _run in range(runs):
        for what, timed in measures.items():
            for name, store in stores.items():
                gc.collect()
                began = time.perf_counter()
                timed(store)
                times[name][what].append(time.perf_counter() - began)
    commands = {
        "stats (a process)": ["stats"],
        "games (a process)": ["games"],
        "launch (a process)": ["--preset", "beginner"],
    }
    for _run in range(runs):
        for what, words in commands.items():
            for name, place in places.items():
                stores[name].nothing_kept.unlink(missing_ok=True)  # the records changed since
                began = time.perf_counter()
                command(words, place)
                times[name].setdefault(what, []).append(time.perf_counter() - began)
    row, journal = expert_row(places["empty"] / "expert.sqlite3")
    return {
        "games": games,
        "runs": runs,
        **{
            name: {what: statistics.median(values) for what, values in by_measure.items()}
            for name, by_measure in times.items()
        },
        "stats memory": command(["stats"], places["full"], memory=True),
        "file bytes": (places["full"] / DATABASE_NAME).stat().st_size,
        "expert row": row,
        "expert journal": journal,
        "keeping a move": keeping_a_move(places["empty"]),
    }


HIGH_WATER = (
    "import atexit, runpy, sys\n"
    "def said():\n"
    "    with open('/proc/self/status') as status:\n"
    "        high = [line.split()[1] for line in status if line.startswith('VmHWM')]\n"
    "    print(high[0], file=sys.stderr)\n"
    "atexit.register(said)\n"
    "sys.argv[0] = 'buscaminas'\n"
    "runpy.run_module('buscaminas', run_name='__main__')\n"
)
"""The game as ``-m`` runs it, saying at its exit the most memory its process held
(Linux's ``VmHWM``: of this program alone, not of the benchmark it was forked from)."""


def command(words: list[str], place: Path, *, memory: bool = False) -> int:
    """Run ``buscaminas WORDS --data-dir PLACE`` from the tree measured, ``quit`` on its
    input; with ``memory``, the most memory it held, in bytes."""
    import buscaminas

    tree = Path(buscaminas.__file__).resolve().parent.parent  # -m looks there first
    start = ["-c", HIGH_WATER] if memory else ["-m", "buscaminas"]
    done = subprocess.run(
        [sys.executable, *start, *words, "--data-dir", str(place)],
        input="quit\n",
        capture_output=True,
        text=True,
        cwd=tree,
        check=True,
    )
    return int(done.stderr.split()[-1]) * 1024 if memory else 0


def record(
    rng: random.Random, number: int, board: tuple[str, int, int, int, int] | None = None
) -> Any:
    """A finished game: ``board``, else one by its weight, its own mines, a person's moves."""
    from buscaminas.core.board import BoardKind
    from buscaminas.core.scoring import GameRecord
    from buscaminas.game.journal import Journal, Played
    from buscaminas.records.boardfile import BoardFile

    chosen = board or rng.choices(BOARDS, [b[4] for b in BOARDS])[0]
    preset, width, height, mines, _weight = chosen
    cells = [(x, y) for y in range(height) for x in range(width)]
    layout = frozenset(rng.sample(cells, mines))
    start = BoardFile(width, height, layout, frozenset(), frozenset())
    won = rng.random() < 0.45
    safe = [cell for cell in cells if cell not in layout]
    clicks = rng.sample(safe, min(len(safe), mines + rng.randrange(mines)))
    flags = rng.sample(sorted(layout), mines // 2)
    moves, at = [], 0.0
    for index, cell in enumerate(clicks + flags):
        at += rng.uniform(0.2, 1.5)
        moves.append(Played(_move("flag" if index >= len(clicks) else "try", cell), round(at, 3)))
    journal = Journal(width, height, mines, start=start, moves=moves)
    roll = rng.random()
    return GameRecord(
        started_at=datetime(2024, 1, 1, tzinfo=UTC) + timedelta(minutes=number),
        preset=preset,
        width=width,
        height=height,
        mines=mines,
        kind=BoardKind.NO_GUESS,
        seed=rng.randrange(2**30),
        won=won,
        seconds=round(at, 2),
        three_bv=len(clicks),
        board_commands=len(moves),
        hints=int(rng.random() < 0.1),
        points=rng.randrange(1000),
        assisted=roll < 0.1,
        scripted=0.1 <= roll < 0.15,
        abandoned=not won and rng.random() < 0.1,
        identity=f"game-{number}",
        code=None,
        journal=journal.dumps(),
        clicks=len(moves),
        undone=0.15 <= roll < 0.18,
    )


def _move(action: str, cell: tuple[int, int]) -> Any:
    from buscaminas.core.engine import Action, Move

    return Move(Action(action), cell)


def end_of_game(rng: random.Random, games: int) -> Callable[[Any], None]:
    """Saving a game and wording its result, as the end of a game does."""
    from buscaminas.records.stats import format_result

    numbers = iter(range(games + 1, games * 10 + 10**6))

    def end(store: Any) -> None:
        game = record(rng, next(numbers))
        format_result(game, store.add_game(game))

    return end


def stats(store: Any) -> None:
    from buscaminas.records.presets import board_label
    from buscaminas.records.stats import format_stats

    format_stats(store, board_label)


def listed(store: Any, count: int | None) -> None:
    from buscaminas.entry.lookback import games_table

    games_table(store.recent(count) or [])


def launch(store: Any) -> None:
    """The look for a game left unfinished, the database changed since the last."""
    from buscaminas.game import unfinished

    store.nothing_kept.unlink(missing_ok=True)
    unfinished.newest(store, time.monotonic)


def expert_row(path: Path) -> tuple[int, int]:
    """The bytes of an expert game's row, played as a person plays, and of its journal."""
    from benchmarks.review import played
    from buscaminas.core.board import BoardKind
    from buscaminas.core.scoring import GameRecord, Score
    from buscaminas.records.storage import Store

    journal = played(30, 16, 99, seed=1, pace=0.6)
    game, outcomes = journal.rebuild()
    record = GameRecord.from_game(
        game,
        Score.of(outcomes, game.number),
        started_at=datetime(2024, 1, 1, tzinfo=UTC),
        seconds=journal.moves[-1].at,
        preset="expert",
        kind=BoardKind.NO_GUESS,
        seed=123456789,
        hints=0,
        assisted=False,
        undone=False,
        scripted=False,
        abandoned_layout=None,
        identity="0123456789abcdef0123456789abcdef",
        code="R0SE-HS08-3GW0-A0T6-SKRA",
        journal=journal.dumps(),
        clicks=journal.clicks,
    )
    Store(path, on_warning=lambda line: None).add_game(record)
    with closing(sqlite3.connect(path)) as db:
        names = [row[1] for row in db.execute("PRAGMA table_info(games)")]
        lengths = ", ".join(f"ifnull(length(CAST({name} AS BLOB)), 0)" for name in names)
        (row,) = db.execute(f"SELECT {lengths} FROM games").fetchall()
        (journal_bytes,) = db.execute("SELECT length(CAST(journal AS BLOB)) FROM games").fetchone()
    return sum(row), journal_bytes


def keeping_a_move(place: Path) -> dict[str, float]:
    """What writing one move of a game in progress costs, median of 200: through the
    store as it is, and the ways SQLite offers (journal mode × what is written)."""
    from buscaminas.records.storage import Store

    store = Store(place / "keeping.sqlite3", on_warning=lambda line: None)
    snapshot = {"format": 1, "journal": "x" * 1200}  # a game in progress, compactly kept
    found: dict[str, float] = {}
    if "playing" in inspect.signature(store.keep).parameters:
        found["Store.keep (the whole game, rollback journal)"] = _median(
            lambda: store.keep("game", snapshot, playing=True)
        )
    for mode in ("DELETE", "WAL"):
        with closing(sqlite3.connect(place / f"{mode}.sqlite3", isolation_level=None)) as db:
            db.execute(f"PRAGMA journal_mode = {mode}")
            db.execute("PRAGMA synchronous = FULL")  # each commit on the disk
            db.execute("CREATE TABLE whole (identity TEXT PRIMARY KEY, snapshot TEXT)")
            db.execute("CREATE TABLE moves (identity TEXT, n INTEGER, move BLOB)")
            text = json.dumps(snapshot)
            moves = iter(range(10**6))

            def whole(db: sqlite3.Connection = db, text: str = text) -> None:
                db.execute("BEGIN IMMEDIATE")
                db.execute("INSERT OR REPLACE INTO whole VALUES ('game', ?)", (text,))
                db.execute("COMMIT")

            def append(db: sqlite3.Connection = db, moves: Any = moves) -> None:
                db.execute("BEGIN IMMEDIATE")
                db.execute("INSERT INTO moves VALUES ('game', ?, x'01020304')", (next(moves),))
                db.execute("COMMIT")

            found[f"the whole game, {mode}"] = _median(whole)
            found[f"a row per move, {mode}"] = _median(append)
    return found


def _median(work: Callable[[], object], runs: int = 200) -> float:
    times = []
    for _run in range(runs):
        began = time.perf_counter()
        work()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


# --- keeping a move, expert against 99×99 ---------------------------------------------

KEEPING_BOARDS = {"expert": (30, 16, 99), "99x99": (99, 99, 2000)}
"""The boards a move is kept on: a 99×99 move's keep is to cost about an expert one's."""


def run_keeping(rounds: int, seed: int, against: str | None) -> int:
    place = Path(tempfile.mkdtemp(prefix="records-keeping-"))
    print(f"data directory {place} on {filesystem_of(place)}; load {os.getloadavg()[0]:.1f}")
    trees: dict[str, str | None] = {f"this tree ({ROOT})": None}
    if against:
        trees[f"the tree in {against}"] = against
    figures: dict[str, dict[str, list[float]]] = {}
    processes = {
        name: subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "keeping", str(rounds), str(seed),
             str(place / str(number))],
            env={**os.environ, **({"PYTHONPATH": str(Path(tree).resolve())} if tree else {})},
            stdout=subprocess.PIPE, text=True,
        )
        for number, (name, tree) in enumerate(trees.items())
    }  # side by side, so that the disk's load falls on both alike
    for name, process in processes.items():
        out, _err = process.communicate()
        figures[name] = json.loads(out)
    for name, times in figures.items():
        print(f"{name}: {rounds} moves a board, medians and 90th percentiles")
        for what in ("keep", "snapshot"):
            shown = {board: _median_p90(times[f"{what} {board}"]) for board in KEEPING_BOARDS}
            (expert, expert90), (big, big90) = shown.values()
            print(
                f"  {what:8} expert {expert:7.3f} ms (p90 {expert90:7.3f})"
                f"  99x99 {big:7.3f} ms (p90 {big90:7.3f})"
                f"  ratio {big / expert:5.2f} (p90 {big90 / expert90:5.2f})"
            )
        for mode in ("rollback journal, a connection a write", "WAL, a connection a write",
                     "WAL, one connection held"):
            median, high = _median_p90(times[f"sqlite {mode}"])
            print(f"  99x99 snapshot written, {mode}: {median:7.3f} ms (p90 {high:7.3f})")
    return 0


def keeping(rounds: int, seed: int, place: Path) -> dict[str, list[float]]:
    """Each round: a move on each board, then its keep timed (the session's, as the
    game makes it: the snapshot, its JSON, the store's transaction), and the snapshot
    and JSON alone; and the 99×99 snapshot written by SQLite three ways."""
    from buscaminas.game.commands import Command, Verb
    from buscaminas.game.keeper import Keeper
    from buscaminas.game.session import Session
    from buscaminas.game.settings import Settings
    from buscaminas.records.storage import database_in

    place.mkdir(parents=True)
    rng = random.Random(seed)
    sessions = {}
    for name, (width, height, mines) in KEEPING_BOARDS.items():
        keeper = Keeper.open(database_in(place / name))
        settings = Settings(width, height, mines, seed=seed, no_guess=False)
        sessions[name] = Session(settings, keeper, legend=[])
    times: dict[str, list[float]] = {}
    modes = _sqlite_modes(place)
    for number in range(rounds + 1):
        boards = list(sessions.items())
        for name, session in boards[:: 1 if number % 2 else -1]:  # each first by turns
            game = session.current.game
            if number == 0:
                move = Command(Verb.TRY, (game.width // 2, game.height // 2))
            else:
                move = Command(Verb.FLAG, rng.choice(_hidden(game)))
            # a tree from before kept a move inside ``handle``: its two halves, apart
            drawn_first = hasattr(session, "keep")
            handle = session.handle if drawn_first else getattr(session, "_handle")  # noqa: B009
            keep = session.keep if drawn_first else getattr(session, "_persist")  # noqa: B009
            handle(move)
            began = time.perf_counter()
            keep()
            kept = time.perf_counter() - began
            began = time.perf_counter()
            text = json.dumps(session.current.snapshot(session.ui.cursor))
            written = time.perf_counter() - began
            if number:  # the first: the deal, and the database made
                times.setdefault(f"keep {name}", []).append(kept)
                times.setdefault(f"snapshot {name}", []).append(written)
            if number and name == "99x99":
                for mode, write in sorted(modes.items(), key=lambda _mode: rng.random()):
                    began = time.perf_counter()
                    write(text)
                    times.setdefault(f"sqlite {mode}", []).append(time.perf_counter() - began)
    return times


def _hidden(game: Any) -> list[tuple[int, int]]:
    return [
        (x, y) for y in range(game.height) for x in range(game.width)
        if not game.is_revealed((x, y))
    ]


def _sqlite_modes(place: Path) -> dict[str, Callable[[str], None]]:
    """A game's snapshot written as the store writes it, with a rollback journal or WAL,
    a connection opened for each write or one held."""
    held: dict[str, sqlite3.Connection] = {}

    def made(mode: str, name: str) -> Path:
        path = place / f"{name}.sqlite3"
        with closing(sqlite3.connect(path, isolation_level=None)) as db:
            db.execute(f"PRAGMA journal_mode = {mode}")
            db.execute("CREATE TABLE unfinished (identity TEXT PRIMARY KEY, snapshot TEXT)")
        return path

    def writer(path: Path, hold: bool) -> Callable[[str], None]:
        def write(text: str) -> None:
            db = held.get(str(path)) or sqlite3.connect(path, isolation_level=None)
            db.execute("PRAGMA synchronous = FULL")
            db.execute("BEGIN IMMEDIATE")
            db.execute("INSERT OR REPLACE INTO unfinished VALUES ('game', ?)", (text,))
            db.execute("COMMIT")
            if hold:
                held[str(path)] = db
            else:
                db.close()

        return write

    rollback, wal, wal_held = made("DELETE", "rollback"), made("WAL", "wal"), made("WAL", "held")
    return {
        "rollback journal, a connection a write": writer(rollback, hold=False),
        "WAL, a connection a write": writer(wal, hold=False),
        "WAL, one connection held": writer(wal_held, hold=True),
    }


def filesystem_of(path: Path) -> str:
    """The file system ``path`` is on, from ``/proc/mounts``: a benchmark of the disk on
    tmpfs measures memory."""
    found, longest = "unknown", -1
    with contextlib.suppress(OSError), open("/proc/mounts") as mounts:
        for line in mounts:
            device, point, kind = line.split()[:3]
            if str(path.resolve()).startswith(point) and len(point) > longest:
                found, longest = f"{kind} ({device} at {point})", len(point)
    return found


def _median_p90(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered) * 1000, ordered[int(len(ordered) * 0.9)] * 1000


if __name__ == "__main__":  # the measures of another tree (PYTHONPATH), for --against
    if sys.argv[1] == "keeping":
        print(json.dumps(keeping(int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4]))))
    else:
        games, runs, seed = (int(value) for value in sys.argv[1:4])
        print(json.dumps(measure(games, runs, seed)))
