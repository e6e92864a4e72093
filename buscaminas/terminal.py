"""The two front ends the game loop talks to: a live terminal, and a pipe.

Both show a :class:`~buscaminas.renderer.View` and read a line.  The terminal
draws in place through the :class:`~buscaminas.renderer.Renderer` and reads
with prompt_toolkit, keeping the prompt on its own row; the pipe prints plain
text with no escape sequence at all, so the game can be scripted.
"""

from __future__ import annotations

import asyncio
import contextlib
import select
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.application import get_app, run_in_terminal
from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.filters import Condition
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.output import Output

from . import controls, signals, text
from .commands import MAX_LINE, Command
from .grid import Point
from .i18n import _
from .renderer import CLEAR, CSI, RESET, SHOW_CURSOR, Frame, IconSet, Renderer
from .screen import Steer
from .view import View

ALTERNATE_SCREEN = CSI + "?1049h"
MAIN_SCREEN = CSI + "?1049l"
TICK_SECONDS = 0.25
"""How often the clock under the prompt is checked; it changes once a second."""
ROOM_TO_TYPE = 24
"""Columns kept free after the prompt, so that typing never wraps onto a new row."""
_LONGEST_READ = MAX_LINE + 2
"""A line the parser accepts and its ``\\r\\n``; anything longer is too long whole."""
_SKIPPED_CHUNK = 64 * 1024
"""How much of an over-long line's rest is read, and dropped, at a time."""


class PipeScreen:
    """Line by line, for pipes and files: messages then the board rows after each command."""

    animated = False
    watched = False

    def __init__(
        self, source: TextIO = sys.stdin, sink: TextIO = sys.stdout, *, person: bool = False
    ) -> None:
        """``person``: someone reads it as it goes (a dumb terminal), not a script."""
        self._source, self._sink = source, sink
        self._person = person
        self._inside_long_line = False
        """Whether the last line read was cut short, its rest still to be skipped."""

    def show(self, view: View) -> None:
        self._sink.write(Renderer.plain(view))
        self._sink.flush()

    def fits(self, width: int, height: int) -> bool:
        """Plain text has no size to outgrow."""
        return True

    def start(self, view: View) -> None:
        """The round's messages; the rows too when there is something to see (a board
        file's position) or someone to see it: for a script, a blank board is
        printed after the first command anyway."""
        for message in view.messages:
            self.say(message)
        if self._person or any(set(row) - {"#"} for row in view.rows):
            self._sink.write("".join(row + "\n" for row in view.rows))
            self._sink.flush()

    def read(
        self, prompt: str, live: Callable[[], View] | None = None, steer: Steer | None = None
    ) -> str:
        """The next line, read with a cap so that no line can exhaust memory.

        A line longer than the parser's :data:`MAX_LINE` comes back cut short
        but still too long, so the parser refuses it with its own message;
        the rest is skipped, unstored, before the next line is read.  A line
        that never ends (``/dev/zero``) costs time, not memory, and one message.
        """
        if self._inside_long_line:
            self._skip_rest_of_line()
        line = self._source.readline(_LONGEST_READ)
        if not line:
            raise EOFError
        if line.endswith("\n") or len(line) < _LONGEST_READ:
            return line.rstrip("\r\n")
        self._inside_long_line = True
        return line

    def _skip_rest_of_line(self) -> None:
        while True:
            chunk = self._source.readline(_SKIPPED_CHUNK)
            if not chunk or chunk.endswith("\n"):
                break
        self._inside_long_line = False

    def ask(self, question: str) -> str:
        """The question is printed, so that a script's reader sees why a line was taken."""
        self.say(question.rstrip())
        return self.read(question)

    def say(self, line: str) -> None:
        self._sink.write(line + "\n")
        self._sink.flush()

    def pause(self, seconds: float) -> None:
        """Pipes are not watched: nothing to wait for."""

    def interrupted(self, seconds: float) -> bool:
        """A pipe has no keys to press: the next line is the next command."""
        return False


def _windows_key_within(seconds: float) -> bool:
    """The Windows console cannot be select()ed: poll it instead."""
    if sys.platform == "win32":
        import msvcrt

        deadline = time.monotonic() + seconds
        while not msvcrt.kbhit():
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.01)
        msvcrt.getwch()
        return True
    raise OSError("only the Windows console is polled for keys")


class TerminalScreen:
    """A live terminal: the board drawn in place, the prompt on its own row below it."""

    def __init__(
        self, icons: IconSet, *, animated: bool, words: list[str], mouse: bool = True
    ) -> None:
        self.icons = icons
        self.animated = animated
        self.watched = True
        self._frame: Frame | None = None
        self._view: View | None = None
        self._pasted: list[str] = []
        """Lines of a paste still to run, one command each."""
        self._typed_ahead = ""
        """The unfinished last line of a paste, waiting at the next prompt."""
        self._line_discipline: list[Any] | None = None
        self.cursor_mode = False
        """Keys move the cursor and act on its cell, instead of typing a line."""
        self._live: Callable[[], View] | None = None
        self._steer: Steer | None = None
        self._session: PromptSession[str | Command] = PromptSession(
            history=InMemoryHistory(),
            completer=WordCompleter(words, ignore_case=True, sentence=True),
            complete_while_typing=False,
            reserve_space_for_menu=0,
            erase_when_done=True,
            wrap_lines=False,
            mouse_support=mouse,
            key_bindings=self._bindings(),
        )
        self._output: Output = self._session.app.output
        self._session.app.before_render += self._check_size

    def _bindings(self) -> KeyBindings:
        bindings = KeyBindings()

        @bindings.add("c-l")
        def _redraw(event: KeyPressEvent) -> None:
            """Ctrl-L draws the whole screen again, as in every terminal program."""
            event.app.create_background_task(self._redraw_above_prompt())

        @bindings.add("c-z")
        def _suspend(event: KeyPressEvent) -> None:
            """Ctrl-Z arrives as a key in raw mode: suspend as the terminal would have."""
            run_in_terminal(lambda: signals.suspend(self.restore, self.resume, group=True))

        self._cursor_bindings(bindings)

        @bindings.add(Keys.Vt100MouseEvent)
        def _click(event: KeyPressEvent) -> None:
            """A click anywhere on the screen: on a cell it is a move, elsewhere nothing."""
            click = controls.parse_mouse(event.data)
            if click is None or self._frame is None:
                return
            command = controls.click_command(click, self._frame.cell_at(click.row, click.column))
            if command is not None:
                event.app.exit(result=command)

        @bindings.add(Keys.BracketedPaste)
        def _paste(event: KeyPressEvent) -> None:
            """A paste of several lines runs them one by one, as if typed."""
            lines = event.data.replace("\r\n", "\n").replace("\r", "\n").split("\n")
            buffer = event.current_buffer
            buffer.insert_text(lines[0])
            if len(lines) > 1:
                *self._pasted, self._typed_ahead = lines[1:]
                buffer.validate_and_handle()

        return bindings

    def _cursor_bindings(self, bindings: KeyBindings) -> None:
        """Tab on an empty line takes the keys to the cursor; Tab, Esc or : give them back."""
        on = Condition(lambda: self.cursor_mode)
        empty = Condition(lambda: not get_app().current_buffer.text)

        @bindings.add("tab", filter=~on & empty)
        def _enter(event: KeyPressEvent) -> None:
            self._switch(True)

        for key in controls.LEAVE_CURSOR:

            @bindings.add(key, filter=on)
            def _leave(event: KeyPressEvent) -> None:
                self._switch(False)

        for key, step in controls.STEPS.items():

            @bindings.add(key, filter=on)
            def _move(event: KeyPressEvent, step: Point = step) -> None:
                if self._steer is not None:
                    self._patch(self._steer(step))

        for key in controls.ACTIONS:

            @bindings.add(key, filter=on)
            def _act(event: KeyPressEvent, key: str = key) -> None:
                view = self._view
                if view is None or view.cursor is None or view.page is not None:
                    return
                x, y = view.cursor
                command = controls.key_command(key, view.cursor, view.rows[y][x])
                if command is not None:
                    event.app.exit(result=command)

        @bindings.add(Keys.Any, filter=on)
        def _swallow(event: KeyPressEvent) -> None:
            """Other keys type nothing while the cursor has them."""

    def _switch(self, cursor_mode: bool) -> None:
        self.cursor_mode = cursor_mode
        if self._live is not None:
            self._patch(self._live())

    def _keys(self) -> str:
        """The mode and its keys, in a few words, for the status line."""
        if self.cursor_mode:
            return _("Keys: arrows, Space, f, e, ?  Tab: type")
        return _("Tab: keys")

    def _patch(self, view: View) -> None:
        """Bring the board up to date under the prompt, which keeps the cursor."""
        self._view = view = replace(view, keys=self._keys())
        if self._frame is None:
            return
        drawn, self._frame = Renderer.update(view, self.size(), self.icons, self._frame)
        if drawn:
            self._write(drawn)

    def _check_size(self, _app: object) -> None:
        """Redraw the board when the terminal has been resized under the prompt."""
        if self._frame is not None and self.size() != self._frame.size:
            get_app().create_background_task(self._redraw_above_prompt())

    async def _redraw_above_prompt(self) -> None:
        """Redraw while the prompt waits: prompt_toolkit hides it, we draw, it comes back."""
        await run_in_terminal(self.redraw)

    def size(self) -> tuple[int, int]:
        size = self._output.get_size()
        return size.columns, size.rows

    def fits(self, width: int, height: int) -> bool:
        need_columns, need_rows = Renderer.needed(width, height)
        columns, rows = self.size()
        return need_columns <= columns and need_rows <= rows

    def _write(self, drawn: str) -> None:
        self._output.write_raw(drawn)
        self._output.flush()

    def show(self, view: View) -> None:
        self._view = view = replace(view, keys=self._keys())
        drawn, self._frame = Renderer.draw(view, self.size(), self.icons, self._frame)
        self._write(drawn)

    def start(self, view: View) -> None:
        self.show(view)

    def redraw(self) -> None:
        """Draw everything again from a blank screen."""
        self._frame = None
        if self._view is not None:
            self.show(self._view)

    def read(
        self, prompt: str, live: Callable[[], View] | None = None, steer: Steer | None = None
    ) -> str | Command:
        if self._pasted:
            return self._pasted.pop(0)
        self._live, self._steer = live, steer
        if self._frame is not None and self.size() != self._frame.size:
            self.redraw()

        def message() -> str:
            """Recomputed at every render, so that the prompt follows the board on a resize."""
            indent = self._frame.prompt_column if self._frame is not None else 0
            if indent + text.width(prompt) + ROOM_TO_TYPE > self.size()[0]:
                indent = 0
            return " " * indent + prompt

        def start_ticking() -> None:
            if live is not None:
                get_app().create_background_task(self._tick(live))

        typed, self._typed_ahead = self._typed_ahead, ""
        # prompt_toolkit keeps each call's options for the next: say it every time.
        with signals.diverted(self._end_prompt):
            return self._session.prompt(
                message, pre_run=start_ticking, wrap_lines=False, default=typed
            )

    def _end_prompt(self, ending: signals.Terminated) -> bool:
        """End the prompt with the signal's exception, from the event loop's own turn:
        raised where the signal landed, inside a callback, the loop would catch it."""
        app = self._session.app
        loop = app.loop
        if loop is None or not app.is_running:
            return False

        def leave() -> None:
            if not app.is_done:
                app.exit(exception=ending)

        loop.call_soon_threadsafe(leave)
        return True

    async def _tick(self, live: Callable[[], View]) -> None:
        """Keep the clock running under the prompt without touching what is being typed.

        prompt_toolkit cancels this task when the prompt returns.
        """
        signals.quiet_wakeup()  # the loop has registered its resize handler by now
        while True:
            await asyncio.sleep(TICK_SECONDS)
            if self._frame is None:
                continue
            self._patch(live())

    def interrupted(self, seconds: float) -> bool:
        keyboard = self._session.input
        with keyboard.raw_mode():
            if sys.platform == "win32":
                return _windows_key_within(seconds)
            ready, _writable, _failed = select.select([keyboard.fileno()], [], [], seconds)
            if ready:
                keyboard.read_keys()
            return bool(ready)

    def ask(self, question: str) -> str:
        """Before the board is drawn a long question may wrap; under the board it may not,
        or the screen would scroll."""
        if self._frame is None:
            with signals.diverted(self._end_prompt):
                answer = self._session.prompt(question, wrap_lines=True)
                return answer if isinstance(answer, str) else ""
        keys, self.cursor_mode = self.cursor_mode, False  # an answer is typed
        try:
            while not isinstance(answer := self.read(question), str):
                pass  # a click is no answer
            return answer
        finally:
            self.cursor_mode = keys

    def say(self, line: str) -> None:
        self._frame = None
        self._write(line + "\r\n")

    def pause(self, seconds: float) -> None:
        time.sleep(seconds)

    def enter(self) -> None:
        """Play on the alternate screen, so that the shell's scrollback is left untouched;
        the line discipline is noted first, so that :meth:`restore` can put it back
        however the game ends."""
        self._line_discipline = _line_discipline()
        self._frame = None
        self._write(ALTERNATE_SCREEN + CLEAR)

    def resume(self) -> None:
        """Take the terminal again after a suspension, and draw everything anew."""
        self.enter()
        self.redraw()

    def restore(self) -> None:
        """Leave the terminal as we found it: colours reset, cursor shown, the main
        screen back with what was on it before the game, cooked mode again.

        A terminal that has gone away (SIGHUP) cannot be written to: there is
        nothing left to restore then.
        """
        with contextlib.suppress(OSError):
            self._write(RESET + SHOW_CURSOR + CLEAR + MAIN_SCREEN)
        if self._line_discipline is not None and sys.platform != "win32":
            import termios

            with contextlib.suppress(OSError, termios.error):
                termios.tcsetattr(sys.stdin.fileno(), termios.TCSADRAIN, self._line_discipline)


def _line_discipline() -> list[Any] | None:
    """The terminal's modes as the shell left them (None where there are none to keep)."""
    if sys.platform == "win32" or not sys.stdin.isatty():
        return None
    import termios

    try:
        return termios.tcgetattr(sys.stdin.fileno())
    except termios.error:
        return None
