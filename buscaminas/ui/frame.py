"""What is on the screen, item by item, and the text that turns one screen into the next.

A :class:`Frame` records every item drawn, so that the next draw writes only the
items that changed, as Simon Tatham's draw state does; a new terminal size or a
new :class:`Anchor` (a moved board, a page in its place) is the one case that
clears and draws it all.
"""

from enum import Enum
from functools import cached_property
from typing import NamedTuple

from ..core.grid import Point
from ..game import textwidth
from ..game.view import View
from . import layout
from .ansi import CLEAR, HIDE_CURSOR, SHOW_CURSOR, at, styled


class Item(NamedTuple):
    """One piece of the screen: styled text and the columns it covers.  The text leaves
    the terminal's attributes as it found them, plain.  A frame is made of hundreds,
    and a named tuple is the quickest value to make."""

    text: str
    width: int


Items = dict[tuple[int, int], Item]
Redrawn = list[tuple[tuple[int, int], Item]]
"""The board's items drawn anew, by position: what a move or a tick changed."""


class Scene(Enum):
    """What fills the screen: the board, or something in its place."""

    BOARD = "board"
    PAGE = "page"
    """A page of text (the manual, the statistics)."""
    TOO_SMALL = "too small"
    """How much the terminal must grow."""
    DIALOGUE = "dialogue"
    """What was said before the board, and the question under it."""


class Anchor(NamedTuple):
    """Where a frame's scene is anchored: another scene, or the same one moved, means
    nothing on the screen is where the last frame put it, so all of it is drawn anew."""

    scene: Scene
    row: int = 0
    column: int = 0


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
        anchor: Anchor,
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
        self.size, self.anchor, self.text_items = size, anchor, text_items
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


class Canvas:
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
        self.put(row, max(0, (self.columns - width) // 2), styled(plain, style), width)


def written(previous: Frame | None, frame: Frame, redrawn: Redrawn | None) -> str:
    """What turns ``previous`` into ``frame``: all of it on a cleared screen for a new
    size or anchor, else the changes (``redrawn``: the board's items drawn anew, None
    when the board is new too); nothing at all for no change."""
    if previous is None or previous.size != frame.size or previous.anchor != frame.anchor:
        changes = CLEAR + "".join(at(pos, item.text) for pos, item in sorted(frame.items.items()))
    else:
        changes = _changes(previous, frame, redrawn)
        if not changes and previous.caret == frame.caret:
            return ""
    return HIDE_CURSOR + changes + at(frame.caret, "") + SHOW_CURSOR


def _changes(previous: Frame, frame: Frame, redrawn: Redrawn | None) -> str:
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
            parts.append(at(start, " " * blank))
    changed = [(pos, item) for pos, item in new.items() if old.get(pos) != item]
    for pos, item in sorted(changed + rows):
        parts.append(at(pos, item.text))
    return "".join(parts)
