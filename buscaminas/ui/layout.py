"""Where things go on a terminal: the board's window and its column numbers, the rows
around it, and the words under the status line, a page at a time when they run past
the screen.

Arithmetic on sizes and lines only: the renderer draws what this module places, and
the terminal asks it whether a board fits.
"""

from functools import lru_cache
from typing import NamedTuple

from ..core.grid import Point
from ..game import textwidth
from ..game.view import View
from ..i18n import _, ngettext

MESSAGE_ROWS = 3
"""Rows kept for words under the status line, so that the prompt stays put as they
come and go; expert (30×16) still fits an 80×24 terminal with them.  Longer words
take the rows below, down to the terminal's last, and are paged past it."""
MESSAGE_COLUMNS = 76
"""Messages wrap before this width, so a long explanation reads as a paragraph."""
NO_BREAK = "\u00a0"
"""Holds a number to its unit (“9 more rows”) when a line is broken at spaces."""
TITLE_ROWS = 2
"""The title and the blank row under it, drawn only when the whole board fits with them."""
FEWEST_COLUMNS = 10
"""The fewest columns of cells worth playing through (or the board's width)."""
COMFORTABLE_ROWS = 5
"""Rows of cells a scrolled board keeps before the rows around it give way."""
FEWEST_ROWS = 3
"""The fewest rows of cells worth playing through (or the board's height): a smaller
terminal is told to grow."""
SCROLL_MARGIN = 2
"""Cells kept in view beyond the cursor as its keys move it, so that the player sees
around it."""
JUMPED = -1
"""The margin for a cell the cursor jumps to, a typed move's or a hint's: a view that
shows it stays, else it comes round the cell, at its centre, so that what the move
opened, or the numbers the hint speaks of, are in sight."""
COMPACT_STEP = 2
"""In a one-row column header, every second column is numbered."""
ROOM_TO_TYPE = 24
"""Columns kept free after the prompt under the board; with fewer the prompt starts at
the left edge."""

Window = tuple[int, int, int, int]
"""The first column and row of the board in view, and how many of each."""
Placed = list[tuple[int, str]]
"""Lines of words, each with the column it starts at."""


class Shape(NamedTuple):
    """What goes around the board's window, from the title down to the prompt."""

    titled: bool
    compact: bool
    """One row of column numbers, every :data:`COMPACT_STEP` columns, for two."""
    gap: bool
    """A blank row between the board and the status line."""
    words: int
    """Rows kept for words between the status line and the prompt."""

    def rows(self, width: int) -> int:
        """The rows it takes on a terminal, for a board ``width`` wide."""
        title = TITLE_ROWS if self.titled else 0
        return title + header_rows(width, self.compact) + self.gap + 1 + self.words + 1


SHAPES = (
    Shape(titled=True, compact=False, gap=True, words=MESSAGE_ROWS),
    Shape(titled=False, compact=False, gap=True, words=MESSAGE_ROWS),
    Shape(titled=False, compact=False, gap=False, words=MESSAGE_ROWS),
    Shape(titled=False, compact=False, gap=False, words=2),
    Shape(titled=False, compact=True, gap=False, words=2),
    Shape(titled=False, compact=True, gap=False, words=1),
)
"""From the roomiest to the tightest: each gives up one thing to the board's rows.  All
but the last keep two rows for words, one of them to say that more follow."""


class Plan(NamedTuple):
    """Where the board goes on a terminal: its window's size and the block of rows it
    stands in, from the terminal's size and the board's alone, so that nothing said
    under the board, no mode and no page ever moves it."""

    shape: Shape
    header: int
    """Rows of column numbers."""
    shown: int
    """Columns of cells in view."""
    rows_shown: int
    """Rows of cells in view."""
    top: int
    """The screen row of the title, or of the column numbers."""
    left: int
    """The screen column of the row labels."""
    prompt_row: int
    """The prompt's row while the words take no more rows than are kept for them."""


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


def header_rows(width: int, compact: bool = False) -> int:
    """Rows of column numbers: a second one for the tens from column 10 on, unless
    they are :func:`compact`."""
    return 1 if width < 10 or compact else 2


def column_numbers(xs: range, width: int, compact: bool = False) -> list[str]:
    """The column numbers over columns ``xs`` of a board ``width`` wide, a line each:
    the tens (from column 10 on) over the units, one character per column; or, when
    ``compact``, one line with every :data:`COMPACT_STEP`-th column's number starting
    over its column (two digits and a space fit in the columns of two cells)."""
    units = " ".join(str((x + 1) % 10) for x in xs)
    if width < 10:
        return [units]
    if compact:
        line = [" "] * (2 * len(xs))
        for x in xs:
            if x % COMPACT_STEP == 0:
                at = 2 * (x - xs.start)
                number = str(x + 1)
                line[at : at + len(number)] = number
        return ["".join(line).rstrip()]
    return [" ".join(str((x + 1) // 10) if x + 1 >= 10 else " " for x in xs).rstrip(), units]


@lru_cache(maxsize=64)
def plan(width: int, height: int, size: tuple[int, int]) -> Plan | None:
    """Where a ``width`` × ``height`` board goes on a terminal of ``size``, or None when
    not even :data:`FEWEST_COLUMNS` by :data:`FEWEST_ROWS` cells, the status line and
    the prompt fit.

    The whole board, in the roomiest of :data:`SHAPES` it fits with (the title
    only when the whole board fits with it); else a window of as many rows as
    the roomiest untitled shape leaves, once that is :data:`COMFORTABLE_ROWS`;
    else whatever the tightest leaves.  Planned once per size, not at every tick.
    """
    columns, rows = size
    label = label_width(height)
    shown = min(width, (columns - label - 1) // 2)
    if shown < min(width, FEWEST_COLUMNS):
        return None
    whole = [shape for shape in SHAPES[:-1] if rows - shape.rows(width) >= height]
    comfortable = [
        shape for shape in SHAPES[1:] if rows - shape.rows(width) >= min(height, COMFORTABLE_ROWS)
    ]
    shape = (whole or comfortable or [SHAPES[-1]])[0]
    rows_shown = min(height, rows - shape.rows(width))
    if rows_shown < min(height, FEWEST_ROWS):
        return None
    block = shape.rows(width) + rows_shown
    top = (rows - block) // 2
    left = (columns - (label + 1 + 2 * shown)) // 2  # the last gap holds the cursor's ]
    header = header_rows(width, shape.compact)
    return Plan(shape, header, shown, rows_shown, top, left, top + block - 1)


def fits(width: int, height: int, size: tuple[int, int]) -> bool:
    """Whether a terminal of ``size`` shows enough of the board to play."""
    return plan(width, height, size) is not None


def shows_every_column(width: int, height: int, columns: int) -> bool:
    """Whether a terminal ``columns`` wide shows every column of the board at once."""
    return label_width(height) + 1 + 2 * width <= columns


def smallest_terminal(width: int, height: int) -> tuple[int, int]:
    """The columns and rows of the smallest terminal a board plays in."""
    columns = label_width(height) + 1 + 2 * min(width, FEWEST_COLUMNS)
    return columns, SHAPES[-1].rows(width) + min(height, FEWEST_ROWS)


def window(view: View, board: Plan, origin: Point | None, follow: int | None) -> Window:
    """The first column and row in view and how many of each.

    With no ``origin`` (a new board), the cursor is at the window's centre.
    Else the window has its corner at ``origin``, the one the front end keeps,
    and stays there: only when the cursor has moved (``follow`` is not None) and
    is out of view does the window scroll, the least that brings the cursor into
    view with ``follow`` cells beyond it (:data:`JUMPED`: round it).
    """
    shown, rows_shown = board.shown, board.rows_shown
    cursor = view.cursor if view.cursor is not None else (0, 0)
    if origin is None:
        return (
            _placed(cursor[0] - shown // 2, shown, view.width),
            _placed(cursor[1] - rows_shown // 2, rows_shown, view.height),
            shown,
            rows_shown,
        )
    first_x = _placed(origin[0], shown, view.width)
    first_y = _placed(origin[1], rows_shown, view.height)
    if follow is not None and view.cursor is not None:
        first_x = _followed(first_x, cursor[0], shown, view.width, follow)
        first_y = _followed(first_y, cursor[1], rows_shown, view.height, follow)
    return first_x, first_y, shown, rows_shown


def _placed(first: int, shown: int, length: int) -> int:
    """``first``, moved the least that keeps ``shown`` cells within ``length``."""
    return min(max(first, 0), max(0, length - shown))


def _followed(first: int, cursor: int, shown: int, length: int, margin: int) -> int:
    """The first of ``shown`` cells in view, moved from ``first`` the least that shows
    ``cursor`` and ``margin`` cells either side of it (as many as the window holds);
    a :data:`JUMPED` cursor out of view is shown at the centre."""
    if margin == JUMPED:
        if first <= cursor < first + shown:
            return first
        return _placed(cursor - shown // 2, shown, length)
    margin = min(margin, (shown - 1) // 2)
    if cursor < first + margin:
        first = cursor - margin
    elif cursor > first + shown - 1 - margin:
        first = cursor - shown + 1 + margin
    return _placed(first, shown, length)


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


def held_together(text: str, groups: list[str], columns: int) -> list[str]:
    """``text`` wrapped at words, each of ``groups`` (“9 more rows”) kept on one line
    where a line can hold it."""
    held = text
    for group in groups:
        if textwidth.width(group) <= columns:
            held = held.replace(group, group.replace(" ", NO_BREAK))
    return [line.replace(NO_BREAK, " ") for line in textwidth.wrap(held, columns)]


def screenful(lines: list[str], room: int, view: View, columns: int) -> list[str]:
    """The screenful of ``lines`` that ``view`` asks for in ``room`` rows, and under
    it which one it is and what to type for the next, wrapped at words: the rows
    it takes come off the page."""
    for footer_rows in range(1, room):
        per_page = room - footer_rows
        pages = -(-len(lines) // per_page)
        number = min(max(view.page_number, 1), pages)
        if number < pages:
            footer = _("Page {number} of {pages}: type “{command} {next}” for the next.")
        else:
            footer = _("Page {number} of {pages}: type “{command} 1” for the first.")
        said = footer.format(
            number=number, pages=pages, command=view.page_command, next=number + 1
        )
        below = held_together(said, [f"“{view.page_command} {number + 1}”"], columns)
        if len(below) <= footer_rows:
            break
    shown = lines[(number - 1) * per_page : number * per_page]
    return [*shown, *[""] * (per_page - len(shown)), *below]
