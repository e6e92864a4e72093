"""Keys and mouse reports turned into commands: the cursor's and the mouse's front ends.

Pure functions, so that they are tested without a terminal: the terminal
front end binds each key named here and hands mouse reports to
:func:`parse_mouse`.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import NamedTuple

from ..core.alphabet import Symbol
from ..core.grid import Point
from ..game.commands import Command, Verb

STEPS: dict[str, Point] = {
    **{key: (0, -1) for key in ("up", "k", "w")},
    **{key: (0, 1) for key in ("down", "j", "s")},
    **{key: (-1, 0) for key in ("left", "h", "a")},
    **{key: (1, 0) for key in ("right", "l", "d")},
}
"""Arrows, vi's h j k l, and the w a s d of the game this one grew from."""
SCREENFULS: dict[str, Point] = {
    "pageup": (0, -1),
    "pagedown": (0, 1),
    "s-up": (0, -1),
    "s-down": (0, 1),
    "s-left": (-1, 0),
    "s-right": (1, 0),
}
"""Keys that move the cursor, and so the view, by a screenful of cells, in either mode."""
ACTIONS: dict[str, Verb] = {
    "space": Verb.TRY,
    "enter": Verb.TRY,
    "m": Verb.TRY,
    "f": Verb.FLAG,
    "b": Verb.FLAG,
    "v": Verb.FLAG,
    "e": Verb.EXPAND,
    "?": Verb.HELP,
    "u": Verb.UNDO,
    "r": Verb.REDO,
}
"""What the keys do at the cursor; ``v`` only ever takes a flag off (see :func:`key_command`)."""
ANYWHERE = frozenset({Verb.HELP, Verb.UNDO, Verb.REDO})
"""Keys whose command does not depend on the cursor's cell."""
LEAVE_CURSOR = ("tab", "escape", ":")
LINE_MODES = ("c-r", "c-s")
"""The line's incremental search, backwards and forwards: nothing while the cursor has
the keys, which are not the line's."""


def key_command(key: str, cursor: Point, shown: str) -> Command | None:
    """The command ``key`` gives at ``cursor``, whose cell shows ``shown`` (position
    format); None where the key does nothing there."""
    verb = ACTIONS.get(key)
    if verb is None or (key == "v" and shown != Symbol.FLAG):
        return None
    if verb in ANYWHERE:
        return Command(verb)
    return Command(verb, cursor)


class Button(Enum):
    LEFT = 0
    MIDDLE = 1
    RIGHT = 2


CLICKS = {Button.LEFT: Verb.TRY, Button.RIGHT: Verb.FLAG, Button.MIDDLE: Verb.EXPAND}
"""Left reveals (on a satisfied number, expands), right flags, middle expands."""


class Click(NamedTuple):
    """A mouse button pressed at a screen row and column, both 0-based."""

    button: Button
    row: int
    column: int


_SGR = re.compile(r"\x1b\[<(\d+);(\d+);(\d+)([Mm])")
_URXVT = re.compile(r"\x1b\[(\d+);(\d+);(\d+)M")
_X10_PREFIX = "\x1b[M"
_MOTION, _WHEEL, _BUTTONS = 32, 64, 3


def parse_mouse(report: str) -> Click | None:
    """A button press from a mouse report (SGR mode 1006, urxvt's 1015, or the X10
    encoding); None for releases, motion, the wheel and anything unreadable."""
    match = _SGR.fullmatch(report)
    if match:
        code, column, row, kind = match.groups()
        if kind == "m":
            return None
        return _press(int(code), int(row), int(column))
    match = _URXVT.fullmatch(report)
    if match:
        code, column, row = match.groups()
        return _press(int(code) - 32, int(row), int(column))
    if report.startswith(_X10_PREFIX) and len(report) == len(_X10_PREFIX) + 3:
        code, column, row = (ord(char) - 32 for char in report[len(_X10_PREFIX) :])
        if code & _BUTTONS == _BUTTONS:  # X10 reports every release as button 3
            return None
        return _press(code, row, column)
    return None


def _press(code: int, row: int, column: int) -> Click | None:
    """``code`` with its modifier bits (shift 4, meta 8, control 16) set aside."""
    if code & (_MOTION | _WHEEL) or row < 1 or column < 1:
        return None
    button = code & _BUTTONS
    if button == _BUTTONS:
        return None
    return Click(Button(button), row - 1, column - 1)


def click_command(click: Click, cell: Point | None) -> Command | None:
    """What a click on ``cell`` does; a click off the board does nothing."""
    if cell is None:
        return None
    return Command(CLICKS[click.button], cell)
