"""Drawing the game on a terminal, and nothing else.

:class:`Renderer` is a set of static methods, pure functions from what to
show (a :class:`View`) to the text that shows it.  A :class:`Frame` records
what is on the screen, item by item, so that :meth:`Renderer.draw` rewrites
only the items that changed, as Simon Tatham's draw state does; a new
terminal size or a moved board is the one case that clears and draws it all.
The game rules never reach this module: it knows cells only as the characters
of the position text format.
"""

from __future__ import annotations

import re
from functools import cached_property, lru_cache
from typing import NamedTuple

from ..core.alphabet import NUMBERS, Symbol
from ..core.grid import Point
from ..game import textwidth
from ..game.view import Highlight, State, View
from ..i18n import _, ngettext
from . import layout
from .themes import DEFAULT, THEMES

CSI = "\x1b["
HIDE_CURSOR = CSI + "?25l"
SHOW_CURSOR = CSI + "?25h"
RESET = CSI + "0m"
CLEAR = CSI + "H" + CSI + "2J"
ROOM_TO_TYPE = 24
"""Columns kept free after the prompt under the board; with fewer the prompt starts at
the left edge."""


class IconSet(NamedTuple):
    """The glyph for each kind of cell; numbers are always their digit."""

    name: str
    hidden: str
    flag: str
    empty: str
    mine: str
    exploded: str
    wrong_flag: str
    maybe: str
    """A ``?`` mark."""
    coloured: bool = True
    """False with ``NO_COLOR``: cells then differ by their glyph and by bold,
    dim and reverse video alone."""
    theme: str = DEFAULT
    """The palette's name in :data:`~buscaminas.ui.themes.THEMES`, when coloured."""

    def without_colour(self) -> IconSet:
        return self._replace(coloured=False)

    def with_theme(self, theme: str) -> IconSet:
        return self._replace(theme=theme)

    @property
    def glyphs(self) -> dict[str, str]:
        """Position-format character → icon, for every character that is not a number."""
        return {
            Symbol.HIDDEN: self.hidden,
            Symbol.FLAG: self.flag,
            Symbol.EMPTY: self.empty,
            Symbol.MINE: self.mine,
            Symbol.WRONG_FLAG: self.wrong_flag,
            Symbol.MAYBE: self.maybe,
        }


LEGACY = IconSet(
    "legacy",
    hidden=Symbol.HIDDEN,
    flag=Symbol.FLAG,
    empty=Symbol.EMPTY,
    mine=Symbol.MINE,
    exploded=Symbol.MINE,
    wrong_flag=Symbol.WRONG_FLAG,
    maybe=Symbol.MAYBE,
)
"""The position text's own characters."""
NERD = IconSet(
    "nerd",
    hidden="\U000f0591",  # nf-md-weather_fog
    flag="\uf024",  # nf-fa-flag
    empty="·",
    mine="\uf1e2",  # nf-fa-bomb
    exploded="\uf06d",  # nf-fa-fire
    wrong_flag="\uf00d",  # nf-fa-xmark
    maybe="\uf128",  # nf-fa-question: one column, as wcwidth measures it
)

MONOCHROME_STYLES: dict[str, str] = {
    Symbol.HIDDEN: "",
    Symbol.FLAG: "1",
    Symbol.MAYBE: "1",
    Symbol.EMPTY: "2",
    Symbol.MINE: "1",
    Symbol.WRONG_FLAG: "1",
}
"""Without colour: numbers bold, empties dim, flags, marks and mines bold (their glyphs
differ).  With colour, the theme's palette (:mod:`~buscaminas.ui.themes`) says."""
MONOCHROME_CURSOR_STYLE = "1"
MONOCHROME_EXPLODED_STYLE = "1;7"
TARGET_STYLE = "7"
"""Reverse video: the cell a hint or the AI names, plain to see with no colour at all."""
CITED_NUMBER_STYLE = "4"
"""Underlined: a number the hint's proof reads."""
CITED_MINE_STYLE = "1;3;4"
"""Bold, italic and underlined: a mine the hint's proof leans on; where italics do not
show, its glyph still tells it from an underlined number."""
CURSOR_LEFT = "["
CURSOR_RIGHT = "]"
"""The cursor is drawn in the gaps either side of its cell: seen in every icon set,
with or without colour, and never hiding what the cell shows."""


def highlight_style(highlight: Highlight, cell: Point) -> str:
    """The attributes that set ``cell`` apart, or ``""``; the target wins any overlap."""
    if cell in highlight.targets:
        return TARGET_STYLE
    if cell in highlight.mines:
        return CITED_MINE_STYLE
    if cell in highlight.numbers:
        return CITED_NUMBER_STYLE
    return ""


class Line(NamedTuple):
    """The prompt's row and the key legend above it: the player's side of the screen,
    which the game's view does not hold."""

    prompt: str = "> "
    text: str = ""
    """What is typed so far."""
    cursor: int = 0
    """Where in ``text`` the next character goes."""
    style: str = ""
    """The prompt's attributes: the mode the keys act in, plain to see."""
    legend: tuple[str, ...] = ()
    """Lines that say what the keys do, shown above the prompt where there is room."""
    above: tuple[str, ...] = ()
    """A question's first lines, when it is too long for the prompt's row."""
    read_from: int = 0
    """The first line of the words under the board to show, when they take more rows
    than the terminal has: the player pages through them (:class:`.layout.Reading`)."""
    brief: tuple[str, ...] = ()
    """The legend in one line, shown instead where the rows under the board cannot
    hold the whole of it with the words said."""


BARE_PROMPT = Line()
"""The prompt with nothing typed: what a frame drawn for a test or a tool shows."""


class Item(NamedTuple):
    """One piece of the screen: styled text and the columns it covers.  The text leaves
    the terminal's attributes as it found them, plain.  A frame is made of hundreds,
    and a named tuple is the quickest value to make."""

    text: str
    width: int


Items = dict[tuple[int, int], Item]


CHUNK = 16
"""Cells in one item of a board row: a move redraws the few items its cells are in,
whatever the width of the board."""


class BoardDrawing:
    """A frame's board: its header items and, for each row in view, its label and its
    cells in items of :data:`CHUNK`, with what they were drawn from, so that the next
    frame redraws only the items whose cells, cursor or highlights changed.

    ``key`` is what every item depends on: icons, board size, window and where it is
    drawn.  ``lines`` maps a board row to its label (with the gap right of it), then
    its chunks of cells.  ``top`` is the screen row of the window's first row of cells,
    ``label`` the columns of the row labels, ``first_y`` the board row shown first.
    """

    def __init__(
        self,
        key: tuple[object, ...],
        view: View,
        headers: Items,
        lines: dict[int, tuple[Item, ...]],
        top: int,
        left: int,
        label: int,
        first_y: int,
    ) -> None:
        self.key, self.view, self.headers, self.lines = key, view, headers, lines
        self.top, self.left, self.label, self.first_y = top, left, label, first_y

    def position(self, y: int, part: int) -> tuple[int, int]:
        """Where item ``part`` of board row ``y`` is drawn: 0 is the label."""
        row = self.top + y - self.first_y
        if part == 0:
            return row, self.left
        return row, self.left + self.label + 1 + 2 * CHUNK * (part - 1)

    @cached_property
    def items(self) -> Items:
        items = dict(self.headers)
        for y, parts in self.lines.items():
            for part, item in enumerate(parts):
                items[self.position(y, part)] = item
        return items


class Frame:
    """What is on the screen: items by (row, column), 0-based, and where the prompt goes.

    ``text_items`` is everything but the board: title, status line, messages, a page.
    The prompt starts at ``prompt_row`` and ``prompt_column``, under the board's left
    edge, so the eye need not travel.  When the board is shown, ``board`` is the screen
    row and column of the first cell in view, ``board_size`` how many columns and rows
    of cells are in view, and ``window`` the board cell drawn first: the view scrolled
    over a board bigger than the screen.
    """

    def __init__(
        self,
        size: tuple[int, int],  # (columns, rows)
        origin: tuple[int, int],
        text_items: Items,
        prompt_row: int = 0,
        prompt_column: int = 0,
        board: tuple[int, int] | None = None,
        board_size: tuple[int, int] = (0, 0),
        window: tuple[int, int] = (0, 0),
        drawing: BoardDrawing | None = None,
        caret: tuple[int, int] | None = None,
        reading: layout.Reading | None = None,
    ) -> None:
        self.size, self.origin, self.text_items = size, origin, text_items
        self.prompt_row, self.prompt_column = prompt_row, prompt_column
        self.board, self.board_size, self.window = board, board_size, window
        self.drawing = drawing
        self.caret = caret if caret is not None else (prompt_row, 0)
        """Where the terminal's cursor rests: in the typed line, after what is typed."""
        self.reading = reading
        """The words under the board, where they are shown a page at a time."""

    @cached_property
    def items(self) -> Items:
        """Every item on the screen, the board's and the rest."""
        if self.drawing is None:
            return self.text_items
        return {**self.drawing.items, **self.text_items}

    def cell_at(self, row: int, column: int) -> Point | None:
        """The board cell drawn at screen ``row`` and ``column`` (0-based), if any: a
        click lands there.  The gap right of a cell counts as that cell."""
        if self.board is None or column < self.board[1]:
            return None
        x, y = (column - self.board[1]) // 2, row - self.board[0]
        width, height = self.board_size
        if not (0 <= x < width and 0 <= y < height):
            return None
        return (self.window[0] + x, self.window[1] + y)


def _styled(text: str, style: str) -> str:
    return f"{CSI}{style}m{text}{RESET}" if style else text


class Renderer:
    """Static drawing methods: the terminal screen keeps the last :class:`Frame` and hands
    it back; the renderer keeps nothing and computes the next one."""

    @staticmethod
    def glyph(char: str, icons: IconSet) -> str:
        """The icon for a position-format character."""
        return icons.glyphs.get(char, char)

    @staticmethod
    def cell(char: str, icons: IconSet, *, exploded: bool = False, highlight: str = "") -> str:
        """One cell as styled text: its glyph, its colour, and ``highlight``, its style."""
        return _styled(*_cell_look(char, icons, exploded=exploded, highlight=highlight))

    @staticmethod
    def status(view: View, columns: int | None = None, in_view: str = "") -> str:
        """The status line: mines left, time, state, hints, the AI's moves, kind of
        board, the part in view and the keys' mode.  Where ``columns`` are too few for
        all of it, parts give way whole, the least needed first: the kind of board, the
        keys' mode (the prompt's row names it too), the part in view (the labels say
        it), the hints, the AI's moves, the state, the time; the mines left stay."""
        time = hints = ai_moves = ""
        if view.elapsed is not None:
            over = view.state in (State.WON, State.LOST)
            seconds = textwidth.clock_time(view.elapsed, final=over)
            time = _("Time: {seconds}").format(seconds=seconds)
        state = {
            State.READY: _("Type x y to start"),
            State.WAITING: _("Your move starts the clock"),
            State.PLAYING: _("Playing"),
            State.PAUSED: _("Paused: any key goes on"),
            State.WON: _("You won!"),
            State.LOST: _("You lost"),
        }[view.state]
        if view.hints:
            hints = _("Hints: {count}").format(count=view.hints)
        if view.ai_moves:
            ai_moves = _("AI moves: {count}").format(count=view.ai_moves)
        mines = _("Mines left: {count}").format(count=view.mines_left)
        parts = [mines, time, state, hints, ai_moves, view.board_name, in_view, view.keys]
        line = "   ".join(part for part in parts if part)
        for least in (5, 7, 6, 3, 4, 2, 1):  # the kind of board, the keys' mode, …, the time
            if columns is None or textwidth.width(line) <= columns:
                break
            parts[least] = ""
            line = "   ".join(part for part in parts if part)
        return line

    @staticmethod
    def _part_in_view(view: View, window: tuple[int, int, int, int] | None) -> str:
        """“x 21–58, y 1–16 of 99×99”: which part of a board bigger than the screen is
        in view, in the coordinates the player types."""
        if window is None or window[2:] == (view.width, view.height):
            return ""
        words = _("x {first}–{last}, y {top}–{bottom} of {width}×{height}")
        return _part_words(words, window, view.width, view.height)

    @staticmethod
    def legend(icons: IconSet) -> list[str]:
        """The icons legend for the manual."""
        entries = [
            (icons.hidden, _("hidden cell")),
            (icons.flag, _("flag")),
            (icons.maybe, _("a ? mark: a hidden cell you are unsure of (--marks)")),
            (icons.empty, _("revealed, no mine around")),
            ("1-8", _("how many of the 8 neighbours hide a mine")),
            (icons.mine, _("mine (shown when the game is lost)")),
            (icons.exploded, _("the mine that exploded, on red")),
            (icons.wrong_flag, _("a flag that was wrong")),
        ]
        return [_("Icons:")] + [f"  {glyph:<3} {meaning}" for glyph, meaning in entries]

    @staticmethod
    def plain(view: View, icons: IconSet | None = None) -> str:
        """Pipe mode: the messages, then the board (or page) with no escape sequence;
        with ``icons``, the board's characters in their colours (colour forced)."""
        lines = list(view.messages)
        lines += view.page if view.page is not None else Renderer.rows(view, icons)
        return "".join(line + "\n" for line in lines)

    @staticmethod
    def labelled(
        view: View, icons: IconSet | None = None, columns: int | None = None
    ) -> str:
        """Line by line for a person (a dumb terminal): the messages, the board with its
        column and row numbers, and the status line with the mines left; a page as it is.
        With ``icons``, the cells in their colours (colour forced).  Words are wrapped at
        ``columns``, if given, rather than broken by the terminal."""

        def wrapped(text: str, *, hanging: bool = True) -> list[str]:
            if columns is None:
                return [text]
            return textwidth.paragraph(text, columns) if hanging else textwidth.wrap(text, columns)

        lines = [wrapped_line for message in view.messages for wrapped_line in wrapped(message)]
        if view.page is not None:
            lines += [wrapped_line for text in view.page for wrapped_line in wrapped(text)]
        else:
            label = layout.label_width(view.height)
            numbers = layout.column_numbers(range(view.width), view.width)
            lines += [" " * (label + 1) + line for line in numbers]
            rows = Renderer.rows(view, icons, gap=" ")
            lines += [f"{y + 1:>{label}} " + row for y, row in enumerate(rows)]
            lines += wrapped(Renderer.status(view), hanging=False)
        return "".join(line.rstrip() + "\n" for line in lines)

    @staticmethod
    def rows(view: View, icons: IconSet | None, gap: str = "") -> list[str]:
        """The board's rows in the position format, each cell styled as ``icons`` draw
        it when given (the characters stay the position format's whatever the icons),
        the mine that went off as it does on the terminal."""
        if icons is None:
            return [gap.join(row) for row in view.rows]
        drawn = []
        for y, row in enumerate(view.rows):
            segments: list[tuple[str, str]] = []
            for x, char in enumerate(row):
                style = _cell_look(char, icons, exploded=(x, y) == view.exploded)[1]
                segments += [(style, char), ("" if _shows_on_blank(style) else style, gap)]
            drawn.append(_encoded(segments[:-1]))
        return drawn

    # --- the terminal screen --------------------------------------------------------

    @staticmethod
    def frame(
        view: View,
        size: tuple[int, int],
        icons: IconSet,
        line: Line = BARE_PROMPT,
        origin: Point | None = None,
        follow: int | None = None,
    ) -> Frame:
        """The items that show ``view`` on a terminal of ``size`` (columns, rows), with
        ``line`` on the prompt's row.

        A board bigger than the terminal is shown through a window (see
        :func:`.layout.window`): around the cursor, or with ``origin``, the board
        cell the front end keeps at its corner, scrolled the least that brings the
        cursor into view with ``follow`` cells around it when the cursor has moved.
        """
        return Renderer._compose(view, size, icons, None, line, origin, follow)[0]

    @staticmethod
    def _compose(
        view: View,
        size: tuple[int, int],
        icons: IconSet,
        previous: Frame | None,
        line: Line,
        origin: Point | None,
        follow: int | None,
    ) -> tuple[Frame, list[tuple[tuple[int, int], Item]] | None]:
        """The frame for ``view``, reusing the board rows of ``previous`` that show the
        same; with it, the positions of the board rows drawn anew (None: all of them)."""
        if view.page is not None:
            return Renderer._page(view, size, line), None
        columns, rows = size
        plan = layout.plan(view.width, view.height, size)
        if plan is None:
            need_columns, need_rows = layout.smallest_terminal(view.width, view.height)
            too_small = Renderer._too_small(
                view, size, need_columns - columns, need_rows - rows, line
            )
            return too_small, None
        window = layout.window(view, plan, origin, follow)
        top, left = plan.top, plan.left
        canvas = _Canvas(columns)
        row = top
        if plan.shape.titled:
            canvas.centred(top, "BUSCAMINAS", "1")
            row += layout.TITLE_ROWS
        before = previous.drawing if previous is not None and previous.size == size else None
        drawing, redrawn = Renderer._board(view, icons, row, left, window, plan, before)
        row = drawing.top + window[3] + plan.shape.gap
        said = Renderer._said(view, line, columns, rows - row - 2)
        row, reading = Renderer._status_and_messages(
            canvas, view, row, rows, (*said, line.read_from), window
        )
        prompt_row = min(max(row, plan.prompt_row), rows - 1)
        indent = left if left + textwidth.width(line.prompt) + ROOM_TO_TYPE <= columns else 0
        caret = Renderer._prompt(canvas, line, prompt_row, indent)
        board = (drawing.top, left + layout.label_width(view.height) + 1)
        frame = Frame(
            size,
            (top, left),
            canvas.items,
            prompt_row,
            indent,
            board,
            window[2:],
            window[:2],
            drawing,
            caret,
            reading,
        )
        return frame, redrawn

    @staticmethod
    def _said(view: View, line: Line, columns: int, room: int) -> tuple[layout.Placed, int]:
        """The lines under the status line (:func:`.layout.said`): the messages, a
        question's first lines and the whole key legend where ``room`` rows hold them
        all, else the legend in one line."""
        said = layout.said(view.messages, (*line.above, *line.legend), columns)
        if line.brief and len(said[0]) > room:
            said = layout.said(view.messages, (*line.above, *line.brief), columns)
        return said

    @staticmethod
    def _prompt(canvas: _Canvas, line: Line, row: int, column: int) -> tuple[int, int]:
        """Put the prompt and what is typed at ``row``, ``column``; where the text is
        longer than the row, the part around the cursor shows.  Returns where the
        terminal's cursor goes."""
        prompt = textwidth.fitting(line.prompt, max(0, canvas.columns - column - 2))
        room = max(1, canvas.columns - column - textwidth.width(prompt) - 1)
        text, cursor = line.text, line.cursor
        start, end = textwidth.around(text, cursor, room)
        shown = text[start:end]
        styled = _styled(prompt, line.style) + shown
        width = textwidth.width(prompt) + textwidth.width(shown)
        if width:
            canvas.put(row, column, styled, width)
        return row, column + textwidth.width(prompt) + textwidth.width(text[start:cursor])

    @staticmethod
    def _page(view: View, size: tuple[int, int], line: Line) -> Frame:
        """A page of text (the manual, the statistics) in place of the board, centred
        as a whole: every screenful of it starts in the same column."""
        columns, rows = size
        canvas = _Canvas(columns)
        lines = [
            wrapped
            for text in view.page or ()
            for wrapped in textwidth.paragraph(text, columns - 1)
        ]
        left = max(0, (columns - max(map(textwidth.width, lines), default=0)) // 2)
        said, pinned = Renderer._said(view, line, columns, layout.MESSAGE_ROWS)
        below = max(layout.MESSAGE_ROWS, len(said))
        room = min(max(2, rows - 2 - below), rows - 2)  # the status and prompt below
        if len(lines) > room > 1:  # a footer needs a line of its own
            lines = Renderer._screenful(lines, room, view, columns - 1)
        lines = lines[: max(0, room)]
        left = min(left, columns - max(map(textwidth.width, lines), default=0))
        for row, text in enumerate(lines):
            canvas.put(row, left, text)
        row, reading = Renderer._status_and_messages(
            canvas, view, room, rows, (said, pinned, line.read_from)
        )
        prompt_row = min(row, rows - 1)
        caret = Renderer._prompt(canvas, line, prompt_row, 0)
        return Frame(size, (-1, left), canvas.items, prompt_row, caret=caret, reading=reading)

    @staticmethod
    def _screenful(lines: list[str], room: int, view: View, columns: int) -> list[str]:
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
            below = _held_together(said, [f"“{view.page_command} {number + 1}”"], columns)
            if len(below) <= footer_rows:
                break
        shown = lines[(number - 1) * per_page : number * per_page]
        return [*shown, *[""] * (per_page - len(shown)), *below]

    @staticmethod
    def _status_and_messages(
        canvas: _Canvas,
        view: View,
        row: int,
        rows: int,
        said: tuple[layout.Placed, int, int],
        window: tuple[int, int, int, int] | None = None,
    ) -> tuple[int, layout.Reading | None]:
        """Put the status line and the lines said (from :func:`.layout.said`, with the
        first line the player has paged to) from ``row`` on; return the prompt's row
        and, where the lines take more rows than there are, the page shown.  A
        scrolled board says on the status line which part is in view."""
        status = Renderer.status(view, canvas.columns, Renderer._part_in_view(view, window))
        canvas.centred(row, status, "1")
        row += 1
        room = rows - row - 1  # the rows above the prompt's: a page may leave fewer than usual
        lines, pinned, read_from = said
        lines, reading = layout.below(lines, pinned, read_from, room, canvas.columns)
        for left, text in lines:
            if text:
                canvas.put(row, left, text)
            row += 1
        return row, reading

    @staticmethod
    def _board(
        view: View,
        icons: IconSet,
        row: int,
        left: int,
        window: layout.Window,
        plan: layout.Plan,
        previous: BoardDrawing | None,
    ) -> tuple[BoardDrawing, list[tuple[tuple[int, int], Item]] | None]:
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

    @staticmethod
    def _too_small(
        view: View, size: tuple[int, int], columns: int, rows: int, line: Line
    ) -> Frame:
        """Say how much the terminal must grow, in the longest wording that fits and in
        whole words (a number stays with its unit), and under it the messages, as far
        as there is room (why a move was refused)."""
        width, height = size
        missing = []
        if rows > 0:
            missing.append(
                ngettext("{rows} more row", "{rows} more rows", rows).format(rows=rows)
            )
        if columns > 0:
            missing.append(
                ngettext("{columns} more column", "{columns} more columns", columns).format(
                    columns=columns
                )
            )
        needs = _(" and ").join(missing)
        for wording in (_("Terminal too small: it needs {needs}."), _("Too small: {needs}.")):
            lines = _held_together(wording.format(needs=needs), missing, max(1, width - 1))
            if len(lines) < height:
                break
        for message in view.messages:
            lines += layout.wrapped(message, max(1, width - 1))
        lines = lines[: max(1, height - 1)]
        canvas = _Canvas(width)
        for row, text in enumerate(lines):
            canvas.put(row, 0, text)
        prompt_row = min(len(lines), height - 1)
        caret = Renderer._prompt(canvas, line, prompt_row, 0)
        return Frame(size, (-1, -1), canvas.items, prompt_row=prompt_row, caret=caret)

    @staticmethod
    def draw(
        view: View,
        size: tuple[int, int],
        icons: IconSet,
        previous: Frame | None,
        line: Line = BARE_PROMPT,
        origin: Point | None = None,
        follow: int | None = None,
    ) -> tuple[str, Frame]:
        """The text that turns the screen from ``previous`` into ``view`` with ``line`` on
        the prompt's row, and the new frame.

        With no previous frame, a new size or a moved board, the screen is
        cleared and drawn whole; otherwise only changed items are written.
        The cursor ends where the next typed character goes.
        """
        frame, redrawn = Renderer._compose(view, size, icons, previous, line, origin, follow)
        return Renderer._drawn(previous, frame, redrawn), frame

    @staticmethod
    def dialogue(
        said: list[str], size: tuple[int, int], previous: Frame | None, line: Line
    ) -> tuple[str, Frame]:
        """The screen before the board: what was said (the board menu), wrapped at words,
        and the question under it; when the terminal is too short, the latest lines."""
        columns, rows = size
        canvas = _Canvas(columns)
        lines = [
            wrapped
            for text in (*said, *line.above)
            for wrapped in layout.wrapped(text, columns - 1)
        ]
        lines = lines[max(0, len(lines) - rows + 1) :]
        for row, text in enumerate(lines):
            canvas.put(row, 0, text)
        prompt_row = min(len(lines), rows - 1)
        caret = Renderer._prompt(canvas, line, prompt_row, 0)
        frame = Frame(size, (-2, -2), canvas.items, prompt_row, caret=caret)
        return Renderer._drawn(previous, frame, None), frame

    @staticmethod
    def _drawn(
        previous: Frame | None, frame: Frame, redrawn: list[tuple[tuple[int, int], Item]] | None
    ) -> str:
        """What turns ``previous`` into ``frame``: all of it on a cleared screen for a new
        size or a moved board, else the changes; nothing at all for no change."""
        if previous is None or previous.size != frame.size or previous.origin != frame.origin:
            changes = CLEAR + "".join(
                Renderer._at(pos, item.text) for pos, item in sorted(frame.items.items())
            )
        else:
            changes = Renderer._changes(previous, frame, redrawn)
            if not changes and previous.caret == frame.caret:
                return ""
        park = Renderer._at(frame.caret, "")
        return HIDE_CURSOR + changes + park + SHOW_CURSOR

    @staticmethod
    def _changes(
        previous: Frame, frame: Frame, redrawn: list[tuple[tuple[int, int], Item]] | None
    ) -> str:
        """Blank what shrank or went away, then write what is new or different.

        When the board kept its place, only the rows drawn anew are compared,
        so that a move or a tick costs what changed, not the board's size."""
        if redrawn is not None:
            old, new, rows = previous.text_items, frame.text_items, redrawn
        else:
            old, new, rows = previous.items, frame.items, []
        parts = []
        for pos, item in old.items():
            now = new.get(pos)
            if now is None or now.width < item.width:
                start = pos if now is None else (pos[0], pos[1] + now.width)
                blank = item.width if now is None else item.width - now.width
                parts.append(Renderer._at(start, " " * blank))
        written = [(pos, item) for pos, item in new.items() if old.get(pos) != item]
        for pos, item in sorted(written + rows):
            parts.append(Renderer._at(pos, item.text))
        return "".join(parts)

    @staticmethod
    def _at(position: tuple[int, int], text: str) -> str:
        row, column = position
        return f"{CSI}{row + 1};{column + 1}H{text}"


@lru_cache(maxsize=64)
def _part_words(words: str, window: tuple[int, int, int, int], width: int, height: int) -> str:
    """``words`` filled in for ``window``: worded once per window, not at every tick."""
    x, y, shown, rows_shown = window
    return words.format(
        first=x + 1, last=x + shown, width=width, top=y + 1, bottom=y + rows_shown, height=height
    )


def _held_together(text: str, groups: list[str], columns: int) -> list[str]:
    """``text`` wrapped at words, each of ``groups`` (“9 more rows”) kept on one line
    where a line can hold it."""
    held = text
    for group in groups:
        if textwidth.width(group) <= columns:
            held = held.replace(group, group.replace(" ", layout.NO_BREAK))
    return [line.replace(layout.NO_BREAK, " ") for line in textwidth.wrap(held, columns)]


@lru_cache(maxsize=16)
def _looks(icons: IconSet) -> dict[str, tuple[str, str]]:
    """Each position-format character's glyph and style in ``icons``: looked up once
    per icon set, not once per cell."""
    looks = {}
    palette = THEMES[icons.theme].styles()
    for char in (*icons.glyphs, *NUMBERS):
        if icons.coloured:
            style = palette[char]
        else:
            style = "1" if char in NUMBERS else MONOCHROME_STYLES.get(char, "")
        looks[char] = (Renderer.glyph(char, icons), style)
    return looks


def _cursor_style(icons: IconSet) -> str:
    """The cursor's brackets: the theme's ink, or bold without colour."""
    return THEMES[icons.theme].cursor.sgr if icons.coloured else MONOCHROME_CURSOR_STYLE


def _cell_look(
    char: str, icons: IconSet, *, exploded: bool = False, highlight: str = ""
) -> tuple[str, str]:
    """The glyph and style of one cell: ``highlight`` is a highlight's style."""
    if exploded:
        if icons.coloured:
            return icons.exploded, THEMES[icons.theme].exploded_style
        return icons.exploded, MONOCHROME_EXPLODED_STYLE
    glyph, style = _looks(icons).get(char, (char, ""))
    if highlight:
        style = f"{style};{highlight}" if style else highlight
    return glyph, style


@lru_cache(maxsize=64)
def _shows_on_blank(style: str) -> bool:
    """Whether a space in ``style`` looks different from a plain one: a background,
    reverse video, a line under or through it.  Foreground, bold and dim do not."""
    params = style.split(";")
    index = 0
    while index < len(params):
        param = params[index]
        if param == "38":  # a foreground colour and its arguments: 5;N or 2;R;G;B
            index += 3 if params[index + 1 : index + 2] == ["5"] else 5
            continue
        if param in ("4", "7", "9", "21", "48", "53") or (
            param.isdigit() and (40 <= int(param) <= 47 or 100 <= int(param) <= 107)
        ):
            return True
        index += 1
    return False


_RUNS = re.compile(r"(.)\1*", re.DOTALL)
"""A run of like cells: drawn with one colour code."""


def _part(
    view: View, icons: IconSet, y: int, window: tuple[int, int, int, int], label: int, part: int
) -> Item:
    """Item ``part`` of board row ``y`` in ``window``: 0 is its label and the gap right of
    it, then come its cells, :data:`CHUNK` at a time, each with the gap right of it.  A
    gap takes its cell's colour where a blank shows no colour, so that a run of like
    cells needs one colour code; the cursor's brackets take the gaps either side of
    its cell."""
    first_x, _first_y, shown, _rows_shown = window
    cursor = -2  # no cursor on this row: no gap is a bracket
    if view.cursor is not None and view.cursor[1] == y:
        cursor = view.cursor[0] - first_x
    if part == 0:
        gap = (_cursor_style(icons), CURSOR_LEFT) if cursor == 0 else ("", " ")
        return Item(_encoded([("", f"{y + 1:<{label}}"), gap]), label + 1)
    start = (part - 1) * CHUNK
    end = min(start + CHUNK, shown)
    line = view.rows[y][first_x + start : first_x + end]
    lit = {
        x - first_x - start: highlight_style(view.highlight, (x, y))
        for cells in (view.highlight.targets, view.highlight.numbers, view.highlight.mines)
        for x, row in cells
        if row == y
    }
    exploded = -2
    if view.exploded is not None and view.exploded[1] == y:
        exploded = view.exploded[0] - first_x - start
    cursor -= start
    looks = _looks(icons)
    segments: list[tuple[str, str]] = []
    special = sorted(x for x in {*lit, exploded, cursor - 1, cursor} if 0 <= x < len(line))
    done = 0
    for x in [*special, len(line)]:
        for run in _RUNS.finditer(line, done, x):
            glyph, style = looks.get(run.group(1), (run.group(1), ""))
            segments.append((style, (glyph + " ") * len(run.group())))
        if x == len(line):
            break
        glyph, style = _cell_look(line[x], icons, exploded=x == exploded, highlight=lit.get(x, ""))
        if x == cursor or x + 1 == cursor:
            gap = (_cursor_style(icons), CURSOR_RIGHT if x == cursor else CURSOR_LEFT)
        else:
            gap = ("" if _shows_on_blank(style) else style, " ")
        segments += [(style, glyph), gap]
        done = x + 1
    return Item(_encoded(segments), 2 * len(line))


def _encoded(segments: list[tuple[str, str]]) -> str:
    """Styled text with a colour code only where the style changes, ending plain."""
    parts = []
    current = ""
    for style, shown in segments:
        if style != current:
            parts.append(f"{CSI}{'0;' if current else ''}{style}m" if style else RESET)
            current = style
        parts.append(shown)
    if current:
        parts.append(RESET)
    return "".join(parts)


def _changed_parts(
    before: View, after: View, window: tuple[int, int, int, int]
) -> dict[int, set[int]]:
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


class _Canvas:
    """Collects a frame's items, measuring each one's width as it is placed."""

    def __init__(self, columns: int) -> None:
        self.columns = columns
        self.items: Items = {}

    def put(self, row: int, column: int, shown: str, width: int | None = None) -> None:
        """Place ``shown`` (styled if ``width`` gives its visible width) at ``row``, ``column``."""
        self.items[(row, column)] = Item(shown, textwidth.width(shown) if width is None else width)

    def centred(self, row: int, plain: str, style: str = "") -> None:
        """Place ``plain`` text centred on ``row``, cut short if the terminal is narrower."""
        width = textwidth.width(plain)
        if width > self.columns:
            plain = textwidth.clip(plain, self.columns)
            width = textwidth.width(plain)
        self.put(row, max(0, (self.columns - width) // 2), _styled(plain, style), width)
