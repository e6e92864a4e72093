"""The terminal thread: prompt_toolkit's application, the keys, and the screen.

prompt_toolkit runs the loop, reads the terminal (through
:class:`~buscaminas.ui.typeahead.Typeahead`), parses keys and mouse reports, and edits
the typed line (history, completion, the emacs keys).  The screen is the game's: the
application's layout is a :class:`~buscaminas.ui.seam.MouseArea` that draws nothing,
rendered into an :class:`Unseen` output, and every character the player sees is
written by the game's :class:`~buscaminas.ui.renderer.Renderer`, one frame diffed
against the last, whenever the typed line, the mode or the view changed: on this
thread, or on the game's for a view it shows while this one waits
(:mod:`~buscaminas.ui.hands`).  The keys go through the game's own key processor
(:mod:`~buscaminas.ui.pump`), a step at a time while the game is not behind, so that
each key is read in the mode the keys before it left.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.data_structures import Size
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.output import Output

from .. import collector, signals
from ..core.grid import Point
from ..game.commands import MAX_LINE, capped
from ..game.jumps import Jump
from ..game.keys import Act, Mode
from ..game.view import View
from . import controls, layout, prompt, pump, typeahead
from .ansi import CLEAR, CSI
from .bindings import key_bindings
from .events import (
    AtCursor,
    Cancel,
    Clicked,
    EndOfInput,
    Event,
    Events,
    Failure,
    Hold,
    Pressed,
    Steer,
    Typed,
    Withdraw,
)
from .frame import Frame
from .hands import Hands
from .icons import IconSet
from .modes import (
    FIRST_MODE,
    Asking,
    Playing,
    Replaying,
    TerminalMode,
    Watching,
    asked,
    board_keys,
    keys_word,
    switched,
    types,
    watched,
)
from .renderer import Line as PromptLine
from .renderer import Renderer
from .seam import MouseArea, Unseen, UnseenLine

ALTERNATE_SCREEN = CSI + "?1049h"
MOUSE_ON = CSI + "?1000h" + CSI + "?1002h" + CSI + "?1006h"
"""Presses, releases and moves while a button is held, in SGR's encoding: no report
for a pointer that only passes over the screen."""
PASTE_ON = CSI + "?2004h"
ESCAPE_SECONDS = 0.04
"""How long a lone Esc waits for the rest of an arrow key's sequence."""
LINE_SECONDS = 0.05
"""How long the prompt's row may go on showing a line sent to the game: the game's
answer, drawn with the row emptied, nearly always comes sooner, and one paint then
does for both, rather than a paint of the row alone competing with the move."""
RENDER_SECONDS = 0.1
"""The least time between two of prompt_toolkit's renders: all they draw is the mouse
handlers' map, which changes with the terminal's size alone."""


class Front:
    """The terminal thread's side of :class:`~buscaminas.ui.terminal.TerminalScreen`."""

    def __init__(
        self,
        icons: IconSet,
        events: Events,
        *,
        mouse: bool,
        words: list[str],
        stdin: Input,
        output: Output | None,
    ) -> None:
        self.icons = icons
        self.events = events
        self.mouse = mouse
        self.output = output
        """The terminal's output, where the game draws (set before :meth:`run`)."""
        self.mode: TerminalMode = FIRST_MODE
        """Who has the keys: changed by :meth:`become` alone."""
        self.view: View | None = None
        self.said: list[str] = []
        """Lines said before the board since the last answer, above the next question."""
        self.frame: Frame | None = None
        self.shown_first = False
        """The first frame drew the board that the game's first :meth:`new_board` starts."""
        self.origin: Point | None = None
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
        self._cut = False
        """The typed line was cut at the parser's limit: the player is told so."""
        self.habit = controls.Habit()
        self._pointer = controls.Pointer()
        self.away = False
        self.ready = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        self._paint_due = False
        self._paint_late = False
        """A paint is put off for a line sent (:meth:`_paint_later`)."""
        self._paints = 0
        """Paints so far: the one put off is due only if none came meanwhile."""
        self.hands = Hands()
        self.buffer = Buffer(
            history=InMemoryHistory(),
            # each word with its space, as a shell completes one: what follows is typed on
            completer=WordCompleter(
                [f"{word} " for word in words], ignore_case=True, sentence=True
            ),
            complete_while_typing=False,
            multiline=False,
            on_text_changed=self._cap,
            on_cursor_position_changed=lambda _buffer: self.paint_soon(),
            on_completions_changed=lambda _buffer: self.paint_soon(),
        )
        self.pump = pump.Pump(stdin, events, key_bindings(self), self.hands, self.typing)
        self.typeahead = self.pump.typeahead
        self.app: Application[None] = Application(
            layout=Layout(MouseArea(Window(UnseenLine(self.buffer)), self.mouse_report)),
            full_screen=True,
            output=Unseen(self.size),
            input=self.typeahead,
            min_redraw_interval=RENDER_SECONDS,
            enable_page_navigation_bindings=False,
            terminal_size_polling_interval=None,
        )
        self.app.ttimeoutlen = ESCAPE_SECONDS
        self.app.timeoutlen = ESCAPE_SECONDS

    def size(self) -> Size:
        assert self.output is not None
        return self.output.get_size()

    # --- the loop -------------------------------------------------------------------------

    def run(self) -> None:
        """The thread's life: the application from the first frame to the exit."""
        try:
            self.app.run(pre_run=self._started, set_exception_handler=False, handle_sigint=False)
        except EOFError:  # the input closed: the terminal has gone
            self.tell(EndOfInput())
        except BaseException as failure:  # handed to the game's thread, which raises it
            self.tell(Failure(failure))
        finally:
            self.loop = None
            self.ready.set()

    def _started(self) -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(self._failed)
        self.loop = loop
        self.pump.start()
        drawn = self.frame is not None  # by FirstFrame, on the alternate screen
        self.write(self.modes_on() if drawn else ALTERNATE_SCREEN + self.modes_on() + CLEAR)
        self.ready.set()
        collector.release()  # the first screen is up

    def _failed(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """A fault on the terminal thread ends the game with a traceback, after the
        terminal is given back, never hidden behind the board."""
        failure = context.get("exception") or RuntimeError(context.get("message"))
        self.tell(Failure(failure))
        self.stop()

    def stop(self) -> None:
        if not self.app.is_done and self.app.is_running:
            self.app.exit()

    def modes_on(self) -> str:
        if not self.mouse:
            return PASTE_ON
        if sys.platform == "win32":
            assert self.output is not None
            self.output.enable_mouse_support()  # the console's own mouse input
            return PASTE_ON
        return MOUSE_ON + PASTE_ON

    def write(self, text: str) -> None:
        if self.away or not text:
            return
        assert self.output is not None
        self.output.write_raw(text)
        self.output.flush()

    async def leave(self, leaving: str) -> None:
        """Until :meth:`come_back`: the terminal as the shell wants it (``leaving``
        written), the keys left unread, nothing drawn."""
        self.write(leaving)
        self.away = True
        self._back = asyncio.Event()
        self._returned = asyncio.Event()
        left = asyncio.Event()

        async def away() -> None:
            with self.app.input.detach(), self.app.input.cooked_mode():
                left.set()
                await self._back.wait()
            self.away = False
            self.write(ALTERNATE_SCREEN + self.modes_on())
            self.paint(whole=True)
            self._returned.set()

        self.app.create_background_task(away())
        await left.wait()

    async def come_back(self) -> None:
        self._back.set()
        await self._returned.wait()

    # --- the keys in order ----------------------------------------------------------------

    def tell(self, event: Event) -> None:
        """Hand the game an event.  Keys read after one that may change what they mean
        (a line, a key that acts on the board, a stop: not a step of the cursor) wait
        until the game has handled it."""
        self.events.put(event)

    # --- the mode ---------------------------------------------------------------------------

    def become(self, mode: TerminalMode) -> None:
        """The one place the mode changes: a completion open ends with the board's mode it
        was opened in, and the screen shows the new mode."""
        if mode == self.mode:
            return
        if board_keys(mode) != board_keys(self.mode) or not types(mode):
            self.buffer.cancel_completion()
        self.mode = mode
        self.paint_soon()

    def ask(self, question: str | None, above: tuple[str, ...] = ()) -> None:
        if question is not None:
            self.habit.clear()  # a word whose keys brought a question stands as keys
        self.become(asked(self.mode, question, above))

    def watch(self, keys: Mode | None) -> None:
        self.become(watched(self.mode, keys))

    def replay(self, replaying: bool) -> None:
        self.become(Replaying() if replaying else Playing(Mode.LINE))

    def _switch(self, keys: Mode) -> None:
        self.become(switched(self.mode, keys))

    def typing(self) -> bool:
        return types(self.mode)

    def on_board(self) -> bool:
        return self.view is not None

    def reading(self) -> bool:
        return self.frame is not None and self.frame.reading is not None

    # --- what the keys do -------------------------------------------------------------------

    def cancel(self) -> None:
        """Ctrl-C: it drops what is typed and not yet sent (a half-typed line, a word Tab
        completed on it, the keys read ahead), as a shell does, stops what the game is
        busy with (the AI, a search, a review), and with nothing under way it is the
        game's: it leaves, or cancels a question.  A word at the cursor ends as keys."""
        buffer = self.buffer
        self.habit.clear()
        ahead = self.typeahead.ahead_of_ctrl_c()
        quiet = isinstance(self.mode, Playing | Asking)
        if ahead or (buffer.text and quiet):
            self.typeahead.drop(ahead)
            self._empty_the_line()
            self.paint_soon()
        elif self.events.at_rest() or isinstance(self.mode, Replaying):
            self.tell(Cancel())
        else:
            signals.interrupt_the_main_thread()

    def end(self) -> None:
        """Ctrl-D on an empty line leaves, as at any prompt; on a word, it deletes."""
        if types(self.mode) and self.buffer.text:
            self.buffer.delete()
        elif isinstance(self.mode, Replaying):
            self.tell(Pressed(Act.STOP))
        else:
            self.tell(EndOfInput())

    def redraw(self) -> None:
        self.paint(whole=True)

    def tab(self) -> None:
        """Tab on an empty line gives the keys to the cursor; on a word, completes it."""
        buffer = self.buffer
        if not buffer.text and self.mode == Playing(Mode.LINE) and self.on_board():
            self._switch(Mode.CURSOR)
        elif buffer.complete_state is not None:
            buffer.complete_next()
        else:
            buffer.start_completion(select_first=True)

    def cursor_key(self, key: str) -> None:
        """A key while the cursor has the keys: moved, acted, or typed by habit."""
        for step in self.habit.key(key):
            self._step(step)
        self.paint_soon()

    def watched_key(self, press: KeyPress, key: str) -> None:
        """A key while the AI plays or the game is paused: it stops the AI or goes on.  A
        character (or a paste) that stops the AI is typed too, once the game has caught
        up: nothing typed meanwhile is lost.  A pause that a word's key began (``p``, as
        in ``probar``) is part of the word: the keys after it go on spelling it, unseen,
        and a word that turns out to be a command takes the pause back with the rest.
        A key that spells no command with it (a space or Enter after the one key
        that paused, another letter) is the key any pause waits for: it goes on, and
        does nothing else."""
        mode = self.mode
        paused = isinstance(mode, Watching) and mode.keys is Mode.PAUSED
        if paused and len(self.habit.word) == 1 and key in ("space", "enter"):
            self.habit.clear()  # the letter was the pause's key, and stands
            self.tell(Pressed(Act.STOP))
            return
        if paused and self.habit.word:
            before = self.habit.word
            steps = self.habit.key(key)
            if self.habit.word == before + key:
                return  # the word goes on: its keys act once it is decided as keys
            self.habit.clear()
            self.tell(Pressed(Act.STOP))
            if any(step.kind == "back" for step in steps):  # a command, typed by habit
                for step in steps:
                    if step.kind in ("back", "type", "submit"):
                        self._step(step)
            return
        self.tell(Pressed(Act.STOP))
        text = typeahead.typed(press) or press.key == Keys.BracketedPaste
        if isinstance(mode, Watching) and mode.keys is Mode.AI and text:
            self.typeahead.put_back([press])

    def pressed(self, act: Act) -> None:
        self.tell(Pressed(act))

    def _step(self, step: controls.Step) -> None:
        if step.kind == "mark":
            self.tell(Hold())
        elif step.kind == "back":
            self.tell(Withdraw())
        elif step.kind in ("type", "submit"):
            # Typed once the game has handled what came before (a word's moves taken
            # back): the line never shows beside a cursor the game has yet to put back.
            self._switch(Mode.LINE)
            later = [KeyPress(Keys.BracketedPaste, step.text)]
            if step.kind == "submit":
                later.append(KeyPress(Keys.ControlM, "\r"))
            self.typeahead.put_back(later)
        else:
            meanings = controls.meanings()
            act = meanings.acts.get(step.text)
            if act is Act.KEYS_TO_LINE:
                self._switch(Mode.LINE)
            elif act is Act.MOVE:
                self._margin = layout.SCROLL_MARGIN
                self.tell(Steer(meanings.steps[step.text]))
            elif act is Act.JUMP:
                jump = meanings.jumps[step.text]
                # the cell logic decides is a hint's: into view round it, as ``?`` brings one
                self._margin = layout.JUMPED if jump is Jump.DECIDED else layout.SCROLL_MARGIN
                self.tell(Steer(jump))
            elif act is not None:
                self._margin = layout.JUMPED  # a hint's cell comes into view
                self.tell(AtCursor(step.text))

    def screenful(self, direction: Point) -> None:
        """The view a screenful on, less a row (or a column) seen before, and the cursor
        with it, so that it keeps its place on the screen: paging skips no row."""
        frame = self.frame
        if frame is None or frame.board is None:
            return
        shown, rows_shown = frame.board_size
        step = (direction[0] * max(1, shown - 1), direction[1] * max(1, rows_shown - 1))
        x, y = self.origin or frame.window  # a screenful already asked for, not yet drawn
        self.origin = (x + step[0], y + step[1])
        self._margin = None
        self.habit.clear()  # a word at the cursor ends as keys
        self.tell(Steer(step))
        self.paint_soon()

    def every_key_or_fewer(self) -> None:
        """F1: the whole legend under the board, paged where it runs past the screen, or
        back to the keys that matter most in one line."""
        self._every_key = not self._every_key
        self._read_from = 0
        self.paint_soon()

    def more(self, direction: int) -> None:
        """The next (``1``) or the last (``-1``) page of words too long for the screen."""
        reading = self.frame.reading if self.frame is not None else None
        if reading is not None:
            first = reading.first + direction * reading.page
            if 0 <= first < reading.total:
                self._read_from = first
                self.paint_soon()

    def paste(self, text: str) -> None:
        """A paste of several lines runs them one by one, as if typed: the lines after
        the first wait, as typed keys would, for the game to answer it.  A paste is
        text, so it takes the keys back from the cursor."""
        if self.mode == Playing(Mode.CURSOR):
            self.habit.clear()
            self._switch(Mode.LINE)
        first, *rest = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        self.buffer.insert_text(capped(first))
        if rest:
            self.submit()
            enter = KeyPress(Keys.ControlM, "\r")
            later = [KeyPress(Keys.BracketedPaste, rest[0])]
            for line in rest[1:]:
                later += [enter, KeyPress(Keys.BracketedPaste, line)]
            self.typeahead.put_back(later)

    def mouse_report(self, report: controls.Report) -> None:
        """A click, a release or the wheel, where the last frame drew what is under it."""
        if isinstance(self.mode, Watching):
            if report.kind is controls.Kind.PRESS:
                self.tell(Pressed(Act.STOP))
            return
        frame = self.frame
        if not isinstance(self.mode, Playing | Asking) or self.view is None or frame is None:
            return
        done = self._pointer.report(report, frame.cell_at(report.row, report.column))
        if isinstance(done, controls.Pan):  # at a question too: the board is looked over
            if frame.board is not None:
                x, y = frame.window
                self.origin = (x + done.step[0], y + done.step[1])
                self.paint_soon()
        elif done is not None and isinstance(self.mode, Playing):  # a click is no answer
            self._margin = 0  # the cell under the pointer is in view: the view stays
            self.habit.clear()  # a word at the cursor ends as keys: the click stands
            self.tell(Clicked(done))

    def submit(self) -> None:
        buffer = self.buffer
        text = buffer.text
        if not isinstance(self.mode, Asking) and text.strip():
            buffer.append_to_history()
        self._empty_the_line()
        self._margin = layout.JUMPED  # a typed move's cell comes into view
        self.tell(Typed(text))
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
        self.paint_soon()

    # --- what is drawn ----------------------------------------------------------------------

    def new_board(self, view: View) -> None:
        if not self.shown_first:  # else the board on screen: a button held on it stays held
            self.said.clear()
            self.origin = None
            self._pointer = controls.Pointer()
        self.shown_first = False
        self.draw_view(view)

    def draw_view(self, view: View) -> None:
        before = self.view
        if before is None or (view.messages, view.page) != (before.messages, before.page):
            self._read_from = 0  # new words are read from their start
        if before is not None and view.cursor != before.cursor:
            self._follow = self._margin
        self.view = view
        self.paint()

    def paint_soon(self) -> None:
        """Paint once the keys read together are all handled: a paste is one paint.  A
        line just sent to the game has a paint promised already (:meth:`_paint_later`)."""
        if not self._paint_due and not self._paint_late and self.loop is not None:
            self._paint_due = True
            self.loop.call_soon(self._paint_due_now)

    def _paint_due_now(self) -> None:
        if self._paint_due and not self._paint_late:
            self.paint()

    def _paint_later(self) -> None:
        """Paint within :data:`LINE_SECONDS`, or sooner with whatever comes first (the
        game's answer, most often drawn on the game's thread)."""
        if not self._paint_late and self.loop is not None:
            self._paint_late = True
            self.loop.call_later(LINE_SECONDS, self._paint_unless_painted, self._paints)

    def _paint_unless_painted(self, paints: int) -> None:
        if paints == self._paints:
            self.paint()

    def shown(self) -> View | None:
        """The view as drawn: with the mode's word on the status line."""
        if self.view is None or isinstance(self.mode, Replaying):
            return self.view
        return self.view._replace(keys=keys_word(self.mode))

    def line(self, columns: int) -> PromptLine:
        return prompt.line(
            self.mode, self.buffer, columns, cut=self._cut, every_key=self._every_key
        )._replace(read_from=self._read_from)

    def paint(self, *, whole: bool = False) -> None:
        """Bring the screen up to date: the view and the prompt's row, only what changed
        unless ``whole``; on either thread, holding the hands."""
        with self.hands.lock:
            self._paint(whole)

    def _paint(self, whole: bool) -> None:
        self._paint_due = self._paint_late = False
        self._paints += 1
        if self.away or self.loop is None:
            return
        size = self.size()
        columns, rows = size.columns, size.rows
        previous = None if whole else self.frame
        line = self.line(columns)
        view = self.shown()
        if view is None:
            said = [*self.said, *self.mode.above] if isinstance(self.mode, Asking) else self.said
            drawn, self.frame = Renderer.dialogue(said, (columns, rows), previous, line)
        else:
            follow = self._follow
            if follow is None and self.frame is not None and self.frame.size != (columns, rows):
                follow = layout.JUMPED  # as the terminal shrinks: round the cursor if need be
            drawn, self.frame = Renderer.draw(
                view, (columns, rows), self.icons, previous, line, self.origin, follow
            )
            if self.frame.board is not None:
                self.origin, self._follow = self.frame.window, None
        self.write(drawn)
