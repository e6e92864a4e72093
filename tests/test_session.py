"""The session alone, driven by commands as any front end would: no screen at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from buscaminas import generator
from buscaminas.boardfile import parse
from buscaminas.commands import Command, Verb
from buscaminas.session import Question, Session, Settings
from buscaminas.storage import Store
from tests.test_app import no_guess_fails

BOARD = parse("11 10 10 10 10\n10 10 10 10 10\n10 10 10 10 10\n11 10 10 10 11\n")


def session_on(tmp_path: Path, settings: Settings | None = None) -> Session:
    settings = settings or Settings(5, 4, 3, board_file=BOARD)
    warnings: list[str] = []
    store = Store(tmp_path / "games.sqlite3", on_warning=warnings.append)
    return Session(settings, store, legend=[])


def test_the_cursor_starts_at_the_centre_and_follows_moves_hints_and_the_ai(
    tmp_path: Path,
) -> None:
    session = session_on(tmp_path)
    assert session.view().cursor == (2, 2)
    session.handle(Command(Verb.TRY, (2, 1)))
    assert session.view().cursor == (2, 1)
    session.handle(Command(Verb.HELP))
    targets = session.view().marked.targets
    assert targets and session.view().cursor in targets
    session.handle(Command(Verb.AUTO, count=1))
    assert session.thinking
    session.ai_step()
    assert session.view().cursor in session.view().marked.targets
    assert not session.thinking


def test_steering_stops_at_the_edges(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    for _ in range(9):
        session.steer((-1, 1))
    assert session.view().cursor == (0, 3)


def test_the_deal_waits_for_the_first_try_and_a_failed_search_asks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_guess_fails(monkeypatch, generator.NoGuessTimeout("too slow"))
    session = session_on(tmp_path, Settings(3, 3, 8, seed=1, no_guess=True))
    assert not session.current.game.started
    reply = session.handle(Command(Verb.TRY, (1, 1)))
    assert reply.question is Question.CLASSIC and not session.current.game.started
    reply = session.answer("")
    assert session.current.game.started and session.current.game.end is not None
    assert reply.question is Question.AGAIN
    assert session.answer("n").leave
