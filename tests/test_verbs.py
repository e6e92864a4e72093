"""The verb table: one row a verb, read by the parser, the session, the cursor and the
questions alike."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from buscaminas import cli
from buscaminas.game import app, questions, verbs
from buscaminas.game.commands import Verb, parse
from buscaminas.game.keeper import Keeper
from buscaminas.game.session import AFTER_THE_END, Session
from buscaminas.game.settings import Settings
from buscaminas.records import storage
from buscaminas.records.storage import Store
from buscaminas.ui import controls


def test_every_verb_has_one_row_and_the_session_a_handler_for_it(tmp_path: Path) -> None:
    assert [row.verb for row in verbs.TABLE] == list(Verb)
    session = Session(
        Settings(5, 5, 3, seed=1), Keeper(Store(tmp_path / "g.sqlite3", on_warning=print)),
        legend=[],
    )
    for row in verbs.TABLE:
        assert callable(getattr(session, row.handler)), row.verb


def typed(row: verbs.Row, word: str) -> str:
    """A line that gives ``row``'s verb spelt ``word`` what it takes."""
    if verbs.Takes.NOTHING in row.takes:
        return word
    return f"{word} f.txt" if verbs.Takes.FILE in row.takes else f"{word} 1 1"


def test_every_reader_takes_its_words_and_places_from_the_table() -> None:
    for row in verbs.TABLE:
        for word in verbs.spellings(row.verb):
            assert parse(typed(row, word), 3, 3).verb is row.verb, word
    board = {row.verb for row in verbs.TABLE if verbs.Allowed.NEEDS_THE_BOARD in row.allowed}
    after = {row.verb for row in verbs.TABLE if verbs.Allowed.AFTER_THE_END in row.allowed}
    keys = {row.key: row.verb for row in verbs.TABLE if row.key is not None}
    assert board == app.ON_THE_BOARD and after == AFTER_THE_END and keys == controls.VERBS
    assert {"quit", "q", "exit", "salir"} == questions.QUIT


def test_a_piped_game_opens_the_records_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[object] = []
    real = storage.Store.__init__

    def counting(self: Store, *args: object, **kwargs: object) -> None:
        opened.append(args)
        real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(storage.Store, "__init__", counting)
    monkeypatch.setattr(sys, "stdin", io.StringIO("try 5 5\nflag 1 1\nquit\n"))
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    status = cli.main(["--preset", "beginner", "--data-dir", str(tmp_path), "--lang", "en"])
    assert status == 0 and len(opened) == 1, opened
