"""The board as a frame's items: column numbers, then each row's label and its cells in
chunks, and which chunks a new view changes, so a move redraws only those.
"""

from __future__ import annotations

import re

from ..game.view import View
from . import layout
from .ansi import encoded
from .frame import CHUNK, BoardDrawing, Item, Redrawn
from .icons import (
    CURSOR_LEFT,
    CURSOR_RIGHT,
    IconSet,
    cell_look,
    cursor_style,
    highlight_style,
    looks,
    shows_on_blank,
)

NOT_ON_THIS_ROW = -2
"""The column of a cursor or an exploded mine that a row does not hold: neither it nor
the gap left of it is any cell's of the row."""

_RUNS = re.compile(r"(.)\1*", re.DOTALL)
"""A run of like cells: drawn with one colour code."""


def drawn(
    view: View,
    icons: IconSet,
    row: int,
    left: int,
    window: layout.Window,
    plan: layout.Plan,
    previous: BoardDrawing | None,
) -> tuple[BoardDrawing, Redrawn | None]:
    """The column numbers from ``row`` on, as the ``plan`` has them, and under them
    the rows of cells in ``window``, each labelled with its real coordinates.  Items
    that show the same as in ``previous`` are its own, not drawn again; the items
    drawn anew that differ come back with the drawing (None: everything is new)."""
    first_x, first_y, shown, rows_shown = window
    label = layout.label_width(view.height)
    top = row + plan.header
    compact = plan.shape.compact
    key = (icons, view.width, view.height, window, top, left, compact)
    parts = 1 + -(-shown // CHUNK)
    if previous is None or previous.key != key:
        xs = range(first_x, first_x + shown)
        board_left = left + label + 1
        numbers = layout.column_numbers(xs, view.width, compact)
        headers = {
            (top - len(numbers) + index, board_left): Item(line, len(line))
            for index, line in enumerate(numbers)
        }
        lines = {
            y: tuple(_part(view, icons, y, window, label, part) for part in range(parts))
            for y in range(first_y, first_y + rows_shown)
        }
        return BoardDrawing(key, view, headers, lines, top, left, label, first_y), None
    lines = dict(previous.lines)
    redrawn = []
    for y, dirty in _changed_parts(previous.view, view, window).items():
        line = list(lines[y])
        for part in dirty:
            item = _part(view, icons, y, window, label, part)
            if item != line[part]:
                line[part] = item
                redrawn.append((previous.position(y, part), item))
        lines[y] = tuple(line)
    drawing = BoardDrawing(key, view, previous.headers, lines, top, left, label, first_y)
    return drawing, redrawn


def _part(
    view: View, icons: IconSet, y: int, window: layout.Window, label: int, part: int
) -> Item:
    """Item ``part`` of board row ``y`` in ``window``: 0 is its label and the gap right of
    it, then come its cells, :data:`CHUNK` at a time, each with the gap right of it.  A
    gap takes its cell's colour where a blank shows no colour, so that a run of like
    cells needs one colour code; the cursor's brackets take the gaps either side of
    its cell."""
    first_x, _first_y, shown, _rows_shown = window
    cursor = NOT_ON_THIS_ROW
    if view.cursor is not None and view.cursor[1] == y:
        cursor = view.cursor[0] - first_x
    if part == 0:
        gap = (cursor_style(icons), CURSOR_LEFT) if cursor == 0 else ("", " ")
        return Item(encoded([("", f"{y + 1:<{label}}"), gap]), label + 1)
    start = (part - 1) * CHUNK
    end = min(start + CHUNK, shown)
    line = view.rows[y][first_x + start : first_x + end]
    lit = {
        x - first_x - start: highlight_style(view.highlight, (x, y))
        for cells in (view.highlight.targets, view.highlight.numbers, view.highlight.mines)
        for x, row in cells
        if row == y
    }
    exploded = NOT_ON_THIS_ROW
    if view.exploded is not None and view.exploded[1] == y:
        exploded = view.exploded[0] - first_x - start
    cursor -= start
    found = looks(icons)
    segments: list[tuple[str, str]] = []
    special = sorted(x for x in {*lit, exploded, cursor - 1, cursor} if 0 <= x < len(line))
    done = 0
    for x in [*special, len(line)]:
        for run in _RUNS.finditer(line, done, x):
            glyph, style = found.get(run.group(1), (run.group(1), ""))
            segments.append((style, (glyph + " ") * len(run.group())))
        if x == len(line):
            break
        glyph, style = cell_look(line[x], icons, exploded=x == exploded, highlight=lit.get(x, ""))
        if x == cursor or x + 1 == cursor:
            gap = (cursor_style(icons), CURSOR_RIGHT if x == cursor else CURSOR_LEFT)
        else:
            gap = ("" if shows_on_blank(style) else style, " ")
        segments += [(style, glyph), gap]
        done = x + 1
    return Item(encoded(segments), 2 * len(line))


def _changed_parts(before: View, after: View, window: layout.Window) -> dict[int, set[int]]:
    """For each board row in ``window`` that differs, the items of it (as numbered by
    :func:`_part`) whose cells, cursor, highlights or exploded mine differ."""
    first_x, first_y, shown, rows_shown = window
    changed: dict[int, set[int]] = {}

    def touch(x: int, y: int) -> None:
        """Cell ``(x, y)`` of the board, or the gap left of it when ``x`` is one less."""
        column = x - first_x
        if -1 <= column < shown and first_y <= y < first_y + rows_shown:
            changed.setdefault(y, set()).add(0 if column < 0 else 1 + column // CHUNK)

    if after.rows is not before.rows:
        for y in range(first_y, first_y + rows_shown):
            new, old = after.rows[y], before.rows[y]
            if new != old:
                for start in range(first_x, first_x + shown, CHUNK):
                    if new[start : start + CHUNK] != old[start : start + CHUNK]:
                        touch(start, y)
    if after.cursor != before.cursor:
        for x, y in (cell for cell in (before.cursor, after.cursor) if cell is not None):
            touch(x - 1, y)
            touch(x, y)
    if after.highlight is not before.highlight and after.highlight != before.highlight:
        for highlight in (before.highlight, after.highlight):
            for cells in (highlight.targets, highlight.numbers, highlight.mines):
                for x, y in cells:
                    touch(x, y)
    if after.exploded != before.exploded:
        for x, y in (cell for cell in (before.exploded, after.exploded) if cell is not None):
            touch(x, y)
    return changed
