"""The real terminal application, driven through prompt_toolkit's pipe input.

:func:`piped_screen` starts a :class:`~buscaminas.ui.terminal.TerminalScreen`
whose keys come from a pipe the test writes to and whose output goes into a
``pyte`` emulator, so that a test can send the bytes a terminal would and read
the screen a player would see, without a pseudo-terminal (and quickly enough
for a property test).
"""

from __future__ import annotations

import select
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pyte
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

from buscaminas.ui.icons import LEGACY, IconSet
from buscaminas.ui.terminal import ESCAPE_SECONDS, TerminalScreen
from tests.emulator_support import Screen

SETTLE_SECONDS = ESCAPE_SECONDS + 0.01
"""Longer than a lone Esc waits for the rest of a sequence."""


class EmulatedOutput(DummyOutput):
    """prompt_toolkit's output as a terminal emulator sees it: every byte written is
    fed to ``pyte`` and kept."""

    def __init__(self, columns: int, rows: int) -> None:
        self.screen = Screen(columns, rows)
        self.stream = pyte.Stream(self.screen)
        self.written: list[str] = []
        self.lock = threading.Lock()

    def write_raw(self, data: str) -> None:
        with self.lock:
            self.written.append(data)
            self.stream.feed(data)

    def write(self, data: str) -> None:
        self.write_raw(data)

    def get_size(self) -> Size:
        return Size(rows=self.screen.lines, columns=self.screen.columns)

    def resize(self, columns: int, rows: int) -> None:
        with self.lock:
            self.screen.resize(lines=rows, columns=columns)

    @property
    def text(self) -> str:
        with self.lock:
            return "\n".join(self.screen.display)

    def all_written(self) -> str:
        with self.lock:
            return "".join(self.written)


class Piped:
    """A terminal screen fed by a pipe: what the test sends, and what it shows."""

    def __init__(self, screen: TerminalScreen, keys: PipeInput, output: EmulatedOutput) -> None:
        self.screen, self.keys, self.output = screen, keys, output

    def send(self, data: str) -> None:
        self.keys.send_text(data)

    def settle(self, timeout: float = 60.0) -> None:
        """Until every key sent is read and handled, the game waits for the next and the
        screen is drawn: what a player who pauses after each key would see."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            time.sleep(SETTLE_SECONDS)
            if self._idle() and self._round_trip() and self._round_trip() and self._idle():
                return
        waiting = "the game never came back to wait for the player:\n"
        raise AssertionError(waiting + self.output.text)

    def _idle(self) -> bool:
        screen = self.screen
        unread = select.select([self.keys.fileno()], [], [], 0)[0]
        events = screen.events
        return not unread and events.waiting and events.empty() and not (
            screen.front.typeahead.waiting or events.behind()
        )

    def _round_trip(self) -> bool:
        """Everything posted to the terminal thread so far has run, and what it set off."""
        done = threading.Event()
        self.screen._post(done.set)
        return done.wait(10)

    def wait_until(self, check: Callable[[], bool], timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if check():
                return
            time.sleep(0.005)
        raise AssertionError("the screen never showed what was expected:\n" + self.output.text)


@contextmanager
def piped_screen(
    columns: int = 80, rows: int = 24, icons: IconSet = LEGACY, words: list[str] | None = None
) -> Iterator[Piped]:
    """A live :class:`TerminalScreen` on a pipe and an emulator, given back at the end."""
    output = EmulatedOutput(columns, rows)
    with create_pipe_input() as keys:
        screen = TerminalScreen(icons, animated=False, words=words, stdin=keys, output=output)
        screen.enter()
        try:
            yield Piped(screen, keys, output)
        finally:
            screen.restore()
