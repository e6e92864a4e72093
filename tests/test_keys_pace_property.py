"""Cursor keys mean the same at any pace: random keys, fast and slow, through the real game.

A hypothesis test types a random sequence of keys into cursor mode of the real
:class:`~buscaminas.ui.terminal.TerminalScreen` driving the real
:class:`~buscaminas.game.app.App` (through prompt_toolkit's pipe input, the bytes
a terminal sends), once at random speeds (from all at once to 0.6 s apart) and
once slowly (each key sent only once the game has handled the one before), and
compares where each left the game: the board, the moves made, the cursor, the
hints and undos counted, the question asked, the mode and the typed line.  The
keys are the cursor's (moves, flags, unflags, reveals, expands, jumps, undo and
redo, a hint, the pause), with letters no key uses and commands typed by habit
among them, whose words must be decided by the keys alone, never by their pace.
"""

from __future__ import annotations

import contextlib
import tempfile
import threading
import time
from pathlib import Path
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from buscaminas.core.engine import Move, Termination
from buscaminas.core.grid import Point
from buscaminas.game import commands
from buscaminas.game.app import App
from buscaminas.game.keeper import Keeper
from buscaminas.game.settings import Settings
from buscaminas.records.storage import database_in
from buscaminas.ui.events import EndOfInput
from tests.app_support import piped_screen

ARROWS = ["\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D"]
CURSOR_KEYS = [*"hjklwasd", *ARROWS, *"fbve", " ", "\r", *"nN^$[]{}", *"ur?cp"]
"""Every kind of cursor key: moves, flags, unflags, expands, reveals, jumps, undo and
redo, a hint, the jump to a decided cell (a hint too), the pause."""
TYPED = ["flag 3 3\r", "help\r", "review\r", "f 3 3\r", "probar 2 2\r", "save", "3 3\r", "g"]
"""Commands typed by habit, and words and letters that go to the typed line; sent a
key at a time, like the rest."""
KEYS = st.one_of(
    st.sampled_from(CURSOR_KEYS).map(lambda key: [key]),
    st.sampled_from(TYPED).map(lambda word: [*word]),
)
GAPS = st.sampled_from([0.0, 0.0, 0.005, 0.03, 0.1, 0.6])
"""Seconds between two keys: all at once, a fast typist's, a person's."""


class Where(NamedTuple):
    """What the keys left of the game."""

    board: tuple[str, ...]
    moves: tuple[Move, ...]
    end: Termination | None
    cursor: Point
    hints: int
    took_back: bool
    redo: int
    paused: bool
    question: str | None
    mode: str
    line: str


def play(keys: list[str], gaps: list[float] | None) -> Where:
    """``keys`` typed at the cursor after the board's first reveal, ``gaps`` seconds
    apart, or, with no gaps, each once the game has handled the one before."""
    with tempfile.TemporaryDirectory(prefix="pace-") as data, piped_screen(
        words=commands.verb_names()
    ) as piped:
        keeper = Keeper.open(database_in(Path(data)))
        app = App(Settings.from_preset("beginner", 7), piped.screen, legend=[], keeper=keeper)
        thread = threading.Thread(target=_play, args=(app,), daemon=True)
        thread.start()
        piped.settle()
        piped.send("5 5\r")
        piped.settle()
        piped.send("\t")
        piped.settle()
        for at, key in enumerate(keys):
            piped.send(key)
            if gaps is None:
                piped.settle()
            else:
                time.sleep(gaps[at % len(gaps)])
        piped.settle()
        session, screen = app.session, piped.screen
        current = session.current
        where = Where(
            current.game.rows(),
            tuple(played.move for played in current.journal.moves),
            current.game.end,
            session.ui.cursor,
            current.hints,
            current.took_back,
            len(current.journal.redo_stack),
            current.paused,
            None if session.question is None else session.question.name,
            repr(screen.front.mode),
            screen.buffer.text,
        )
        screen.events.put(EndOfInput())  # as the input's end would
        thread.join(timeout=10)
    return where


def _play(app: App) -> None:
    with contextlib.suppress(EOFError, KeyboardInterrupt):
        app.run()


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=st.lists(KEYS, min_size=1, max_size=12), gaps=st.lists(GAPS, min_size=1))
def test_keys_typed_at_any_pace_leave_the_game_as_typed_slowly(
    words: list[list[str]], gaps: list[float]
) -> None:
    keys = [key for word in words for key in word]
    assert play(keys, gaps) == play(keys, None)


@pytest.mark.parametrize(
    "keys",
    [
        [*"sa"],  # the issue's: down and left, never “> sa”
        [*"fl"],  # a flag, then right
        [*"hejk"],
        [*"deul"],
        [*"neur"],
        [*"auf "],
        [*"pauses"],  # a pause begun by p, gone on by a key that spells no command
        [*"flag 3 3\r", "\t", *"help\r"],
    ],
)
def test_the_same_keys_all_at_once_and_one_by_one(keys: list[str]) -> None:
    assert play(keys, [0.0]) == play(keys, None)
