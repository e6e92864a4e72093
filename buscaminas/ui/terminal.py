"""The live terminal front end: the board drawn in place, the prompt, the keys, the mouse.

It draws through the :class:`~buscaminas.ui.renderer.Renderer`, rewriting only
what changed, and reads with prompt_toolkit, keeping the prompt on its own
row.  A typed line comes back as text for the parser; a key in cursor mode
or a click comes back as a ready :class:`~buscaminas.game.commands.Command`.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import select
import sys
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from prompt_toolkit import PromptSession, search
from prompt_toolkit.application import get_app, run_in_terminal
from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.enums import DEFAULT_BUFFER
from prompt_toolkit.filters import Condition, has_completions, has_focus
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.output import Output

from .. import collector, signals
from ..core.grid import Point
from ..game import textwidth
from ..game.commands import Command
from ..game.screen import Steer
from ..game.view import View
from ..i18n import _
from . import controls
from .renderer import CLEAR, CSI, RESET, SHOW_CURSOR, Frame, IconSet, Renderer

ALTERNATE_SCREEN = CSI + "?1049h"
MAIN_SCREEN = CSI + "?1049l"
MOUSE_OFF = CSI + "?1000l" + CSI + "?1002l" + CSI + "?1003l" + CSI + "?1006l" + CSI + "?1015l"
"""Every mouse reporting mode prompt_toolkit may have turned on, off again: a signal
can end the game while the prompt has them on."""
PASTE_OFF = CSI + "?2004l"
"""Bracketed paste, which prompt_toolkit turns on while the prompt waits, off again."""
TICK_SECONDS = 0.25
"""How often the clock under the prompt is checked; it changes once a second."""
ROOM_TO_TYPE = 24
"""Columns kept free after the prompt, so that typing never wraps onto a new row."""
ANSWERS = re.compile(r"\[[^\]]*\]")
"""The answers a question lists, “[Enter = yes, n = no]”: read as one, kept on one line."""
NO_BREAK = "\u00a0"


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
        self.interactive = True
        self._frame: Frame | None = None
        self._view: View | None = None
        self._pasted: list[str] = []
        """Lines of a paste still to run, one command each."""
        self._typed_ahead = ""
        """The unfinished last line of a paste, waiting at the next prompt."""
        self._line_discipline: list[Any] | None = None
        """The terminal's modes as the shell gave it, to leave it so."""
        self._modes_at_the_stop: list[Any] | None = None
        """The modes in play when the game was stopped, to play on in them after ``fg``."""
        self.cursor_mode = False
        """Keys move the cursor and act on its cell, instead of typing a line."""
        self._ending: signals.Terminated | None = None
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
        self._session.app.after_render += _up

    def _bindings(self) -> KeyBindings:
        bindings = KeyBindings()

        @bindings.add("c-l")
        def _redraw(event: KeyPressEvent) -> None:
            """Ctrl-L draws the whole screen again, as in every terminal program."""
            event.app.create_background_task(self._redraw_above_prompt())

        @bindings.add("c-c", eager=True)
        def _interrupt(event: KeyPressEvent) -> None:
            """Ctrl-C cancels what is in progress on the line (a search, a completion
            menu) and, with nothing in progress, leaves.  Bound above every mode and at
            once (eager), so that no key sequence can keep it from the game."""
            if self._on_the_line():
                event.app.exit(exception=KeyboardInterrupt, style="class:aborting")
            else:
                self._to_the_line()

        @bindings.add("c-z")
        def _suspend(event: KeyPressEvent) -> None:
            """Ctrl-Z arrives as a key in raw mode: suspend as the terminal would have."""
            self._suspend_prompt(group=True)

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
            """A paste of several lines runs them one by one, as if typed; a paste is
            text, so it takes the keys back from the cursor."""
            if self.cursor_mode:
                self._switch(False)
            self._to_the_line()
            lines = event.data.replace("\r\n", "\n").replace("\r", "\n").split("\n")
            buffer = event.current_buffer
            buffer.insert_text(lines[0])
            if len(lines) > 1:
                *self._pasted, self._typed_ahead = lines[1:]
                buffer.validate_and_handle()

        return bindings

    def _cursor_bindings(self, bindings: KeyBindings) -> None:
        """Tab on an empty line takes the keys to the cursor; Tab, Esc or : give them back.

        The cursor's keys hold only while the line itself has the focus, and the
        keys that would open another of the line's modes (its search) are swallowed
        while the cursor has the keys: a search under the cursor mode took Enter,
        Ctrl-D and the letters, and ending the prompt from there left the next one
        with no key that reached the game.
        """
        line = has_focus(DEFAULT_BUFFER)
        on = Condition(lambda: self.cursor_mode) & line
        empty = Condition(lambda: not get_app().current_buffer.text)

        board = Condition(lambda: self._steer is not None)  # not at a question

        @bindings.add("tab", filter=~on & line & ~has_completions & empty & board)
        def _enter(event: KeyPressEvent) -> None:
            self._switch(True)

        for key in controls.LEAVE_CURSOR:

            @bindings.add(key, filter=on, eager=True)  # Esc at once, not as a prefix
            def _leave(event: KeyPressEvent) -> None:
                self._switch(False)

        for key in controls.LINE_MODES:

            @bindings.add(key, filter=on)
            def _stay(event: KeyPressEvent) -> None:
                """The line's search would take the keys from under the cursor."""

        for key, step in controls.STEPS.items():

            @bindings.add(key, filter=on)
            def _move(event: KeyPressEvent, step: Point = step) -> None:
                if self._steer is not None:
                    self._patch(self._steer(step))

        for key, direction in controls.SCREENFULS.items():

            @bindings.add(key)
            def _scroll(event: KeyPressEvent, direction: Point = direction) -> None:
                if self._steer is not None and self._frame is not None:
                    shown, rows_shown = self._frame.board_size
                    self._patch(self._steer((direction[0] * shown, direction[1] * rows_shown)))

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
        self._to_the_line()  # modes never stack: the cursor's keys are the line's
        self.cursor_mode = cursor_mode
        if self._live is not None:
            self._patch(self._live())
        get_app().invalidate()  # the prompt's row names the keys, or gives them back

    def _on_the_line(self) -> bool:
        """Whether the line has the keys, with no search or completion menu open on it."""
        line = self._session.default_buffer
        return self._session.app.layout.has_focus(line) and line.complete_state is None

    def _to_the_line(self) -> None:
        """Close the line's search and completion menu, and give the line the focus.

        Each prompt starts here too: prompt_toolkit keeps the focus from one prompt to
        the next, and a prompt that ended while its search had it (a click, a key in
        cursor mode, a paste) would start the next one in a search field with no
        search, where Enter, Ctrl-C and Ctrl-D mean nothing.
        """
        layout = self._session.app.layout
        line = self._session.default_buffer
        if layout.is_searching:
            search.stop_search()
        if not layout.has_focus(line):
            layout.focus(line)
        line.cancel_completion()

    def _keys(self) -> str:
        """The mode, in a word or two, for the status line; the prompt's row, which has
        the room, names the keys."""
        return _("Cursor keys") if self.cursor_mode else _("Tab: keys")

    def _prompt(self, prompt: str) -> str:
        """What the prompt's row says: the prompt, or in cursor mode what the keys do."""
        if not self.cursor_mode:
            return prompt
        return _("arrows move · Space reveals · f flags · e expands · ? hint · u undo · Tab types ")

    def _patch(self, view: View) -> None:
        """Bring the board up to date under the prompt, which keeps the cursor."""
        self._view = view = view._replace(keys=self._keys())
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
        return Renderer.fits(width, height, self.size())

    def _write(self, drawn: str) -> None:
        self._output.write_raw(drawn)
        self._output.flush()

    def show(self, view: View) -> None:
        self._view = view = view._replace(keys=self._keys())
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
            """Recomputed at every render, so that the prompt follows the board on a resize
            and says what the keys do in cursor mode."""
            shown = textwidth.clip(self._prompt(prompt), self.size()[0] - 1)
            indent = self._frame.prompt_column if self._frame is not None else 0
            if indent + textwidth.width(shown) + ROOM_TO_TYPE > self.size()[0]:
                indent = 0
            return " " * indent + shown

        def start_ticking() -> None:
            if live is not None:
                get_app().create_background_task(self._tick(live))

        typed, self._typed_ahead = self._typed_ahead, ""
        # prompt_toolkit keeps each call's options for the next: say it every time.
        return self._prompt_session(message, pre_run=start_ticking, wrap_lines=False, default=typed)

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

        self._ending = ending  # raised by the prompt, or after it if it was ending anyway
        loop.call_soon_threadsafe(leave)
        return True

    def _stop_prompt(self) -> bool:
        """A stop sent from outside (``kill -TSTP``) while the prompt waits is taken on
        the event loop's own turn, as Ctrl-Z is: prompt_toolkit then gives back the
        modes it set (bracketed paste, the mouse) for the stop and sets them again as
        soon as the game is in the foreground, not at the next prompt."""
        app = self._session.app
        loop = app.loop
        if loop is None or not app.is_running or app.context is None:
            return False
        loop.call_soon_threadsafe(self._suspend_prompt, False, context=app.context)
        return True

    def _suspend_prompt(self, group: bool) -> None:
        """Stop the game with the prompt put away, and bring it back after ``fg``."""
        run_in_terminal(lambda: signals.suspend(self.step_away, self.resume, group=group))

    def _prompt_session(
        self, *args: Any, pre_run: Callable[[], None] | None = None, **options: Any
    ) -> str | Command:
        """prompt_toolkit's prompt, begun on the line (:meth:`_to_the_line`), with the
        ending signals kept for after it: one that lands while the prompt is finishing
        must still end the game."""

        def begin() -> None:
            self._to_the_line()
            if pre_run is not None:
                pre_run()

        self._ending = None
        with signals.diverted(self._end_prompt, stop=self._stop_prompt):
            answer = self._session.prompt(*args, pre_run=begin, **options)
        if self._ending is not None:
            raise self._ending
        return answer

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

    def watching(self) -> AbstractContextManager[object]:
        """Raw mode for the whole of the AI's game, not only while a key is awaited: a
        key typed while the AI thinks or draws would otherwise be echoed over the board."""
        return self._session.input.raw_mode()

    def key_pressed_within(self, seconds: float) -> bool:
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
            answer = self._prompt_session(self._broken_at_words(question), wrap_lines=True)
            return answer if isinstance(answer, str) else ""
        keys = self.cursor_mode
        if keys:
            self._switch(False)  # an answer is typed, and the status line says so
        try:
            while not isinstance(answer := self.read(question), str):
                pass  # a click is no answer
            return answer
        finally:
            self.cursor_mode = keys

    def _broken_at_words(self, question: str) -> str:
        """The question in lines that end between words, as prose is read, and not
        wherever the terminal's edge falls; the answers it lists in brackets stay on
        one line, and its closing space stays for the answer."""
        columns = self.size()[0] - 1  # the answer starts on the last line
        held = ANSWERS.sub(lambda answers: answers[0].replace(" ", NO_BREAK), question)
        lines = [line for part in held.split("\n") for line in textwidth.wrap(part, columns)]
        broken = "\n".join(lines).replace(NO_BREAK, " ")
        return broken + question[len(question.rstrip(" ")) :]

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

    def step_away(self) -> None:
        """Hand the terminal back for a stop, noting the modes the game had set: a stop
        sent from outside (``kill -TSTP``) can come while the prompt waits in raw mode,
        and no one would put raw mode back after ``fg`` but :meth:`resume`."""
        self._modes_at_the_stop = _line_discipline()
        self.restore()

    def resume(self) -> None:
        """Take the terminal again after a suspension, in the modes it was left in, and
        draw everything anew."""
        self.enter()
        _set_line_discipline(self._modes_at_the_stop)
        self.redraw()

    def restore(self) -> None:
        """Leave the terminal as we found it: colours reset, cursor shown, the main
        screen back with what was on it before the game, cooked mode again.

        A terminal that has gone away (SIGHUP) cannot be written to: there is
        nothing left to restore then.
        """
        with contextlib.suppress(OSError):
            self._write(MOUSE_OFF + PASTE_OFF + RESET + SHOW_CURSOR + CLEAR + MAIN_SCREEN)
        _set_line_discipline(self._line_discipline)


def _set_line_discipline(modes: list[Any] | None) -> None:
    """Put the terminal in ``modes``; a terminal gone (SIGHUP) keeps none."""
    if modes is None or sys.platform == "win32":
        return
    import termios

    with contextlib.suppress(OSError, termios.error):
        termios.tcsetattr(sys.stdin.fileno(), termios.TCSADRAIN, modes)


def _up(_app: object) -> None:
    """The first screen is drawn and waits for the player: the game is up."""
    collector.release()


def _line_discipline() -> list[Any] | None:
    """The terminal's modes now (None where there are none to keep)."""
    if sys.platform == "win32" or not sys.stdin.isatty():
        return None
    import termios

    try:
        return termios.tcgetattr(sys.stdin.fileno())
    except termios.error:
        return None
