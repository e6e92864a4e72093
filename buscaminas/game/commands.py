"""What the player types, turned into a :class:`Command` or a precise complaint.

Coordinates arrive 1-based and column first (``flag 5 2`` is column 5, row
2) and leave as 0-based ``(x, y)`` tuples: this is the one place that converts.
Every way a line can be wrong has its own :class:`ParseError` subclass, whose
:meth:`~ParseError.message` tells the player what was wrong and what to type.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from enum import Enum
from typing import NamedTuple

from .. import i18n
from ..core.engine import Action, Move
from ..core.grid import Point
from ..core.scoring import FLOOD_POINTS, NUMBER_POINTS
from ..i18n import _
from . import textwidth
from .coordinates import label as label  # where the other modules find it

MAX_LINE = 200
SHOWN_COLUMNS = 20
"""How much of a bad word a message repeats back to the player."""
_SEPARATORS = re.compile(r"[\s,;]+")
_INTEGER = re.compile(r"[+-]?\d+")
_INVISIBLE = ("Cc", "Cf")
"""Control and format characters: escape keys, bidi overrides, zero-width marks."""
_NUMERIC_START = re.compile(r"[+-]?\.?\d")


class Verb(Enum):
    TRY = "try"
    FLAG = "flag"
    UNFLAG = "unflag"
    EXPAND = "expand"
    MARK = "mark"
    HELP = "help"
    AUTO = "auto"
    PAUSE = "pause"
    MAN = "man"
    STATS = "stats"
    UNDO = "undo"
    REDO = "redo"
    SAVE = "save"
    REVIEW = "review"
    NEW = "new"
    AGAIN = "again"
    QUIT = "quit"


SHORT = {
    "t": Verb.TRY,
    "f": Verb.FLAG,
    "e": Verb.EXPAND,
    "h": Verb.HELP,
    "u": Verb.UNDO,
    "r": Verb.REDO,
    "q": Verb.QUIT,
}
"""One letter for the verbs typed most (``u`` and ``r`` as the cursor's keys have them)."""
SPANISH = {
    "probar": Verb.TRY,
    "bandera": Verb.FLAG,
    "quitar": Verb.UNFLAG,
    "expandir": Verb.EXPAND,
    "marcar": Verb.MARK,
    "ayuda": Verb.HELP,
    "manual": Verb.MAN,
    "estadísticas": Verb.STATS,
    "deshacer": Verb.UNDO,
    "rehacer": Verb.REDO,
    "guardar": Verb.SAVE,
    "revisar": Verb.REVIEW,
    "nueva": Verb.NEW,
    "otra": Verb.AGAIN,
    "pausa": Verb.PAUSE,
    "salir": Verb.QUIT,
    "pista": Verb.HELP,
}
"""The verbs in Spanish, accepted whatever the language (and with or without accents):
a player types what comes.  Each verb's first word here is its Spanish name."""
SPANISH_SHORT = {
    "p": Verb.TRY,
    "b": Verb.FLAG,
    "d": Verb.UNDO,
}
r"""One letter for the Spanish verbs typed most: ``p``\ robar, ``b``\ andera,
``d``\ eshacer.  None of them is an English verb's letter, so each means one thing
whatever the language; ``e`` (expandir) and ``r`` (rehacer) already are English ones
for the same verbs.  ``a`` (ayuda) is left out, since an English player may take it
for ``auto``, and ``s`` (salir) and ``n`` (nueva), since a slip would end the game.
``mark`` and ``marcar`` have no letter: ``m`` reveals with the cursor and starts
``man`` and ``manual``, and ``?`` asks for a hint with the cursor.  ``pause`` and
``pausa`` have none either: ``p`` is ``probar``, which alone asks for a cell and so
does nothing to a player who took it for ``pause`` (``p`` pauses with the cursor)."""
ALIASES = {"exit": Verb.QUIT, "hint": Verb.HELP, **SHORT, **SPANISH, **SPANISH_SHORT}
"""Every other spelling of a verb; ``exit`` leaves like ``quit`` and ``hint`` asks like
``help`` because players type both."""
_SPANISH_NAME = {verb: word for word, verb in reversed(SPANISH.items())}
"""Each verb's Spanish name: the first of its words in :data:`SPANISH`."""


def name(verb: Verb) -> str:
    """``verb`` as the player's language spells it: ``try`` or ``probar``."""
    if i18n.language() == "es":
        return _SPANISH_NAME.get(verb, verb.value)
    return verb.value


def plain(word: str) -> str:
    """``word`` without its accents: “estadisticas” is how many type “estadísticas”."""
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


_SPELLED = {plain(word): verb for word, verb in ALIASES.items()}

MEANT = {
    "reveal": Verb.TRY,
    "open": Verb.TRY,
    "abrir": Verb.TRY,
    "chord": Verb.EXPAND,
    "solve": Verb.AUTO,
    "statistics": Verb.STATS,
}
"""Words players type for a verb that is spelt otherwise: suggested, never obeyed."""
SUGGESTED = tuple(verb for verb in Verb if verb not in (Verb.QUIT, Verb.NEW, Verb.AGAIN))
"""The verbs "did you mean" may offer: never one that ends or discards the game."""


class Command(NamedTuple):
    """A parsed line: the verb, and the cell, number, topic or file it names."""

    verb: Verb
    cell: Point | None = None
    number: int | None = None
    """A count of AI moves (``auto 10``), or the page of the manual, the statistics or
    the review to show (``man 2``, ``stats 2``, ``review 2``)."""
    topic: Verb | None = None
    file: str | None = None

    @property
    def move(self) -> Move | None:
        """The engine's move, for the verbs that are moves: the parser's word for
        it is the one place where a verb becomes an action."""
        action = _ACTIONS.get(self.verb)
        return None if action is None or self.cell is None else Move(action, self.cell)


_ACTIONS = {
    Verb.TRY: Action.TRY,
    Verb.FLAG: Action.FLAG,
    Verb.UNFLAG: Action.FLAG,
    Verb.EXPAND: Action.EXPAND,
    Verb.MARK: Action.MARK,
}


class ParseError(ValueError):
    """A line that is not a command; :meth:`message` says why, in the player's language,
    and so does ``str()``, as for any exception: worded when asked, so that it speaks the
    language in use then."""

    def message(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.message()


class EmptyLine(ParseError):
    def message(self) -> str:
        return _("Type a command, for example “try 3 4”. Type “man” for the manual.")


class LineTooLong(ParseError):
    def __init__(self, line: str) -> None:
        super().__init__(line[:SHOWN_COLUMNS])
        first = _SEPARATORS.split(line.lstrip()[:SHOWN_COLUMNS], maxsplit=1)[0].lower()
        self.saving = first == Verb.SAVE.value or _SPELLED.get(plain(first)) is Verb.SAVE
        """Whether the line names a file for ``save``, whose path is what is long."""

    def message(self) -> str:
        if self.saving:
            return _(
                "That line is too long: a line holds at most {limit} characters, the"
                " file's name for save among them. Give a shorter path to the file."
            ).format(limit=MAX_LINE)
        return _("That line is too long: commands are a verb and at most two numbers.")


class ControlCharacters(ParseError):
    def message(self) -> str:
        return _("That line holds control characters: type a verb and numbers only.")


class UnknownVerb(ParseError):
    def __init__(self, word: str, suggestion: str | None) -> None:
        super().__init__(word, suggestion)
        self.word, self.suggestion = word, suggestion

    def message(self) -> str:
        shown = textwidth.clip(self.word, SHOWN_COLUMNS)
        if self.suggestion:
            return _("Unknown command “{word}”. Did you mean “{suggestion}”?").format(
                word=shown, suggestion=self.suggestion
            )
        return _("Unknown command “{word}”. The commands are: {verbs}.").format(
            word=shown, verbs=_verb_list()
        )


class WrongArgumentCount(ParseError):
    def __init__(self, verb: Verb, given: int) -> None:
        super().__init__(verb, given)
        self.verb, self.given = verb, given

    def message(self) -> str:
        return _("“{verb}” takes {expected}; you gave {given}. Example: {example}").format(
            verb=name(self.verb),
            expected=_expected(self.verb),
            given=self.given,
            example=example(self.verb),
        )


class NotAnInteger(ParseError):
    """``counting`` says whether the number was a count (``auto 10``) rather than a
    coordinate."""

    def __init__(self, token: str, counting: bool = False) -> None:
        super().__init__(token, counting)
        self.token, self.counting = token, counting

    def message(self) -> str:
        shown = textwidth.clip(self.token, SHOWN_COLUMNS)
        if self.counting:
            return _("“{token}” is not a whole number: a count is like “auto 10”.").format(
                token=shown
            )
        return _("“{token}” is not a whole number: coordinates are like “3 4”.").format(token=shown)


class OutOfRange(ParseError):
    def __init__(self, axis: str, value: int, limit: int) -> None:
        super().__init__(axis, value, limit)
        self.axis = axis  # "x" or "y"
        self.value, self.limit = value, limit

    def message(self) -> str:
        if self.axis == "x":
            text = _("Column {value} is off the board: x goes from 1 to {limit}.")
        else:
            text = _("Row {value} is off the board: y goes from 1 to {limit}.")
        value = str(self.value) if abs(self.value) < 10**6 else "…"
        return text.format(value=value, limit=self.limit)


class NotPositive(ParseError):
    def __init__(self, verb: Verb, value: int) -> None:
        super().__init__(verb, value)
        self.verb, self.value = verb, value

    def message(self) -> str:
        value = str(self.value) if abs(self.value) < 10**6 else "…"
        return _("“{verb}” needs a count of 1 or more, not {value}.").format(
            verb=name(self.verb), value=value
        )


class UnknownTopic(ParseError):
    def __init__(self, word: str) -> None:
        super().__init__(word)
        self.word = word

    def message(self) -> str:
        return _("There is no manual page for “{word}”. Pages: {verbs}.").format(
            word=textwidth.clip(self.word, SHOWN_COLUMNS), verbs=_verb_list()
        )


def _verb_list() -> str:
    """Every verb, named in the player's language."""
    return ", ".join(name(verb) for verb in Verb)


_EXAMPLES: dict[Verb, tuple[str | Verb, ...]] = {
    Verb.TRY: ("3 4",),
    Verb.FLAG: ("3 4",),
    Verb.UNFLAG: ("3 4",),
    Verb.EXPAND: ("3 4",),
    Verb.MARK: ("3 4",),
    Verb.HELP: ("", "3 4"),
    Verb.AUTO: ("", "10"),
    Verb.PAUSE: ("",),
    Verb.MAN: ("", "2", Verb.FLAG),
    Verb.STATS: ("", "2"),
    Verb.UNDO: ("",),
    Verb.REDO: ("",),
    Verb.SAVE: ("game.txt",),
    Verb.REVIEW: ("", "2"),
    Verb.NEW: ("",),
    Verb.AGAIN: ("",),
    Verb.QUIT: ("",),
}
"""The arguments each verb's examples give it; a verb among them is a topic."""


def example(verb: Verb) -> str:
    """How ``verb`` is typed, in the player's language: ``help  /  help 3 4``."""
    forms = (
        f"{name(verb)} {name(given) if isinstance(given, Verb) else given}".rstrip()
        for given in _EXAMPLES[verb]
    )
    return "  /  ".join(forms)


_ARITY: dict[Verb, tuple[int, ...]] = {
    Verb.TRY: (2,),
    Verb.FLAG: (2,),
    Verb.UNFLAG: (2,),
    Verb.EXPAND: (2,),
    Verb.MARK: (2,),
    Verb.HELP: (0, 2),
    Verb.AUTO: (0, 1),
    Verb.PAUSE: (0,),
    Verb.MAN: (0, 1),
    Verb.STATS: (0, 1),
    Verb.UNDO: (0,),
    Verb.REDO: (0,),
    Verb.SAVE: (1,),
    Verb.REVIEW: (0, 1),
    Verb.NEW: (0,),
    Verb.AGAIN: (0,),
    Verb.QUIT: (0,),
}


def _expected(verb: Verb) -> str:
    counts = _ARITY[verb]
    if verb is Verb.MAN:
        return _("nothing, a page number or a command name")
    if verb is Verb.SAVE:
        return _("a file name")
    if counts == (2,):
        return _("two numbers, x and y")
    if counts == (0, 2):
        return _("nothing or two numbers, x and y")
    if counts == (0, 1):
        return _("nothing or one number")
    return _("no arguments")


def parse(line: str, width: int, height: int) -> Command:
    """The command ``line`` names on a ``width`` × ``height`` board.

    Raises a :class:`ParseError` subclass, and changes nothing, when the line
    is not a valid command.
    """
    if len(line) > MAX_LINE:
        raise LineTooLong(line)
    if any(unicodedata.category(char) in _INVISIBLE and char != "\t" for char in line):
        raise ControlCharacters()
    tokens = [token for token in _SEPARATORS.split(line.strip().lower()) if token]
    if not tokens:
        raise EmptyLine()
    if _NUMERIC_START.match(tokens[0]):
        verb, arguments = Verb.TRY, tokens
    else:
        verb, arguments = _verb(tokens[0]), tokens[1:]
    if verb is Verb.SAVE:
        # A file name is taken as typed: its case and spaces are the player's.
        file = line.strip()[len(tokens[0]) :].lstrip(" \t,;").rstrip()
        if not file:
            raise WrongArgumentCount(verb, 0)
        return Command(verb, file=file)
    if len(arguments) not in _ARITY[verb]:
        raise WrongArgumentCount(verb, len(arguments))
    if verb is Verb.MAN:
        if arguments and _INTEGER.fullmatch(arguments[0]):
            page = int(arguments[0])
            if page < 1:
                raise NotPositive(verb, page)
            return Command(verb, number=page)
        return Command(verb, topic=_verb_topic(arguments[0]) if arguments else None)
    counting = len(arguments) == 1
    numbers = [_integer(token, counting=counting) for token in arguments]
    if len(numbers) == 2:
        return Command(verb, cell=_cell(numbers[0], numbers[1], width, height))
    if numbers:
        if numbers[0] < 1:
            raise NotPositive(verb, numbers[0])
        return Command(verb, number=numbers[0])
    return Command(verb)


def said(move: Move) -> str:
    """A move as the player would type it, in the player's language: ``flag 3 4``,
    ``bandera 3 4``."""
    cell = label(move.cell)
    if move.action is Action.TRY:
        return _("try {cell}").format(cell=cell)
    if move.action is Action.FLAG:
        return _("flag {cell}").format(cell=cell)
    if move.action is Action.MARK:
        return _("mark {cell}").format(cell=cell)
    return _("expand {cell}").format(cell=cell)


def labels(points: Sequence[Point]) -> str:
    """``3 2``, ``3 2 and 4 2``, ``3 2, 4 2 and 5 2``: cells as a sentence lists them."""
    return listing([label(point) for point in points])


def listing(names: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``: names as a sentence lists them; at least one."""
    if len(names) == 1:
        return names[0]
    return _("{cells} and {last}").format(cells=", ".join(names[:-1]), last=names[-1])


def verb_names() -> list[str]:
    """Every word that starts a command, for completion (one letter needs none)."""
    return [verb.value for verb in Verb] + [word for word in ALIASES if len(word) > 1]


def spellings(verb: Verb) -> str:
    """How ``verb`` may be typed, for the manual, the player's language first:
    ``try, t, probar, p`` or ``probar, p, try, t``."""
    words = [verb.value, *(word for word, meant in ALIASES.items() if meant is verb)]
    spanish = i18n.language() == "es"
    return ", ".join(sorted(words, key=lambda word: _is_spanish(word) != spanish))


def _is_spanish(word: str) -> bool:
    return word in SPANISH or word in SPANISH_SHORT


def _verb(word: str) -> Verb:
    if plain(word) in _SPELLED:
        return _SPELLED[plain(word)]
    try:
        return Verb(word)
    except ValueError:
        raise UnknownVerb(word, _suggestion(word)) from None


def _suggestion(word: str) -> str | None:
    """The verb ``word`` was surely meant to be: a synonym, or one slip of the keys
    away (two in a long word); None rather than a guess."""
    if word in MEANT:
        return name(MEANT[word])
    slips = 1 if len(word) <= 4 else 2
    spelled = [verb.value for verb in SUGGESTED]
    spelled += [spanish for spanish, verb in SPANISH.items() if verb in SUGGESTED]
    close = [known for known in spelled if _distance(plain(word), plain(known)) <= slips]
    return min(close, key=lambda known: _distance(word, known)) if close else None


def _distance(first: str, second: str) -> int:
    """Typing slips between two words: letters missing, extra, wrong or swapped."""
    previous2: list[int] = []
    previous = list(range(len(second) + 1))
    for i, a in enumerate(first, start=1):
        current = [i]
        for j, b in enumerate(second, start=1):
            cost = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a != b))
            if i > 1 and j > 1 and a == second[j - 2] and first[i - 2] == b:
                cost = min(cost, previous2[j - 2] + 1)
            current.append(cost)
        previous2, previous = previous, current
    return previous[-1]


def _verb_topic(word: str) -> Verb:
    try:
        return _verb(word)
    except UnknownVerb:
        raise UnknownTopic(word) from None


def _integer(token: str, *, counting: bool) -> int:
    if not _INTEGER.fullmatch(token):
        raise NotAnInteger(token, counting)
    return int(token)


def _cell(x: int, y: int, width: int, height: int) -> Point:
    if not 1 <= x <= width:
        raise OutOfRange("x", x, width)
    if not 1 <= y <= height:
        raise OutOfRange("y", y, height)
    return (x - 1, y - 1)


def manual(topic: Verb | None = None) -> list[str]:
    """The manual as lines: syntax, an example, every verb, the icons legend.

    ``topic`` narrows it to one verb's entry.
    """
    entries = {
        Verb.TRY: _("Reveal the cell at column x, row y. A bare “x y” does the same."),
        Verb.FLAG: _("Put a flag on a hidden cell you think hides a mine, or take it off."),
        Verb.UNFLAG: _(
            "Take the flag off a cell, and nothing else: with ? marks on, where “flag”"
            " would make it a ? (v with the cursor)."
        ),
        Verb.EXPAND: _(
            "On a number whose flags are all placed, reveal its other neighbours;"
            " if its hidden neighbours must all be mines, flag them."
        ),
        Verb.MARK: _(
            "Put a ? on a hidden cell you are unsure of (a flag there becomes one), or take"
            " it off. To the rules a ? is a hidden cell. Marks are off unless you start with"
            " --marks or put “marks = true” in the configuration file; then “flag”, f and a"
            " right click go flag, ?, hidden."
        ),
        Verb.HELP: _(
            "Ask for a hint: a cell that is certain, and why. “help x y” gives the"
            " chance that the cell hides a mine."
        ),
        Verb.AUTO: _(
            "Let the AI play the rest of the game, or N moves, paced to end any board in"
            " about 20 seconds: + and - change its speed, any other key stops it."
        ),
        Verb.PAUSE: _(
            "Hide the board and stop the clock until you press a key (p with the cursor)."
            " Line by line, in a pipe or on a dumb terminal, it does nothing."
        ),
        Verb.MAN: _(
            "Show this manual (“man 2” for its second page), or “man verb” for one command."
        ),
        Verb.STATS: _("Show your best times and statistics."),
        Verb.UNDO: _(
            "Take back the last move, a losing one too (u with the cursor). A game with an"
            " undo is kept apart in the statistics: no best time, no points."
        ),
        Verb.REDO: _("Put back the last move taken back (r with the cursor)."),
        Verb.SAVE: _(
            "Write the game, mines included, to a file that “buscaminas --board FILE”"
            " continues. A file already there is replaced only if you say yes."
        ),
        Verb.REVIEW: _(
            "Go through your moves with the solver: which were certain, which were guesses"
            " and whether they were needed (“review 2” for its second page). During a game"
            " it counts as a hint."
        ),
        Verb.NEW: _("Start a new game with the same settings."),
        Verb.AGAIN: _(
            "Play the same board again, its mines where they were, opened at the same"
            " first cell; also an answer to “Play again?”."
        ),
        Verb.QUIT: _("Leave the game (“exit” works too)."),
    }
    if topic is not None:
        return [f"{example(topic)}   ({spellings(topic)})", "    " + entries[topic]]
    column = max(len(name(verb)) for verb in entries)
    lines = [
        _("Commands are a verb and a cell: x is the column, y the row, both from 1."),
        _("Separate the numbers with spaces, commas or semicolons: “flag 5,2”."),
        _("Example: “try 3 4” reveals column 3, row 4; then “flag 5 2” flags column 5, row 2."),
        _("Verbs have one-letter and Spanish forms: “t 3 4”, “f 5 2”, “probar 3 4”."),
        "",
    ]
    for verb, entry in entries.items():
        lines.append(f"  {name(verb):<{column}} {entry}")
        lines.append(f"  {'':<{column}} ({spellings(verb)})")
    from . import keys

    lines += ["", *keys.manual()]
    lines += [
        _("To select text while the mouse is on, hold Shift as you drag (--no-mouse leaves"
          " the mouse alone)."),
        _("Revealing a number whose flags are all placed expands it, with keys, clicks or typing."),
        _("A board bigger than the terminal scrolls to follow the cursor and keeps still"
          " under a click."),
        "",
        _("Points, as the original game counted them: {number} for each number a move"
          " reveals itself, {flood} for each cell an opening reveals around it; a zero"
          " earns nothing itself, and a losing move nothing at all. Only your own games"
          " earn points: none with AI moves, an undo, or moves from a pipe.").format(
            number=NUMBER_POINTS, flood=FLOOD_POINTS
        ),
        "",
    ]
    return lines
