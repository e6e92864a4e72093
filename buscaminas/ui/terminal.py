"""The terminal: one prompt_toolkit application from the first frame to the exit.

One :class:`TerminalScreen` owns the terminal for the whole run.  Its
application runs on a thread of its own, the *terminal thread*
(:class:`~buscaminas.ui.front.Front`), and never stops between actions: raw mode,
mouse reporting and bracketed paste stay on from the first frame to the exit, so
nothing typed is ever echoed, and a key or a click that comes while the game is
busy waits in order.  The game (questions, the session, the AI, a replay) runs on
the main thread, where the signals land, and talks to the terminal thread through
two doors: events in (:meth:`read`, :meth:`ask`, :meth:`next_key`, from
:class:`~buscaminas.ui.events.Events`) and views out (:meth:`show`), drawn on the
game's thread when nothing posted to the terminal thread waits (:mod:`~buscaminas.ui.hands`).

This is the one module that touches the terminal's modes; the rest of the
game sees a :class:`~buscaminas.game.screen.Screen`.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import signal
import sys
import threading
import time
from collections.abc import Callable, Coroutine, Iterator, Sequence
from typing import Any

from prompt_toolkit.buffer import Buffer
from prompt_toolkit.input import Input, create_input
from prompt_toolkit.output import Output, create_output

from ..game.commands import Command
from ..game.keys import Act, Mode
from ..game.screen import Audience, CursorKeys
from ..game.view import View
from . import controls, layout
from .ansi import CLEAR, CSI, RESET, SHOW_CURSOR
from .events import AtCursor, Clicked, Event, Events, Hold, Pressed, Steer, Typed, Withdraw
from .firstframe import FirstFrame
from .front import ESCAPE_SECONDS, Front
from .hands import DRAWN_HERE, STOPPING_SIGNALS
from .icons import IconSet

__all__ = ["ESCAPE_SECONDS", "TerminalScreen"]

MAIN_SCREEN = CSI + "?1049l"
MOUSE_OFF = CSI + "?1000l" + CSI + "?1002l" + CSI + "?1003l" + CSI + "?1006l" + CSI + "?1015l"
PASTE_OFF = CSI + "?2004l"
TICK_SECONDS = 0.25
"""How often the clock under the prompt is checked; it changes once a second."""
DRAWN_SECONDS = 0.5
"""The longest the game waits for a picture to be drawn before it keeps the move."""


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
        self.animated = animated
        self._mouse = mouse
        self.events = Events()
        self.front = Front(
            icons,
            self.events,
            mouse=mouse,
            words=words or [],
            stdin=stdin or create_input(),
            output=output,
        )
        self._thread: threading.Thread | None = None
        self._line_discipline: list[Any] | None = None
        self._resized: Any = None
        """The handler of resizes before ours."""
        self._interrupts_ignored = False
        """The program was started ignoring SIGINT, which it hears while it has the
        terminal."""

    @property
    def icons(self) -> IconSet:
        """The icons the board is drawn in (chosen once the player answers)."""
        return self.front.icons

    @icons.setter
    def icons(self, icons: IconSet) -> None:
        self.front.icons = icons

    @property
    def buffer(self) -> Buffer:
        """The typed line."""
        return self.front.buffer

    # --- the game's side: the main thread ---------------------------------------------

    def enter(self, first: FirstFrame | None = None) -> None:
        """Take the terminal: start the application, on the alternate screen.  ``first``:
        the terminal taken already, its first frame on the screen (the keys typed since
        wait, unechoed, for the application to read)."""
        self._line_discipline = _line_discipline() if first is None else first.modes
        if first is not None:  # the keys typed since act on the board it shows
            self.front.view, self.front.frame = first.view, first.frame
            self.front.shown_first = True
        if self.front.output is None:
            self.front.output = create_output(stdout=sys.stdout)
        self._thread = threading.Thread(target=self._run, name="terminal", daemon=True)
        self._thread.start()
        self.front.ready.wait()
        if hasattr(signal, "SIGWINCH"):
            self._resized = signal.signal(signal.SIGWINCH, lambda _n, _f: self._resize())
        if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
            # Ctrl-C is a key now, and the game interrupts its own main thread with it
            # (signals.interrupt_the_main_thread): heard though the program was started
            # ignoring SIGINT, as a script's background job is.
            self._interrupts_ignored = True
            signal.signal(signal.SIGINT, signal.default_int_handler)

    def restore(self) -> None:
        """Give the terminal back as it was: the application ends (raw mode with it),
        then colours, cursor, main screen and every mode it set go back.

        A terminal that has gone away (SIGHUP) cannot be written to: there is
        nothing left to restore then.
        """
        thread, self._thread = self._thread, None
        if thread is None:
            return
        if self._resized is not None:  # None: interrupted before the handler was set
            signal.signal(signal.SIGWINCH, self._resized)
        if self._interrupts_ignored:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            self._interrupts_ignored = False
        loop = self.front.loop
        if loop is not None and thread.is_alive():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self.front.stop)
            thread.join(timeout=5)
        output = self.front.output
        assert output is not None
        with contextlib.suppress(OSError, ValueError):
            output.write_raw(_leaving(self._mouse))
            output.flush()
        _set_line_discipline(self._line_discipline)

    def step_away(self) -> None:
        """Hand the terminal back for a stop (Ctrl-Z, ``kill -TSTP``): every mode the
        game set goes, and nothing is drawn until :meth:`resume`."""
        self._across(self.front.leave(_leaving(self._mouse)))

    def resume(self) -> None:
        """Take the terminal again after the stop and draw everything anew."""
        self._across(self.front.come_back())

    def size(self) -> tuple[int, int]:
        size = self.front.size()
        return size.columns, size.rows

    def fits(self, width: int, height: int) -> bool:
        return layout.fits(width, height, self.size())

    def show(self, view: View) -> None:
        self._draw(self.front.draw_view, view)

    def drawn(self) -> None:
        """The views shown are on the terminal: drawn here, or by the terminal thread
        within :data:`DRAWN_SECONDS`.  A picture drawn here leaves the processor, a
        moment, to the terminal that reads it: the game's work that follows (keeping
        the move) would otherwise hold it from the reader, a millisecond under load."""
        if self.front.hands.idle():
            time.sleep(0)  # a sleep, unlike sched_yield, gives the processor away
            return
        done = threading.Event()
        self._post(done.set)  # after the draws posted before it
        if self._thread is not None and self._thread.is_alive():
            done.wait(DRAWN_SECONDS)

    def start(self, view: View) -> None:
        """The board of a new game: what was said before it is gone."""
        self._draw(self.front.new_board, view)

    def say(self, line: str) -> None:
        """A line before the board: shown above the next question."""
        self._post(self.front.said.append, line)

    def linger(self, seconds: float) -> None:
        time.sleep(seconds)

    def read(
        self,
        prompt: str,
        live: Callable[[], View] | None = None,
        cursor: CursorKeys | None = None,
    ) -> str | Command:
        """The next typed line, or a command from a key or a click; the clock kept up
        to date meanwhile, the cursor moved as the keys say."""
        self._post(self.front.ask, None)
        while True:
            event = self._next(live)
            if isinstance(event, Typed):
                return event.text
            if isinstance(event, Clicked):
                return event.command
            if live is None or cursor is None:
                continue
            if isinstance(event, Hold):
                cursor.hold()
                continue
            view = live()
            if isinstance(event, Steer):
                view = cursor.steer(event.step)
            elif isinstance(event, Withdraw):
                view = cursor.withdraw()
            elif isinstance(event, AtCursor) and view.cursor is not None and view.page is None:
                x, y = view.cursor
                command = controls.key_command(event.key, view.cursor, view.rows[y][x])
                if command is not None:
                    return command
            self.show(view)

    def ask(self, question: str, above: Sequence[str] = ()) -> str:
        """The answer to a question, typed on the prompt's row; a click is no answer.
        Before the board, the question and ``above`` take the screen, under what was
        said since the last answer, and leave it with the answer (and with a Ctrl-C
        that lands as the question is put, as :meth:`watching`'s keys do)."""
        try:
            self._post(self.front.ask, question, tuple(above))
            while True:
                event = self._next(None)
                if isinstance(event, Typed):
                    self._post(self.front.said.clear)
                    return event.text
        finally:
            self._post(self.front.ask, None)

    def key_pressed_within(self, seconds: float) -> Act | None:
        """While the AI plays or the game is paused: at once, what a key does (``+``
        and ``-`` the AI's speed; any other key or a click ``Act.STOP``)."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                event = self._take(left)
            except queue.Empty:
                return None
            if isinstance(event, Pressed):
                return event.act
            if isinstance(event, AtCursor):
                return Act.STOP
        return None

    @contextlib.contextmanager
    def watching(self, mode: Mode) -> Iterator[None]:
        """While the AI plays or the game is paused, the keys are ``mode``'s and any other
        key or a click stops it: none is typed or played.  The keys are handed over
        inside the ``try``: a Ctrl-C that lands as they go still hands them back."""
        try:
            self._post(self.front.watch, mode)
            yield
        finally:
            self._post(self.front.watch, None)

    @contextlib.contextmanager
    def replaying(self) -> Iterator[None]:
        """While a replay is watched, the keys are the replay's (handed over as
        :meth:`watching` hands them)."""
        try:
            self._post(self.front.replay, True)
            yield
        finally:
            self._post(self.front.replay, False)

    def next_key(self, seconds: float) -> Act | None:
        """A replay's next key within ``seconds``, or None."""
        try:
            event = self._take(seconds)
        except queue.Empty:
            return None
        return event.act if isinstance(event, Pressed) else None

    def _next(self, live: Callable[[], View] | None) -> Event:
        """The next event; the clock ticks on while none comes."""
        while True:
            try:
                return self._take(TICK_SECONDS)
            except queue.Empty:
                if live is not None:
                    self.show(live())

    def _take(self, seconds: float) -> Event:
        """The next event within ``seconds`` (see :meth:`Events.take`).  The terminal
        thread is told first that every event taken so far is handled: the keys read
        after them may be read now."""
        self._post(self.front.pump.caught_up, self.events.taken)
        return self.events.take(seconds)

    def _draw(self, call: Callable[[View], None], view: View) -> None:
        """Draw ``view`` by ``call`` here and now, when what was posted before has run and
        the application runs: no wait for the terminal thread to wake; else post it."""
        hands = self.front.hands
        if DRAWN_HERE and hands.idle() and self.front.loop is not None and self._thread:
            with hands.here():
                call(view)
        else:
            self._post(call, view)

    def _post(self, call: Callable[..., object], *args: object) -> None:
        """Run ``call`` on the terminal thread, after what was posted before it."""
        loop = self.front.loop
        hands = self.front.hands
        if loop is not None and self._thread is not None:
            with contextlib.suppress(RuntimeError):  # the loop has just ended
                loop.call_soon_threadsafe(hands.run, call, *args)
                hands.posted += 1

    def _across(self, job: Coroutine[Any, Any, None]) -> None:
        """Run the coroutine ``job`` on the terminal thread and wait until it is done."""
        loop = self.front.loop
        if loop is None or self._thread is None or not self._thread.is_alive():
            job.close()
            return
        asyncio.run_coroutine_threadsafe(job, loop).result(timeout=10)

    # --- the terminal thread -----------------------------------------------------------

    def _run(self) -> None:
        if hasattr(signal, "pthread_sigmask"):
            signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING_SIGNALS)
        self.front.run()

    def _resize(self) -> None:
        """The terminal changed size: the game draws anew, and prompt_toolkit renders its
        mouse handlers at the new size."""
        self._post(self.front.paint)
        self._post(self.front.app.invalidate)


def _leaving(mouse: bool) -> str:
    """What gives the terminal back: colours, cursor, the modes set, the main screen."""
    return (MOUSE_OFF if mouse else "") + PASTE_OFF + RESET + SHOW_CURSOR + CLEAR + MAIN_SCREEN


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
