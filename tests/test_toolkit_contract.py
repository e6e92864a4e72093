"""Every feature of prompt_toolkit the terminal front end uses, and what it relies on.

An upgrade of prompt_toolkit that changes one of them fails here, by name, before a
player meets it (``setup.cfg`` pins the range this passes on).  Each test uses the
feature as ``buscaminas/ui`` does: the same classes, arguments and key names.
"""

from __future__ import annotations

import asyncio
import os
import threading
import time

import pytest
from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.data_structures import Size
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.key_binding import (
    ConditionalKeyBindings,
    KeyBindings,
    KeyPress,
    KeyPressEvent,
    merge_key_bindings,
)
from prompt_toolkit.key_binding.bindings.basic import load_basic_bindings
from prompt_toolkit.key_binding.bindings.cpr import load_cpr_bindings
from prompt_toolkit.key_binding.bindings.emacs import load_emacs_bindings
from prompt_toolkit.key_binding.key_processor import KeyProcessor
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.output import DummyOutput

from buscaminas.game import keys
from buscaminas.ui.controls import Button, Kind, Report
from buscaminas.ui.front import ESCAPE_SECONDS, RENDER_SECONDS
from buscaminas.ui.hands import Hands
from buscaminas.ui.pump import HeldKeys
from buscaminas.ui.seam import MouseArea, Unseen, UnseenLine
from buscaminas.ui.typeahead import Typeahead
from tests.toolkit_support import heard, inside, until

pytestmark = pytest.mark.skipif(os.name == "nt", reason="a pipe input is POSIX's")


def line_app(buffer: Buffer, **options: object) -> Application[None]:
    """The front end's application: a :class:`MouseArea` over the screen holding the
    typed line's window, rendered into an unseen output of ``size``."""
    return Application(
        layout=Layout(MouseArea(Window(UnseenLine(buffer)), lambda _report: None)),
        full_screen=True,
        output=Unseen(lambda: Size(rows=24, columns=80)),
        enable_page_navigation_bindings=False,
        terminal_size_polling_interval=None,
        min_redraw_interval=RENDER_SECONDS,
        **options,  # type: ignore[arg-type]
    )


def processed(processor: KeyProcessor, *presses: KeyPress) -> None:
    processor.feed_multiple(list(presses))
    processor.process_keys()


# --- the layout and the output --------------------------------------------------------------


def test_pre_run_has_the_loop_and_a_fault_reaches_the_games_handler() -> None:
    """The front end sets its own exception handler in ``pre_run`` (the application
    is told to keep its own off): a fault on the loop ends the game through it."""
    faults: list[object] = []

    def fault() -> None:
        raise ValueError("on the terminal thread")

    async def leave_when_heard(app: Application[None]) -> None:
        try:
            await until(lambda: bool(faults), seconds=2.0)
        finally:
            app.exit()

    with create_pipe_input() as pipe:
        app = line_app(Buffer(), input=pipe)

        def started() -> None:
            loop = asyncio.get_running_loop()
            loop.set_exception_handler(lambda _loop, context: faults.append(context["exception"]))
            loop.call_soon(fault)
            app.create_background_task(leave_when_heard(app))

        app.run(pre_run=started, set_exception_handler=False, handle_sigint=False)
    assert len(faults) == 1 and isinstance(faults[0], ValueError)
    assert not app.is_running


def test_the_typed_lines_window_has_the_focus_though_never_drawn() -> None:
    buffer = Buffer()
    with create_pipe_input() as pipe:
        app = line_app(buffer, input=pipe)
        inside(app, lambda: _assert(app.current_buffer is buffer))


def test_the_mouse_handlers_cover_the_unseen_outputs_size() -> None:
    """A click in the far corner of a 120×40 terminal reaches the game's handler."""
    got: list[Report] = []
    processor = KeyProcessor(_mouse())

    def click() -> None:
        processed(processor, KeyPress(Keys.Vt100MouseEvent, "\x1b[<0;120;40M"))

    with create_pipe_input() as pipe:
        app: Application[None] = Application(
            layout=Layout(MouseArea(Window(), got.append)),
            full_screen=True,
            output=Unseen(lambda: Size(rows=40, columns=120)),
            input=pipe,
        )
        inside(app, click)
    assert got == [Report(Kind.PRESS, Button.LEFT, 39, 119)]


def test_nothing_prompt_toolkit_renders_reaches_the_terminal() -> None:
    """Its renderer writes to the unseen output only: the game's renderer is the one
    writer of the screen."""
    buffer = Buffer()
    with create_pipe_input() as pipe:
        app = line_app(buffer, input=pipe)
        inside(app, lambda: buffer.insert_text("flag 3 3"))
        assert isinstance(app.output, DummyOutput)


@pytest.mark.parametrize(
    ("report", "expected"),
    [
        ("\x1b[<0;10;5M", Report(Kind.PRESS, Button.LEFT, 4, 9)),
        ("\x1b[<2;10;5M", Report(Kind.PRESS, Button.RIGHT, 4, 9)),
        ("\x1b[<1;10;5M", Report(Kind.PRESS, Button.MIDDLE, 4, 9)),
        ("\x1b[<0;10;5m", Report(Kind.RELEASE, Button.LEFT, 4, 9)),
        ("\x1b[<65;10;5M", Report(Kind.WHEEL, None, 4, 9, (0, 3))),
        ("\x1b[<68;10;5M", Report(Kind.WHEEL, None, 4, 9, (-3, 0))),  # Shift: sideways
        ("\x1b[M" + chr(34) + chr(42) + chr(37), Report(Kind.PRESS, Button.RIGHT, 4, 9)),
        ("\x1b[M" + chr(35) + chr(42) + chr(37), Report(Kind.RELEASE, None, 4, 9)),
    ],
)
def test_the_mouse_bindings_read_sgr_and_x10_with_buttons_and_shift(
    report: str, expected: Report
) -> None:
    assert heard(report) == [expected]


def test_a_handler_answering_not_implemented_and_the_unseen_line_ask_for_no_render() -> None:
    """The game paints what its keys change: prompt_toolkit renders only when one of
    its own editing keys (which answers None) asks."""
    buffer = Buffer()
    renders: list[int] = []
    bindings = KeyBindings()
    bindings.add("a")(lambda event: NotImplemented)
    bindings.add("b")(lambda event: None)
    processor = KeyProcessor(bindings)

    async def press() -> None:
        processed(processor, KeyPress("a"))
        buffer.insert_text("typed")
        await asyncio.sleep(3 * RENDER_SECONDS)
        assert len(renders) == 1, "no render for a NotImplemented or the line"
        processed(processor, KeyPress("b"))
        await until(lambda: len(renders) == 2)

    with create_pipe_input() as pipe:
        app: Application[None] = Application(
            layout=Layout(MouseArea(Window(UnseenLine(buffer)), lambda _report: None)),
            full_screen=True,
            output=Unseen(lambda: Size(rows=24, columns=80)),
            input=pipe,
            min_redraw_interval=RENDER_SECONDS,
            after_render=lambda _app: renders.append(1),
        )
        inside(app, press)


# --- the keys ----------------------------------------------------------------------------------


def test_the_parser_reads_what_the_game_binds() -> None:
    """Arrows, Ctrl keys, Enter, Tab, a mouse report and a bracketed paste, each one key;
    a lone Esc once flushed."""
    got: list[KeyPress] = []
    parser = Vt100Parser(got.append)
    parser.feed("\x1b[A\x03\r\t\x1b[<0;3;4M\x1b[200~two\nlines\x1b[201~x\x1b")
    parser.flush()
    assert [(press.key, press.data) for press in got] == [
        (Keys.Up, "\x1b[A"),
        (Keys.ControlC, "\x03"),
        (Keys.ControlM, "\r"),
        (Keys.ControlI, "\t"),
        (Keys.Vt100MouseEvent, "\x1b[<0;3;4M"),
        (Keys.BracketedPaste, "two\nlines"),
        ("x", "x"),
        (Keys.Escape, "\x1b"),
    ]


def test_every_key_of_the_key_table_is_one_prompt_toolkit_binds() -> None:
    bindings = KeyBindings()
    for binding in keys.table():
        for key in binding.keys:
            if len(key) > 1 and key != "space":
                bindings.add(key)(lambda event: None)  # a name it did not know raises
    for key in ("c-c", "c-d", "c-l", "c-z", "enter", "tab", "escape"):
        bindings.add(key)(lambda event: None)


def test_filters_eagerness_order_and_the_catch_all() -> None:
    """The later of two bindings for a key holds; a named key beats ``Keys.Any``; a
    filter is read as the key comes; an eager binding does not wait for a longer one."""
    heard_keys: list[str] = []
    on = [True]
    first, later = KeyBindings(), KeyBindings()
    first.add("x")(lambda event: heard_keys.append("first"))
    later.add("x")(lambda event: heard_keys.append("later"))
    later.add(Keys.Any, filter=Condition(lambda: on[0]))(lambda e: heard_keys.append("any"))
    later.add("escape", eager=True)(lambda event: heard_keys.append("escape"))
    later.add("escape", "b")(lambda event: heard_keys.append("meta-b"))
    processor = KeyProcessor(merge_key_bindings([first, later]))

    def press() -> None:
        processed(processor, KeyPress("x"), KeyPress("y"), KeyPress(Keys.Escape))
        on[0] = False
        processed(processor, KeyPress("y"))

    with create_pipe_input() as pipe:
        inside(line_app(Buffer(), input=pipe), press)
    assert heard_keys == ["later", "any", "escape"]


def test_the_line_editing_bindings_edit_the_focused_buffer_while_their_condition_holds() -> None:
    buffer = Buffer(multiline=False)
    typing = [True]
    line = merge_key_bindings([load_basic_bindings(), load_emacs_bindings()])
    editing = ConditionalKeyBindings(line, Condition(lambda: typing[0]))
    processor = KeyProcessor(merge_key_bindings([load_cpr_bindings(), editing]))

    def edit() -> None:
        processed(processor, *(KeyPress(c) for c in "ab"), KeyPress(Keys.ControlA))
        processed(processor, KeyPress("c"), KeyPress(Keys.BracketedPaste, "de"))
        processed(processor, KeyPress(Keys.CPRResponse, "\x1b[1;1R"))
        typing[0] = False
        processed(processor, KeyPress("z"), KeyPress(Keys.ControlE))

    with create_pipe_input() as pipe:
        inside(line_app(buffer, input=pipe), edit)
    assert (buffer.text, buffer.cursor_position) == ("cdeab", 3)


def test_a_handler_sees_the_key_its_data_and_the_applications_buffer() -> None:
    buffer = Buffer()
    seen: list[tuple[object, str, bool]] = []
    bindings = KeyBindings()

    @bindings.add(Keys.Any)
    def _any(event: KeyPressEvent) -> None:
        seen.append((event.key_sequence[0].key, event.data, event.current_buffer is buffer))

    processor = KeyProcessor(bindings)
    with create_pipe_input() as pipe:
        app = line_app(buffer, input=pipe)
        inside(app, lambda: processed(processor, KeyPress(Keys.ControlM, "\r"), KeyPress("ñ")))
    assert seen == [(Keys.ControlM, "\r", True), ("ñ", "ñ", True)]


# --- the input ---------------------------------------------------------------------------------


def test_the_application_reads_the_typeahead_and_flushes_a_lone_escape_soon() -> None:
    """Keys go to :class:`Typeahead` as the application reads them; a lone Esc is
    flushed to it after ``ttimeoutlen``, set as the front end sets it (the default is
    half a second)."""
    with create_pipe_input() as pipe:
        typeahead = Typeahead(pipe, lambda: None, lambda _presses: None)
        app = line_app(Buffer(), input=typeahead)
        app.ttimeoutlen = ESCAPE_SECONDS
        app.timeoutlen = ESCAPE_SECONDS

        async def escape() -> None:
            sent = time.monotonic()
            pipe.send_text("\x1b")
            await until(lambda: typeahead.waiting)
            assert time.monotonic() - sent < 0.4, "flushed after ttimeoutlen"

        inside(app, escape)
    assert typeahead.take(typing=False) == [KeyPress(Keys.Escape, "\x1b")]


def test_a_key_the_processors_own_timeout_lets_go_is_handled_through_process_keys() -> None:
    """An Esc that may begin a longer binding waits in the key processor, which lets it
    go after ``timeoutlen`` by calling its own ``process_keys``: :class:`HeldKeys`
    overrides that method to handle every key holding the hands, so a lone Esc never
    runs while the game's thread paints."""
    hands = Hands()
    held: list[bool] = []

    def lock_taken_elsewhere() -> bool:
        """Whether another thread finds the hands' lock taken."""
        free: list[bool] = []

        def try_it() -> None:
            free.append(hands.lock.acquire(blocking=False))
            if free[0]:
                hands.lock.release()

        other = threading.Thread(target=try_it)
        other.start()
        other.join()
        return not free[0]

    bindings = KeyBindings()
    bindings.add(Keys.Escape)(lambda _event: held.append(lock_taken_elsewhere()))
    bindings.add(Keys.Escape, "x")(lambda _event: None)
    with create_pipe_input() as pipe:
        app = line_app(Buffer(), input=pipe)
        app.timeoutlen = ESCAPE_SECONDS

        async def escape() -> None:
            processor = HeldKeys(bindings, hands)
            processor.handle([KeyPress(Keys.Escape, "\x1b")])
            assert held == [], "an Esc that may begin Esc x waits"
            await until(lambda: bool(held))

        inside(app, escape)
    assert held == [True]


def test_ctrl_c_is_handed_over_at_once_and_the_applications_processor_gets_nothing() -> None:
    at_once: list[KeyPress] = []
    with create_pipe_input() as pipe:
        typeahead = Typeahead(pipe, lambda: None, at_once.extend)
        app = line_app(Buffer(), input=typeahead)

        async def ctrl_c() -> None:
            pipe.send_text("ab\x03")
            await until(lambda: bool(at_once))
            assert app.key_processor.empty_queue() == []

        inside(app, ctrl_c)
    assert at_once == [KeyPress(Keys.ControlC, "\x03")]


def test_the_input_detaches_and_goes_cooked_for_a_stop() -> None:
    with create_pipe_input() as pipe:
        app = line_app(Buffer(), input=pipe)

        def stop() -> None:
            with app.input.detach(), app.input.cooked_mode():
                pass

        inside(app, stop)


# --- the typed line ----------------------------------------------------------------------------


def test_the_buffer_completes_keeps_history_and_tells_of_each_change() -> None:
    changes: list[str] = []
    buffer = Buffer(
        history=InMemoryHistory(),
        completer=WordCompleter(["flag", "flagged"], ignore_case=True, sentence=True),
        complete_while_typing=False,
        multiline=False,
        on_text_changed=lambda b: changes.append("text"),
        on_cursor_position_changed=lambda b: changes.append("cursor"),
        on_completions_changed=lambda b: changes.append("completions"),
    )

    async def complete() -> None:
        buffer.insert_text("FL")
        buffer.start_completion(select_first=True)
        await until(lambda: buffer.complete_state is not None)
        assert buffer.text == "flag"
        buffer.complete_next()
        assert buffer.text == "flagged"
        buffer.cancel_completion()  # Ctrl-C: back to what was typed
        assert buffer.complete_state is None and buffer.text == "FL"

    with create_pipe_input() as pipe:
        inside(line_app(buffer, input=pipe), complete)
    assert {"text", "cursor", "completions"} <= set(changes)
    buffer.append_to_history()
    buffer.reset()
    assert buffer.text == "" and buffer.history.get_strings() == ["FL"]
    buffer.set_document(Document("abc", 1), bypass_readonly=True)
    buffer.delete()
    assert (buffer.text, buffer.cursor_position) == ("ac", 1)


# --- helpers -----------------------------------------------------------------------------------


def _assert(holds: bool) -> None:
    assert holds


def _mouse() -> KeyBindings:
    from prompt_toolkit.key_binding.bindings.mouse import load_mouse_bindings

    return load_mouse_bindings()
