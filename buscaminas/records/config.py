"""The player's settings file, ``config.toml``: written by the player, only read here.

Every key is a command-line flag's name (``lang = "es"``, ``marks = true``,
``theme = "light"``), and a flag given on the command line wins over it.  A
file that is not right (not TOML, an unknown key, a value of the wrong type or
out of its choices) is refused whole, with one message naming its line, and
the game goes on with the defaults: half a file would be a game set up as
nobody asked.  The game never writes the file: what it learns by asking (the
icons a font shows) it keeps in ``preferences.json`` instead.

``[keys]`` is read as a table of strings, checked for its shape only, and kept
in :attr:`ConfigFile.keys` (a cursor key's meaning → its keys); the key table
checks and applies it (:func:`buscaminas.game.keys.remapped`).
"""

import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from .. import i18n
from ..i18n import _
from . import inputfile, places

FILE_NAME = "config.toml"
CONFIG_DIR_VARIABLE = "BUSCAMINAS_CONFIG_DIR"
"""Where to look instead of the user configuration directory: tests, and players
who keep several set-ups."""
KEYS_TABLE = "keys"
BOM = "\ufeff"
"""What some editors put before UTF-8 text, and TOML does not allow: read past."""


def default_path() -> Path:
    """``$BUSCAMINAS_CONFIG_DIR/config.toml``, else the one in platformdirs' user
    configuration directory for buscaminas (``~/.config/buscaminas`` on Linux,
    which ``XDG_CONFIG_HOME`` moves)."""
    directory = os.environ.get(CONFIG_DIR_VARIABLE) or places.user_directory("config")
    return Path(directory) / FILE_NAME


class ConfigKey(NamedTuple):
    """A key the file may hold: a flag's name, and the values it takes."""

    name: str
    kind: type[bool] | type[str]
    choices: tuple[str, ...] = ()
    """For a name: every one it may be; empty for a yes or no."""
    spellings: tuple[tuple[str, str], ...] = ()
    """Other spellings of its choices, each with the choice it spells (``color-blind``)."""


class ConfigValue(NamedTuple):
    """A value the file gives, and the line it is on (1-based)."""

    value: bool | str
    line: int


class ConfigError(Exception):
    """What is wrong with the file, and where; ``str()`` says it in the player's words."""

    def __init__(self, path: Path, line: int | None, problem: str) -> None:
        self.path, self.line, self.problem = path, line, problem
        super().__init__(path, line, problem)

    def __str__(self) -> str:
        if self.line is None:
            return f"{self.path}: {self.problem}"
        return _("{file}, line {line}: {problem}").format(
            file=self.path, line=self.line, problem=self.problem
        )


class ConfigFile(NamedTuple):
    """What the file says: nothing at all when it is missing or refused."""

    path: Path
    values: dict[str, ConfigValue]
    keys: dict[str, ConfigValue]
    """The ``[keys]`` table: a cursor key's name → the key to press instead."""
    problem: ConfigError | None = None
    exists: bool = False


def read(
    path: Path, known: Sequence[ConfigKey], rivals: Sequence[tuple[str, str]] = ()
) -> ConfigFile:
    """The settings in the file at ``path``, checked against ``known``; a missing file is
    an empty one, a wrong one an empty one with its :attr:`ConfigFile.problem`.
    ``rivals``: pairs of yes-or-no keys that cannot both be true (``legacy`` and
    ``nerd``, as their flags cannot both be given)."""
    try:
        too_big = _("it is larger than {limit} KiB, more than any settings file needs")
        text = inputfile.read_text(
            path, too_big.format(limit=inputfile.LIMIT_BYTES // 1024), standard_input=False
        )
    except FileNotFoundError:
        return ConfigFile(path, {}, {})
    except OSError as error:
        return _refused(path, None, i18n.reason(error))
    except inputfile.UnreadableFile as error:
        return _refused(path, None, str(error))
    try:
        values, keys = _checked(path, text, {key.name: key for key in known})
        for first, second in rivals:
            if values.get(first, _NO).value is True and values.get(second, _NO).value is True:
                line = max(values[first].line, values[second].line)
                problem = _("“{first}” and “{second}” cannot both be true: keep one")
                raise ConfigError(path, line, problem.format(first=first, second=second))
    except ConfigError as error:
        return ConfigFile(path, {}, {}, error, exists=True)
    return ConfigFile(path, values, keys, exists=True)


_NO = ConfigValue(False, 0)


def _refused(path: Path, line: int | None, problem: str) -> ConfigFile:
    return ConfigFile(path, {}, {}, ConfigError(path, line, problem), exists=True)


_WHERE = r"\s*\(at line (\d+), column (\d+)\)$"
"""Where tomllib's refusal says the fault is.  This and the patterns below are
compiled (and cached, by :mod:`re`) when a file is read: most starts have none."""


def _checked(
    path: Path, text: str, known: dict[str, ConfigKey]
) -> tuple[dict[str, ConfigValue], dict[str, ConfigValue]]:
    import tomllib

    from . import nesting

    text = text.removeprefix(BOM)
    too_deep = _("its lists or tables nest more than {limit} deep, as no setting does")
    if nesting.deeper_than(text):
        raise ConfigError(path, None, too_deep.format(limit=nesting.LIMIT))
    try:
        document = tomllib.loads(text)
    except RecursionError:  # a nesting the count above could not see (a string's odd quotes)
        raise ConfigError(path, None, too_deep.format(limit=nesting.LIMIT)) from None
    except tomllib.TOMLDecodeError as error:
        words = str(error)
        where = re.search(_WHERE, words)
        line = int(where.group(1)) if where else None
        problem = _("this is not TOML ({reason})").format(reason=re.sub(_WHERE, "", words))
        raise ConfigError(path, line, problem) from None
    lines = _KeyLines(text)
    values: dict[str, ConfigValue] = {}
    keys: dict[str, ConfigValue] = {}
    for name, value in document.items():
        line = lines.of((name,))
        if name == KEYS_TABLE:
            keys = _keys_table(path, value, lines)
            continue
        key = known.get(name)
        if key is None:
            names = ", ".join([*known, f"[{KEYS_TABLE}]"])
            problem = _("there is no setting “{key}”; the settings are {names}")
            raise ConfigError(path, line, problem.format(key=name, names=names))
        values[name] = ConfigValue(_value(path, key, value, line), line)
    return values, keys


def _value(path: Path, key: ConfigKey, value: object, line: int) -> bool | str:
    """``value`` if ``key`` takes it; else :class:`ConfigError` saying what it takes."""
    if key.kind is bool:
        if isinstance(value, bool):
            return value
        problem = _("“{key}” is true or false, without quotes")
        raise ConfigError(path, line, problem.format(key=key.name))
    choices = ", ".join(f"“{choice}”" for choice in key.choices)
    if not isinstance(value, str):
        problem = _("“{key}” is a name in quotes: {choices}")
        raise ConfigError(path, line, problem.format(key=key.name, choices=choices))
    value = dict(key.spellings).get(value, value)
    if value not in key.choices:
        problem = _("“{key}” cannot be “{value}”: it is one of {choices}")
        shown = value if len(value) <= 30 else value[:29] + "…"
        raise ConfigError(path, line, problem.format(key=key.name, value=shown, choices=choices))
    return value


def _keys_table(path: Path, table: object, lines: "_KeyLines") -> dict[str, ConfigValue]:
    """``[keys]``: cursor keys' names to keys, all strings; what they name is the key
    table's to check."""
    if not isinstance(table, dict):
        problem = _("“{key}” is a table: [{key}], then one name = \"key\" a line")
        raise ConfigError(path, lines.of((KEYS_TABLE,)), problem.format(key=KEYS_TABLE))
    keys = {}
    for name, value in table.items():
        line = lines.of((KEYS_TABLE, name))
        if not isinstance(value, str):
            problem = _("in [{table}], “{key}” is a key in quotes, like \"k\"")
            raise ConfigError(path, line, problem.format(table=KEYS_TABLE, key=name))
        keys[name] = ConfigValue(value, line)
    return keys


_TABLE = r"\s*\[\s*([^\[\]]+?)\s*\]\s*(#.*)?$"
_KEY = r"""(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')"""
"""A bare or quoted TOML key."""
_ASSIGNMENT = rf"\s*({_KEY}(?:\s*\.\s*{_KEY})*)\s*="


class _KeyLines:
    """Where each key of a TOML text is written: tomllib gives values, not lines, and a
    wrong value is to be named by its line."""

    def __init__(self, text: str) -> None:
        self.found: dict[tuple[str, ...], int] = {}
        table: tuple[str, ...] = ()
        for number, line in enumerate(text.splitlines(), start=1):
            header = re.match(_TABLE, line)
            if header:
                table = _path(header.group(1))
                self.found.setdefault(table, number)
                continue
            assignment = re.match(_ASSIGNMENT, line)
            if assignment:
                full = table + _path(assignment.group(1))
                for depth in range(len(table) + 1, len(full) + 1):
                    self.found.setdefault(full[:depth], number)

    def of(self, key: tuple[str, ...]) -> int:
        """The line of ``key``, else of the nearest table around it (an inline table's
        key is on its table's line)."""
        while key and key not in self.found:
            key = key[:-1]
        return self.found.get(key, 1)


def _path(dotted: str) -> tuple[str, ...]:
    """``keys . "up"`` → ``("keys", "up")``."""
    parts = re.findall(_KEY, dotted)
    return tuple(part.strip("\"'") for part in parts)
