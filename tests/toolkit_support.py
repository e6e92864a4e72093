"""prompt_toolkit driven as the terminal front end drives it, without a terminal.

:func:`heard` runs an application whose layout is the game's
:class:`~buscaminas.ui.mouse.MouseArea`, renders it once into a
:class:`~prompt_toolkit.output.DummyOutput` (80 columns, 40 rows), and feeds
``presses`` to a key processor over prompt_toolkit's mouse bindings: the reports
the game hears, as prompt_toolkit's parser reads them.
"""

from __future__ import annotations

from prompt_toolkit.application import Application
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.key_binding.bindings.mouse import load_mouse_bindings
from prompt_toolkit.key_binding.key_processor import KeyProcessor
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.output import DummyOutput

from buscaminas.ui.controls import Report
from buscaminas.ui.mouse import MouseArea


def heard(*reports: str) -> list[Report]:
    """What the game hears of ``reports``, each a mouse report as a terminal sends it."""
    got: list[Report] = []
    processor = KeyProcessor(load_mouse_bindings())

    def feed(app: Application[None]) -> None:
        if not app.is_done:
            processor.feed_multiple([KeyPress(Keys.Vt100MouseEvent, data) for data in reports])
            processor.process_keys()
            app.exit()

    with create_pipe_input() as pipe:
        app: Application[None] = Application(
            layout=Layout(MouseArea(Window(), got.append)),
            full_screen=True,
            input=pipe,
            output=DummyOutput(),
            after_render=feed,
        )
        app.run(handle_sigint=False, set_exception_handler=False)
    return got
