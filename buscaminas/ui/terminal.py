"""The terminal: one prompt_toolkit application from the first frame to the exit.

One :class:`TerminalScreen` owns the terminal for the whole run.  Its
application runs on a thread of its own, the *terminal thread*, and never
stops between actions: raw mode, mouse reporting and bracketed paste stay on
from the first frame to the exit, so nothing typed is ever echoed, and a key
or a click that comes while the game is busy waits in order on the
application's queue.  The game (questions, the session, the AI, a replay)
runs on the main thread, where the signals land, and talks to the terminal
thread through two doors: events in (:meth:`read`, :meth:`ask`,
:meth:`next_key`) and views out (:meth:`show`).

prompt_toolkit reads and parses the keys, edits the typed line (history,
completion, the emacs keys) and runs the loop; its own renderer draws into a
:class:`~prompt_toolkit.output.DummyOutput`.  Every character on the screen is
written by the game's :class:`~buscaminas.ui.renderer.Renderer`, the board's
and the prompt's alike, on the terminal thread, after prompt_toolkit has
handled the keys: one writer, diffing one frame against the last.

This is the one module that touches the terminal's modes; the rest of the
game sees a :class:`~buscaminas.game.screen.Screen`.
"""

from __future__ import annotations

import _thread
import asyncio
import contextlib
import contextvars
import queue
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input, create_input
from prompt_toolkit.key_binding import (
    ConditionalKeyBindings,
    KeyBindings,
    KeyBindingsBase,
    KeyPress,
    KeyPressEvent,
    merge_key_bindings,
)
from prompt_toolkit.key_binding.bindings.basic import load_basic_bindings
from prompt_toolkit.key_binding.bindings.cpr import load_cpr_bindings
from prompt_toolkit.key_binding.bindings.emacs import load_emacs_bindings
from prompt_toolkit.key_binding.bindings.mouse import load_mouse_bindings
from prompt_toolkit.key_binding.key_processor import KeyProcessor
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.layout.controls import BufferControl
from prompt_toolkit.output import DummyOutput, Output, create_output

from .. import collector, signals
from ..core.grid import Point
from ..game import keys, textwidth
from ..game.commands import MAX_LINE, Command, LineTooLong, capped
from ..game.keys import Act, Mode
from ..game.screen import Audience, CursorKeys
from ..game.view import View
from ..i18n import _
from . import controls, layout, typeahead
from .firstframe import FirstFrame
from .renderer import CLEAR, CSI, RESET, SHOW_CURSOR, Frame, IconSet, Line, Renderer
from .typeahead import Typeahead

ALTERNATE_SCREEN = CSI + "?1049h"
MAIN_SCREEN = CSI + "?1049l"
MOUSE_ON = CSI + "?1000h" + CSI + "?1002h" + CSI + "?1006h"
"""Presses, releases and moves while a button is held, in SGR's encoding: no report
for a pointer that only passes over the screen."""
MOUSE_OFF = CSI + "?1000l" + CSI + "?1002l" + CSI + "?1003l" + CSI + "?1006l" + CSI + "?1015l"
PASTE_ON = CSI + "?2004h"
PASTE_OFF = CSI + "?2004l"
TICK_SECONDS = 0.25
"""How often the clock under the prompt is checked; it changes once a second."""
ESCAPE_SECONDS = 0.04
"""How long a lone Esc waits for the rest of an arrow key's sequence."""
LINE_SECONDS = 0.05
"""How long the prompt's row may go on showing a line sent to the game: the game's
answer, drawn with the row emptied, nearly always comes sooner, and one paint then
does for both, rather than a paint of the row alone competing with the move."""
ANSWERS = re.compile(r"\[[^\]]*\]")
"""The answers a question lists, “[Enter = yes, n = no]”: read as one, kept on one line."""
NO_BREAK = "\u00a0"
STOPPING_SIGNALS = {
    getattr(signal, name)
    for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGTSTP", "SIGWINCH")
    if hasattr(signal, name)
}
"""Signals the terminal thread never takes: Python runs every handler on the main
thread anyway, and a signal the kernel hands to this thread would not wake it."""
PLAYING = frozenset({Mode.LINE, Mode.CURSOR})
PUMP_SECONDS = 0.005
"""How long the keys read ahead are handed on at one go before the loop reads again
(Ctrl-C among them): a flood of keys never holds the loop longer."""
FREE_KINDS = frozenset({"steer", "mark", "back"})
"""Events that change nothing about what the next key means: the keys after them need
not wait for the game to handle them."""


class Event(NamedTuple):
    """Something for the game from the terminal thread."""

    kind: str
    """``line``, ``command``, ``steer``, ``key`` (a key at the cursor, or a replay's
    key), ``mark``/``back`` (the cursor kept, then put back), ``cancel``, ``eof``,
    ``failure``."""
    value: Any = None


class TerminalScreen:
    """The game's screens on a live terminal, all in one application."""

    animated: bool
    audience = Audience.VIEWER

    def __init__(
        self,
        icons: IconSet,
        *,
        animated: bool = True,
        words: list[str] | None = None,
        mouse: bool = True,
        stdin: Input | None = None,
        output: Output | None = None,
    ) -> None:
        """``stdin`` and ``output``: prompt_toolkit's, for a test to drive it with a pipe
        and read what it writes; the terminal's by default."""
        self.icons = icons
        self.animated = animated
        self._mouse = mouse
        self._input = stdin
        self._output = output
        self._events: queue.Queue[Event] = queue.Queue()
        self._mode = Mode.LINE
        """The keys' mode; a question, a replay and the AI's game have their own."""
        self._asking: str | None = None
        """The question the typed line answers, if any."""
        self._above: tuple[str, ...] = ()
        """What the question's screen shows above it (the board menu, a complaint)."""
        self._watching: Mode | None = None
        """The keys' mode while the game waits on them alone: the AI's, or a pause's."""
        self._replaying = False
        self._view: View | None = None
        self._said: list[str] = []
        """Lines said before the board since the last answer, above the next question."""
        self._frame: Frame | None = None
        self._origin: Point | None = None
        """The board cell at the window's corner, kept from frame to frame so that the
        view stays where it is; None for a new board, shown around the cursor."""
        self._follow: int | None = None
        """Cells to keep around the cursor, once it has moved, as the window scrolls to
        show it; None while it has not moved since the last frame drawn."""
        self._margin: int | None = 0
        """What :attr:`_follow` becomes when the cursor moves next: the margin of the
        cursor's keys, none for a typed move or a click, and None for a screenful,
        which moves the view itself (the cursor's steps on their way, one per key,
        must not pull it back)."""
        self._every_key = False
        """F1: the whole key legend under the board, however many rows it takes."""
        self._read_from = 0
        """The first line shown of words too long for the screen: the player pages."""
        self._waiting = False
        """The game waits for an event: a Ctrl-C is one, not an interruption."""
        self._habit = controls.Habit()
        self._pointer = controls.Pointer()
        self._away = False
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._line_discipline: list[Any] | None = None
        self._resized: Any = None
        """The handler of resizes before ours."""
        self.buffer = Buffer(
            history=InMemoryHistory(),
            completer=WordCompleter(words or [], ignore_case=True, sentence=True),
            complete_while_typing=False,
            multiline=False,
        )
        self.buffer.on_text_changed += self._cap
        self._cut = False
        """The typed line was cut at the parser's limit: the player is told so."""
        self._paint_due = False
        self._paint_late: asyncio.TimerHandle | None = None
        """The paint :meth:`_paint_later` put off, if any."""
        self._typeahead = Typeahead(stdin or create_input(), self._pump_soon)
        self._pumping = False
        self._context: contextvars.Context | None = None
        """The application's context, where its keys are handled."""
        self._sent = 0
        """Events handed to the game so far (terminal thread)."""
        self._due = 0
        """The event the keys read after it wait on: one that may change what they mean."""
        self._handled = 0
        """Events the game has handled, as it last said (terminal thread)."""
        self._taken = 0
        """Events the game has taken (main thread)."""
        self.app: Application[None] = _Unrendered(
            self._paint_soon,
            self._bindings(),
            layout=Layout(Window(BufferControl(self.buffer))),
            output=DummyOutput(),
            input=self._typeahead,
            terminal_size_polling_interval=None,
        )
        self.app.ttimeoutlen = ESCAPE_SECONDS
        self.app.timeoutlen = ESCAPE_SECONDS

    # --- the game's side: the main thread ---------------------------------------------

    def enter(self, first: FirstFrame | None = None) -> None:
        """Take the terminal: start the application, on the alternate screen.  ``first``:
        the terminal taken already, its first frame on the screen (the keys typed since
        wait, unechoed, for the application to read)."""
        self._line_discipline = _line_discipline() if first is None else first.modes
        if first is not None:  # the keys typed since act on the board it shows
            self._view, self._frame = first.view, first.frame
        if self._output is None:
            self._output = create_output(stdout=sys.stdout)
        self._thread = threading.Thread(target=self._run, name="terminal", daemon=True)
        self._thread.start()
        self._ready.wait()
        if hasattr(signal, "SIGWINCH"):
            self._resized = signal.signal(signal.SIGWINCH, lambda _n, _f: self._post(self._paint))

    def restore(self) -> None:
        """Give the terminal back as it was: the application ends (raw mode with it),
        then colours, cursor, main screen and every mode it set go back.

        A terminal that has gone away (SIGHUP) cannot be written to: there is
        nothing left to restore then.
        """
        thread, self._thread = self._thread, None
        if thread is None:
            return
        if hasattr(signal, "SIGWINCH"):
            signal.signal(signal.SIGWINCH, self._resized)
        if self._loop is not None and thread.is_alive():
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._stop)
            thread.join(timeout=5)
        output = self._output
        assert output is not None
        with contextlib.suppress(OSError, ValueError):
            output.write_raw(_leaving(self._mouse))
            output.flush()
        _set_line_discipline(self._line_discipline)

    def step_away(self) -> None:
        """Hand the terminal back for a stop (Ctrl-Z, ``kill -TSTP``): every mode the
        game set goes, and nothing is drawn until :meth:`resume`."""
        self._across(self._leave())

    def resume(self) -> None:
        """Take the terminal again after the stop and draw everything anew."""
        self._across(self._come_back())

    def size(self) -> tuple[int, int]:
        assert self._output is not None
        size = self._output.get_size()
        return size.columns, size.rows

    def fits(self, width: int, height: int) -> bool:
        return layout.fits(width, height, self.size())

    def show(self, view: View) -> None:
        self._post(self._draw_view, view)

    def start(self, view: View) -> None:
        """The board of a new game: what was said before it is gone."""
        self._post(self._new_board, view)

    def say(self, line: str) -> None:
        """A line before the board: shown above the next question."""
        self._post(self._said.append, line)

    def pause(self, seconds: float) -> None:
        time.sleep(seconds)

    def read(
        self,
        prompt: str,
        live: Callable[[], View] | None = None,
        cursor: CursorKeys | None = None,
    ) -> str | Command:
        """The next typed line, or a command from a key or a click; the clock kept up
        to date meanwhile, the cursor moved as the keys say."""
        self._post(self._set_question, None)
        while True:
            event = self._next(live)
            if event.kind in ("line", "command"):
                return event.value  # type: ignore[no-any-return]
            if live is None or cursor is None:
                continue
            if event.kind == "mark":
                cursor.hold()
                continue
            view = live()
            if event.kind == "steer":
                view = cursor.steer(event.value)
            elif event.kind == "back":
                view = cursor.withdraw()
            elif event.kind == "key" and view.cursor is not None and view.page is None:
                x, y = view.cursor
                command = controls.key_command(event.value, view.cursor, view.rows[y][x])
                if command is not None:
                    return command
            self.show(view)

    def ask(self, question: str, above: Sequence[str] = ()) -> str:
        """The answer to a question, typed on the prompt's row; a click is no answer.
        Before the board, the question and ``above`` take the screen, under what was
        said since the last answer, and leave it with the answer."""
        self._post(self._set_question, question, tuple(above))
        try:
            while True:
                event = self._next(None)
                if event.kind == "line":
                    self._post(self._said.clear)
                    return str(event.value)
        finally:
            self._post(self._set_question, None)

    def key_pressed_within(self, seconds: float) -> Act | None:
        """While the AI plays or the game is paused: at once, what a key does (``+``
        and ``-`` the AI's speed; any other key or a click ``Act.STOP``)."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                event = self._take(left)
            except queue.Empty:
                return None
            if event.kind == "key":
                return event.value if isinstance(event.value, Act) else Act.STOP
        return None

    @contextlib.contextmanager
    def watching(self, mode: Mode) -> Iterator[None]:
        """While the AI plays or the game is paused, the keys are ``mode``'s and any other
        key or a click stops it: none is typed or played."""
        self._post(self._set_watching, mode)
        try:
            yield
        finally:
            self._post(self._set_watching, None)

    @contextlib.contextmanager
    def replaying(self) -> Iterator[None]:
        """While a replay is watched, the keys are the replay's."""
        self._post(self._set_replaying, True)
        try:
            yield
        finally:
            self._post(self._set_replaying, False)

    def next_key(self, seconds: float) -> Act | None:
        """A replay's next key within ``seconds``, or None."""
        try:
            event = self._take(seconds)
        except queue.Empty:
            return None
        return event.value if event.kind == "key" else None

    def _next(self, live: Callable[[], View] | None) -> Event:
        """The next event; the clock ticks on while none comes."""
        while True:
            try:
                return self._take(TICK_SECONDS)
            except queue.Empty:
                if live is not None:
                    self.show(live())

    def _take(self, seconds: float) -> Event:
        """The next event within ``seconds`` (``queue.Empty`` if none), raising the ones
        that end a wait: Ctrl-C, the end of input, a failure of the terminal thread.

        The terminal thread is told first that every event taken so far is handled:
        the keys read after them may be read now."""
        self._post(self._caught_up, self._taken)
        self._waiting = True
        try:
            event = self._events.get(timeout=seconds)
        finally:
            self._waiting = False
        self._taken += 1
        if event.kind == "cancel":
            raise KeyboardInterrupt
        if event.kind == "eof":
            raise EOFError
        if event.kind == "failure":
            raise RuntimeError("the terminal failed") from event.value
        return event

    def _post(self, call: Callable[..., object], *args: object) -> None:
        """Run ``call`` on the terminal thread, after what was posted before it."""
        if self._loop is not None and self._thread is not None:
            with contextlib.suppress(RuntimeError):  # the loop has just ended
                self._loop.call_soon_threadsafe(call, *args)

    def _across(self, job: Any) -> None:
        """Run the coroutine ``job`` on the terminal thread and wait until it is done."""
        if self._loop is None or self._thread is None or not self._thread.is_alive():
            job.close()
            return
        asyncio.run_coroutine_threadsafe(job, self._loop).result(timeout=10)

    # --- the terminal thread -----------------------------------------------------------

    def _run(self) -> None:
        if hasattr(signal, "pthread_sigmask"):
            signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING_SIGNALS)
        try:
            self.app.run(pre_run=self._started, set_exception_handler=False, handle_sigint=False)
        except EOFError:  # the input closed: the terminal has gone
            self._tell("eof")
        except BaseException as failure:  # handed to the game's thread, which raises it
            self._tell("failure", failure)
        finally:
            self._loop = None
            self._ready.set()

    def _started(self) -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(self._failed)
        self._loop = loop
        self._context = contextvars.copy_context()
        drawn = self._frame is not None  # by FirstFrame, on the alternate screen
        self._write(self._modes_on() if drawn else ALTERNATE_SCREEN + self._modes_on() + CLEAR)
        self._ready.set()
        collector.release()  # the first screen is up

    def _failed(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """A fault on the terminal thread ends the game with a traceback, after the
        terminal is given back, never hidden behind the board."""
        failure = context.get("exception") or RuntimeError(context.get("message"))
        self._tell("failure", failure)
        self._stop()

    def _stop(self) -> None:
        if not self.app.is_done and self.app.is_running:
            self.app.exit()

    def _modes_on(self) -> str:
        if not self._mouse:
            return PASTE_ON
        if sys.platform == "win32":
            assert self._output is not None
            self._output.enable_mouse_support()  # the console's own mouse input
            return PASTE_ON
        return MOUSE_ON + PASTE_ON

    def _write(self, text: str) -> None:
        if self._away or not text:
            return
        assert self._output is not None
        self._output.write_raw(text)
        self._output.flush()

    async def _leave(self) -> None:
        """Until :meth:`_come_back`: the terminal as the shell wants it, the keys left
        unread, nothing drawn."""
        self._write(_leaving(self._mouse))
        self._away = True
        self._back = asyncio.Event()
        self._returned = asyncio.Event()
        left = asyncio.Event()

        async def away() -> None:
            with self.app.input.detach(), self.app.input.cooked_mode():
                left.set()
                await self._back.wait()
            self._away = False
            self._write(ALTERNATE_SCREEN + self._modes_on())
            self._paint(whole=True)
            self._returned.set()

        self.app.create_background_task(away())
        await left.wait()

    async def _come_back(self) -> None:
        self._back.set()
        await self._returned.wait()

    # --- what the terminal thread draws --------------------------------------------

    def _new_board(self, view: View) -> None:
        self._said.clear()
        self._origin = None
        self._pointer = controls.Pointer()
        self._draw_view(view)

    def _draw_view(self, view: View) -> None:
        before = self._view
        if before is None or (view.messages, view.page) != (before.messages, before.page):
            self._read_from = 0  # new words are read from their start
        if before is not None and view.cursor != before.cursor:
            self._follow = self._margin
        self._view = view
        self._paint()

    def _paint_soon(self) -> None:
        """Paint once the keys read together are all handled: a paste is one paint.  A
        line just sent to the game has a paint promised already (:meth:`_paint_later`)."""
        if not self._paint_due and self._paint_late is None and self._loop is not None:
            self._paint_due = True
            self._loop.call_soon(self._paint_due_now)

    def _paint_due_now(self) -> None:
        if self._paint_due and self._paint_late is None:
            self._paint()

    def _paint_later(self) -> None:
        """Paint within :data:`LINE_SECONDS`, or sooner with whatever comes first."""
        if self._paint_late is None and self._loop is not None:
            self._paint_late = self._loop.call_later(LINE_SECONDS, self._paint)

    def _paint(self, *, whole: bool = False) -> None:
        """Bring the screen up to date: the view and the prompt's row, only what changed
        unless ``whole``."""
        self._paint_due = False
        if self._paint_late is not None:
            self._paint_late.cancel()
            self._paint_late = None
        if self._away or self._loop is None:
            return
        size = self.size()
        previous = None if whole else self._frame
        line = self._line(size[0])._replace(read_from=self._read_from)
        if self._view is None:
            said = [*self._said, *self._above]
            drawn, self._frame = Renderer.dialogue(said, size, previous, line)
        else:
            view = self._view if self._replaying else self._view._replace(keys=self._keys_word())
            follow = self._follow
            if follow is None and self._frame is not None and self._frame.size != size:
                follow = 0  # the cursor stays in view as the terminal shrinks
            drawn, self._frame = Renderer.draw(
                view, size, self.icons, previous, line, self._origin, follow
            )
            if self._frame.board is not None:
                self._origin, self._follow = self._frame.window, None
        self._write(drawn)

    def _keys_word(self) -> str:
        """The mode, in a word or two, for the status line."""
        if self._asking is not None:
            return ""
        return keys.mode_word(self._mode)

    def _line(self, columns: int) -> Line:
        """The prompt's row: what the keys will do is written at its start; under the
        board's words, that a line was cut at the parser's limit."""
        buffer = self.buffer
        if self._replaying:
            return Line(prompt="", legend=tuple(keys.legend((Mode.REPLAY,), columns - 1)))
        if self._watching is not None and self._asking is None:
            return Line(prompt="", legend=tuple(keys.legend((self._watching,), columns - 1)))
        cut = (LineTooLong().message(),) if self._cut else ()
        if self._asking is not None:
            above, prompt = _question_lines(self._asking, columns)
            return Line(prompt, buffer.text, buffer.cursor_position, above=(*above, *cut))
        if self._mode is Mode.CURSOR:
            legend = tuple(keys.legend((Mode.CURSOR,), columns - 1))
            brief = () if self._every_key else (keys.brief(columns - 1),)
            return Line(f" {_('KEYS')} ", style="7", legend=legend, brief=brief)
        legend = ()
        if self._every_key:
            legend = tuple(keys.legend((Mode.LINE, Mode.BOARD, Mode.EVERYWHERE), columns - 1))
        return Line("> ", buffer.text, buffer.cursor_position, legend=legend, above=cut)

    # --- the keys ---------------------------------------------------------------------

    def _bindings(self) -> Any:
        typing = Condition(lambda: self._types())
        line = merge_key_bindings([load_basic_bindings(), load_emacs_bindings()])
        own = KeyBindings()
        cursor = Condition(lambda: self._keys_at(Mode.CURSOR))
        board = Condition(lambda: self._keys_at(Mode.LINE) or self._keys_at(Mode.CURSOR))
        watching = Condition(lambda: self._watching is not None and not self._replaying)
        ai = Condition(lambda: self._watching is Mode.AI and not self._replaying)
        replaying = Condition(lambda: self._replaying)
        reading = Condition(
            lambda: self._frame is not None and self._frame.reading is not None
            and not self._replaying
        )

        @own.add("c-c", eager=True)
        def _cancel(event: KeyPressEvent) -> None:
            self._cancel()

        @own.add("c-d")
        def _end(event: KeyPressEvent) -> None:
            """Ctrl-D on an empty line leaves, as at any prompt; on a word, it deletes."""
            if self._types() and self.buffer.text:
                self.buffer.delete()
            elif self._replaying:
                self._tell("key", Act.STOP)
            else:
                self._tell("eof")

        @own.add("c-l")
        def _redraw(event: KeyPressEvent) -> None:
            self._paint(whole=True)

        @own.add("c-z")
        def _suspend(event: KeyPressEvent) -> None:
            """Ctrl-Z arrives as a key in raw mode: the process group is stopped as the
            terminal would have stopped it (the main thread takes the stop)."""
            signals.stop_the_group()

        @own.add("enter", filter=typing)
        def _enter(event: KeyPressEvent) -> None:
            self._submit()

        @own.add("tab", filter=typing)
        def _tab(event: KeyPressEvent) -> None:
            """Tab on an empty line gives the keys to the cursor; on a word, completes it."""
            buffer = self.buffer
            if not buffer.text and self._keys_at(Mode.LINE):
                self._switch(Mode.CURSOR)
            elif buffer.complete_state is not None:
                buffer.complete_next()
            else:
                buffer.start_completion(select_first=True)

        @own.add(Keys.Any, filter=cursor)
        @own.add("escape", filter=cursor, eager=True)
        @own.add("enter", filter=cursor)
        @own.add("tab", filter=cursor)
        def _cursor(event: KeyPressEvent) -> None:
            self._cursor_key(_name(event))

        for binding in keys.table():
            if binding.mode is Mode.CURSOR:
                for key in binding.keys:
                    if len(key) > 1 and key not in ("escape", "enter", "tab", "space"):
                        own.add(key, filter=cursor)(_cursor)
            elif binding.mode is Mode.BOARD:
                for key, step in zip(binding.keys, binding.steps, strict=True):
                    own.add(key, filter=board)(self._screenful(step))
            elif binding.act is Act.EVERY_KEY:
                for key in binding.keys:
                    own.add(key, filter=board)(self._every_key_or_fewer)
            elif binding.act is Act.MORE:  # after the screenfuls: it goes before them
                for key, step in zip(binding.keys, binding.steps, strict=True):
                    own.add(key, filter=reading)(self._more(step[1]))
            elif binding.mode is Mode.REPLAY:
                for key in binding.keys:
                    own.add(key, filter=replaying, eager=True)(self._replay_key(binding.act))
            elif binding.mode is Mode.AI:
                for key in binding.keys:
                    own.add(key, filter=ai)(self._replay_key(binding.act))

        @own.add(Keys.Any, filter=replaying)
        def _nothing(event: KeyPressEvent) -> None:
            """Other keys do nothing in a replay."""

        @own.add(Keys.Any, filter=watching)
        @own.add("escape", filter=watching, eager=True)
        def _watched(event: KeyPressEvent) -> None:
            self._watched_key(event.key_sequence[-1], _name(event))

        @own.add(Keys.Vt100MouseEvent)
        def _mouse(event: KeyPressEvent) -> None:
            report = controls.parse_mouse(event.data)
            if report is not None:
                self._mouse_report(report)

        @own.add(Keys.WindowsMouseEvent)
        def _windows_mouse(event: KeyPressEvent) -> None:
            report = _windows_report(event.data, self._output)
            if report is not None:
                self._mouse_report(report)

        @own.add(Keys.BracketedPaste, filter=typing | cursor)
        def _paste(event: KeyPressEvent) -> None:
            """A paste of several lines runs them one by one, as if typed: the lines after
            the first wait, as typed keys would, for the game to answer it.  A paste is
            text, so it takes the keys back from the cursor."""
            self._to_the_line()
            first, *rest = event.data.replace("\r\n", "\n").replace("\r", "\n").split("\n")
            self.buffer.insert_text(capped(first))
            if rest:
                self._submit()
                enter = KeyPress(Keys.ControlM, "\r")
                later = [KeyPress(Keys.BracketedPaste, rest[0])]
                for text in rest[1:]:
                    later += [enter, KeyPress(Keys.BracketedPaste, text)]
                self._typeahead.put_back(later)

        return merge_key_bindings([ConditionalKeyBindings(line, typing), own])

    def _types(self) -> bool:
        """Whether keys type into the line: at the prompt or a question, not while the
        cursor, the AI or a replay has them."""
        if self._replaying or self._watching is not None:
            return False
        return self._asking is not None or self._mode is Mode.LINE

    def _keys_at(self, mode: Mode) -> bool:
        """Whether the board's keys are ``mode``'s now (no question, AI or replay)."""
        quiet = self._asking is None and self._watching is None and not self._replaying
        return quiet and self._view is not None and self._mode is mode

    def _switch(self, mode: Mode) -> None:
        self.buffer.cancel_completion()
        self._mode = mode
        self._paint_soon()

    def _to_the_line(self) -> None:
        if self._mode is Mode.CURSOR:
            self._habit.clear()
            self._switch(Mode.LINE)

    def _submit(self) -> None:
        buffer = self.buffer
        text = buffer.text
        if self._asking is None and text.strip():
            buffer.append_to_history()
        self._empty_the_line()
        self._margin = 0  # a typed move's cell comes into view, at the edge if need be
        self._tell("line", text)
        self._paint_later()

    def _empty_the_line(self) -> None:
        self.buffer.reset()
        self._cut = False

    def _cap(self, buffer: Buffer) -> None:
        """The typed line never grows past the parser's limit (and a character, so that
        the parser refuses it whole): what is cut is said once, above the prompt, for as
        long as the line is too long."""
        text = buffer.text
        kept = capped(text)
        if len(kept) < len(text):
            cursor = min(buffer.cursor_position, len(kept))
            buffer.set_document(Document(kept, cursor), bypass_readonly=True)
        self._cut = len(kept) > MAX_LINE

    def _cancel(self) -> None:
        """Ctrl-C: it closes a completion, drops what is typed and not yet sent (a
        half-typed line, the keys read ahead), stops what the game is busy with (the
        AI, a search, a review), and with nothing under way it is the game's: it leaves,
        or cancels a question.  A word at the cursor ends as keys."""
        buffer = self.buffer
        self._habit.clear()
        ahead = self._typeahead.ahead_of_ctrl_c()
        if buffer.complete_state is not None:
            buffer.cancel_completion()
        elif ahead or (buffer.text and not self._replaying and self._watching is None):
            self._typeahead.drop(ahead)
            self._empty_the_line()
            self._paint_soon()
        elif self._waiting or self._replaying:
            self._tell("cancel")
        else:
            _interrupt_the_game()

    def _cursor_key(self, key: str) -> None:
        """A key while the cursor has the keys: moved, acted, or typed by habit."""
        for step in self._habit.key(key):
            self._step(step)
        self._paint_soon()

    def _watched_key(self, press: KeyPress, key: str) -> None:
        """A key while the AI plays or the game is paused: it stops the AI or goes on.  A
        character (or a paste) that stops the AI is typed too, once the game has caught
        up: nothing typed meanwhile is lost.  A pause that a word's key began (``p``, as
        in ``probar``) is part of the word: the keys after it go on spelling it, unseen,
        and a word that turns out to be a command takes the pause back with the rest."""
        if self._watching is Mode.PAUSED and self._habit.word:
            before = self._habit.word
            steps = self._habit.key(key)
            if self._habit.word == before + key:
                return  # the word goes on: its keys act once it is decided as keys
            self._habit.clear()
            self._tell("key", Act.STOP)
            for step in steps:
                if step.kind in ("back", "type", "submit"):
                    self._step(step)
            return
        self._tell("key", Act.STOP)
        text = typeahead.typed(press) or press.key == Keys.BracketedPaste
        if self._watching is Mode.AI and text:
            self._typeahead.put_back([press])

    def _step(self, step: controls.Step) -> None:
        if step.kind in ("mark", "back"):
            self._tell(step.kind)
        elif step.kind in ("type", "submit"):
            self._switch(Mode.LINE)
            self.buffer.insert_text(step.text)
            if step.kind == "submit":
                self._submit()
        else:
            meanings = controls.meanings()
            act = meanings.acts.get(step.text)
            if act is Act.KEYS_TO_LINE:
                self._switch(Mode.LINE)
            elif act is Act.MOVE:
                self._margin = layout.SCROLL_MARGIN
                self._tell("steer", meanings.steps[step.text])
            elif act is Act.JUMP:
                self._margin = layout.SCROLL_MARGIN
                self._tell("steer", meanings.jumps[step.text])
            elif act is not None:
                self._margin = 0  # a hint's cell comes into view, at the edge if need be
                self._tell("key", step.text)

    # --- the keys in order ------------------------------------------------------------

    def _tell(self, kind: str, value: Any = None) -> None:
        """Hand the game an event.  Keys read after one that may change what they mean
        (a line, a key that acts on the board, a stop: not a step of the cursor) wait
        until the game has handled it: each key is read in the mode the keys before it
        left, however fast they came."""
        self._events.put(Event(kind, value))
        self._sent += 1
        if kind not in FREE_KINDS:
            self._due = self._sent

    def _behind(self) -> bool:
        """Whether the game has yet to handle an event the next key waits on."""
        return self._due > self._handled

    def _caught_up(self, handled: int) -> None:
        """The game has handled its first ``handled`` events and waits for the next."""
        self._handled = max(self._handled, handled)
        if self._typeahead.waiting and not self._behind():
            self._pump_soon()

    def _pump_soon(self) -> None:
        """Keys came, or the game caught up: hand the keys on, from the loop."""
        if not self._pumping and self._loop is not None and self._context is not None:
            self._pumping = True
            self._loop.call_soon(self._pump, context=self._context.copy())

    def _pump(self) -> None:
        """Hand the keys read ahead to the key bindings one step at a time, for as long as
        the game is not behind; a run of characters that only type goes in one step.  A
        flood of keys yields the loop every :data:`PUMP_SECONDS`, so that a Ctrl-C read
        meanwhile is answered at once."""
        self._pumping = False
        processor = self.app.key_processor
        until = time.monotonic() + PUMP_SECONDS
        while self._typeahead.waiting and not self._behind():
            processor.feed_multiple(self._typeahead.take(typing=self._types()))
            processor.process_keys()
            if time.monotonic() > until:
                self._pump_soon()
                return

    def _screenful(self, direction: Point) -> Callable[[KeyPressEvent], None]:
        """The view a screenful on, less a row (or a column) seen before, and the cursor
        with it, so that it keeps its place on the screen: paging skips no row."""

        def move(event: KeyPressEvent) -> None:
            frame = self._frame
            if frame is None or frame.board is None:
                return
            shown, rows_shown = frame.board_size
            step = (direction[0] * max(1, shown - 1), direction[1] * max(1, rows_shown - 1))
            x, y = self._origin or frame.window  # a screenful already asked for, not yet drawn
            self._origin = (x + step[0], y + step[1])
            self._margin = None
            self._habit.clear()  # a word at the cursor ends as keys
            self._tell("steer", step)
            self._paint_soon()

        return move

    def _every_key_or_fewer(self, event: KeyPressEvent) -> None:
        """F1: the whole legend under the board, paged where it runs past the screen, or
        back to the keys that matter most in one line."""
        self._every_key = not self._every_key
        self._read_from = 0
        self._paint_soon()

    def _more(self, direction: int) -> Callable[[KeyPressEvent], None]:
        """The next (``1``) or the last (``-1``) page of words too long for the screen."""

        def turn(event: KeyPressEvent) -> None:
            reading = self._frame.reading if self._frame is not None else None
            if reading is not None:
                first = reading.first + direction * reading.page
                if 0 <= first < reading.total:
                    self._read_from = first
                    self._paint_soon()

        return turn

    def _replay_key(self, act: Act) -> Callable[[KeyPressEvent], None]:
        def pressed(event: KeyPressEvent) -> None:
            self._tell("key", act)

        return pressed

    def _mouse_report(self, report: controls.Report) -> None:
        if self._watching is not None and not self._replaying:
            if report.kind is controls.Kind.PRESS:
                self._tell("key", Act.STOP)
            return
        if not (self._keys_at(Mode.LINE) or self._keys_at(Mode.CURSOR)) or self._frame is None:
            return
        frame = self._frame
        done = self._pointer.report(report, frame.cell_at(report.row, report.column))
        if isinstance(done, controls.Pan):
            if frame.board is not None:
                x, y = frame.window
                self._origin = (x + done.step[0], y + done.step[1])
                self._paint_soon()
        elif done is not None:
            self._margin = 0  # the cell under the pointer is in view: the view stays
            self._habit.clear()  # a word at the cursor ends as keys: the click stands
            self._tell("command", done)

    def _set_question(self, question: str | None, above: tuple[str, ...] = ()) -> None:
        if question is not None:
            self._habit.clear()  # a word whose keys brought a question stands as keys
        if (question, above) != (self._asking, self._above):
            self._asking, self._above = question, above
            self._paint_soon()

    def _set_watching(self, watching: Mode | None) -> None:
        self._watching = watching
        self._paint_soon()

    def _set_replaying(self, replaying: bool) -> None:
        self._replaying = replaying
        self._paint_soon()


class _Unrendered(Application[None]):
    """prompt_toolkit's application with its renderer left idle: what it would draw (the
    line being edited) changes, and the game's renderer paints the screen instead.

    Its keys are ``bindings`` alone, in one flat table, over prompt_toolkit's mouse
    and cursor-report bindings: an application otherwise merges its own with a
    second copy of the basic and emacs bindings (and the vi, search and
    selection ones, idle here), and every key tested every filter of both through
    a dozen nested proxies: half the time a typed move took to reach the game.
    """

    def __init__(
        self, changed: Callable[[], None], bindings: KeyBindingsBase, **options: Any
    ) -> None:
        super().__init__(**options)
        self._changed = changed
        everything = merge_key_bindings([load_mouse_bindings(), load_cpr_bindings(), bindings])
        self.key_processor = KeyProcessor(_flattened(everything))

    def invalidate(self) -> None:
        """Every change of the line, the focus or a key binding's state comes here."""
        self._changed()


def _flattened(bindings: KeyBindingsBase) -> KeyBindings:
    """The same bindings, in the same order, in one table: each key's candidates are
    found and filtered without a proxy in between (a conditional table's condition is
    already joined into each binding's filter)."""
    flat = KeyBindings()
    for binding in bindings.bindings:
        flat.add(
            *binding.keys,
            filter=binding.filter,
            eager=binding.eager,
            is_global=binding.is_global,
            save_before=binding.save_before,
            record_in_macro=binding.record_in_macro,
        )(binding.handler)
    return flat


def _name(event: KeyPressEvent) -> str:
    """The key as the key table names it."""
    key = event.key_sequence[0].key
    if key == " ":
        return "space"
    if key == Keys.ControlM:
        return "enter"
    if key == Keys.ControlI:
        return "tab"
    if key == Keys.Escape:
        return "escape"
    name = key.value if isinstance(key, Keys) else key
    return name if len(name) > 1 else event.data


def _question_lines(question: str, columns: int) -> tuple[tuple[str, ...], str]:
    """A question in lines that end between words, as prose is read: the last one on
    the prompt's row, the others above it.  The answers it lists in brackets stay on
    one line, and its closing space stays for the answer."""
    held = ANSWERS.sub(lambda answers: answers[0].replace(" ", NO_BREAK), question.rstrip(" "))
    room = max(10, columns - 1 - min(20, columns // 4))
    lines = [
        line.replace(NO_BREAK, " ")
        for part in held.split("\n")
        for line in textwidth.wrap(part, room)
    ]
    return tuple(lines[:-1]), lines[-1] + question[len(question.rstrip(" ")) :]


def _leaving(mouse: bool) -> str:
    """What gives the terminal back: colours, cursor, the modes set, the main screen."""
    return (MOUSE_OFF if mouse else "") + PASTE_OFF + RESET + SHOW_CURSOR + CLEAR + MAIN_SCREEN


def _interrupt_the_game() -> None:
    """Ctrl-C while the game is busy: a KeyboardInterrupt where its thread is, as a
    terminal in cooked mode would have raised, for what is under way to cancel."""
    if hasattr(signal, "pthread_kill"):
        main = threading.main_thread().ident
        assert main is not None
        signal.pthread_kill(main, signal.SIGINT)
    else:
        _thread.interrupt_main()


def _windows_report(data: str, output: Output | None) -> controls.Report | None:
    """A Windows console's mouse event (``button;event;x;y``, prompt_toolkit's) as a
    report; its coordinates count from the top of the console's buffer."""
    from prompt_toolkit.mouse_events import MouseButton, MouseEventType

    try:
        button_name, kind_name, x, y = data.split(";")
        button, kind = MouseButton(button_name), MouseEventType(kind_name)
        row, column = int(y), int(x)
    except ValueError:
        return None
    info = getattr(output, "get_win32_screen_buffer_info", None)
    if info is not None:
        row -= info().srWindow.Top
    buttons = {
        MouseButton.LEFT: controls.Button.LEFT,
        MouseButton.MIDDLE: controls.Button.MIDDLE,
        MouseButton.RIGHT: controls.Button.RIGHT,
    }
    if kind is MouseEventType.SCROLL_UP or kind is MouseEventType.SCROLL_DOWN:
        sign = -1 if kind is MouseEventType.SCROLL_UP else 1
        return controls.Report(
            controls.Kind.WHEEL, None, row, column, (0, sign * controls.WHEEL_ROWS)
        )
    kinds = {
        MouseEventType.MOUSE_DOWN: controls.Kind.PRESS,
        MouseEventType.MOUSE_UP: controls.Kind.RELEASE,
        MouseEventType.MOUSE_MOVE: controls.Kind.DRAG,
    }
    if kind not in kinds:
        return None
    return controls.Report(kinds[kind], buttons.get(button), row, column)


def _set_line_discipline(modes: list[Any] | None) -> None:
    """Put the terminal in ``modes``; a terminal gone (SIGHUP) keeps none."""
    if modes is None or sys.platform == "win32":
        return
    import termios

    with contextlib.suppress(OSError, termios.error):
        termios.tcsetattr(sys.stdin.fileno(), termios.TCSADRAIN, modes)


def _line_discipline() -> list[Any] | None:
    """The terminal's modes now (None where there are none to keep)."""
    if sys.platform == "win32" or not sys.stdin.isatty():
        return None
    import termios

    try:
        return termios.tcgetattr(sys.stdin.fileno())
    except termios.error:
        return None
