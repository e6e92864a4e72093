"""Keys and mouse reports turned into commands: the cursor's and the mouse's rules.

Pure values and small state machines, tested without a terminal: the terminal
front end feeds them the keys and reports it reads, and does what they say.
"""

from __future__ import annotations

from enum import Enum
from functools import lru_cache
from typing import NamedTuple

from ..core.alphabet import Symbol
from ..core.grid import Point
from ..game import commands, keys, verbs
from ..game.commands import Command, Verb
from ..game.jumps import Jump
from ..game.keys import Act, Binding, Mode


class KeyMeanings(NamedTuple):
    """What the key table in use makes of each key, read once per table."""

    acts: dict[str, Act]
    """What each key does at the cursor."""
    steps: dict[str, Point]
    """How far each moving key moves the cursor: a cell, or (for a screenful) a
    direction."""
    jumps: dict[str, Jump]
    """Where each jumping key takes the cursor."""
    moving: frozenset[str]
    """Letters that move the cursor (a step or a jump, but to a cell logic decides, which
    is a hint): harmless, so they move at once even inside a word."""


@lru_cache(maxsize=2)
def _meanings(table: tuple[Binding, ...]) -> KeyMeanings:
    cursor = [b for b in table if b.mode is Mode.CURSOR]
    jumps = {key: jump for b in cursor for key, jump in zip(b.keys, b.jumps, strict=False)}
    moves = [key for b in cursor if b.act is Act.MOVE for key in b.keys]
    harmless = [key for key, jump in jumps.items() if jump is not Jump.DECIDED]
    return KeyMeanings(
        {key: b.act for b in cursor for key in b.keys},
        {
            key: step
            for b in table
            if b.mode in (Mode.CURSOR, Mode.BOARD)
            for key, step in zip(b.keys, b.steps, strict=False)
        },
        jumps,
        frozenset(key for key in (*moves, *harmless) if len(key) == 1),
    )


def meanings() -> KeyMeanings:
    """The keys' meanings in the key table in use (the player's ``[keys]`` applied)."""
    return _meanings(keys.table())

VERBS = verbs.BY_KEY
ANYWHERE = verbs.WITHOUT_A_CELL
"""Keys whose command does not depend on the cursor's cell."""


def key_command(key: str, cursor: Point, shown: str) -> Command | None:
    """The command ``key`` gives at ``cursor``, whose cell shows ``shown`` (position
    format); None where the key does nothing there (``v`` only takes a flag off)."""
    act = meanings().acts.get(key)
    verb = VERBS.get(act) if act is not None else None
    if verb is None or (act is Act.UNFLAG and shown != Symbol.FLAG):
        return None
    if verb in ANYWHERE:
        return Command(verb)
    return Command(verb, cursor)


# --- typing by habit while the cursor has the keys ---------------------------------


def _spellings() -> frozenset[str]:
    """Every word a player may type to start a command, without accents: the verbs,
    their other spellings, and the words suggested for them."""
    words = [verb.value for verb in Verb] + [*commands.ALIASES, *commands.MEANT]
    return frozenset(commands.plain(word) for word in words)


SPELLINGS = _spellings()
PREFIXES = frozenset(word[:end] for word in SPELLINGS for end in range(1, len(word) + 1))


class Step(NamedTuple):
    """What the terminal is to do for a key typed while the cursor has the keys."""

    kind: str
    """``act``: the key's cursor binding; ``mark``: a word begins, and what its keys do
    may be taken back; ``back``: take it back; ``type``: to the typed line, with
    ``text``; ``submit``: the same, then Enter."""
    text: str = ""


class Habit:
    """Tells a command typed into cursor mode by habit from cursor keys, by the keys
    alone: the same keys mean the same whatever their pace.

    Every cursor key acts at once.  Letters that could still spell a command make
    a word, whose keys' effects the game keeps ready to take back (``mark``).  The
    word is decided at the first character no cursor key can stand for: a digit, a
    letter no cursor key uses (``t``, ``g``, ``o``, ``i``, ``x``), or a space or Enter
    after letters that spell a whole command.  It then goes to the typed line with
    that character, and what its letters did is taken back (``back``): ``flag 3 3``
    flags 3 3, ``help`` asks for a hint, ``review`` reviews, and none leaves a move
    behind.  A key that cannot go on spelling a command ends the word as keys, which
    stand.  One letter that only moves the cursor (``h``, ``d``) stays a move before
    a space or Enter, which reveal where it went: hjkl and wasd play as they look.
    """

    def __init__(self) -> None:
        self.word = ""
        """The letters typed since the word began, while they may spell a command."""

    def key(self, key: str) -> list[Step]:
        """The steps for ``key``: a character, or a key's name (``space``, ``enter``,
        ``up``…)."""
        known = meanings()
        if key in ("space", "enter"):
            if self._spells_a_command(known):
                return self._to_the_line(self.word, submit=key == "enter", space=key == "space")
            self.word = ""
            return [Step("act", key)]
        if len(key) != 1:
            self.word = ""
            return [Step("act", key)]
        word = self.word + key
        begun = commands.plain(word.lower()) in PREFIXES
        if key.isdigit():
            if self._spells_a_command(known):
                return self._to_the_line(word)
            self.word = ""
            return [Step("type", key)]
        if key not in known.acts:  # no cursor key: typing
            if begun:
                return self._to_the_line(word)
            self.word = ""
            return [Step("type", key)]
        if begun:
            steps = [] if self.word else [Step("mark")]
            self.word = word
            return [*steps, Step("act", key)]
        if self.word:  # the word ends as keys; this one may begin another
            self.word = ""
            return self.key(key)
        return [Step("act", key)]

    def clear(self) -> None:
        """The word ends as keys: what they did stands."""
        self.word = ""

    def _spells_a_command(self, known: KeyMeanings) -> bool:
        word = self.word
        if len(word) == 1 and word in known.moving:
            return False  # a move, which a space or Enter after it reveals at
        return commands.plain(word.lower()) in SPELLINGS

    def _to_the_line(self, text: str, *, submit: bool = False, space: bool = False) -> list[Step]:
        """The word goes to the typed line; what its letters did is taken back."""
        steps = [Step("back")] if self.word else []
        self.word = ""
        if submit:
            return [*steps, Step("submit", text)]
        return [*steps, Step("type", text + " " if space else text)]


# --- the mouse ------------------------------------------------------------------------


class Button(Enum):
    LEFT = 0
    MIDDLE = 1
    RIGHT = 2


class Kind(Enum):
    PRESS = "press"
    RELEASE = "release"
    DRAG = "drag"
    WHEEL = "wheel"


class Report(NamedTuple):
    """A mouse report: what happened, where (screen row and column, both 0-based), with
    which button (None for a release whose button the encoding does not say, and for
    the wheel), the wheel's step (rows, or columns with Shift), and Shift."""

    kind: Kind
    button: Button | None
    row: int
    column: int
    step: Point = (0, 0)


class Pan(NamedTuple):
    """The view moved by ``step`` cells, the cursor left where it is."""

    step: Point


class Pointer:
    """The mouse's conventions: the left button reveals on release, at the cell under
    the pointer then, when it was pressed on the board too (a press or a release off
    the board cancels: a drag from the words above, selecting them, opens nothing);
    the right button flags and the middle one expands as they are pressed; the wheel
    pans."""

    def __init__(self) -> None:
        self.left_down = False

    def report(self, report: Report, cell: Point | None) -> Command | Pan | None:
        """What ``report`` does, ``cell`` being the board cell under the pointer."""
        if report.kind is Kind.WHEEL:
            return Pan(report.step)
        if report.kind is Kind.PRESS:
            if report.button is Button.LEFT:
                self.left_down = cell is not None
                return None
            verb = Verb.FLAG if report.button is Button.RIGHT else Verb.EXPAND
            return None if cell is None else Command(verb, cell)
        if report.kind is Kind.RELEASE and report.button in (Button.LEFT, None):
            released, self.left_down = self.left_down, False
            if released and cell is not None:
                return Command(Verb.TRY, cell)
        return None
