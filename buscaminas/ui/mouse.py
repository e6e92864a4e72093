"""The mouse, read by prompt_toolkit: its parser, its handlers, the game's reports.

prompt_toolkit's mouse bindings read every encoding (SGR, urxvt's, X10, a Windows
console's) and call the handler its last render put under the pointer.  The game
draws the screen itself, so its layout is one :class:`MouseArea` over the whole
terminal: a container that draws nothing and puts one handler under every cell,
which hands the game a :class:`~buscaminas.ui.controls.Report` in screen cells.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from prompt_toolkit.key_binding.bindings.mouse import typical_mouse_events
from prompt_toolkit.layout import Container, Dimension, Window
from prompt_toolkit.layout.mouse_handlers import MouseHandlers
from prompt_toolkit.layout.screen import Screen, WritePosition
from prompt_toolkit.mouse_events import MouseButton, MouseEvent, MouseEventType, MouseModifier

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
