"""What the game reads from its environment and keeps on the disk, in one table each.

``--help`` lists both tables after the flags, with the files where they are on
this machine; the manual page (:mod:`buscaminas.manpage`) lists them in its
ENVIRONMENT and FILES sections, with the files where they are by default on
each system, since one page serves every machine.

The colour those variables ask for is read in :mod:`buscaminas.entry.colours`.
"""

from __future__ import annotations

import re
import textwrap
from typing import NamedTuple

from ..i18n import _
from ..records import config, preferences, storage
from .colours import CLICOLOUR, FORCING, NO_COLOUR


class Entry(NamedTuple):
    """A line of either table: what it is called and what it does."""

    name: str
    meaning: str


def variables() -> list[Entry]:
    """Every variable the game reads, in the player's language."""
    return [
        Entry(
            storage.DATA_DIR_VARIABLE,
            _("the directory of your games and preferences, instead of the user data"
              " directory (--data-dir outranks it)"),
        ),
        Entry(
            config.CONFIG_DIR_VARIABLE,
            _("the directory of config.toml, instead of the user configuration directory"),
        ),
        Entry(
            "XDG_DATA_HOME, XDG_CONFIG_HOME",
            _("on Linux and BSD, move the user data and configuration directories"),
        ),
        Entry(
            NO_COLOUR,
            _("set and not empty: no colour at all, whatever else asks for it"),
        ),
        Entry(
            ", ".join(FORCING),
            _("set, not empty and not 0: colour even where the game draws none by"
              " default, the board in a pipe or on a dumb terminal"),
        ),
        Entry(
            CLICOLOUR,
            _("0: no colour on a terminal either, unless FORCE_COLOR or CLICOLOR_FORCE"
              " asks for it"),
        ),
        Entry("TERM", _("dumb: play for a screen reader, the board said in words (--reader)")),
        Entry(
            "LANGUAGE, LC_ALL, LC_MESSAGES, LANG",
            _("the language when neither --lang nor config.toml names one: Spanish for a"
              " Spanish locale, English for any other (C and POSIX included)"),
        ),
    ]


class KeptFile(NamedTuple):
    """A file the game keeps: its name, what it holds, and whether it lives in the
    configuration directory (else the data directory)."""

    name: str
    holds: str
    configuration: bool = False


def files() -> list[KeptFile]:
    """Every file the game keeps, in the player's language."""
    return [
        KeptFile(
            storage.DATABASE_NAME,
            _("your games, their statistics and the game left unfinished (SQLite)"),
        ),
        KeptFile(preferences.FILE_NAME, _("your answer to the icons question")),
        KeptFile(config.FILE_NAME, _("your settings: read, never written"), configuration=True),
    ]


NAME_COLUMN = 24
"""Where the meanings start in ``--help``, as argparse lines up its own options'."""


def help_epilog() -> str:
    """The end of ``--help``: the variables, then the files where they are on this
    machine, one entry a line, for :func:`fill` to wrap."""
    directories = {False: storage.default_path().parent, True: config.default_path().parent}
    lines = [_("environment:")]
    lines += [_entry(entry.name, entry.meaning) for entry in variables()]
    lines += ["", _("files:")]
    lines += [
        _entry(str(directories[kept.configuration] / kept.name), kept.holds) for kept in files()
    ]
    return "\n".join(lines)


def _entry(name: str, meaning: str) -> str:
    """``  NAME  meaning``, the meaning at :data:`NAME_COLUMN`, or on the next line under
    it when the name is too long, as argparse writes an option's help."""
    if len(name) + 4 <= NAME_COLUMN:
        return f"  {name:<{NAME_COLUMN - 2}}{meaning}"
    return f"  {name}\n{' ' * NAME_COLUMN}{meaning}"


_HANGING = re.compile(r"\s*(?:\S.*?\s{2,})?")


def fill(text: str, width: int, indent: str) -> str:
    """``text``'s lines as they are, each too long for ``width`` wrapped under its own
    text (under the meaning, for an entry): the description and the epilog are
    written line by line, which argparse's own filling would run together."""
    filled = []
    for line in text.splitlines():
        hanging = _HANGING.match(line)
        under = " " * len(hanging.group(0)) if hanging else ""
        if len(under) + 20 > width:
            under = ""
        words = line.lstrip()
        filled += textwrap.wrap(
            words,
            width,
            initial_indent=indent + line[: len(line) - len(words)],
            subsequent_indent=indent + under,
            break_long_words=False,  # a path or a variable's name is copied whole
            break_on_hyphens=False,
        ) or [""]
    return "\n".join(filled)
