"""The session keeps the board's rows from each outcome instead of reading the whole board
again: they must always be what the engine shows, and a move must leave the rows it did
not touch as they were, which is how the renderer knows what it need not draw again."""

from __future__ import annotations

import itertools
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from buscaminas.core.generator import mine_range
from buscaminas.game.commands import Command, Verb
from buscaminas.game.keeper import Keeper
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.records.storage import Store
from tests.cells_support import picks

VERBS = [Verb.TRY, Verb.FLAG, Verb.EXPAND, Verb.HELP]
moves = picks(
    list(itertools.product(VERBS, range(12), range(10), (False, True))), min_size=1, max_size=40
)
"""From one to forty commands, each any verb on any cell of a board up to 12×10, and
whether a help asks about its cell."""


def session_of(width: int, height: int, mines: int, seed: int, data: Path) -> Session:
    settings = Settings(width, height, mines, seed=seed, no_guess=False)
    warnings: list[str] = []
    return Session(
        settings, Keeper(Store(data / "games.sqlite3", on_warning=warnings.append)), legend=[]
    )


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 12), st.integers(3, 10), st.integers(1, 25), st.integers(0, 1000), moves)
def test_the_rows_shown_are_always_the_engines(
    width: int, height: int, mines: int, seed: int, script: list[tuple[Verb, int, int, bool]]
) -> None:
    low, high = mine_range(width, height)
    mines = min(max(mines, low), high)
    with tempfile.TemporaryDirectory() as data:
        session = session_of(width, height, mines, seed, Path(data))
        for verb, x, y, asked_about_a_cell in script:
            cell = (x % width, y % height)
            if verb is Verb.HELP:
                command = Command(verb, cell if asked_about_a_cell else None)
            else:
                command = Command(verb, cell)
            reply = session.handle(command)
            game = session.current.game
            assert session.view().rows == tuple(game.rows())
            for view in session.wave_views(reply, 1000):  # each wave, a board's picture
                assert all(len(row) == width for row in view.rows)
            if reply.question is not None:
                session.answer("n")
                break


def test_a_flag_leaves_every_other_row_as_it_was(tmp_path: Path) -> None:
    session = session_of(99, 99, 2000, 1, tmp_path)
    session.handle(Command(Verb.TRY, (50, 50)))
    before = session.view().rows
    hidden = next(
        (x, y) for y, row in enumerate(before) for x, char in enumerate(row) if char == "#"
    )
    session.handle(Command(Verb.FLAG, hidden))
    after = session.view().rows
    assert after[hidden[1]] != before[hidden[1]]
    unchanged = [y for y in range(99) if after[y] is before[y]]
    assert unchanged == [y for y in range(99) if y != hidden[1]]


def test_a_big_opening_shows_at_most_the_waves_asked_evenly_spread(tmp_path: Path) -> None:
    session = session_of(99, 99, 500, 1, tmp_path)
    before = session.view().rows
    reply = session.handle(Command(Verb.TRY, (50, 50)))
    assert reply.outcome is not None and len(reply.outcome.waves) > 30, "a wide opening"
    every = session.wave_views(reply, 1000)
    assert len(every) == len(reply.outcome.waves) - 1
    shown = session.wave_views(reply, 10)
    assert 5 <= len(shown) <= 10
    opened = [sum(row.count("#") for row in view.rows) for view in [*shown, session.view()]]
    assert opened == sorted(opened, reverse=True) and len(set(opened)) == len(opened)
    assert shown[-1].rows in [view.rows for view in every[-len(every) // 10 - 1 :]]
    assert before != shown[0].rows
