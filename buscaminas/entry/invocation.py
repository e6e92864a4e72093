"""What a command line asks for, as typed values: read once, then passed on.

The parser (:mod:`buscaminas.entry.parser`) is the one reader of the words;
everything after it takes an :class:`Invocation`, whose settings
(:class:`~buscaminas.entry.configured.Options`) are already settled against
the file and the defaults.  Named tuples, not dataclasses: the game's start
compiles no dataclass (ARCHITECTURE.md, "Value types").
"""

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple, NoReturn

from ..core.board import Level
from ..records.config import ConfigFile
from .configured import Options

EXIT_USAGE = 2
RECENT = 20
"""How many games ``buscaminas games`` lists unless told."""
TOOLS = (
    "stats", "analyze", "games", "replay", "review", "export", "config", "manpage", "completion"
)
GAME = "game"
"""A command line that names no tool: the game, built by
:func:`~buscaminas.entry.parser.build_parser` alone."""


def command_of(arguments: Sequence[str]) -> str | None:
    """What a command line surely asks for: a tool named first; the :data:`GAME` when
    no word could name a tool or ask for help; else None, for the whole parser."""
    if arguments[:1] and arguments[0] in TOOLS:
        return arguments[0]
    if any(word in TOOLS or _help_asked(word) for word in arguments):
        return None
    return GAME


def _help_asked(word: str) -> bool:
    """``-h``, ``--help`` or what argparse may read as it (``--he`` is ``--help`` or
    ``--height``); ``--height`` spelled whole is the board's, and reads without it."""
    return word.startswith(("-h", "--h")) and word.partition("=")[0] != "--height"


def leave(message: str) -> NoReturn:
    """End a command that cannot go on (a file it cannot read, a code it cannot deal),
    saying why on standard error, with the status of a usage error."""
    print(f"buscaminas: {message}", file=sys.stderr)
    sys.exit(EXIT_USAGE)


class BoardFlags(NamedTuple):
    """The board the game's flags name, as given: none of them checked against the
    others yet (:func:`buscaminas.entry.boards.settings_from_flags` does that)."""

    preset: str | None = None
    width: int | None = None
    height: int | None = None
    mines: int | None = None
    seed: int | None = None
    board: Path | None = None
    classic: bool = False
    game: str | None = None
    daily: bool = False
    resume: bool = False
    logic: Level | None = None
    """The hardest deduction every board dealt is to need (``--logic``)."""
    drill: bool = False
    """Drill boards, built around the patterns missed lately (``--drill``)."""


class Invocation(NamedTuple):
    """One run of the command: the tool it names (None for the game), the settings in
    effect, and what the tool or the game was given."""

    tool: str | None
    options: Options
    board: BoardFlags = BoardFlags()
    reader: bool = False
    """The game for a screen reader, whatever the terminal (``--reader``)."""
    json: bool = False
    """``stats --json``."""
    listed: int | None = None
    """How many games ``games`` lists; None for every one (``--all``)."""
    form: str = "table"
    """How ``games`` lists them: ``table``, ``json``, ``csv`` or ``ids``."""
    number: int | Path | None = None
    """The game ``replay``, ``review`` or ``export`` names (or, for ``replay`` and
    ``review``, a replay file of another game); None for the last one."""
    clicks: bool = False
    """``review --clicks``."""
    file: Path = Path()
    """The position ``analyze`` reads, or the file ``export`` writes."""
    mines: int = 0
    """``analyze --mines``."""
    shell: str = ""
    """The shell ``completion`` writes for."""


def read(arguments: Sequence[str], found: ConfigFile) -> Invocation:
    """The command line as typed values, its settings settled against ``found`` (the
    settings file): the game's plain command line without loading the parser."""
    from . import configured
    from .quickread import game_flags

    given = game_flags(arguments) if command_of(arguments) == GAME else None
    if given is None:
        from .parser import parsed

        given = parsed(arguments)
    return _typed(given, configured.settle(given, found))


def _typed(given: dict[str, Any], options: Options) -> Invocation:
    tool = given.get("tool")
    flags = {name: given[name] for name in BoardFlags._fields if name in given}
    if flags.get("logic") is not None:
        flags["logic"] = Level[flags["logic"].upper()]
    board = BoardFlags(**flags)
    how_many = RECENT if given.get("count") is None else given["count"]
    return Invocation(
        tool=tool,
        options=options,
        board=board if tool is None else BoardFlags(),
        reader=given.get("reader", False),
        json=given.get("json", False),
        listed=None if given.get("all") else how_many,
        form=given.get("form", "table"),
        number=given.get("number"),
        clicks=given.get("clicks", False),
        file=given.get("file", Path()),
        mines=given["mines"] if tool == "analyze" else 0,
        shell=given.get("shell", ""),
    )
