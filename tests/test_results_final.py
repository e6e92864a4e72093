"""A result is final: once a game ends, nothing the player does afterwards takes its
record away or changes it.  A win stays as it was (``undo`` and ``redo`` say so and
change nothing); a loss taken back stays recorded, and the game it goes on as is
recorded at its own end."""

from __future__ import annotations

import re
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from buscaminas.core.engine import Termination
from buscaminas.core.scoring import GameRecord
from buscaminas.game import unfinished
from buscaminas.game.app import App
from buscaminas.game.commands import Command, Verb
from buscaminas.game.keeper import Keeper
from buscaminas.game.questions import Question
from buscaminas.game.screen import Audience, CursorKeys
from buscaminas.game.settings import Settings
from buscaminas.game.view import View
from buscaminas.records.storage import DATABASE_NAME, Store, database_in
from tests.loop_support import ScriptedScreen, session_on
from tests.terminal_support import KEPT, Player, run_piped, scratch_directory

SEED_1_WIN = [
    *("5 5", "1 1", "6 1", "7 1", "1 4", "1 5", "1 6", "1 7", "1 8"),
    *("2 6", "2 7", "3 7", "3 8", "4 8", "8 2", "8 3"),
]
"""The issue's reproduction: the beginner board of ``--seed 1``, won."""
BEGINNER_SEED_1 = ("--legacy", "--preset", "beginner", "--seed", "1", "--lang", "en")
WON_AND_KEPT = (
    "This game is won and kept as it ended: nothing is taken back or put back."
    " “review” goes over its moves, and “buscaminas replay” plays them again."
)
WIN_CELLS = [(2, 1), (0, 1), (0, 2), (4, 0), (4, 1), (4, 2), (1, 3), (2, 3), (3, 3)]
"""Every safe cell of the 5×4 board of :func:`session_on`, the first one opening."""


def test_undo_and_redo_after_a_win_say_it_is_kept_and_change_nothing(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    for cell in WIN_CELLS:
        session.handle(Command(Verb.TRY, cell))
    assert session.current.game.end is Termination.WON
    won = session.keeper.store.games()
    assert won is not None and len(won) == 1 and won[0].won
    board, records = session.view().rows, list(session.records)
    for answer in ("undo", "u", "redo", "r"):
        reply = session.answer(answer)
        assert session.view().messages == (WON_AND_KEPT,)
        assert reply.question is Question.AGAIN and session.question is Question.AGAIN
        assert session.view().rows == board and session.current.game.end is Termination.WON
        assert session.keeper.store.games() == won and session.records == records
        assert session.keeper.store.unfinished() == [], "a won game is not put back in progress"


def test_the_issues_win_undone_in_a_pipe_is_still_recorded() -> None:
    """Was: “Took back …”, then “No games recorded yet.”; with ``u`` then ``r``, the
    game recorded again as “won, with undo”."""
    for after in (["u"], ["u", "r"], ["r", "u"]):
        data = {"BUSCAMINAS_DATA_DIR": scratch_directory()}
        lines = "\n".join([*SEED_1_WIN, *after, "q", ""])
        result = run_piped(*BEGINNER_SEED_1, lines=lines, env=data)
        assert result.returncode == 0, result.stderr
        assert result.stdout.count(WON_AND_KEPT) == len(after)
        assert "Took back" not in result.stdout and KEPT not in result.stdout
        stats = run_piped("stats", env=data).stdout
        assert "Played from a pipe (scripted): played 1, won 1." in stats
        (game,) = run_piped("games", env=data).stdout.splitlines()[1:]
        assert " won, scripted " in game and "undo" not in game


def test_the_issues_win_undone_at_the_terminal_keeps_its_best_time() -> None:
    """Was: “Took back …”, then no game, no best time in the records."""
    player = Player(*BEGINNER_SEED_1)
    player.wait_for("Mines left: 10")
    for move in SEED_1_WIN:
        player.type(move)
    player.wait_for("New best time!")
    time = re.search(r"You won in (\d+\.\d\d) s", player.text)
    assert time is not None
    player.type("u")
    player.wait_for("This game is won and kept as it ended")
    assert player.board(8)[7] == "1F11F1.."
    player.type("r")
    player.type("q")
    assert player.finish() == 0
    assert KEPT.encode() not in player.output
    data = {"BUSCAMINAS_DATA_DIR": player.data_dir}
    stats = run_piped("stats", env=data).stdout
    assert "Played 1, won 1 (100%); current streak 1, best streak 1." in stats
    assert re.search(rf"1\.\s+{time.group(1)} s", stats), stats
    (game,) = run_piped("games", env=data).stdout.splitlines()[1:]
    assert game.split()[-3:-1] == ["won", time.group(1)]


# --- whatever a session does, every result stays recorded once ------------------------------

CELLS = st.tuples(st.integers(1, 4), st.integers(1, 4))
LINES = st.one_of(
    CELLS.map(lambda cell: f"{cell[0]} {cell[1]}"),
    CELLS.map(lambda cell: f"flag {cell[0]} {cell[1]}"),
    st.sampled_from(["u", "u", "r", "auto", "auto", "auto 1"]),
    st.sampled_from(["u", "r", "new", "again", "y", "n", "", "quit"]),
)
"""What a player types on a 4×4 board with three mines: moves, undo and redo, the AI,
another board or the same one, answers to the questions, leaving."""


class Witness:
    """What the player has seen of the games' ends, and of the records, step by step."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.ends: dict[str, tuple[bool, float]] = {}
        """Each game seen ended, by identity: won, and its time."""
        self.rows: dict[str, GameRecord] = {}

    def check(self, app: App) -> None:
        """After every step: no record has gone or changed, each game seen ended is
        recorded once with its result and time, and every other record is a game
        given up; the session's own list holds each game once."""
        current = app.session.current
        if current.game.end is not None:
            result = (current.game.end is Termination.WON, current.seconds())
            assert self.ends.setdefault(current.identity, result) == result, "ended twice"
        games = self.store.games()
        assert games is not None
        rows = {game.identity: game for game in games if game.identity is not None}
        assert len(rows) == len(games), "a game recorded twice, or with no identity"
        for identity, row in self.rows.items():
            assert rows.get(identity) == row, "a record went or changed"
        for identity, (won, seconds) in self.ends.items():
            assert (rows[identity].won, rows[identity].seconds) == (won, seconds)
        assert all(row.abandoned for identity, row in rows.items() if identity not in self.ends)
        self.rows = rows
        remembered = [record.identity for record in app.session.records]
        assert len(set(remembered)) == len(remembered)


class CheckingScreen(ScriptedScreen):
    """Types its lines at a full screen, and has the witness look before each is read."""

    def __init__(self, lines: list[str], look: Callable[[], None]) -> None:
        super().__init__(*lines, audience=Audience.VIEWER)
        self.look = look

    def read(
        self, prompt: str, live: Callable[[], View] | None = None, cursor: CursorKeys | None = None
    ) -> str:
        self.look()
        return super().read(prompt, live, cursor)


def sittings_record_each_finished_game_once(
    lines: list[str], seed: int, data: st.DataObject
) -> None:
    """Leaving (``quit``, ``n``) ends a sitting; the next one offers the game left in
    progress, taken up or given up, as a new start does."""
    with tempfile.TemporaryDirectory() as directory:
        store = Store(Path(directory) / DATABASE_NAME, on_warning=print)
        witness = Witness(store)
        app: App
        screen = CheckingScreen(lines, lambda: witness.check(app))
        board = Settings(4, 4, 3, seed=seed, no_guess=False)
        kept = None
        while True:
            app = App(
                board,
                screen,
                legend=[],
                keeper=Keeper.open(database_in(Path(directory))),
                resumed=kept,
            )
            try:
                app.run()
            except EOFError:
                break
            finally:
                app.session.put_away()
                witness.check(app)
            kept = unfinished.newest(store, time.monotonic)
            if kept is not None and not data.draw(st.booleans(), label="take it up"):
                unfinished.give_up(store, kept)
                kept = None
            elif kept is not None and not unfinished.take_up(store, kept):
                kept = None


SITTINGS = st.lists(LINES, min_size=5, max_size=50), st.integers(0, 2**20), st.data()


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(*SITTINGS)
def test_every_finished_game_is_recorded_once_with_its_result_whatever_follows(
    lines: list[str], seed: int, data: st.DataObject
) -> None:
    sittings_record_each_finished_game_once(lines, seed, data)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(*SITTINGS)
def test_sixty_runs_of_sittings_record_each_finished_game_once(
    lines: list[str], seed: int, data: st.DataObject
) -> None:
    sittings_record_each_finished_game_once(lines, seed, data)
