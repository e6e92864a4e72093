"""The one key table: every key the game answers, what it does, and in which mode.

The terminal binds each key from here, the manual's key section is written
from here, and so is the legend under the board: a key added to :data:`TABLE`
is bound, documented and shown at once, and none of the three can forget it.
The names are prompt_toolkit's (``up``, ``s-left``, ``c-c``), kept as plain
strings so that the game knows nothing of the toolkit.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import NamedTuple

from ..core.grid import Point
from ..i18n import _
from . import textwidth


class Mode(Enum):
    """Where a key holds."""

    LINE = "line"
    """A command is typed: letters are letters."""
    CURSOR = "cursor"
    """The keys act at the cursor on the board."""
    BOARD = "board"
    """The board is on screen, in either of the two modes above."""
    EVERYWHERE = "everywhere"
    """Every screen: the board, a question, a replay."""
    REPLAY = "replay"
    """A recorded game watched."""


class Act(Enum):
    """What a key does."""

    CANCEL = "cancel"
    LEAVE = "leave"
    REDRAW = "redraw"
    SUSPEND = "suspend"
    KEYS_TO_CURSOR = "keys to cursor"
    KEYS_TO_LINE = "keys to line"
    MOVE = "move"
    SCREENFUL = "screenful"
    TRY = "try"
    FLAG = "flag"
    UNFLAG = "unflag"
    EXPAND = "expand"
    HINT = "hint"
    UNDO = "undo"
    REDO = "redo"
    PAUSE = "pause"
    FASTER = "faster"
    SLOWER = "slower"
    FORWARD = "forward"
    BACK = "back"
    STOP = "stop"


UP, DOWN, LEFT, RIGHT = (0, -1), (0, 1), (-1, 0), (1, 0)


class Binding(NamedTuple):
    """Keys that do one thing in one mode, with the words the legend and the manual use."""

    act: Act
    keys: tuple[str, ...]
    mode: Mode
    shown: Callable[[], str]
    """The keys as the player reads them: “arrows, h j k l”."""
    does: Callable[[], str]
    steps: tuple[Point, ...] = ()
    """For the keys that move: each key's step, in the order of ``keys``."""


TABLE: tuple[Binding, ...] = (
    Binding(
        Act.KEYS_TO_CURSOR,
        ("tab",),
        Mode.LINE,
        lambda: "Tab",
        lambda: _("cursor keys (on a word: completes it)"),
    ),
    Binding(
        Act.MOVE,
        ("up", "down", "left", "right", "k", "j", "h", "l", "w", "s", "a", "d"),
        Mode.CURSOR,
        lambda: _("arrows, h j k l, w a s d"),
        lambda: _("move"),
        (UP, DOWN, LEFT, RIGHT) * 3,
    ),
    Binding(
        Act.TRY,
        ("space", "enter", "m"),
        Mode.CURSOR,
        lambda: _("Space, Enter, m"),
        lambda: _("reveal"),
    ),
    Binding(Act.FLAG, ("f", "b"), Mode.CURSOR, lambda: "f, b", lambda: _("flag")),
    Binding(Act.UNFLAG, ("v",), Mode.CURSOR, lambda: "v", lambda: _("unflag")),
    Binding(Act.EXPAND, ("e",), Mode.CURSOR, lambda: "e", lambda: _("expand")),
    Binding(Act.HINT, ("?",), Mode.CURSOR, lambda: "?", lambda: _("hint")),
    Binding(Act.UNDO, ("u",), Mode.CURSOR, lambda: "u", lambda: _("undo")),
    Binding(Act.REDO, ("r",), Mode.CURSOR, lambda: "r", lambda: _("redo")),
    Binding(
        Act.KEYS_TO_LINE,
        ("tab", "escape", ":"),
        Mode.CURSOR,
        lambda: _("Tab, Esc, colon"),
        lambda: _("type"),
    ),
    Binding(
        Act.SCREENFUL,
        ("pageup", "pagedown", "s-up", "s-down", "s-left", "s-right"),
        Mode.BOARD,
        lambda: _("Page Up/Down, Shift+arrows"),
        lambda: _("a screenful"),
        (UP, DOWN, UP, DOWN, LEFT, RIGHT),
    ),
    Binding(Act.PAUSE, ("space",), Mode.REPLAY, lambda: _("Space"), lambda: _("pause")),
    Binding(Act.FASTER, ("+", "="), Mode.REPLAY, lambda: "+", lambda: _("faster")),
    Binding(Act.SLOWER, ("-", "_"), Mode.REPLAY, lambda: "-", lambda: _("slower")),
    Binding(Act.FORWARD, ("n", "right"), Mode.REPLAY, lambda: _("n, →"), lambda: _("next move")),
    Binding(Act.BACK, ("p", "left"), Mode.REPLAY, lambda: _("p, ←"), lambda: _("move back")),
    Binding(Act.STOP, ("q", "Q", "escape"), Mode.REPLAY, lambda: _("q, Esc"), lambda: _("leave")),
    Binding(
        Act.CANCEL,
        ("c-c",),
        Mode.EVERYWHERE,
        lambda: "Ctrl-C",
        lambda: _("cancel; again: leave"),
    ),
    Binding(Act.LEAVE, ("c-d",), Mode.EVERYWHERE, lambda: "Ctrl-D", lambda: _("leave")),
    Binding(Act.REDRAW, ("c-l",), Mode.EVERYWHERE, lambda: "Ctrl-L", lambda: _("redraw")),
    Binding(Act.SUSPEND, ("c-z",), Mode.EVERYWHERE, lambda: "Ctrl-Z", lambda: _("suspend")),
)
"""Every key, in the order the legend and the manual list them."""

MOUSE: tuple[tuple[Callable[[], str], Callable[[], str]], ...] = (
    (lambda: _("left button, released"), lambda: _("reveal (off the board: nothing)")),
    (lambda: _("right button"), lambda: _("flag")),
    (lambda: _("middle button"), lambda: _("expand")),
    (lambda: _("wheel"), lambda: _("scroll the board (with Shift: sideways)")),
)
"""The mouse, for the legend and the manual: its reports are not keys."""


def bindings(mode: Mode) -> list[Binding]:
    """The table's rows that hold in ``mode``."""
    return [binding for binding in TABLE if binding.mode is mode]


def entries(modes: tuple[Mode, ...], *, mouse: bool = False) -> list[str]:
    """“keys: what they do” for every row of ``modes`` (and the mouse's)."""
    said = [f"{b.shown()}: {b.does()}" for mode in modes for b in bindings(mode)]
    if mouse:
        said += [f"{shown()}: {does()}" for shown, does in MOUSE]
    return said


def legend(modes: tuple[Mode, ...], columns: int, *, mouse: bool = False) -> list[str]:
    """The keys of ``modes`` as lines of at most ``columns`` columns, never cutting an
    entry in two unless an entry alone is wider than a line."""
    lines: list[str] = []
    for entry in entries(modes, mouse=mouse):
        candidate = f"{lines[-1]} · {entry}" if lines else entry
        if lines and textwidth.width(candidate) <= columns:
            lines[-1] = candidate
        else:
            lines += textwidth.wrap(entry, columns)
    return lines


def manual() -> list[str]:
    """The manual's section on keys and the mouse: a paragraph for each mode, every row
    of the table in it."""
    sections = (
        (_("Typing a command:"), (Mode.LINE,), False),
        (_("With the cursor keys (the board's cursor is [ ]):"), (Mode.CURSOR,), False),
        (_("On the board, in either mode:"), (Mode.BOARD,), True),
        (_("Everywhere:"), (Mode.EVERYWHERE,), False),
        (_("Watching a replay:"), (Mode.REPLAY,), False),
    )
    lines = [
        f"{title} {' · '.join(entries(modes, mouse=mouse))}" for title, modes, mouse in sections
    ]
    lines.append(
        _(
            "In cursor mode a digit, or a word of two letters or more that starts a"
            " command, goes to the typed line instead: “flag 3 3” typed there flags 3 3."
        )
    )
    return lines
