"""Random sessions of keys, clicks, wheel and resizes through the real application.

A hypothesis state machine plays the game through the real
:class:`~buscaminas.ui.terminal.TerminalScreen` and the real
:class:`~buscaminas.game.app.App`: the bytes a terminal would send (typed
lines, Tab, Esc, arrows and other cursor keys, Ctrl-R and Ctrl-S, mouse
presses, drags and releases, the wheel) go into prompt_toolkit's pipe input,
and everything the game writes goes into a terminal emulator.  Once the game
has settled after each step:

- the engine's invariants hold;
- the emulated screen equals the same view, prompt row and window drawn whole
  on a blank screen: nothing but the renderer wrote to the terminal, so no key
  was echoed, and no diff left anything behind;
- the game is still waiting for the player (no key sequence leaves it deaf).
"""

from __future__ import annotations

import contextlib
import tempfile
import threading
from pathlib import Path
from typing import Any, NamedTuple

import pyte
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from buscaminas.core.grid import Point
from buscaminas.game.app import App
from buscaminas.game.keeper import Keeper
from buscaminas.game.settings import Settings
from buscaminas.game.view import View
from buscaminas.records.storage import database_in
from buscaminas.ui.events import EndOfInput
from buscaminas.ui.icons import LEGACY
from buscaminas.ui.renderer import Line, Renderer
from tests.app_support import Piped, piped_screen
from tests.play_support import assert_engine_invariants


class Snapshot(NamedTuple):
    """The screen and what it was drawn from, taken together."""

    shown: View
    size: tuple[int, int]
    line: Line
    origin: Point | None
    seen: list[list[Any]]
    cursor: tuple[int, int]


ARROWS = ["\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "\x1b[5~", "\x1b[6~", "\x1b[1;2C"]
TYPED = st.text(alphabet="tryfexphudo 0123456789,", max_size=14)
"""Typed lines: moves, flags, expands, hints, undo and redo in their short spellings,
and mistakes; never one that leaves or hands the game to the AI for long."""


class LiveSession(RuleBasedStateMachine):
    """One game through the whole terminal stack, driven by random input."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory(prefix="live-")
        self.piped: Piped | None = None
        self.context: object = None
        self.app: App | None = None
        self.thread: threading.Thread | None = None

    @initialize(
        size=st.sampled_from([(8, 8, 10), (16, 16, 40), (30, 16, 99), (40, 30, 99)]),
        terminal=st.sampled_from([(80, 24), (60, 20), (100, 40)]),
        seed=st.integers(0, 100),
    )
    def start(self, size: tuple[int, int, int], terminal: tuple[int, int], seed: int) -> None:
        self.context = piped_screen(*terminal)
        self.piped = self.context.__enter__()
        width, height, mines = size
        settings = Settings(width, height, mines, seed=seed, no_guess=False)
        self.app = App(
            settings,
            self.piped.screen,
            legend=[],
            keeper=Keeper.open(database_in(Path(self.folder.name))),
        )
        self.thread = threading.Thread(target=self._play, daemon=True)
        self.thread.start()
        self.settle()

    def _play(self) -> None:
        assert self.app is not None
        with contextlib.suppress(EOFError, KeyboardInterrupt):
            self.app.run()

    # --- input ------------------------------------------------------------------------

    def send(self, data: str) -> None:
        assert self.piped is not None
        self.piped.send(data)
        self.settle()

    @rule(line=TYPED)
    def typed_line(self, line: str) -> None:
        self.send(line + "\r")

    @rule(text=TYPED)
    def half_typed(self, text: str) -> None:
        self.send(text)

    @rule(key=st.sampled_from(["\t", "\x1b", ":", "\x7f", "\x12", "\x13", "\x15"]))
    def line_key(self, key: str) -> None:
        """Tab, Esc, a colon, Backspace, Ctrl-R, Ctrl-S, Ctrl-U."""
        self.send(key)

    @rule(keys=st.lists(st.sampled_from([*ARROWS, "j", "k", "v", "?", "u", "r", " "]), max_size=6))
    def cursor_keys(self, keys: list[str]) -> None:
        self.send("".join(keys))

    @rule(
        button=st.sampled_from([0, 1, 2]),
        at=st.tuples(st.integers(1, 120), st.integers(1, 45)),
        to=st.none() | st.tuples(st.integers(1, 120), st.integers(1, 45)),
    )
    def click(self, button: int, at: tuple[int, int], to: tuple[int, int] | None) -> None:
        """A press, perhaps a drag, and a release where the pointer ends."""
        column, row = at
        report = f"\x1b[<{button};{column};{row}M"
        if to is not None:
            report += f"\x1b[<{button + 32};{to[0]};{to[1]}M"
            column, row = to
        self.send(report + f"\x1b[<{button};{column};{row}m")

    @rule(
        code=st.sampled_from([64, 65, 68, 69]),
        at=st.tuples(st.integers(1, 80), st.integers(1, 24)),
    )
    def wheel(self, code: int, at: tuple[int, int]) -> None:
        self.send(f"\x1b[<{code};{at[0]};{at[1]}M")

    @rule(size=st.tuples(st.integers(20, 120), st.integers(8, 45)))
    def resize(self, size: tuple[int, int]) -> None:
        assert self.piped is not None
        self.piped.output.resize(*size)
        self.piped.screen._resize()  # as SIGWINCH does
        self.settle()

    # --- settling and checking --------------------------------------------------------

    def settle(self) -> None:
        """Until the keys are read, the game waits for more and the screen is drawn."""
        assert self.piped is not None
        self.piped.settle()

    @invariant()
    def engine_holds(self) -> None:
        if self.app is not None:
            assert_engine_invariants(self.app.session.current.game)

    @invariant()
    def the_screen_is_a_full_redraw(self) -> None:
        piped = self.piped
        if piped is None:
            return
        front = piped.screen.front
        taken: list[Snapshot] = []
        done = threading.Event()

        def take() -> None:
            """What the terminal shows and what it drew it from, on the terminal thread:
            no paint (the clock's) comes between them."""
            shown, frame = front.shown(), front.frame
            if shown is not None and frame is not None:
                size = frame.size
                with piped.output.lock:
                    screen = piped.output.screen
                    seen = [[screen.buffer[y][x] for x in range(size[0])] for y in range(size[1])]
                    cursor = (screen.cursor.x, screen.cursor.y)
                    line = front.line(size[0])
                    taken.append(Snapshot(shown, size, line, front.origin, seen, cursor))
            done.set()

        piped.screen._post(take)
        assert done.wait(10)
        if not taken:
            return
        shown, size, line, origin, seen, cursor = taken[0]
        drawn, _frame = Renderer.draw(shown, size, LEGACY, None, line, origin)
        full = pyte.Screen(*size)
        pyte.Stream(full).feed(drawn)
        wanted = [[full.buffer[y][x] for x in range(size[0])] for y in range(size[1])]
        on_screen = "\n".join("".join(char.data for char in row) for row in seen)
        assert seen == wanted, "\n".join(full.display) + "\n---- on screen:\n" + on_screen
        assert cursor == (full.cursor.x, full.cursor.y)

    @invariant()
    def the_game_listens(self) -> None:
        if self.thread is not None:
            assert self.thread.is_alive() or self.app is None, "the game ended unasked"

    def teardown(self) -> None:
        if self.piped is not None:
            self.piped.screen.events.put(EndOfInput())  # as the input's end would
        if self.context is not None:
            self.context.__exit__(None, None, None)  # type: ignore[attr-defined]
        if self.thread is not None:
            self.thread.join(timeout=10)
        self.folder.cleanup()


def run_random_sessions(sessions: int) -> None:
    run = LiveSession.TestCase
    run.settings = settings(
        max_examples=sessions,
        stateful_step_count=12,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    run().runTest()


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_random_sessions_through_the_whole_terminal() -> None:
    run_random_sessions(3)


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_ten_random_sessions_through_the_whole_terminal() -> None:
    run_random_sessions(10)
