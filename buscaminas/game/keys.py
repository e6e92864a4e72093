"""The one key table: every key the game answers, what it does, and in which mode.

The terminal binds each key from here, the manual's key section is written
from here, and so is the legend under the board: a key added to :data:`TABLE`
is bound, documented and shown at once, and none of the three can forget it.
The names are prompt_toolkit's (``up``, ``s-left``, ``c-c``), kept as plain
strings so that the game knows nothing of the toolkit.

The player may give any cursor key other keys in the ``[keys]`` table of
``config.toml`` (:func:`remapped`); the table in use (:func:`use`) is then
the one bound, documented and shown.
"""

from collections.abc import Callable, Mapping
from enum import Enum
from typing import NamedTuple

from ..core.grid import Point
from ..i18n import _
from . import textwidth
from .jumps import Jump


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
    AI = "ai"
    """The AI plays (``auto``)."""
    PAUSED = "paused"
    """The game is paused: the board hidden, the clock stopped."""


class Act(Enum):
    """What a key does."""

    EVERY_KEY = "every key"
    CANCEL = "cancel"
    LEAVE = "leave"
    REDRAW = "redraw"
    SUSPEND = "suspend"
    KEYS_TO_CURSOR = "keys to cursor"
    KEYS_TO_LINE = "keys to line"
    MOVE = "move"
    JUMP = "jump"
    SCREENFUL = "screenful"
    MORE = "more"
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
    GO_ON = "go on"


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
    jumps: tuple[Jump, ...] = ()
    """For the keys that jump: where each key jumps, in the order of ``keys``."""


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
    # No letter reveals: a reveal cannot be taken back once it finds a mine, and a letter
    # may begin a command typed by habit (m: man, mark), which must reveal nothing.
    Binding(
        Act.TRY, ("space", "enter"), Mode.CURSOR, lambda: _("Space, Enter"), lambda: _("reveal")
    ),
    Binding(Act.FLAG, ("f", "b"), Mode.CURSOR, lambda: "f, b", lambda: _("flag")),
    Binding(Act.UNFLAG, ("v",), Mode.CURSOR, lambda: "v", lambda: _("unflag")),
    Binding(Act.EXPAND, ("e",), Mode.CURSOR, lambda: "e", lambda: _("expand")),
    Binding(Act.HINT, ("?",), Mode.CURSOR, lambda: "?", lambda: _("hint")),
    Binding(Act.UNDO, ("u",), Mode.CURSOR, lambda: "u", lambda: _("undo")),
    Binding(Act.REDO, ("r",), Mode.CURSOR, lambda: "r", lambda: _("redo")),
    Binding(
        Act.JUMP,
        ("n", "N"),
        Mode.CURSOR,
        lambda: "n / N",
        lambda: _("next / previous hidden"),
        jumps=(Jump.NEXT_HIDDEN, Jump.PREVIOUS_HIDDEN),
    ),
    Binding(
        Act.JUMP,
        ("c",),
        Mode.CURSOR,
        lambda: "c",
        lambda: _("a cell logic decides (hint)"),
        jumps=(Jump.DECIDED,),
    ),
    Binding(
        Act.JUMP,
        ("^", "home", "$", "end"),
        Mode.CURSOR,
        lambda: _("^ Home / $ End"),
        lambda: _("row start / end"),
        jumps=(Jump.ROW_START, Jump.ROW_START, Jump.ROW_END, Jump.ROW_END),
    ),
    Binding(
        Act.JUMP,
        ("[", "]", "{", "}"),
        Mode.CURSOR,
        lambda: "[ / ] / { / }",
        lambda: _("corner ↖ / ↗ / ↙ / ↘"),
        jumps=(Jump.TOP_LEFT, Jump.TOP_RIGHT, Jump.BOTTOM_LEFT, Jump.BOTTOM_RIGHT),
    ),
    Binding(Act.PAUSE, ("p",), Mode.CURSOR, lambda: "p", lambda: _("pause")),
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
    Binding(
        Act.MORE,
        ("pagedown", "pageup"),
        Mode.EVERYWHERE,
        lambda: _("Page Down/Up, while words run past the screen"),
        lambda: _("their next or last page, before a screenful"),
        (DOWN, UP),
    ),
    Binding(Act.PAUSE, ("space",), Mode.REPLAY, lambda: _("Space"), lambda: _("pause or play")),
    Binding(Act.FASTER, ("+", "="), Mode.REPLAY, lambda: "+", lambda: _("faster")),
    Binding(Act.SLOWER, ("-", "_"), Mode.REPLAY, lambda: "-", lambda: _("slower")),
    Binding(Act.FORWARD, ("n", "right"), Mode.REPLAY, lambda: "n, →", lambda: _("next move")),
    Binding(Act.BACK, ("p", "left"), Mode.REPLAY, lambda: "p, ←", lambda: _("move back")),
    Binding(Act.STOP, ("q", "Q", "escape"), Mode.REPLAY, lambda: "q, Esc", lambda: _("leave")),
    Binding(Act.FASTER, ("+", "="), Mode.AI, lambda: "+", lambda: _("faster")),
    Binding(Act.SLOWER, ("-", "_"), Mode.AI, lambda: "-", lambda: _("slower")),
    Binding(
        Act.STOP, (), Mode.AI, lambda: _("any other key, a click, Ctrl-C"), lambda: _("stop")
    ),
    Binding(Act.GO_ON, (), Mode.PAUSED, lambda: _("any key, a click"), lambda: _("go on")),
    Binding(
        Act.EVERY_KEY,
        ("f1",),
        Mode.EVERYWHERE,
        lambda: "F1",
        lambda: _("every key under the board, or the main ones in a line"),
    ),
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


_in_use = TABLE


def use(table: tuple[Binding, ...]) -> None:
    """Make ``table`` the keys of the game from now on: a :func:`remapped` one."""
    global _in_use
    _in_use = table


def table() -> tuple[Binding, ...]:
    """The key table in use: :data:`TABLE`, or the player's :func:`remapped` one."""
    return _in_use


def bindings(mode: Mode) -> list[Binding]:
    """The rows of the table in use that hold in ``mode``."""
    return [binding for binding in _in_use if binding.mode is mode]


DIRECTIONS = {"up": UP, "down": DOWN, "left": LEFT, "right": RIGHT}
CURSOR_ACTS = {
    "reveal": Act.TRY,
    "flag": Act.FLAG,
    "unflag": Act.UNFLAG,
    "expand": Act.EXPAND,
    "hint": Act.HINT,
    "undo": Act.UNDO,
    "redo": Act.REDO,
    "pause": Act.PAUSE,
    "type": Act.KEYS_TO_LINE,
}
JUMPS = {
    "next_hidden": Jump.NEXT_HIDDEN,
    "previous_hidden": Jump.PREVIOUS_HIDDEN,
    "decided": Jump.DECIDED,
    "row_start": Jump.ROW_START,
    "row_end": Jump.ROW_END,
    "top_left": Jump.TOP_LEFT,
    "top_right": Jump.TOP_RIGHT,
    "bottom_left": Jump.BOTTOM_LEFT,
    "bottom_right": Jump.BOTTOM_RIGHT,
}
REMAPPABLE = (*DIRECTIONS, *CURSOR_ACTS, *JUMPS)
"""The names ``[keys]`` may give keys to: every cursor key's meaning."""
NAMED_KEYS: dict[str, Callable[[], str]] = {
    "up": lambda: "↑",
    "down": lambda: "↓",
    "left": lambda: "←",
    "right": lambda: "→",
    "space": lambda: _("Space"),
    "enter": lambda: _("Enter"),
    "tab": lambda: "Tab",
    "escape": lambda: "Esc",
    "home": lambda: _("Home"),
    "end": lambda: _("End"),
}
"""The keys a name may be given besides one character, and how the legend shows them."""


class KeyProblem(ValueError):
    """A ``[keys]`` table that cannot be used: ``name`` is the entry at fault, ``str()``
    says why in the player's words."""

    def __init__(self, name: str, problem: str) -> None:
        super().__init__(problem)
        self.name = name


def remapped(wishes: Mapping[str, str]) -> tuple[Binding, ...]:
    """:data:`TABLE` with the cursor keys ``wishes`` names (``flag = "g"``, or several
    keys apart: ``up = "up i"``) in place of the table's, or :class:`KeyProblem`.

    A key is one character that is no digit (a digit always goes to the typed line)
    or one of :data:`NAMED_KEYS`.  Two meanings may not share a key: the player is
    told which two, rather than one of them silently losing it.
    """
    chosen: dict[str, tuple[str, ...]] = {}
    for name, value in wishes.items():
        if name not in REMAPPABLE:
            problem = _("in [keys], there is no cursor key “{name}”; the names are {names}")
            raise KeyProblem(name, problem.format(name=name, names=", ".join(REMAPPABLE)))
        given = tuple(dict.fromkeys(value.split()))
        if not given:
            raise KeyProblem(name, _("in [keys], “{name}” names no key").format(name=name))
        for key in given:
            if key not in NAMED_KEYS and (len(key) != 1 or key.isdigit()):
                problem = _(
                    "in [keys], “{key}” cannot be a cursor key: it is one character other"
                    " than a digit, or one of {names}"
                )
                raise KeyProblem(name, problem.format(key=key, names=", ".join(NAMED_KEYS)))
        chosen[name] = given
    if not chosen:
        return TABLE
    table = tuple(_rebound(binding, chosen) for binding in TABLE)
    _refuse_clashes(table, wishes)
    return table


def meaning(binding: Binding, index: int) -> str:
    """The name ``[keys]`` gives the meaning of ``binding``'s key at ``index``: a
    direction, a jump, or the cursor act the whole row does."""
    if binding.act is Act.MOVE:
        return next(name for name, step in DIRECTIONS.items() if step == binding.steps[index])
    if binding.act is Act.JUMP:
        return next(name for name, jump in JUMPS.items() if jump is binding.jumps[index])
    return next(name for name, act in CURSOR_ACTS.items() if act is binding.act)


def _rebound(binding: Binding, chosen: dict[str, tuple[str, ...]]) -> Binding:
    """``binding`` with the keys ``chosen`` gives its meanings."""
    if binding.mode is not Mode.CURSOR:
        return binding
    held = [meaning(binding, index) for index in range(len(binding.keys))]
    names = list(dict.fromkeys(held))
    pairs = [
        (key, name)
        for name in names
        for key in (
            chosen[name]
            if name in chosen
            else [k for k, of in zip(binding.keys, held, strict=True) if of == name]
        )
    ]
    keys = tuple(key for key, _name in pairs)
    if keys == binding.keys:
        return binding
    if len(names) == 1:
        return binding._replace(keys=keys, shown=lambda: ", ".join(_spoken(key) for key in keys))
    groups = [" ".join(_spoken(key) for key, of in pairs if of == name) for name in names]
    rebound = binding._replace(keys=keys, shown=lambda: " / ".join(groups))
    if binding.act is Act.MOVE:
        return rebound._replace(
            steps=tuple(DIRECTIONS[name] for _key, name in pairs),
            does=lambda: _("move up / down / left / right"),
        )
    return rebound._replace(jumps=tuple(JUMPS[name] for _key, name in pairs))


def _refuse_clashes(table: tuple[Binding, ...], wishes: Mapping[str, str]) -> None:
    """A :class:`KeyProblem` naming both meanings of a key that has two."""
    said: dict[str, str] = {}
    for binding in table:
        if binding.mode is not Mode.CURSOR:
            continue
        for index, key in enumerate(binding.keys):
            name = meaning(binding, index)
            other = said.setdefault(key, name)
            if other != name:
                at_fault = name if name in wishes else other
                problem = _("in [keys], “{key}” would be the key of both “{first}” and “{second}”:"
                            " give one of them another key")
                raise KeyProblem(at_fault, problem.format(key=key, first=other, second=name))


def _spoken(key: str) -> str:
    """``key`` as the legend shows it."""
    return NAMED_KEYS[key]() if key in NAMED_KEYS else key


def cursor_keys(table: tuple[Binding, ...]) -> dict[str, tuple[str, ...]]:
    """Each name :data:`REMAPPABLE` lists, with its keys in ``table``: what ``buscaminas
    config`` shows as the ``[keys]`` table in effect."""
    keys: dict[str, tuple[str, ...]] = {name: () for name in REMAPPABLE}
    for binding in table:
        if binding.mode is Mode.CURSOR:
            for index, key in enumerate(binding.keys):
                name = meaning(binding, index)
                keys[name] = (*keys[name], key)
    return keys


def entries(modes: tuple[Mode, ...], *, mouse: bool = False) -> list[str]:
    """“keys: what they do” for every row of ``modes`` (and the mouse's)."""
    said = [f"{b.shown()}: {b.does()}" for mode in modes for b in bindings(mode)]
    if mouse:
        said += [f"{shown()}: {does()}" for shown, does in MOUSE]
    return said


BRIEF = (Act.MOVE, Act.TRY, Act.FLAG, Act.KEYS_TO_LINE, Act.EXPAND, Act.HINT, Act.UNDO)
"""The cursor's keys the one-line legend names, the most needed first."""


def brief(columns: int) -> str:
    """The cursor's keys that matter most (:data:`BRIEF`), each by its first key, in one
    line of at most ``columns`` columns, ending with the key that shows them all."""
    every = next(binding for binding in _in_use if binding.act is Act.EVERY_KEY)
    last = f"{every.shown()}: {_('more')}"
    line = ""
    for act in BRIEF:
        binding = next(b for b in bindings(Mode.CURSOR) if b.act is act)
        entry = f"{_first_keys(binding)}: {binding.does()}"
        candidate = f"{line} · {entry}" if line else entry
        if textwidth.width(f"{candidate} · {last}") > columns:
            break
        line = candidate
    return textwidth.fitting(f"{line} · {last}" if line else last, columns)


def _first_keys(binding: Binding) -> str:
    """A row's keys as the one-line legend names them: the first key of each meaning."""
    firsts: dict[str, str] = {}
    for index, key in enumerate(binding.keys):
        firsts.setdefault(meaning(binding, index), key)
    return "".join(_spoken(key) for key in firsts.values())


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


class Section(NamedTuple):
    """A paragraph of the manual's keys: its title, and the mode whose rows it lists
    (the mouse's too, on the board)."""

    title: str
    mode: Mode
    mouse: bool = False


def sections() -> list[Section]:
    """The manual's paragraphs on keys, in the player's language: the in-game manual's
    and the manual page's (:mod:`buscaminas.manpage`)."""
    return [
        Section(_("Typing a command:"), Mode.LINE),
        Section(_("With the cursor keys (the board's cursor is [ ]):"), Mode.CURSOR),
        Section(_("On the board, in either mode:"), Mode.BOARD, mouse=True),
        Section(_("Everywhere:"), Mode.EVERYWHERE),
        Section(_("Watching a replay:"), Mode.REPLAY),
        Section(_("While the AI plays (auto):"), Mode.AI),
        Section(_("While the game is paused:"), Mode.PAUSED),
    ]


def habit() -> str:
    """What cursor mode does with a command typed by habit."""
    return _(
        "In cursor mode every key acts at once. Letters that spell a command go to the"
        " typed line at the first character no key stands for (a digit, a letter no key"
        " uses, or Space or Enter after the whole word), and what they did is taken"
        " back: “flag 3 3” typed there flags 3 3. A lone h or d stays a move."
    )


def manual() -> list[str]:
    """The manual's section on keys and the mouse: a paragraph for each mode, every row
    of the table in it."""
    lines = [
        f"{section.title} {' · '.join(entries((section.mode,), mouse=section.mouse))}"
        for section in sections()
    ]
    lines.append(habit())
    return lines
