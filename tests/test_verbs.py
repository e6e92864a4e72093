"""The verb table: one row a verb, read by the parser, the session, the cursor and the
questions alike."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from buscaminas.game import app, questions, verbs
from buscaminas.game.commands import Verb, parse
from buscaminas.game.keeper import Keeper
from buscaminas.game.session import AFTER_THE_END, Session
from buscaminas.game.settings import Settings
from buscaminas.records.storage import Store
from buscaminas.ui import controls
from tests.terminal_support import ROOT


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


COUNTING = """
import sys
from buscaminas.records import storage
opened = []
real = storage.Store.__init__
def counting(self, *args, **kwargs):
    opened.append(args)
    real(self, *args, **kwargs)
storage.Store.__init__ = counting
from buscaminas.entry import cli
status = cli.main(sys.argv[1:])
print("records opened:", len(opened), file=sys.stderr)
sys.exit(status)
"""


def test_a_piped_game_opens_the_records_once(tmp_path: Path) -> None:
    """One Store for the whole run: the start's look for a kept game and the session's
    records are the same, with one set of warnings."""
    ran = subprocess.run(
        [sys.executable, "-c", COUNTING, "--preset", "beginner", "--data-dir", str(tmp_path)],
        input="try 5 5\nflag 1 1\nquit\n", capture_output=True, text=True, cwd=ROOT,
        timeout=60,
    )
    assert ran.returncode == 0 and "records opened: 1" in ran.stderr, ran.stderr
