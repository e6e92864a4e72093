"""What the player types, turned into a :class:`Command` or a precise complaint.

Coordinates arrive 1-based and column first (``flag 5 2`` is column 5, row
2) and leave as 0-based ``(x, y)`` tuples: this is the one place that converts.
Every way a line can be wrong has its own :class:`ParseError` subclass, whose
:meth:`~ParseError.message` tells the player what was wrong and what to type.
"""

import re
import unicodedata
from collections.abc import Sequence
from typing import NamedTuple

from .. import i18n
from ..core.engine import Action, Move
from ..core.grid import Point
from ..core.scoring import FLOOD_POINTS, NUMBER_POINTS
from ..i18n import _
from . import textwidth
from .coordinates import label as label  # where the other modules find it
from .verbs import ROW_WORDS, ROWS, TABLE, Takes
from .verbs import Verb as Verb  # where the other modules find it

MAX_PATH = 4096
"""The longest file name ``save`` takes: Linux's ``PATH_MAX``, beyond which no common
system opens a file anyway."""
MAX_LINE = MAX_PATH + 100
"""The longest line the parser reads: ``save`` and the longest file name, with room
for the verb and the spaces around it.  A front end keeps one character more of a
longer line (:func:`capped`), so that it is refused whole, never acted on cut short."""
SHOWN_COLUMNS = 20
"""How much of a bad word a message repeats back to the player."""
_SEPARATORS = r"[\s,;]+"
"""What parts the words of a command (this and the patterns below are compiled, and
cached by :mod:`re`, at the first command read: a start needs none)."""
_INTEGER = r"[+-]?\d+"
_INVISIBLE = ("Cc", "Cf")
"""Control and format characters: escape keys, bidi overrides, zero-width marks."""
_NUMERIC_START = r"[+-]?\.?\d"


SHORT = {row.short: row.verb for row in TABLE if row.short}
"""One letter for the verbs typed most."""
SPANISH = {word: row.verb for row in TABLE for word in row.spanish}
"""The verbs in Spanish, accepted whatever the language (and with or without accents):
a player types what comes."""
SPANISH_SHORT = {row.spanish_short: row.verb for row in TABLE if row.spanish_short}
"""One letter for the Spanish verbs typed most."""
ALIASES = {
    **{word: row.verb for row in TABLE for word in row.also}, **SHORT, **SPANISH, **SPANISH_SHORT
}
"""Every other spelling of a verb."""
_SPANISH_NAME = {row.verb: row.spanish[0] for row in TABLE if row.spanish}


def name(verb: Verb) -> str:
    """``verb`` as the player's language spells it: ``try`` or ``probar``."""
    if i18n.language() == "es":
        return _SPANISH_NAME.get(verb, verb.value)
    return verb.value


def plain(word: str) -> str:
    """``word`` without its accents: “estadisticas” is how many type “estadísticas”."""
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


_SPELLED = {plain(word): verb for word, verb in ALIASES.items()}

MEANT = {word: row.verb for row in TABLE for word in row.meant}
"""Words players type for a verb that is spelt otherwise: suggested, never obeyed."""
SUGGESTED = tuple(row.verb for row in TABLE if row.suggested)


class Command(NamedTuple):
    """A parsed line: the verb, and the cell, number, topic or file it names."""

    verb: Verb
    cell: Point | None = None
    number: int | None = None
    """A count of AI moves (``auto 10``), or the page of the manual, the statistics or
    the review to show (``man 2``, ``stats 2``, ``review 2``), or the row to read
    (``read row 3``), all from 1."""
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
    def __init__(self, line: str = "") -> None:
        super().__init__(line[:SHOWN_COLUMNS])

    def message(self) -> str:
        return _(
            "That line is too long: a command is a verb and at most two numbers, or “save”"
            " and a file name of at most {limit} characters."
        ).format(limit=MAX_PATH)


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
        told = (
            _("“{verb}” takes {expected}; you gave none. Example: {example}")
            if self.given == 0
            else _("“{verb}” takes {expected}; you gave {given}. Example: {example}")
        )
        return told.format(
            verb=name(self.verb),
            expected=_expected(self.verb),
            given=self.given,
            example=example(self.verb),
        )


class NotAnInteger(ParseError):
    """``before``: what is typed before a number that is not a coordinate but a count
    or a page (``auto``, ``stats``, ``read row``), to show it as it should be."""

    def __init__(self, token: str, before: str | None = None) -> None:
        super().__init__(token, before)
        self.token, self.before = token, before

    def message(self) -> str:
        shown = textwidth.clip(self.token, SHOWN_COLUMNS)
        if self.before is not None:
            return _("“{token}” is not a whole number: type it like “{before} 2”.").format(
                token=shown, before=self.before
            )
        return _("“{token}” is not a whole number: coordinates are like “3 4”.").format(token=shown)


class RowWithoutNumber(ParseError):
    """``read row`` with no row: ``typed``, the words as the player typed them."""

    def __init__(self, typed: str) -> None:
        super().__init__(typed)
        self.typed = typed

    def message(self) -> str:
        return _("“{typed}” takes the row's number, like “{typed} 2”.").format(typed=self.typed)


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


def example(verb: Verb) -> str:
    """How ``verb`` is typed, in the player's language: ``help  /  help 3 4``."""
    forms = (
        f"{name(verb)} {name(given) if isinstance(given, Verb) else given}".rstrip()
        for given in ROWS[verb].examples
    )
    return "  /  ".join(forms)


def _expected(verb: Verb) -> str:
    takes = ROWS[verb].takes
    counts = ROWS[verb].words
    if Takes.TOPIC in takes:
        return _("nothing, a page number or a command name")
    if Takes.FILE in takes:
        return _("a file name")
    if Takes.ROW in takes:
        return _("two numbers, x and y, or “row” and a number")
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
    tokens = [token for token in re.split(_SEPARATORS, line.strip().lower()) if token]
    if not tokens:
        raise EmptyLine()
    if re.match(_NUMERIC_START, tokens[0]):
        verb, arguments = Verb.TRY, tokens
    else:
        verb, arguments = _verb(tokens[0]), tokens[1:]
    if Takes.FILE in ROWS[verb].takes:
        # A file name is taken as typed: its case and spaces are the player's.
        file = line.strip()[len(tokens[0]) :].lstrip(" \t,;").rstrip()
        if not file:
            raise WrongArgumentCount(verb, 0)
        if len(file) > MAX_PATH:
            raise LineTooLong()
        return Command(verb, file=file)
    if Takes.ROW in ROWS[verb].takes and len(arguments) == 1 and arguments[0] in ROW_WORDS:
        raise RowWithoutNumber(f"{tokens[0]} {arguments[0]}")
    if len(arguments) not in ROWS[verb].words:
        raise WrongArgumentCount(verb, len(arguments))
    if Takes.TOPIC in ROWS[verb].takes:
        if arguments and re.fullmatch(_INTEGER, arguments[0]):
            page = int(arguments[0])
            if page < 1:
                raise NotPositive(verb, page)
            return Command(verb, number=page)
        return Command(verb, topic=_verb_topic(arguments[0]) if arguments else None)
    if Takes.ROW in ROWS[verb].takes and arguments[0] in ROW_WORDS:
        row = _integer(arguments[1], before=f"{tokens[0]} {arguments[0]}")
        if not 1 <= row <= height:
            raise OutOfRange("y", row, height)
        return Command(verb, number=row)
    counted = tokens[0] if len(arguments) == 1 else None  # a count or a page, not a cell
    numbers = [_integer(token, before=counted) for token in arguments]
    if len(numbers) == 2:
        return Command(verb, cell=_cell(numbers[0], numbers[1], width, height))
    if numbers:
        if numbers[0] < 1:
            raise NotPositive(verb, numbers[0])
        return Command(verb, number=numbers[0])
    return Command(verb)


def capped(line: str) -> str:
    """``line`` as far as the parser reads it, and one character more where it is longer:
    still too long, so that it is refused whole (:class:`LineTooLong`)."""
    return line[: MAX_LINE + 1]


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


def _integer(token: str, *, before: str | None) -> int:
    if not re.fullmatch(_INTEGER, token):
        raise NotAnInteger(token, before)
    return int(token)


def _cell(x: int, y: int, width: int, height: int) -> Point:
    if not 1 <= x <= width:
        raise OutOfRange("x", x, width)
    if not 1 <= y <= height:
        raise OutOfRange("y", y, height)
    return (x - 1, y - 1)


def verb_entries() -> dict[Verb, str]:
    """What each verb does, in the player's language: the manual's entries, and the
    manual page's (:mod:`buscaminas.manpage`)."""
    return {row.verb: row.entry() for row in TABLE}


def syntax() -> list[str]:
    """How a command is written: the manual's first lines, and the manual page's."""
    return [
        _("Commands are a verb and a cell: x is the column, y the row, both from 1."),
        _("Separate the numbers with spaces, commas or semicolons: “flag 5,2”."),
        _("Example: “try 3 4” reveals column 3, row 4; then “flag 5 2” flags column 5, row 2."),
        _("Verbs have one-letter and Spanish forms: “t 3 4”, “f 5 2”, “probar 3 4”."),
    ]


def manual(topic: Verb | None = None) -> list[str]:
    """The manual as lines: syntax, an example, every verb, the icons legend.

    ``topic`` narrows it to one verb's entry.
    """
    entries = verb_entries()
    if topic is not None:
        return [f"{example(topic)}   ({spellings(topic)})", "    " + entries[topic]]
    column = max(len(name(verb)) for verb in entries)
    lines = [*syntax(), ""]
    for verb, entry in entries.items():
        lines.append(f"  {name(verb):<{column}}  {entry}")  # two spaces: a wrap hangs under it
        lines.append(f"  {'':<{column}}  ({spellings(verb)})")
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
          " earn points: none with AI moves, an undo, moves from a pipe, or on a board"
          " you had seen.").format(
            number=NUMBER_POINTS, flood=FLOOD_POINTS
        ),
        "",
    ]
    return lines
