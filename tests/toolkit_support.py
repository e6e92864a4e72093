"""prompt_toolkit driven as the terminal front end drives it, without a terminal.

:func:`heard` runs an application whose layout is the game's
:class:`~buscaminas.ui.seam.MouseArea`, renders it once into a
:class:`~prompt_toolkit.output.DummyOutput` (80 columns, 40 rows), and feeds
``presses`` to a key processor over prompt_toolkit's mouse bindings: the reports
the game hears, as prompt_toolkit's parser reads them.  :func:`inside` runs a check
inside a running application.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from prompt_toolkit.application import Application
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.key_binding.bindings.mouse import load_mouse_bindings
from prompt_toolkit.key_binding.key_processor import KeyProcessor
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.output import DummyOutput

from buscaminas.ui.controls import Report
from buscaminas.ui.seam import MouseArea


def heard(*reports: str) -> list[Report]:
    """What the game hears of ``reports``, each a mouse report as a terminal sends it."""
    got: list[Report] = []
    processor = KeyProcessor(load_mouse_bindings())

    def feed() -> None:
        processor.feed_multiple([KeyPress(Keys.Vt100MouseEvent, data) for data in reports])
        processor.process_keys()

    with create_pipe_input() as pipe:
        app: Application[None] = Application(
            layout=Layout(MouseArea(Window(), got.append)),
            full_screen=True,
            input=pipe,
            output=DummyOutput(),
        )
        inside(app, feed)
    return got


def inside(app: Application[None], check: Callable[[], Awaitable[None] | None]) -> None:
    """Run ``app`` until its first render, then ``check`` in its loop (awaited, if it is
    a coroutine), then leave; what ``check`` raised is raised here."""
    failures: list[BaseException] = []

    async def then_leave(job: Awaitable[None]) -> None:
        try:
            await job
        except BaseException as failure:
            failures.append(failure)
        finally:
            app.exit()

    def once(_app: Application[None]) -> None:
        app.after_render -= once
        try:
            job = check()
        except BaseException as failure:
            failures.append(failure)
            job = None
        if job is None:
            app.exit()
        else:
            app.create_background_task(then_leave(job))

    app.after_render += once
    app.run(handle_sigint=False, set_exception_handler=False)
    if failures:
        raise failures[0]


async def until(check: Callable[[], bool], seconds: float = 5.0) -> None:
    """Until ``check`` holds, in the application's loop; a failure after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "it never happened"
        await asyncio.sleep(0.005)
