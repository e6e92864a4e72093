"""What a command line asks for, as typed values: read once, then passed on.

The parser (:mod:`buscaminas.entry.parser`) is the one reader of the words;
everything after it takes an :class:`Invocation`, whose settings
(:class:`~buscaminas.entry.configured.Options`) are already settled against
the file and the defaults.  Named tuples, not dataclasses: the game's start
compiles no dataclass (ARCHITECTURE.md, "Value types").
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, NoReturn

if TYPE_CHECKING:
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
    if any(word in TOOLS or word.startswith(("-h", "--h")) for word in arguments):
        return None
    return GAME


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


class Invocation(NamedTuple):
    """One run of the command: the tool it names (None for the game), the settings in
    effect, and what the tool or the game was given."""

    tool: str | None
    options: Options
    board: BoardFlags = BoardFlags()
    json: bool = False
    """``stats --json``."""
    listed: int | None = None
    """How many games ``games`` lists; None for every one (``--all``)."""
    form: str = "table"
    """How ``games`` lists them: ``table``, ``json``, ``csv`` or ``ids``."""
    number: int | None = None
    """The game ``replay``, ``review`` or ``export`` names; None for the last one."""
    file: Path = Path()
    """The position ``analyze`` reads, or the file ``export`` writes."""
    mines: int = 0
    """``analyze --mines``."""
    shell: str = ""
    """The shell ``completion`` writes for."""
