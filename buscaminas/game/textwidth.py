"""Text measured as the terminal draws it: wide characters take two columns.

``len()`` counts characters; a terminal counts columns, and an emoji or a CJK
character covers two.  Everything that cuts or wraps player-visible text
goes through here, so nothing spills past the edge it was measured for.

Once wcwidth is loaded (prompt_toolkit brings it: the game in a terminal), text is
measured and cut as wcwidth does, by grapheme clusters, so that ❤️ or a family
joined by ZWJs is one cluster of two columns, as prompt_toolkit lays them out.  The
tools that start without prompt_toolkit do not load it for this (its import
costs more than their whole start-up's work): they measure character by
character with the standard library, which agrees with wcwidth on every glyph
the game draws (tests/test_textwidth.py checks both icon sets and every message).
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

ELLIPSIS = "…"
HANGING_ROOM = 20
"""The fewest columns a wrapped column (a manual entry, a review's verdict) keeps for
its words: with fewer, it wraps under an earlier column."""
_COLUMN_STARTS = r"^ *\d+\. +|^ +| {2,}(?=\S)"
"""Where a line's text starts after its indent, a list's number, or a gap of two spaces
or more between a table's columns (compiled, and cached by :mod:`re`, at the first
text wrapped: no start needs it)."""
_FIGURE = r"[-+]?\d+[.,]\d+[,.;:)]?"
"""A measured figure (``1.00``, ``12.5,``): held to the word before it, its name."""
_INVISIBLE = frozenset({"Mn", "Me", "Cf", "Cc"})
"""Combining marks, format and control characters: they take no column of their own."""


@lru_cache(maxsize=4096)
def _columns(char: str) -> int:
    """Unicode's own width classes, as terminals apply them: wide and full-width
    characters (CJK, most emoji) take two columns, marks none."""
    if unicodedata.category(char) in _INVISIBLE:
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


_NARROW = re.compile("[\x20-\x7e\xa0-\xac\xae-\u02ff\u2010-\u2027]*")
"""Text whose every character takes one column: printable ASCII, the Latin letters and
signs up to the combining marks (the soft hyphen aside), dashes, quotes and the ellipsis.
Matched at C speed: the status line is measured at every tick of the clock."""


def width(text: str) -> int:
    """The columns ``text`` covers on a terminal."""
    if _NARROW.fullmatch(text):
        return len(text)
    wcwidth = sys.modules.get("wcwidth")
    if wcwidth is None:
        return sum(map(_columns, text))
    return int(wcwidth.width(text))


def _clusters(text: str) -> Iterable[str]:
    """What is never cut apart: wcwidth's grapheme clusters, or characters without it."""
    wcwidth = sys.modules.get("wcwidth")
    return text if wcwidth is None else wcwidth.iter_graphemes(text)


def fitting(text: str, columns: int) -> str:
    """The longest start of ``text`` that fits in ``columns`` columns, never ending
    inside a grapheme cluster."""
    used = end = 0
    for cluster in _clusters(text):
        used += width(cluster)
        if used > columns:
            return text[:end]
        end += len(cluster)
    return text


MOST_PER_COLUMN = 8
"""Characters read for each column a window of text may show: a character and its
marks.  A longer run of marks is cut at the window's edge, so that what is measured
is bounded by what can show, however long the text."""


def around(text: str, cursor: int, columns: int) -> tuple[int, int]:
    """Where to begin and end showing ``text`` in ``columns`` columns so that ``cursor``
    (an index into it) shows, with a column left for the cursor after what goes before
    it: the longest part before the cursor, then what fits after.  Only the part near
    the cursor is read, so the cost is that of what shows, not of the text."""
    reach = (columns + 1) * MOST_PER_COLUMN
    window_start = max(0, cursor - reach)
    before = list(_clusters(text[window_start:cursor]))
    if window_start > 0:
        before = before[1:]  # it may be the end of a cluster cut by the window
    start, used = cursor, 0
    for cluster in reversed(before):
        used += width(cluster)
        if used >= columns:
            break
        start -= len(cluster)
    shown = fitting(text[start : start + reach], columns)
    return start, start + len(shown)


def clip(text: str, columns: int) -> str:
    """``text`` cut to at most ``columns`` columns, an ellipsis marking the cut."""
    if width(text) <= columns:
        return text
    return fitting(text, columns - width(ELLIPSIS)) + ELLIPSIS


def wrap(text: str, columns: int, indent: str = "", *, split_long: bool = True) -> list[str]:
    """``text`` broken at spaces into lines of at most ``columns`` columns.

    The first line keeps ``text``'s own leading spaces and the later ones
    start with ``indent``; a word longer than a line is split, so that no
    line is ever wider than asked, unless not ``split_long``: then it stands
    whole on a line of its own, for the terminal to fold (a path printed
    after the game is copied whole from a folded line, not from a broken one).
    """
    columns = max(columns, width(indent) + 2)
    body = text.lstrip(" ")
    line = text[: len(text) - len(body)]
    lines: list[str] = []
    fresh = True
    for word in _words(body):
        candidate = line + word if fresh else f"{line} {word}"
        if width(candidate) > columns and not fresh:
            lines.append(line)
            candidate = indent + word
        line, fresh = candidate, False
        while split_long and width(line) > columns:
            head = fitting(line, columns)
            lines.append(head)
            line = indent + line[len(head) :]
    lines.append(line)
    return lines


def paragraph(text: str, columns: int, *, split_long: bool = True) -> list[str]:
    """``text`` wrapped at words, its later lines under its text (:func:`hanging`)."""
    return wrap(text, columns, hanging(text, columns), split_long=split_long)


def hanging(line: str, columns: int) -> str:
    """The indent that lines up a wrapped line under its text: ``  flag    Put a…``
    continues under ``Put``, ``    Put a…`` under ``Put`` too, ``  1. Won…`` under
    ``Won``, and a table's row (columns two spaces or more apart) under its last
    column; under an earlier column where the last would leave fewer than
    :data:`HANGING_ROOM` columns (or a third of the line) for its words, and none
    where every column would."""
    starts = [match.end() for match in re.finditer(_COLUMN_STARTS, line)]
    room = min(columns - 2, max(HANGING_ROOM, columns // 3))
    fitting = [start for start in starts if columns - width(line[:start]) >= room]
    return " " * width(line[: fitting[-1]]) if fitting else ""


def _words(text: str) -> list[str]:
    """The words of ``text``, each held with what it cannot be read without: a cell's
    two coordinates (``5 4``), so that no line ends with a column whose row is on the
    next, and a figure with its name (``throughput 1.00``)."""
    words: list[str] = []
    for word in text.split(" "):
        cell = words and words[-1].isdigit() and word[:1].isdigit()
        figure = words and words[-1] and re.fullmatch(_FIGURE, word)
        if cell or figure:
            words[-1] += " " + word
        else:
            words.append(word)
    return words


def clock_time(seconds: float, *, final: bool = False) -> str:
    """Whole seconds while playing, like every Minesweeper's counter: ``42 s``, ``1:05``;
    a ``final`` time to the hundredth, as the words at the game's end give it: ``0.94 s``."""
    if final:
        return f"{seconds:.2f} s"
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}" if whole >= 60 else f"{whole} s"
