"""The verbs: one row each, the one place a verb is written.

A row holds everything the game knows of a verb: how it is spelt in English and
Spanish (and in one letter), what may follow it, its examples and its manual
entry, where it is allowed, the key that gives it with the cursor, and the name
of the session's method that carries it out.  The parser
(:mod:`~buscaminas.game.commands`), completion, the manual and the manual page,
the cursor's keys, the questions and the session's dispatch all read
:data:`TABLE`: adding a verb is a row here and its handler in the session.
"""

from collections.abc import Callable
from enum import Enum, Flag, auto
from typing import NamedTuple

from ..i18n import _
from .keys import Act


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
    READ = "read"
    AROUND = "around"
    NEW = "new"
    AGAIN = "again"
    QUIT = "quit"


class Takes(Enum):
    """One form of what follows a verb."""

    NOTHING = "nothing"
    CELL = "cell"
    """Two numbers, x and y."""
    COUNT = "count"
    """A number of 1 or more: how many (``auto 10``)."""
    PAGE = "page"
    """A number of 1 or more: which page (``man 2``)."""
    TOPIC = "topic"
    """A verb's name (``man flag``)."""
    FILE = "file"
    """The rest of the line, as typed."""
    ROW = "row"
    """The word “row” (or “fila”) and a row's number (``read row 3``)."""


WORDS = {
    Takes.NOTHING: 0, Takes.CELL: 2, Takes.COUNT: 1, Takes.PAGE: 1, Takes.TOPIC: 1, Takes.ROW: 2
}
ROW_WORDS = ("row", "fila")
"""The word before a row's number, in either language."""
"""How many words each form is; a file is the rest of the line."""


class Allowed(Flag):
    """Where a verb is obeyed beyond the board in play."""

    NOWHERE_ELSE = 0
    NEEDS_THE_BOARD = auto()
    """Its effect is seen on the board: refused while the board does not fit the screen."""
    AFTER_THE_END = auto()
    """It looks back at a finished game, or takes its last move back: obeyed at “play
    again?”, which stays while the game stays over."""
    AT_ANY_QUESTION = auto()
    """Any of its spellings answers any question, as it would be obeyed at the board."""


class Row(NamedTuple):
    """Everything of one verb."""

    verb: Verb
    spanish: tuple[str, ...]
    """Its Spanish words, its Spanish name first; accepted whatever the language."""
    takes: tuple[Takes, ...]
    examples: tuple[str | Verb, ...]
    """The arguments its examples give it; a verb among them is a topic."""
    entry: Callable[[], str]
    """What it does, in the player's language: its entry in the manual."""
    handler: str
    """The name of the session's method that carries it out (it takes the command)."""
    short: str | None = None
    """Its English letter: the verbs typed most (``u`` and ``r`` as the cursor's keys)."""
    spanish_short: str | None = None
    """Its Spanish letter, which is no English verb's letter, so that each means one
    thing whatever the language."""
    also: tuple[str, ...] = ()
    """Other English words obeyed for it (players type ``exit`` and ``hint`` too)."""
    meant: tuple[str, ...] = ()
    """Words players type for it that are spelt otherwise: suggested, never obeyed."""
    allowed: Allowed = Allowed.NOWHERE_ELSE
    key: Act | None = None
    """What the cursor's key for it does (:mod:`~buscaminas.game.keys`), if it has one."""
    suggested: bool = True
    """“Did you mean” may offer it: never a verb that ends or discards the game."""
    fresh: bool = True
    """It starts from the board alone: the last command's page, highlights and words go."""

    @property
    def words(self) -> tuple[int, ...]:
        """How many words may follow it (a file is one or more)."""
        return tuple(WORDS.get(form, 1) for form in self.takes)


_CELL = (Takes.CELL,)
_BOARD = Allowed.NEEDS_THE_BOARD
_LOOKING_BACK = Allowed.AFTER_THE_END
# ``a`` (ayuda) is no letter, since an English player may take it for ``auto``, nor ``s``
# (salir) and ``n`` (nueva), since a slip would end the game.  ``mark`` has no letter:
# ``m`` reveals with the cursor and starts ``man``, and ``?`` asks for a hint with the
# cursor.  ``pause`` has none either: ``p`` is ``probar``, which alone asks for a cell
# and so does nothing to a player who took it for ``pause`` (``p`` pauses with the cursor).
TABLE = (
    Row(
        Verb.TRY, ("probar",), _CELL, ("3 4",),
        lambda: _("Reveal the cell at column x, row y. A bare “x y” does the same."),
        "_move", "t", "p", meant=("reveal", "open", "abrir"), allowed=_BOARD,
        key=Act.TRY,
    ),
    Row(
        Verb.FLAG, ("bandera",), _CELL, ("3 4",),
        lambda: _("Put a flag on a hidden cell you think hides a mine, or take it off."),
        "_move", "f", "b", allowed=_BOARD, key=Act.FLAG,
    ),
    Row(
        Verb.UNFLAG, ("quitar",), _CELL, ("3 4",),
        lambda: _(
            "Take the flag off a cell, and nothing else: with ? marks on, where “flag”"
            " would make it a ? (v with the cursor)."
        ),
        "_move", allowed=_BOARD, key=Act.UNFLAG,
    ),
    Row(
        Verb.EXPAND, ("expandir",), _CELL, ("3 4",),
        lambda: _(
            "On a number whose flags are all placed, reveal its other neighbours;"
            " if its hidden neighbours must all be mines, flag them."
        ),
        "_move", "e", meant=("chord",), allowed=_BOARD, key=Act.EXPAND,
    ),
    Row(
        Verb.MARK, ("marcar",), _CELL, ("3 4",),
        lambda: _(
            "Put a ? on a hidden cell you are unsure of (a flag there becomes one), or take"
            " it off. To the rules a ? is a hidden cell. Marks are off unless you start with"
            " --marks or put “marks = true” in the configuration file; then “flag”, f and a"
            " right click go flag, ?, hidden."
        ),
        "_move", allowed=_BOARD,
    ),
    Row(
        Verb.HELP, ("ayuda", "pista"), (Takes.NOTHING, Takes.CELL), ("", "3 4"),
        lambda: _(
            "Ask for a hint: a cell that is certain, and why. “help x y” gives the"
            " chance that the cell hides a mine."
        ),
        "_help", "h", also=("hint",), allowed=_BOARD, key=Act.HINT,
    ),
    Row(
        Verb.AUTO, (), (Takes.NOTHING, Takes.COUNT), ("", "10"),
        lambda: _(
            "Let the AI play the rest of the game, or N moves, at 0.15 s a move (faster on"
            " a big board, which none takes more than about 20 seconds): + and - change"
            " its speed, any other key stops it (what you type to stop it is kept, as the"
            " start of your next command)."
        ),
        "_auto", meant=("solve",), allowed=_BOARD,
    ),
    Row(
        Verb.PAUSE, ("pausa",), (Takes.NOTHING,), ("",),
        lambda: _(
            "Hide the board and stop the clock until you press a key (p with the cursor)."
            " Line by line, in a pipe or on a dumb terminal, it does nothing."
        ),
        "_pause", key=Act.PAUSE,
    ),
    Row(
        Verb.MAN, ("manual",), (Takes.NOTHING, Takes.PAGE, Takes.TOPIC), ("", "2", Verb.FLAG),
        lambda: _(
            "Show this manual (“man 2” for its second page), or “man verb” for one command."
        ),
        "_manual", allowed=_LOOKING_BACK,
    ),
    Row(
        Verb.STATS, ("estadísticas",), (Takes.NOTHING, Takes.PAGE), ("", "2"),
        lambda: _("Show your best times and statistics."),
        "_statistics", meant=("statistics",), allowed=_LOOKING_BACK,
    ),
    Row(
        Verb.UNDO, ("deshacer",), (Takes.NOTHING,), ("",),
        lambda: _(
            "Take back the last move, a losing one too (u with the cursor): the loss stays"
            " in the statistics, and the game goes on apart there, with no best time and no"
            " points. A win stays as it ended."
        ),
        "_undo", "u", "d", allowed=_LOOKING_BACK, key=Act.UNDO,
    ),
    Row(
        Verb.REDO, ("rehacer",), (Takes.NOTHING,), ("",),
        lambda: _("Put back the last move taken back (r with the cursor)."),
        "_redo", "r", allowed=_LOOKING_BACK, key=Act.REDO,
    ),
    Row(
        Verb.SAVE, ("guardar",), (Takes.FILE,), ("game.txt",),
        lambda: _(
            "Write the game, mines included, to a file that “buscaminas --board FILE”"
            " continues. A file already there is replaced only if you say yes."
        ),
        "_save_to", allowed=_LOOKING_BACK,
    ),
    Row(
        Verb.REVIEW, ("revisar",), (Takes.NOTHING, Takes.PAGE), ("", "2"),
        lambda: _(
            "Go through your moves with the solver: which were certain, which were guesses"
            " and whether they were needed (“review 2” for its second page). During a game"
            " it counts as a hint."
        ),
        "_review", allowed=_LOOKING_BACK,
    ),
    Row(
        Verb.READ, ("leer",), (Takes.CELL, Takes.ROW), ("3 4",),
        lambda: _(
            "Say in words what a cell shows, or a whole row (“read row 3”): for a screen"
            " reader, which hears what a move changed and asks for the rest."
        ),
        "_read", allowed=_LOOKING_BACK,
    ),
    Row(
        Verb.AROUND, ("alrededor",), _CELL, ("3 4",),
        lambda: _("Say in words what a cell shows and what each of its neighbours shows."),
        "_read", allowed=_LOOKING_BACK,
    ),
    Row(
        Verb.NEW, ("nueva",), (Takes.NOTHING,), ("",),
        lambda: _("Start a new game with the same settings."),
        "_new", suggested=False, fresh=False,
    ),
    Row(
        Verb.AGAIN, ("otra",), (Takes.NOTHING,), ("",),
        lambda: _(
            "Play the same board again, its mines where they were, opened at the same"
            " first cell; also an answer to “Play again?”."
        ),
        "_new", suggested=False, fresh=False,
    ),
    Row(
        Verb.QUIT, ("salir",), (Takes.NOTHING,), ("",),
        lambda: _("Leave the game (“exit” works too)."),
        "_quit", "q", also=("exit",), allowed=Allowed.AT_ANY_QUESTION, suggested=False,
        fresh=False,
    ),
)
ROWS = {row.verb: row for row in TABLE}


def allowed(where: Allowed) -> frozenset[Verb]:
    """The verbs obeyed ``where``."""
    return frozenset(row.verb for row in TABLE if where in row.allowed)


def spellings(verb: Verb) -> tuple[str, ...]:
    """Every word that starts ``verb``, English first: ``try, t, probar, p``."""
    row = ROWS[verb]
    letters = (row.short,) if row.short else ()
    spanish_letters = (row.spanish_short,) if row.spanish_short else ()
    return (verb.value, *row.also, *letters, *row.spanish, *spanish_letters)


BY_KEY = {row.key: row.verb for row in TABLE if row.key is not None}
"""The verb each of the cursor's keys gives."""
WITHOUT_A_CELL = frozenset(row.verb for row in TABLE if Takes.NOTHING in row.takes)
"""Verbs whose key gives them alone, not at the cursor's cell."""
