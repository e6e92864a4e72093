"""A move's picture waits for no other thread: the game's thread draws it while the
terminal thread waits, keys are handed on as they are read, and nothing the game said
before is overtaken."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

from buscaminas.game.commands import Command, Verb
from buscaminas.ui.events import Events, Typed
from buscaminas.ui.hands import Hands
from buscaminas.ui.pump import Pump
from tests.app_support import piped_screen
from tests.loop_support import session_on


def test_a_view_is_drawn_at_once_while_the_terminal_thread_is_busy(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    with piped_screen() as piped:
        piped.screen.start(session.view())
        piped.wait_until(lambda: "Mines left" in piped.output.text)
        busy, release = threading.Event(), threading.Event()

        def occupied() -> None:
            busy.set()
            release.wait(5)

        loop = piped.screen.front.loop
        assert loop is not None
        loop.call_soon_threadsafe(occupied)  # the terminal thread held up, by no post
        assert busy.wait(5)
        try:
            session.handle(Command(Verb.FLAG, (0, 0)))
            piped.screen.show(session.view())
            assert "F" in piped.output.text, "the picture waited for the terminal thread"
        finally:
            release.set()


def test_a_view_waits_for_what_the_game_posted_before_it(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    with piped_screen() as piped:
        piped.screen.start(session.view())
        piped.wait_until(lambda: "Mines left" in piped.output.text)
        release = threading.Event()
        piped.screen._post(release.wait, 5)  # said before the view: it goes first
        try:
            session.handle(Command(Verb.FLAG, (0, 0)))
            piped.screen.show(session.view())
            time.sleep(0.05)
            assert "F" not in piped.output.text, "the view overtook what was posted before it"
        finally:
            release.set()
        piped.screen.drawn()
        assert "F" in piped.output.text


def test_a_picture_drawn_here_leaves_the_processor_before_the_move_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = session_on(tmp_path)
    with piped_screen() as piped:
        piped.screen.start(session.view())
        piped.wait_until(lambda: "Mines left" in piped.output.text)
        piped.wait_until(piped.screen.front.hands.idle)
        sleeps: list[float] = []
        sleep = time.sleep

        def noted(seconds: float) -> None:
            if threading.current_thread() is threading.main_thread():
                sleeps.append(seconds)
            sleep(seconds)

        monkeypatch.setattr(time, "sleep", noted)
        session.handle(Command(Verb.FLAG, (0, 0)))
        piped.screen.show(session.view())
        piped.screen.drawn()
        assert sleeps == [0]


def test_signals_wait_while_the_game_thread_draws() -> None:
    arrived: list[int] = []
    previous = signal.signal(signal.SIGWINCH, lambda signum, _frame: arrived.append(signum))
    main = threading.main_thread().ident
    assert main is not None
    try:
        with Hands().here():
            signal.pthread_kill(main, signal.SIGWINCH)
            for _ in range(100):  # handlers run between instructions: many of them here
                os.getpid()
            assert arrived == [], "a signal's handler ran in the middle of a drawing"
        assert arrived == [signal.SIGWINCH]
    finally:
        signal.signal(signal.SIGWINCH, previous)


async def _pumped(keys: str, *, behind: bool = False) -> tuple[list[str], list[str]]:
    """Send ``keys`` (``x`` noted, with whether another thread could take the hands as
    it was handled) and read them as prompt_toolkit's reader does: what was handled as
    they were read, and then once the game caught up.  ``behind``: the game has yet to
    handle a line sent before them."""
    handled: list[str] = []
    hands, events = Hands(), Events()
    bindings = KeyBindings()

    @bindings.add("x")
    def _x(_event: KeyPressEvent) -> None:
        other: list[bool] = []
        thread = threading.Thread(target=lambda: other.append(hands.lock.acquire(False)))
        thread.start()
        thread.join()
        handled.append("x held" if other == [False] else "x")

    if behind:
        events.put(Typed("flag 1 1"))
    with create_pipe_input() as pipe:
        pump = Pump(pipe, events, bindings, hands, lambda: False)
        pump.start()
        pipe.send_text(keys)
        pump.typeahead.read_keys()
        as_read = list(handled)
        pump.caught_up(1)
        await asyncio.sleep(0)  # a turn of the loop
        return as_read, handled


def test_a_key_is_handled_as_it_is_read_holding_the_hands() -> None:
    as_read, _ = asyncio.run(_pumped("x"))
    assert as_read == ["x held"], "a key waited for a turn of the loop, or ran unheld"


def test_keys_waiting_for_the_game_go_on_as_it_catches_up() -> None:
    as_read, caught_up = asyncio.run(_pumped("xx", behind=True))
    assert as_read == []
    assert caught_up == ["x held", "x held"]


def test_a_line_handed_to_the_game_gives_it_the_interpreter_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    slept: list[float] = []
    monkeypatch.setattr(time, "sleep", slept.append)
    events = Events()
    bindings = KeyBindings()
    bindings.add("enter")(lambda _event: events.put(Typed("flag 1 1")))
    bindings.add("x")(lambda _event: None)

    async def read(keys: str) -> None:
        with create_pipe_input() as pipe:
            pump = Pump(pipe, events, bindings, Hands(), lambda: False)
            pump.start()
            pipe.send_text(keys)
            pump.typeahead.read_keys()

    asyncio.run(read("x"))
    assert slept == [], "a key that hands the game nothing gave the interpreter away"
    asyncio.run(read("\r"))
    assert slept == [0]
