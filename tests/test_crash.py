"""Fault injection: the program killed with SIGKILL at random moments loses at most the
move being made.

Each trial plays a random script (reveals, flags, losses, undos of a loss) in a pipe
or in a pseudo-terminal, waits until the program has shown the outcome of some of
its commands and waits for the next (a move is drawn first, then kept before the next
is read), sends the next and kills it at once or a moment later.  The records
must then hold the game as the same script left it in-process after those commands,
or after the one being made: finished and recorded, or in progress with its board,
its moves and a clock no later than the time that passed, which the next start
takes up; and every game it ended before, a loss taken back too.  A chain of trials
kills the same game again after it was resumed.
"""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from contextlib import closing
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from buscaminas.core.engine import Termination
from buscaminas.game import commands
from buscaminas.game.journal import Played, loads
from buscaminas.game.keeper import CLOCK_KEPT_EVERY, Keeper
from buscaminas.game.rounds import Kept, Round
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.records.storage import DATABASE_NAME, Store
from tests import forkstart_support
from tests.terminal_support import ROOT, Player, run_piped, wait_for_input

SIDE = 8
"""Beginner boards: 8 × 8."""
BOARD_ROW = frozenset("#F.12345678*X?")


Moves = tuple[tuple[str, int, int], ...]
Ended = tuple[tuple[int, Moves], ...]
"""Games recorded: won (1 or 0) and their moves, in the order they ended."""


class Step(NamedTuple):
    """What the in-process game holds after a command: its moves, rows and state, and
    the games ended so far."""

    moves: Moves
    rows: tuple[str, ...]
    over: bool
    kept: bool
    """Begun and not over: the records are to hold it in progress."""
    ended: Ended
    """The games ended so far, each recorded once: a loss taken back stays recorded."""


def moves_of(round_: Round) -> Moves:
    return journal_moves(round_.journal.moves)


def journal_moves(moves: Iterable[Played]) -> Moves:
    return tuple((played.move.action.value, *played.move.cell) for played in moves)


def step_of(session: Session) -> Step:
    current = session.current
    return Step(
        moves_of(current),
        current.game.rows(),
        current.game.end is not None,
        current.worth_keeping,
        tuple(
            (int(record.won), journal_moves(loads(record.journal or "").moves))
            for record in session.records
        ),
    )


def script(rng: random.Random, session: Session, length: int) -> tuple[list[str], list[Step]]:
    """Commands played on ``session`` in-process, and the game after each one."""
    lines, steps = [], []
    for _ in range(length):
        game = session.current.game
        if game.end is Termination.WON:
            break
        if game.end is Termination.LOST:
            if rng.random() < 0.3:
                break
            line = "undo"  # the loss taken back: the game is in progress again
        else:
            hidden = [
                cell
                for cell in game.grid.cells()
                if not game.is_revealed(cell) and cell not in game.flags
            ]
            x, y = rng.choice(hidden)
            roll = rng.random()
            if roll < 0.2:
                line = f"flag {x + 1} {y + 1}"
            elif roll < 0.3 and session.current.journal.moves and game.started:
                line = "undo"
            else:
                line = f"{x + 1} {y + 1}"
        if session.question is not None:
            session.answer(line)
        else:
            session.handle(commands.parse(line, SIDE, SIDE))
        lines.append(line)
        steps.append(step_of(session))
    return lines, steps


class Recorded(NamedTuple):
    """What the records hold after the kill."""

    unfinished: list[dict[str, Any]]
    finished: Ended


def recorded(database: Path) -> Recorded:
    """What the records hold; nothing when the kill came before the database had its
    first schema (the file made, its first transaction not yet committed)."""
    if not database.exists():
        return Recorded([], ())
    with closing(sqlite3.connect(database)) as db:
        if db.execute("PRAGMA user_version").fetchone()[0] == 0:
            return Recorded([], ())
        kept = [json.loads(text) for (text,) in db.execute("SELECT snapshot FROM unfinished")]
        games = tuple(
            (won, journal_moves(loads(journal).moves))
            for won, journal in db.execute("SELECT won, journal FROM games ORDER BY id")
        )
    return Recorded(kept, games)


def matches(found: Recorded, step: Step, seconds: float, earlier: float, ended: Ended) -> bool:
    """Whether the records hold the game as ``step`` left it, with a clock of at most
    ``seconds`` since this run started, plus ``earlier``, and the games ``ended`` by the
    runs before with the games it ended."""
    if found.finished != (*ended, *step.ended):
        return False
    if not step.kept:  # over (its record is the last ended), or nothing done yet
        return not found.unfinished
    if len(found.unfinished) != 1:
        return False
    (snapshot,) = found.unfinished
    kept = Round.from_snapshot(snapshot, lambda: 0.0)
    if moves_of(kept.round) != step.moves or kept.round.game.rows() != step.rows:
        return False
    elapsed = snapshot["elapsed"]
    if elapsed is None:
        return not any(action == "try" for action, _x, _y in step.moves)
    latest = max((played.at for played in kept.round.journal.moves), default=0.0)
    return bool(latest <= elapsed + 0.0005 <= earlier + seconds + 0.5)  # times to the ms


def in_process(seed: int, directory: Path, kept: Kept | None) -> Session:
    settings = Settings.from_preset("beginner", seed) if kept is None else kept.round.settings
    store = Store(directory / DATABASE_NAME, on_warning=print)
    return Session(settings, Keeper(store), legend=[], resumed=kept)


def board_block(stream: Any) -> None:
    """Read the pipe's output up to the end of the next board (8 rows of cells)."""
    run = 0
    while run < SIDE:
        line = stream.readline()
        if not line:
            raise AssertionError("the program ended before showing the board")
        text = line.rstrip("\n")
        run = run + 1 if len(text) == SIDE and set(text) <= BOARD_ROW else 0


def kill_in_a_pipe(
    arguments: list[str], lines: list[str], done: int, pause: float, *, shown: bool = False
) -> float:
    """Play ``lines[:done]`` one by one, each shown, then send the next and kill the
    program ``pause`` seconds later; the seconds it ran.  ``shown``: the program shows
    the board before the first command (a game resumed with something on it)."""
    began = time.monotonic()
    with forkstart_support.popen(
        [sys.executable, "-m", "buscaminas", *arguments],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
    ) as child:
        assert child.stdin is not None and child.stdout is not None
        if shown:
            board_block(child.stdout)
        for line in lines[:done]:
            child.stdin.write(line + "\n")
            child.stdin.flush()
            board_block(child.stdout)
            wait_for_input(child.pid)  # drawn, then kept before the next line is read
        if done < len(lines):
            child.stdin.write(lines[done] + "\n")
            child.stdin.flush()
        time.sleep(pause)
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    return time.monotonic() - began


def showing(player: Player, rows: tuple[str, ...]) -> bool:
    return tuple(player.board(SIDE)) == rows


def kill_on_a_terminal(
    arguments: list[str], lines: list[str], steps: list[Step], done: int, pause: float
) -> float:
    """As :func:`kill_in_a_pipe`, the outcomes read from the screen."""
    began = time.monotonic()
    player = Player("--legacy", *arguments)
    player.wait_for("Mines left")
    for line, step in zip(lines[:done], steps, strict=False):
        player.type(line)
        if step.over:
            player.wait_for("Play again")
        else:
            player.wait_until(partial(showing, player, step.rows))
        wait_for_input(player.child.pid)
    if done < len(lines):
        player.type(lines[done])
    time.sleep(pause)
    player.child.kill(signal.SIGKILL)
    player.child.close(force=True)
    return time.monotonic() - began


def chain(seed: int, terminal: bool, kills: int) -> None:
    """Play, kill, and go on with what the records kept, ``kills`` times over."""
    with (
        tempfile.TemporaryDirectory(prefix="buscaminas-crash-") as directory,
        tempfile.TemporaryDirectory(prefix="buscaminas-crash-shadow-") as shadow,
    ):
        killed_in_turn(seed, terminal, kills, Path(directory), Path(shadow))


def killed_in_turn(seed: int, terminal: bool, kills: int, directory: Path, shadow: Path) -> None:
    """:func:`chain` with the game's data in ``directory``, and the same game played in
    this process with its data in ``shadow``."""
    rng = random.Random(seed)
    kept: Kept | None = None
    earlier = 0.0
    ended: Ended = ()
    for _kill in range(kills):
        session = in_process(seed, shadow, kept)
        before = step_of(session)
        lines, steps = script(rng, session, rng.randrange(1, 16))
        done = rng.randrange(len(lines) + 1)
        pause = rng.choice([0.0, rng.uniform(0, 0.05)])
        arguments = ["--data-dir", str(directory), "--lang", "en"]
        board = ["--preset", "beginner", "--seed", str(seed)]
        arguments += ["--resume"] if kept is not None else board
        if terminal:
            seconds = kill_on_a_terminal(arguments, lines, steps, done, pause)
        else:
            shown = any(set(row) != {"#"} for row in before.rows) and kept is not None
            seconds = kill_in_a_pipe(arguments, lines, done, pause, shown=shown)
        found = recorded(directory / DATABASE_NAME)
        states = [([before, *steps])[done], *steps[done : done + 1]]  # made, or being made
        assert any(matches(found, state, seconds, earlier, ended) for state in states), (
            f"seed {seed}: killed after {lines[:done]} + {lines[done:done + 1]},"
            f" the records hold {found}"
        )
        if len(found.unfinished) != 1:
            return  # over, or never begun: nothing to resume
        (snapshot,) = found.unfinished
        kept = Round.from_snapshot(snapshot, time.monotonic)
        earlier = snapshot["elapsed"] or 0.0
        ended = found.finished
        for path in shadow.iterdir():
            path.unlink()


TRIALS = [(seed, seed % 4 == 3) for seed in range(200)]
"""Seeds, and whether in a pseudo-terminal (a quarter of them): 200 trials of chains
of up to three kills."""


@pytest.mark.parametrize(("seed", "terminal"), TRIALS[:8])
def test_a_kill_at_any_moment_loses_at_most_the_move_being_made(seed: int, terminal: bool) -> None:
    chain(seed, terminal, kills=2)


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "terminal"), TRIALS[8:])
def test_two_hundred_kills_lose_at_most_the_move_being_made(seed: int, terminal: bool) -> None:
    chain(seed, terminal, kills=3)


def test_the_next_start_offers_the_killed_game_with_its_board_and_clock(tmp_path: Path) -> None:
    arguments = ["--data-dir", str(tmp_path), "--lang", "en", "--preset", "beginner", "--seed", "3"]
    kill_in_a_pipe(arguments, ["4 4", "flag 1 1"], 2, 0.0)
    found = recorded(tmp_path / DATABASE_NAME)
    (snapshot,) = found.unfinished
    back = run_piped("--resume", "--data-dir", str(tmp_path), "--lang", "en", lines="quit\n")
    assert "Welcome back" in back.stdout
    shown = back.stdout.splitlines()
    rows = [line for line in shown if len(line) == SIDE and set(line) <= BOARD_ROW]
    assert tuple(rows[:SIDE]) == Round.from_snapshot(snapshot, lambda: 0.0).round.game.rows()
    assert rows[0].startswith("F")


@pytest.mark.waits
def test_a_kill_while_the_player_thinks_takes_back_at_most_seconds_of_the_clock(
    tmp_path: Path,
) -> None:
    """The clock is kept as it ticks, not only with each move: a ``kill -9`` (or a power
    cut) cannot wipe the thinking time off a game."""
    beginner = ("--preset", "beginner", "--seed", "3")
    player = Player("--data-dir", str(tmp_path), "--lang", "en", "--legacy", *beginner)
    player.wait_for("Mines left")
    player.type("4 4")
    thought = CLOCK_KEPT_EVERY + 1.5
    player.wait_for(f"Time: {int(thought)} s", timeout=thought + 10)
    player.child.kill(signal.SIGKILL)
    player.child.close()
    (snapshot,) = recorded(tmp_path / DATABASE_NAME).unfinished
    assert snapshot["elapsed"] >= CLOCK_KEPT_EVERY, "the time thought is kept"


def test_a_kill_in_a_pause_takes_none_of_the_clock_back(tmp_path: Path) -> None:
    beginner = ("--preset", "beginner", "--seed", "3")
    player = Player("--data-dir", str(tmp_path), "--lang", "en", "--legacy", *beginner)
    player.wait_for("Mines left")
    player.type("4 4")
    player.wait_for("Time: 3 s")
    player.type("pause")
    player.wait_for("Press any key to go on.")
    shown = float(player.text.split("Time: ", 1)[1].split(" s", 1)[0])
    wait_for_input(player.child.pid)  # the pause's keep done: it waits for a key
    player.child.kill(signal.SIGKILL)
    player.child.close()
    (snapshot,) = recorded(tmp_path / DATABASE_NAME).unfinished
    assert snapshot["elapsed"] >= shown, "kept as the pause stopped it"
