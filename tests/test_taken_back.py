"""What a word's keys did, taken back whole: the session's side of a command typed by habit.

Keys at the cursor act at once; when their letters turn out to spell a command,
:meth:`Session.withdraw` puts the game back as it was at :meth:`Session.hold`:
no move, undo, redo, hint or pause of them is left, in the game or in the
records, and the cursor is where it was.  A key that ended the game is final.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from buscaminas.core.engine import Move
from buscaminas.game.commands import Command, Verb
from buscaminas.game.jumps import Jump
from buscaminas.game.keeper import Keeper
from buscaminas.game.rounds import Round
from buscaminas.game.screen import Audience
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.records.boardfile import parse
from buscaminas.records.storage import Store

BOARD = parse("11 10 10 10 10\n10 10 10 10 10\n10 10 10 10 10\n11 10 10 10 11\n")
"""Mines at 1 1, 1 4 and 5 4; 3 2 opens the middle."""


def session_on(tmp_path: Path, settings: Settings | None = None) -> Session:
    store = Store(tmp_path / "games.sqlite3", on_warning=lambda _line: None)
    return Session(
        settings or Settings(5, 4, 3, board_file=BOARD), Keeper(store), legend=[],
        audience=Audience.VIEWER,
    )  # fmt: skip


def state(session: Session) -> tuple[Any, ...]:
    """Everything a key could have changed, the clock's reading aside."""
    current = session.current
    return (
        current.game.rows(),
        tuple(played.move for played in current.journal.moves),
        current.journal.refused,
        tuple(played.move for played in current.journal.redo_stack),
        current.hints,
        current.took_back,
        current.acted,
        current.paused,
        current.started_at,
        session.ui.cursor,
        session.ui.messages,
        session.ui.highlight,
        session.question,
    )


def play(session: Session, command: Command) -> None:
    """A command as the game's loop carries it out: drawn, then kept before the next."""
    session.handle(command)
    session.keep()


def kept(session: Session) -> list[tuple[Move, ...]]:
    """The moves of each game the records keep in progress, read as the next start would."""
    with sqlite3.connect(session.keeper.store.path) as db:
        snapshots = [json.loads(text) for (text,) in db.execute("SELECT snapshot FROM unfinished")]
    return [
        tuple(p.move for p in Round.from_snapshot(snapshot, time.monotonic).round.journal.moves)
        for snapshot in snapshots
    ]


def test_flags_undo_hints_and_a_pause_are_taken_back_whole(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    play(session, Command(Verb.TRY, (2, 1)))
    play(session, Command(Verb.FLAG, (0, 1)))
    play(session, Command(Verb.UNDO))  # the flag is what redo would put back
    session.steer((-2, 1))
    before, records = state(session), kept(session)
    session.hold()
    session.steer((0, 1))  # the keys of a word: f, r, u, c, p…
    play(session, Command(Verb.FLAG, session.ui.cursor))
    play(session, Command(Verb.REDO))
    play(session, Command(Verb.UNDO))
    play(session, Command(Verb.UNDO))
    session.steer(Jump.DECIDED)
    play(session, Command(Verb.HELP))
    play(session, Command(Verb.PAUSE))
    assert state(session) != before
    view = session.withdraw()
    assert state(session) == before
    assert kept(session) == records, "the records keep the game as it was"
    assert view.cursor == before[9] and view.rows == before[0]
    play(session, Command(Verb.REDO))
    assert session.current.game.flags == {(0, 1)}, "what redo puts back is still there"


def test_an_undo_of_a_word_is_no_undo(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (2, 1)))
    session.handle(Command(Verb.FLAG, (0, 1)))
    session.hold()
    session.handle(Command(Verb.UNDO))  # u, as in “undo”
    assert session.current.took_back
    session.withdraw()
    assert not session.current.took_back and session.current.game.flags == {(0, 1)}
    assert session.current.as_record(abandoned=True).undone is False


def test_a_board_untouched_before_the_word_is_untouched_again(tmp_path: Path) -> None:
    session = session_on(tmp_path, Settings.from_preset("beginner", 3))
    before = state(session)
    session.hold()
    play(session, Command(Verb.TRY, session.ui.cursor))  # the first reveal: mines dealt
    play(session, Command(Verb.FLAG, (0, 0)))
    assert kept(session), "a game begun is kept"
    session.withdraw()
    assert state(session) == before and session.current.journal.start is None
    assert kept(session) == [], "nothing left to resume"


def test_a_word_whose_key_ended_the_game_stands(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (2, 1)))
    session.hold()
    session.handle(Command(Verb.TRY, (0, 0)))  # a mine
    lost = state(session)
    session.withdraw()
    assert state(session) == lost, "a result is final"
    assert len(session.records) == 1


def test_withdraw_with_nothing_held_only_shows(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (2, 1)))
    before = state(session)
    assert session.withdraw().rows == before[0]
    assert state(session) == before
