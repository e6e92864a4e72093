"""The terminal's key bindings: prompt_toolkit's for the typed line and the mouse, the
key table's for the board, each under the mode it holds in.

prompt_toolkit's basic and emacs bindings edit the typed line only while keys type
(at the prompt or a question); its mouse bindings read every report.  The game's
own come last, so that of two bindings for one key the game's holds.  They answer
``NotImplemented``, which tells prompt_toolkit not to render: the game paints what a
key changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import (
    ConditionalKeyBindings,
    KeyBindings,
    KeyBindingsBase,
    KeyPress,
    KeyPressEvent,
    merge_key_bindings,
)
from prompt_toolkit.key_binding.bindings.basic import load_basic_bindings
from prompt_toolkit.key_binding.bindings.cpr import load_cpr_bindings
from prompt_toolkit.key_binding.bindings.emacs import load_emacs_bindings
from prompt_toolkit.key_binding.bindings.mouse import load_mouse_bindings
from prompt_toolkit.keys import Keys

from .. import signals
from ..core.grid import Point
from ..game import keys
from ..game.keys import Act, Mode
from .modes import Asking, Playing, Replaying, TerminalMode, Watching, types

T = TypeVar("T")
Handler = Callable[[KeyPressEvent], object]
NAMED = ("escape", "enter", "tab", "space")
"""Keys the cursor's catch-all binding answers by name."""


class KeyHandlers(Protocol):
    """What the bindings ask of the terminal: its mode, and what each key does."""

    mode: TerminalMode
    buffer: Buffer

    def on_board(self) -> bool:
        """Whether a board is on the screen."""
        ...

    def reading(self) -> bool:
        """Whether words too long for the screen are shown a page at a time."""
        ...

    def cancel(self) -> None: ...

    def end(self) -> None: ...

    def redraw(self) -> None: ...

    def submit(self) -> None: ...

    def tab(self) -> None: ...

    def cursor_key(self, key: str) -> None: ...

    def screenful(self, direction: Point) -> None: ...

    def every_key_or_fewer(self) -> None: ...

    def more(self, direction: int) -> None: ...

    def pressed(self, act: Act) -> None: ...

    def watched_key(self, press: KeyPress, key: str) -> None: ...

    def paste(self, text: str) -> None: ...


def name(event: KeyPressEvent) -> str:
    """The key as the key table names it."""
    key = event.key_sequence[0].key
    if key == " ":
        return "space"
    if key == Keys.ControlM:
        return "enter"
    if key == Keys.ControlI:
        return "tab"
    if key == Keys.Escape:
        return "escape"
    spelled = key.value if isinstance(key, Keys) else key
    return spelled if len(spelled) > 1 else event.data


def key_bindings(front: KeyHandlers) -> KeyBindingsBase:
    """Every binding the terminal's keys go through, in the order they hold."""
    typing = Condition(lambda: types(front.mode))
    cursor = Condition(lambda: front.mode == Playing(Mode.CURSOR) and front.on_board())
    board = Condition(lambda: isinstance(front.mode, Playing) and front.on_board())
    viewed = Condition(lambda: isinstance(front.mode, Playing | Asking) and front.on_board())
    watching = Condition(lambda: isinstance(front.mode, Watching))
    ai = Condition(lambda: isinstance(front.mode, Watching) and front.mode.keys is Mode.AI)
    replaying = Condition(lambda: isinstance(front.mode, Replaying))
    reading = Condition(lambda: front.reading())
    own = KeyBindings()

    def call(action: Callable[[], None]) -> Handler:
        return unrendered(lambda _event: action())

    own.add("c-c", eager=True)(call(front.cancel))
    own.add("c-d")(call(front.end))
    own.add("c-l")(call(front.redraw))
    own.add("c-z")(call(signals.stop_the_group))
    own.add("enter", filter=typing)(call(front.submit))
    own.add("tab", filter=typing)(call(front.tab))

    at_cursor = unrendered(lambda event: front.cursor_key(name(event)))

    own.add(Keys.Any, filter=cursor)(at_cursor)
    own.add("escape", filter=cursor, eager=True)(at_cursor)
    own.add("enter", filter=cursor)(at_cursor)
    own.add("tab", filter=cursor)(at_cursor)

    for binding in keys.table():
        if binding.mode is Mode.CURSOR:
            for key in binding.keys:
                if len(key) > 1 and key not in NAMED:
                    own.add(key, filter=cursor)(at_cursor)
        elif binding.mode is Mode.BOARD:
            for key, step in zip(binding.keys, binding.steps, strict=True):
                own.add(key, filter=viewed)(_with(front.screenful, step))
        elif binding.act is Act.EVERY_KEY:
            for key in binding.keys:
                own.add(key, filter=board)(call(front.every_key_or_fewer))
        elif binding.act is Act.MORE:  # after the screenfuls: it goes before them
            for key, step in zip(binding.keys, binding.steps, strict=True):
                own.add(key, filter=reading)(_with(front.more, step[1]))
        elif binding.mode is Mode.REPLAY:
            for key in binding.keys:
                own.add(key, filter=replaying, eager=True)(_with(front.pressed, binding.act))
        elif binding.mode is Mode.AI:
            for key in binding.keys:
                own.add(key, filter=ai)(_with(front.pressed, binding.act))

    @own.add(Keys.Any, filter=replaying)
    def _nothing(event: KeyPressEvent) -> object:
        """Other keys do nothing in a replay."""
        return NotImplemented

    watched = unrendered(lambda event: front.watched_key(event.key_sequence[-1], name(event)))

    own.add(Keys.Any, filter=watching)(watched)
    own.add("escape", filter=watching, eager=True)(watched)
    own.add(Keys.BracketedPaste, filter=typing | cursor)(
        unrendered(lambda event: front.paste(event.data))
    )

    line = merge_key_bindings([load_basic_bindings(), load_emacs_bindings()])
    return merge_key_bindings(
        [load_mouse_bindings(), load_cpr_bindings(), ConditionalKeyBindings(line, typing), own]
    )


def _with(action: Callable[[T], None], value: T) -> Handler:
    return unrendered(lambda _event: action(value))


def unrendered(handle: Callable[[KeyPressEvent], None]) -> Handler:
    """``handle`` as a binding's handler that asks prompt_toolkit for no render."""

    def handler(event: KeyPressEvent) -> object:
        handle(event)
        return NotImplemented

    return handler
