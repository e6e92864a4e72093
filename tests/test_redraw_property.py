"""An incremental redraw leaves the screen exactly as a full redraw would.

This is the renderer's central promise: :meth:`Renderer.draw` with the
previous frame, with what is typed on the prompt's row, writes only what
changed, yet the player must see what a redraw from a blank
screen shows.  Random sessions on a real engine game (moves, messages,
pages, hints' highlights, the clock, resizes down to a terminal too small
for the board) are drawn both ways into two ``pyte`` terminal emulators,
which must agree on every cell: its character, colours and attributes.
"""

from __future__ import annotations

from dataclasses import dataclass

import pyte
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from buscaminas.core.engine import Action, Minesweeper, Move, Termination
from buscaminas.core.generator import generate, mine_range
from buscaminas.core.grid import Point
from buscaminas.game.view import Highlight, State, View
from buscaminas.ui.icons import LEGACY, NERD, IconSet
from buscaminas.ui.renderer import Line, Renderer

Size = tuple[int, int]
"""A terminal's (columns, rows)."""


@dataclass(frozen=True)
class Act:
    """A move on the board; the cell is taken modulo the board's size."""

    action: Action
    x: int
    y: int


@dataclass(frozen=True)
class Say:
    messages: tuple[str, ...]


@dataclass(frozen=True)
class Page:
    """A page of text over the board (the manual, the statistics), or None for the board,
    and which screenful of it is shown."""

    lines: tuple[str, ...] | None
    number: int


@dataclass(frozen=True)
class Mark:
    """A hint's highlight and the hint counter; cells are taken modulo the board's size."""

    targets: frozenset[Point]
    numbers: frozenset[Point]
    mines: frozenset[Point]
    hints: int


@dataclass(frozen=True)
class Steer:
    """The keys' cursor moves (taken modulo the board's size) or goes, and the status
    line's reminder of the keys changes with the input mode."""

    cursor: Point | None
    keys: str


@dataclass(frozen=True)
class Tick:
    """The clock moves on: what the prompt's background task redraws."""

    elapsed: float | None


@dataclass(frozen=True)
class Resize:
    size: Size


Change = Act | Say | Page | Mark | Steer | Tick | Resize


TEXT = "abcdefghij ABC 0123456789 .,:¿?¡!—…“”ñáé 中文"
"""Letters, digits, spaces, punctuation, accents and wide characters."""
words = st.text(alphabet=TEXT, max_size=140)


@dataclass(frozen=True)
class Step:
    change: Change
    typed: str
    """What is typed on the prompt's row as the change is drawn, the cursor at its end."""
page_lines = st.builds(
    lambda indent, entry, gap, body: " " * indent + entry + " " * gap + body,
    st.integers(0, 6),
    st.text(alphabet="abcxyz", min_size=1, max_size=8),
    st.integers(1, 3),
    words,
)
"""Lines like the manual's: an indented entry, then its text, which wraps under itself."""
sizes = st.tuples(st.integers(8, 90), st.integers(3, 34))


def changes_on(
    columns: int, rows: int, sizes: st.SearchStrategy[Size]
) -> st.SearchStrategy[Change]:
    """Changes whose cells are drawn from a ``columns`` × ``rows`` area (then taken modulo
    the board's size), with resizes to ``sizes``."""
    points = st.frozensets(
        st.tuples(st.integers(0, columns - 1), st.integers(0, rows - 1)), max_size=4
    )
    cells = st.tuples(st.integers(0, columns - 1), st.integers(0, rows - 1))
    return st.one_of(
        st.builds(
            Act, st.sampled_from(Action), st.integers(0, columns - 1), st.integers(0, rows - 1)
        ),
        st.builds(Say, st.lists(words, max_size=5).map(tuple)),
        st.builds(
            Page,
            st.none() | st.lists(page_lines, min_size=1, max_size=40).map(tuple),
            st.integers(1, 5),
        ),
        st.builds(Mark, points, points, points, st.integers(0, 3)),
        st.builds(Steer, st.none() | cells, st.sampled_from(["", "Cursor keys", "Tab: keys"])),
        st.builds(Tick, st.none() | st.floats(0, 4000)),
        st.builds(Resize, sizes),
    )


typing = st.text(alphabet=TEXT, max_size=90)
steps = st.lists(st.builds(Step, changes_on(30, 16, sizes), typing), min_size=1, max_size=14)
icon_sets = st.sampled_from([LEGACY, NERD, LEGACY.without_colour(), NERD.without_colour()])


@st.composite
def games(
    draw: st.DrawFn, widths: tuple[int, int] = (2, 30), heights: tuple[int, int] = (2, 16)
) -> Minesweeper:
    width, height = draw(st.integers(*widths)), draw(st.integers(*heights))
    low, high = mine_range(width, height)
    mines = draw(st.integers(low, min(high, low + width * height // 3)))
    game = Minesweeper(width, height, mines)
    start = (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
    game.lay(generate(width, height, mines, start=start, seed=draw(st.integers(0, 1000))))
    return game


class Session:
    """What the game would show: the engine's board and the words and marks around it."""

    def __init__(self, game: Minesweeper) -> None:
        self.game = game
        self.view = View(
            rows=tuple(game.rows()), mines_left=game.mines_left, state=State.READY, board_name="8×8"
        )

    def apply(self, change: Change) -> None:
        game = self.game
        cell = self._on_board
        if isinstance(change, Act):
            game.act(Move(change.action, cell((change.x, change.y))))
            self.view = self.view._replace(
                rows=tuple(game.rows()),
                mines_left=game.mines_left,
                state=self._state(),
                exploded=game.exploded,
                highlight=Highlight(),
            )
        elif isinstance(change, Say):
            self.view = self.view._replace(messages=change.messages)
        elif isinstance(change, Page):
            self.view = self.view._replace(
                page=change.lines, page_number=change.number, page_command="man"
            )
        elif isinstance(change, Mark):
            marked = Highlight(
                frozenset(map(cell, change.targets)),
                frozenset(map(cell, change.numbers)),
                frozenset(map(cell, change.mines)),
            )
            self.view = self.view._replace(highlight=marked, hints=change.hints)
        elif isinstance(change, Steer):
            cursor = None if change.cursor is None else cell(change.cursor)
            self.view = self.view._replace(cursor=cursor, keys=change.keys)
        elif isinstance(change, Tick):
            self.view = self.view._replace(elapsed=change.elapsed)

    def _state(self) -> State:
        if self.game.end is Termination.WON:
            return State.WON
        if self.game.end is Termination.LOST:
            return State.LOST
        return State.PLAYING if self.game.started else State.READY

    def _on_board(self, point: Point) -> Point:
        return point[0] % self.game.width, point[1] % self.game.height


def emulator(size: Size, *texts: str) -> pyte.Screen:
    screen = pyte.Screen(*size)
    stream = pyte.Stream(screen)
    for text in texts:
        stream.feed(text)
    return screen


def cells(screen: pyte.Screen) -> list[list[pyte.screens.Char]]:
    """Every cell with its character and attributes: fg, bg, bold, italics, underline, …"""
    return [[screen.buffer[y][x] for x in range(screen.columns)] for y in range(screen.lines)]


def assert_same_screen(incremental: pyte.Screen, full: pyte.Screen, story: list[str]) -> None:
    if cells(incremental) != cells(full):
        differences = [
            (y, x, seen, wanted)
            for y, (row, expected) in enumerate(zip(cells(incremental), cells(full), strict=True))
            for x, (seen, wanted) in enumerate(zip(row, expected, strict=True))
            if seen != wanted
        ]
        shown = "\n".join(incremental.display) + "\n---- drawn whole:\n" + "\n".join(full.display)
        raise AssertionError(f"{story}\nfirst difference {differences[0]}\n{shown}")


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), icon_sets, sizes, steps)
def test_drawing_only_the_changes_shows_what_a_full_redraw_shows(
    game: Minesweeper, icons: IconSet, size: Size, script: list[Step]
) -> None:
    check_redraws(game, icons, size, script)


big_sizes = st.tuples(st.integers(22, 130), st.integers(12, 60))


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    games(widths=(20, 99), heights=(10, 99)),
    icon_sets,
    big_sizes,
    st.lists(
        st.builds(Step, changes_on(99, 99, big_sizes), typing), min_size=1, max_size=10
    ),
)
def test_big_boards_in_scrolled_windows_redraw_as_a_full_redraw_would(
    game: Minesweeper, icons: IconSet, size: Size, script: list[Step]
) -> None:
    """Boards up to 99×99, most bigger than the terminal: the view scrolls with the
    cursor, and a move patches the items of a row it changed, not the row."""
    check_redraws(game, icons, size, script)


def check_redraws(game: Minesweeper, icons: IconSet, size: Size, script: list[Step]) -> None:
    """Play ``script`` drawing only the changes, and after each step compare the screen
    with the same view drawn whole on a blank one."""
    session = Session(game)
    text, frame = Renderer.draw(session.view, size, icons, None)
    screen = emulator(size, text)
    stream = pyte.Stream(screen)
    story = [f"start at {size}"]
    for step in script:
        if isinstance(step.change, Resize):
            size = step.change.size
            screen.resize(lines=size[1], columns=size[0])
        session.apply(step.change)
        story.append(f"draw {step.change} typed {step.typed!r}")
        line = Line(text=step.typed, cursor=len(step.typed))
        text, frame = Renderer.draw(session.view, size, icons, frame, line)
        stream.feed(text)
        for (row, column), item in frame.items.items():
            assert 0 <= row < size[1] and 0 <= column <= column + item.width <= size[0], item
            assert row != frame.prompt_row or column == frame.prompt_column, item
        full = emulator(size, Renderer.draw(session.view, size, icons, None, line)[0])
        assert_same_screen(screen, full, story)
        assert (screen.cursor.x, screen.cursor.y) == (full.cursor.x, full.cursor.y)
