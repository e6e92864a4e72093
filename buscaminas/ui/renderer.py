"""Drawing the game on a terminal: a :class:`View` and the prompt's row into a
:class:`.frame.Frame`, and the text that turns the last frame into it.

:class:`Renderer` is a set of static methods, pure functions from what to show to
the text that shows it.  It composes the screen (title, board, status line, the
words under it, the prompt; a page, a dialogue or "too small" in the board's
place) from the modules that each do one part: :mod:`.layout` says where things go,
:mod:`.cells` draws the board's items, :mod:`.icons` how a cell looks,
:mod:`.frame` what is on the screen and what changed.  The game rules never
reach this module: it knows cells only as the characters of the position text
format.
"""

from functools import lru_cache
from typing import NamedTuple

from ..core.grid import Point
from ..game import textwidth
from ..game.view import State, View
from ..i18n import _, ngettext
from . import cells, layout
from .ansi import styled
from .frame import Anchor, Canvas, Frame, Redrawn, Scene, written
from .icons import IconSet


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


class Renderer:
    """Static drawing methods: the terminal screen keeps the last :class:`Frame` and hands
    it back; the renderer keeps nothing and computes the next one."""

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
    ) -> tuple[Frame, Redrawn | None]:
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
        canvas = Canvas(columns)
        row = top
        if plan.shape.titled:
            canvas.centred(top, "BUSCAMINAS", "1")
            row += layout.TITLE_ROWS
        before = previous.drawing if previous is not None and previous.size == size else None
        drawing, redrawn = cells.drawn(view, icons, row, left, window, plan, before)
        row = drawing.top + window[3] + plan.shape.gap
        said = Renderer._said(view, line, columns, rows - row - 2)
        row, reading = Renderer._status_and_messages(
            canvas, view, row, rows, (*said, line.read_from), window
        )
        prompt_row = min(max(row, plan.prompt_row), rows - 1)
        room = columns - left - textwidth.width(line.prompt)
        indent = left if room >= layout.ROOM_TO_TYPE else 0
        caret = Renderer._prompt(canvas, line, prompt_row, indent)
        board = (drawing.top, left + layout.label_width(view.height) + 1)
        frame = Frame(
            size,
            Anchor(Scene.BOARD, top, left),
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
    def _prompt(canvas: Canvas, line: Line, row: int, column: int) -> tuple[int, int]:
        """Put the prompt and what is typed at ``row``, ``column``; where the text is
        longer than the row, the part around the cursor shows.  Returns where the
        terminal's cursor goes."""
        prompt = textwidth.fitting(line.prompt, max(0, canvas.columns - column - 2))
        room = max(1, canvas.columns - column - textwidth.width(prompt) - 1)
        text, cursor = line.text, line.cursor
        start, end = textwidth.around(text, cursor, room)
        typed = text[start:end]
        width = textwidth.width(prompt) + textwidth.width(typed)
        if width:
            canvas.put(row, column, styled(prompt, line.style) + typed, width)
        return row, column + textwidth.width(prompt) + textwidth.width(text[start:cursor])

    @staticmethod
    def _page(view: View, size: tuple[int, int], line: Line) -> Frame:
        """A page of text (the manual, the statistics) in place of the board, centred
        as a whole: every screenful of it starts in the same column."""
        columns, rows = size
        canvas = Canvas(columns)
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
            lines = layout.screenful(lines, room, view, columns - 1)
        lines = lines[: max(0, room)]
        left = min(left, columns - max(map(textwidth.width, lines), default=0))
        for row, text in enumerate(lines):
            canvas.put(row, left, text)
        row, reading = Renderer._status_and_messages(
            canvas, view, room, rows, (said, pinned, line.read_from)
        )
        prompt_row = min(row, rows - 1)
        caret = Renderer._prompt(canvas, line, prompt_row, 0)
        anchor = Anchor(Scene.PAGE, 0, left)
        return Frame(size, anchor, canvas.items, prompt_row, caret=caret, reading=reading)

    @staticmethod
    def _status_and_messages(
        canvas: Canvas,
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
            lines = layout.held_together(wording.format(needs=needs), missing, max(1, width - 1))
            if len(lines) < height:
                break
        for message in view.messages:
            lines += layout.wrapped(message, max(1, width - 1))
        lines = lines[: max(1, height - 1)]
        canvas = Canvas(width)
        for row, text in enumerate(lines):
            canvas.put(row, 0, text)
        prompt_row = min(len(lines), height - 1)
        caret = Renderer._prompt(canvas, line, prompt_row, 0)
        return Frame(size, Anchor(Scene.TOO_SMALL), canvas.items, prompt_row, caret=caret)

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
        return written(previous, frame, redrawn), frame

    @staticmethod
    def dialogue(
        said: list[str], size: tuple[int, int], previous: Frame | None, line: Line
    ) -> tuple[str, Frame]:
        """The screen before the board: what was said (the board menu), wrapped at words,
        and the question under it; when the terminal is too short, the latest lines."""
        columns, rows = size
        canvas = Canvas(columns)
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
        frame = Frame(size, Anchor(Scene.DIALOGUE), canvas.items, prompt_row, caret=caret)
        return written(previous, frame, None), frame


@lru_cache(maxsize=64)
def _part_words(words: str, window: tuple[int, int, int, int], width: int, height: int) -> str:
    """``words`` filled in for ``window``: worded once per window, not at every tick."""
    x, y, shown, rows_shown = window
    return words.format(
        first=x + 1, last=x + shown, width=width, top=y + 1, bottom=y + rows_shown, height=height
    )
