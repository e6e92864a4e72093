"""How deeply a JSON or TOML text nests its lists and tables, found before it is parsed.

Both parsers recurse once per level: a few kilobytes of brackets
(``'a = ' + '[' * 500 + ']' * 500``) exhaust the interpreter's recursion, and
what then stops the parser is a ``RecursionError`` from wherever it was, not a
refusal.  Nothing the game reads (a settings file, a game kept pending, a game
kept in progress, the preferences) nests more than a few levels, so a text
nested deeper than :data:`LIMIT` is refused before any parser sees it.
"""

from __future__ import annotations

import re

LIMIT = 32
"""Levels of lists and tables a text may nest: many more than the game ever writes."""

_TOKENS = (
    r'"""(?:[^"\\]++|\\[\s\S]?|"(?!""))*+(?:"""|\Z)'  # TOML's multi-line strings
    r"|'''(?:[^']++|'(?!''))*+(?:'''|\Z)"
    r'|"(?:[^"\\\n]++|\\.?)*+"?'  # one-line strings (JSON's too), ended by the line's end
    r"|'[^'\n]*+'?"
    r"|#[^\n]*+"  # a TOML comment
    r"|[\[\]{}]"
)
"""What counts: the brackets outside strings and comments, which may hold any.  Every
repetition is possessive, so that no text sends the search back over what it read: the
scan takes time in proportion to the text, whatever the text holds.  Compiled (and
cached, by :mod:`re`) at the first text counted, not at every start."""


def deeper_than(text: str, limit: int = LIMIT) -> bool:
    """Whether ``text`` opens more than ``limit`` lists or tables inside each other."""
    depth = 0
    for token in re.finditer(_TOKENS, text):
        bracket = token.group()
        if bracket in ("[", "{"):
            depth += 1
            if depth > limit:
                return True
        elif bracket in ("]", "}"):
            depth -= 1
    return False
