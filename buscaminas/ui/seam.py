"""The seam between prompt_toolkit's application and the game's screen.

The game's renderer draws every character, so what the application renders is
seen by no one: its layout is one :class:`MouseArea` over the whole terminal, a
container that draws nothing and puts one mouse handler under every cell, holding
the typed line's :class:`UnseenLine`; it renders into an :class:`Unseen` output of
the terminal's size.  prompt_toolkit's mouse bindings read every encoding (SGR,
urxvt's, X10, a Windows console's) and call the handler its last render put under
the pointer, which hands the game a :class:`~buscaminas.ui.controls.Report`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from prompt_toolkit.data_structures import Size
from prompt_toolkit.key_binding.bindings.mouse import typical_mouse_events
from prompt_toolkit.layout import Container, Dimension, Window
from prompt_toolkit.layout.controls import BufferControl
from prompt_toolkit.layout.mouse_handlers import MouseHandlers
from prompt_toolkit.layout.screen import Screen, WritePosition
from prompt_toolkit.mouse_events import MouseButton, MouseEvent, MouseEventType, MouseModifier
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.utils import Event as ToolkitEvent

from .controls import Button, Kind, Report

WHEEL_ROWS = 3
"""Rows (or columns) the view moves for one notch of the wheel."""
_BUTTONS = {
    MouseButton.LEFT: Button.LEFT,
    MouseButton.MIDDLE: Button.MIDDLE,
    MouseButton.RIGHT: Button.RIGHT,
}
_KINDS = {
    MouseEventType.MOUSE_DOWN: Kind.PRESS,
    MouseEventType.MOUSE_UP: Kind.RELEASE,
    MouseEventType.MOUSE_MOVE: Kind.DRAG,
}
_NUMBERED = re.compile(r"\x1b\[<?\d+;\d+;\d+[mM]")
_X10_PREFIX = "\x1b[M"


def readable(report: str) -> bool:
    """Whether prompt_toolkit's parser reads ``report`` without failing: three numbers
    (SGR, urxvt's), or X10's three characters with a code it knows.  Anything else a
    terminal never sends, and it would end the game: it is dropped as it is read."""
    if _NUMBERED.fullmatch(report):
        return True
    code = report[len(_X10_PREFIX) :][:1]
    return report.startswith(_X10_PREFIX) and bool(code) and ord(code) in typical_mouse_events


def report_of(event: MouseEvent) -> Report | None:
    """The game's report of prompt_toolkit's event; None for a move with no button held."""
    row, column = event.position.y, event.position.x
    if event.event_type in (MouseEventType.SCROLL_UP, MouseEventType.SCROLL_DOWN):
        sign = -1 if event.event_type is MouseEventType.SCROLL_UP else 1
        sideways = MouseModifier.SHIFT in event.modifiers
        step = (sign * WHEEL_ROWS, 0) if sideways else (0, sign * WHEEL_ROWS)
        return Report(Kind.WHEEL, None, row, column, step)
    kind = _KINDS.get(event.event_type)
    button = _BUTTONS.get(event.button)
    if kind is None or (kind is not Kind.RELEASE and button is None):
        return None
    return Report(kind, button, row, column)


class MouseArea(Container):
    """The application's whole layout: the terminal, every cell under one handler, and
    the typed line's window, focused for the keys that edit it and never drawn (the
    game's renderer draws the prompt)."""

    def __init__(self, line: Window, heard: Callable[[Report], None]) -> None:
        self._line = line
        self._heard = heard

    def _handle(self, event: MouseEvent) -> object:
        report = report_of(event)
        if report is not None:
            self._heard(report)
        return NotImplemented  # the game paints what it changes

    def reset(self) -> None:
        self._line.reset()

    def preferred_width(self, max_available_width: int) -> Dimension:
        return Dimension(preferred=max_available_width)

    def preferred_height(self, width: int, max_available_height: int) -> Dimension:
        return Dimension(preferred=max_available_height)

    def write_to_screen(
        self,
        screen: Screen,
        mouse_handlers: MouseHandlers,
        write_position: WritePosition,
        parent_style: str,
        erase_bg: bool,
        z_index: int | None,
    ) -> None:
        left, top = write_position.xpos, write_position.ypos
        mouse_handlers.set_mouse_handler_for_range(
            left, left + write_position.width, top, top + write_position.height, self._handle
        )

    def get_children(self) -> list[Container]:
        return [self._line]


class Unseen(DummyOutput):
    """Where prompt_toolkit's renderer draws: nowhere, at the terminal's size, so that
    the mouse handlers of its last render cover the screen the game drew."""

    def __init__(self, size: Callable[[], Size]) -> None:
        self._size = size

    def get_size(self) -> Size:
        return self._size()


class UnseenLine(BufferControl):
    """The typed line's control: focused, so that prompt_toolkit's editing keys edit
    its buffer, and never drawn, so its changes ask prompt_toolkit for no render (the
    game paints them, told by the buffer's events)."""

    def get_invalidate_events(self) -> Iterable[ToolkitEvent[object]]:
        return []
