"""The game's command line read without argparse, when it is plainly written.

Most starts are the game with a few of its own flags, each spelled out whole
(``--preset expert --legacy``): those are read here, and the game's start loads
no parser.  Anything else (a tool, help, an abbreviation, a value the parser
would refuse, ``--``) is left to :mod:`buscaminas.entry.parser`, which answers
it in its own words.  ``tests/test_quickread.py`` holds the two to the same
reading of every command line this one takes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .. import i18n

WHOLE = re.compile(r"[+-]?[0-9]{1,18}")


def _preset(text: str) -> str | None:
    from ..records.presets import board_named

    return board_named(text)


def _theme(text: str) -> str | None:
    from ..ui.themes import theme_named

    return theme_named(text)


SWITCHES: dict[str, tuple[str, bool]] = {
    "--classic": ("classic", True),
    "--daily": ("daily", True),
    "--resume": ("resume", True),
    "--legacy": ("legacy", True),
    "--nerd": ("nerd", True),
    **{
        f"--{prefix}{name}": (name, not prefix)
        for name in ("marks", "animation", "mouse")
        for prefix in ("", "no-")
    },
}
"""The game's flags that take no value: the setting each sets, and to what."""
VALUES: dict[str, tuple[str, Callable[[str], Any]]] = {
    "--preset": ("preset", _preset),
    "--width": ("width", lambda text: int(text) if WHOLE.fullmatch(text) else None),
    "--height": ("height", lambda text: int(text) if WHOLE.fullmatch(text) else None),
    "--mines": ("mines", lambda text: int(text) if WHOLE.fullmatch(text) else None),
    "--seed": ("seed", lambda text: int(text) if WHOLE.fullmatch(text) else None),
    "--board": ("board", Path),
    "--game": ("game", str),
    "--lang": ("lang", lambda text: text if text in i18n.LANGUAGES else None),
    "--data-dir": ("data_dir", Path),
    "--theme": ("theme", _theme),
}
"""The game's options that take a value: the setting each gives, and how it is read
(None: not as the parser reads it)."""
UNGIVEN: dict[str, Any] = {
    "tool": None,
    **{name: None for name in ("preset", "width", "height", "mines", "seed", "board", "game")},
    **{name: False for name in ("classic", "daily", "resume")},
    **{name: None for name in ("legacy", "nerd", "marks", "theme", "animation", "mouse")},
}
"""What the parser built for the game gives for a flag left out (``--lang`` and
``--data-dir`` give nothing: their defaults are suppressed)."""


def game_flags(arguments: Sequence[str]) -> dict[str, Any] | None:
    """The game's flags as the parser would give them, or None when the command line is
    not plainly the game's."""
    given = dict(UNGIVEN)
    words = iter(arguments)
    for word in words:
        flag, equals, attached = word.partition("=")
        if flag in SWITCHES and not equals:
            name, value = SWITCHES[flag]
            given[name] = value
            continue
        if flag not in VALUES:
            return None
        text = attached if equals else next(words, None)
        if text is None or (not equals and text.startswith("-")):
            return None
        name, reading = VALUES[flag]
        value = reading(text)
        if value is None:
            return None
        given[name] = value
    if given["legacy"] and given["nerd"]:
        return None
    return given
