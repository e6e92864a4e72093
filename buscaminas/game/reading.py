"""The board in words, for a screen reader: what a move changed, and on demand a row, a
cell or a cell's neighbours.

A screen reader speaks a line at a time, so a board drawn as a grid is read out cell
by cell.  Here the board is said instead: after a move only what changed (“5 5
opened 12 cells; 3 new numbers: …; 10 mines left”), long changes summarised, and
``read row N``, ``read x y`` and ``around x y`` describe the rest when asked.  Every
line is a sentence, so that the synthesizer pauses where the player would.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.alphabet import COUNTS, COVERED, NUMBERS, Symbol
from ..core.grid import Grid, Point
from ..i18n import _, ngettext
from .commands import Command, Verb, listing
from .coordinates import label
from .view import View

LISTED = 6
"""How many cells a change names before it only counts the rest."""


_CLOSING = {"“": "”", "«": "»", "(": ")", "[": "]", '"': '"', "'": "'", "‘": "’"}
"""Opening marks a sentence may not start with, and what closes each."""


def spoken(line: str, *, asking: bool = False) -> str | None:
    """``line`` as one sentence a synthesizer reads well: from its first letter or digit
    (a bullet, an arrow or an opening mark before it dropped, with the mark's closer),
    capitalised, a table's gap read as a pause, ended by a full stop unless it asks
    (``asking``: a question, whose colon becomes a question mark); None for a line
    with nothing to say (blank, a rule)."""
    start = next((n for n, char in enumerate(line) if char.isalnum()), None)
    if start is None:
        return None
    text = line[start:]
    for mark in line[:start]:
        if mark in _CLOSING:
            text = text.replace(_CLOSING[mark], "", 1)
    cells = [" ".join(cell.split()) for cell in re.split(r"\s{2,}", text.strip())]
    text = ", ".join([f"{cells[0]}: {cells[1]}", *cells[2:]] if len(cells) > 1 else cells)
    text = text[0].upper() + text[1:]
    if asking and text[-1] == ":":
        return text[:-1].rstrip() + "?"
    if text[-1] in "!:;,…":
        text = text[:-1].rstrip()
    return text if text.endswith((".", "?")) else text + "."


def introduced(view: View) -> str:
    """The board as a round begins: its name, its size, its mines, the cells open."""
    opened = sum(char not in COVERED for row in view.rows for char in row)
    words = _("{board}: {width} columns and {height} rows, {mines} mines left").format(
        board=view.board_name, width=view.width, height=view.height, mines=view.mines_left
    )
    if opened:
        words += ngettext("; {count} cell open", "; {count} cells open", opened).format(
            count=opened
        )
    return words + "."


def how_to() -> str:
    """The commands a screen reader's player starts with."""
    return _(
        "Type a column and a row to open a cell, as “4 4”; “read row 4”, “read 4 4” and"
        " “around 4 4” describe the board, and “man” lists every command."
    )


def changes(before: Sequence[str], after: View) -> str | None:
    """What changed from the rows ``before`` to ``after``, as one sentence: the cells a
    move opened and the numbers among them, the flags and marks put or taken off, the
    cells hidden again (an undo), and the mines left; None when no cell changed."""
    if tuple(before) == after.rows or len(before) != after.height:
        return None
    opened: list[Point] = []
    flagged: list[Point] = []
    unflagged: list[Point] = []
    marked: list[Point] = []
    hidden: list[Point] = []
    for y, (old, new) in enumerate(zip(before, after.rows, strict=True)):
        for x, (was, now) in enumerate(zip(old, new, strict=True)):
            if was == now:
                continue
            if was in COVERED and now in COUNTS:
                opened.append((x, y))
            elif now == Symbol.FLAG:
                flagged.append((x, y))
            elif now == Symbol.MAYBE:
                marked.append((x, y))
            elif was == Symbol.FLAG and now == Symbol.HIDDEN:
                unflagged.append((x, y))
            elif was not in COVERED and now in COVERED:
                hidden.append((x, y))
    parts = _opened(opened, after)
    if flagged:
        parts.append(_("flag on {cells}").format(cells=_some(flagged)))
    if unflagged:
        parts.append(_("flag off {cells}").format(cells=_some(unflagged)))
    if marked:
        parts.append(_("question mark on {cells}").format(cells=_some(marked)))
    if hidden:
        parts.append(
            ngettext("{count} cell hidden again", "{count} cells hidden again", len(hidden)).format(
                count=len(hidden)
            )
        )
    if not parts:
        return None
    left = after.mines_left
    parts.append(ngettext("{count} mine left", "{count} mines left", left).format(count=left))
    sentence = "; ".join(parts)
    return sentence[0].upper() + sentence[1:] + "."


def _opened(opened: list[Point], after: View) -> list[str]:
    """The cells opened, from the cell moved on, and the numbers among them."""
    if not opened:
        return []
    count = len(opened)
    if after.cursor is None:
        head = ngettext("opened {count} cell", "opened {count} cells", count).format(count=count)
    else:
        head = ngettext("{cell} opened {count} cell", "{cell} opened {count} cells", count)
        head = head.format(cell=label(after.cursor), count=count)
    parts = [head]
    numbers = [cell for cell in opened if after.rows[cell[1]][cell[0]] in NUMBERS]
    if numbers:
        shown = [
            _("{number} at {cell}").format(number=after.rows[y][x], cell=label((x, y)))
            for x, y in numbers
        ]
        words = ngettext(
            "{count} new number: {numbers}", "{count} new numbers: {numbers}", len(numbers)
        )
        parts.append(words.format(count=len(numbers), numbers=_listed(shown, numbers)))
    return parts


def _some(cells: list[Point]) -> str:
    """Cells named, the first few of many."""
    return _listed([label(cell) for cell in cells], cells)


def _listed(names: list[str], cells: list[Point]) -> str:
    """``names`` as a sentence lists them; past :data:`LISTED`, the first few, how many
    more, and the rows they are in, for ``read row``."""
    if len(names) <= LISTED:
        return listing(names)
    rows = sorted({y + 1 for _x, y in cells})
    return _("{first} and {more} more, in rows {low} to {high}").format(
        first=", ".join(names[:LISTED]), more=len(names) - LISTED, low=rows[0], high=rows[-1]
    )


def _state(char: str, count: int) -> str:
    """What ``count`` cells that each show ``char`` are, after their names."""
    if char in NUMBERS:
        return ngettext("shows {number}", "show {number}", count).format(number=char)
    if char == Symbol.EMPTY:
        return ngettext("empty", "empty", count)
    if char == Symbol.FLAG:
        return ngettext("flagged", "flagged", count)
    if char == Symbol.MAYBE:
        return ngettext("marked with a question mark", "marked with a question mark", count)
    if char == Symbol.MINE:
        return ngettext("a mine", "mines", count)
    if char == Symbol.WRONG_FLAG:
        return ngettext("a wrong flag", "wrong flags", count)
    return ngettext("hidden", "hidden", count)


def row(rows: Sequence[str], y: int) -> str:
    """Row ``y`` (from 0) in runs of alike cells: “Row 3: 1 to 3 hidden, 4 shows 2…”."""
    runs: list[str] = []
    line = rows[y]
    start = 0
    for x in range(1, len(line) + 1):
        if x < len(line) and line[x] == line[start]:
            continue
        count = x - start
        if count == 1:
            columns = str(start + 1)
        else:
            columns = _("{first} to {last}").format(first=start + 1, last=x)
        runs.append(f"{columns} {_state(line[start], count)}")
        start = x
    return _("Row {row}: {cells}.").format(row=y + 1, cells=", ".join(runs))


def cell(rows: Sequence[str], point: Point) -> str:
    """One cell, and for a number the flags and hidden cells around it."""
    x, y = point
    char = rows[y][x]
    said = f"{label(point)}: {_state(char, 1)}"  # the same in either language
    if char in NUMBERS:
        near = Grid(len(rows[0]), len(rows)).neighbours(point)
        flags = sum(rows[ny][nx] == Symbol.FLAG for nx, ny in near)
        hidden = sum(rows[ny][nx] in COVERED for nx, ny in near) - flags
        said += _(", with {flags} and {hidden} around it").format(
            flags=ngettext("{count} flag", "{count} flags", flags).format(count=flags),
            hidden=ngettext("{count} hidden cell", "{count} hidden cells", hidden).format(
                count=hidden
            ),
        )
    return said + "."


def around(rows: Sequence[str], point: Point) -> str:
    """The up to eight neighbours of ``point``, each with what it shows, row by row."""
    near = sorted(Grid(len(rows[0]), len(rows)).neighbours(point), key=lambda p: (p[1], p[0]))
    said = ", ".join(f"{label((x, y))} {_state(rows[y][x], 1)}" for x, y in near)
    return _("Around {cell}: {cells}.").format(cell=label(point), cells=said)


def said(rows: Sequence[str], command: Command) -> tuple[str, ...]:
    """What ``read`` or ``around`` asks for, in words."""
    if command.cell is None:
        assert command.number is not None, "read names a cell or a row"
        return (row(rows, command.number - 1),)
    if command.verb is Verb.AROUND:
        return (cell(rows, command.cell), around(rows, command.cell))
    return (cell(rows, command.cell),)
