"""Where things go on a terminal: the board's window and its column numbers, the rows
around it, and the words under the status line, a page at a time when they run past
the screen.

Arithmetic on sizes and lines only: the renderer draws what this module places, and
the terminal asks it whether a board fits.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..core.grid import Point
from ..game import textwidth
from ..game.view import View
from ..i18n import _, ngettext

MESSAGE_ROWS = 3
"""Rows kept for messages under the status line, so that the prompt stays put as they
come and go; expert (30×16) still fits an 80×24 terminal.  Longer messages take rows
from the board's window rather than lose their end."""
MESSAGE_COLUMNS = 76
"""Messages wrap before this width, so a long explanation reads as a paragraph."""
NO_BREAK = "\u00a0"
"""Holds a number to its unit (“9 more rows”) when a line is broken at spaces."""
TITLE_ROWS = 2
"""The title and the blank row under it, drawn only when the terminal has room for them."""
ROWS_AROUND_THE_BOARD = 1 + 1 + MESSAGE_ROWS + 1
"""A blank row, the status line, the messages and the prompt."""
SMALLEST_WINDOW = (10, 5)
"""The fewest columns and rows of cells worth playing through: a smaller terminal is
told to grow."""
SCROLL_MARGIN = 2
"""Cells kept in view beyond the cursor, so that the player sees around it."""

Window = tuple[int, int, int, int]
"""The first column and row of the board in view, and how many of each."""
Placed = list[tuple[int, str]]
"""Lines of words, each with the column it starts at."""


class Reading(NamedTuple):
    """Words under the board too long for the rows left to them, shown a page at a time,
    with a last row that says how many lines are left and which key shows them."""

    first: int
    """The first line shown."""
    page: int
    """Lines a page shows."""
    total: int
    """Lines there are to read."""


def label_width(height: int) -> int:
    """Columns for the row labels: the widest row number, and never fewer than two."""
    return max(2, len(str(height)))


def column_numbers(xs: range, width: int) -> list[str]:
    """The column numbers over columns ``xs`` of a board ``width`` wide, a line each:
    the tens (from column 10 on) over the units, one character per column."""
    units = " ".join(str((x + 1) % 10) for x in xs)
    if width < 10:
        return [units]
    return [" ".join(str((x + 1) // 10) if x + 1 >= 10 else " " for x in xs).rstrip(), units]


def header_rows(width: int) -> int:
    """Rows of column numbers: a second one for the tens from column 10 on."""
    return 1 if width < 10 else 2


def terminal_size_for(
    width: int, height: int, window: tuple[int, int] | None = None
) -> tuple[int, int]:
    """Columns and rows a terminal needs to show ``window`` (columns and rows of
    cells; the whole board by default) of a ``width`` × ``height`` board, with its
    labels, status line, messages and prompt."""
    shown, rows_shown = window if window is not None else (width, height)
    columns = label_width(height) + 1 + 2 * shown  # the last gap holds the cursor's ]
    return columns, header_rows(width) + rows_shown + ROWS_AROUND_THE_BOARD


def fits(width: int, height: int, size: tuple[int, int]) -> bool:
    """Whether a terminal of ``size`` shows enough of the board to play: the whole
    of it, or a window of at least :data:`SMALLEST_WINDOW` cells."""
    need_columns, need_rows = smallest_terminal(width, height)
    return need_columns <= size[0] and need_rows <= size[1]


def smallest_terminal(width: int, height: int) -> tuple[int, int]:
    """The columns and rows of the smallest terminal a board plays in."""
    smallest = (min(width, SMALLEST_WINDOW[0]), min(height, SMALLEST_WINDOW[1]))
    return terminal_size_for(width, height, smallest)


def window(view: View, size: tuple[int, int], origin: Point | None, extra: int) -> Window:
    """The first column and row in view and how many of each: all of the board if it
    fits, else as much as fits beside ``extra`` rows of messages (never fewer rows
    than :data:`SMALLEST_WINDOW`), with its corner at ``origin`` when the front end
    keeps one (a click, the wheel), else placed by the cursor alone (see
    :func:`_page_of`), so that the same view always looks the same, however it was
    reached."""
    columns, rows = size
    shown = min(view.width, (columns - label_width(view.height) - 1) // 2)
    room = rows - header_rows(view.width) - ROWS_AROUND_THE_BOARD
    rows_shown = min(view.height, max(room - extra, SMALLEST_WINDOW[1]))
    x, y = view.cursor if view.cursor is not None else (0, 0)
    if origin is not None:
        first_x = min(max(origin[0], 0), view.width - shown)
        first_y = min(max(origin[1], 0), view.height - rows_shown)
        return first_x, first_y, shown, rows_shown
    return (
        _page_of(x, shown, view.width),
        _page_of(y, rows_shown, view.height),
        shown,
        rows_shown,
    )


def _page_of(cursor: int, shown: int, length: int) -> int:
    """The first of ``shown`` cells in view out of ``length``, for a cursor at ``cursor``.

    The board is cut into overlapping pages, twice :data:`SCROLL_MARGIN` cells
    short of a screenful apart, and the cursor's page is shown: the cursor
    stays that far from the edges, and the view turns a page, rather than
    creeping, when the cursor crosses one.
    """
    if shown >= length:
        return 0
    margin = min(SCROLL_MARGIN, (shown - 1) // 2)
    stride = max(1, shown - 2 * margin)
    return min(max(cursor - margin, 0) // stride * stride, length - shown)


def said(
    messages: tuple[str, ...], keys: tuple[str, ...], columns: int
) -> tuple[Placed, int]:
    """The lines under the status line, each with its column: the messages wrapped
    at words and centred, then ``keys`` (a question's first lines and the key
    legend); with them, how many of the last are the question's and the legend's,
    which stay in sight while the messages are paged through."""
    placed: Placed = []
    width = max(1, min(columns - 2, MESSAGE_COLUMNS))
    for message in messages:
        lines = wrapped(message, width)
        left = max(0, (columns - max(map(textwidth.width, lines))) // 2)
        placed += [(left, line) for line in lines]
    words = len(placed)
    for text in keys:
        for line in wrapped(text, max(1, columns - 1)):
            placed.append((max(0, (columns - textwidth.width(line)) // 2), line))
    return placed, len(placed) - words


def below(
    lines: Placed, pinned: int, read_from: int, room: int, columns: int
) -> tuple[Placed, Reading | None]:
    """The lines said (from :func:`said`) that ``room`` rows show, starting at the line
    the player has paged to, and where they take more rows than there are, the page
    shown.

    Lines the terminal has no room for are never cut into “…”: the words are
    shown a page at a time, the question and the legend staying under them,
    and the last row says how many lines are left and which key shows them."""
    reading = None
    if len(lines) > room > 1:
        if pinned > room - 2:  # no room to keep them in sight: they are paged too
            pinned = 0
        words = lines[: len(lines) - pinned]
        page = room - 1 - pinned
        first = min(max(read_from, 0), (len(words) - 1) // page * page)
        reading = Reading(first, page, len(words))
        shown = words[first : first + page]
        footer = _reading_footer(reading, columns - 1)
        lines = [*shown, *[(0, "")] * (page - len(shown)), footer, *lines[len(words) :]]
    elif len(lines) > room > 0:
        more = len(lines) - room + 1
        taller = ngettext(
            "{count} more line: make the terminal taller.",
            "{count} more lines: make the terminal taller.",
            more,
        ).format(count=more)
        tail = wrapped(taller.replace(" ", NO_BREAK, 1), max(1, columns - 1))[0]
        lines = [*lines[: room - 1], (0, tail.replace(NO_BREAK, " "))]
    return lines[: max(0, room)], reading


def _reading_footer(reading: Reading, columns: int) -> tuple[int, str]:
    """The row under a page of words: how many lines are left and the key that shows
    them, or the key back to the start; centred, in the longest wording that fits."""
    left = reading.total - reading.first - reading.page
    if left > 0:
        wordings = [
            ngettext(
                "— {count} more line: Page Down —", "— {count} more lines: Page Down —", left
            ),
            ngettext("{count} more: PgDn", "{count} more: PgDn", left),
        ]
    else:
        wordings = [_("— the end: Page Up goes back —"), _("end: PgUp")]
    for wording in wordings:
        footer = wording.format(count=left)
        if textwidth.width(footer) <= columns:
            break
    footer = textwidth.fitting(footer, columns)
    return max(0, (columns + 1 - textwidth.width(footer)) // 2), footer


@lru_cache(maxsize=256)
def wrapped(message: str, columns: int) -> tuple[str, ...]:
    """A message's lines: wrapped once, not again at every tick of the clock."""
    return tuple(textwidth.wrap(message, columns))
