"""Where things stand on the screen: the board stays put, any board plays in 40×12, and
the view keeps the player's place.

The real program runs in a pseudo-terminal and ``pyte`` reads its screen, as the
player would: where each board row's label is, which rows the status line says are
in view, what the column header says above which cell.
"""

from __future__ import annotations

import re
from functools import partial
from itertools import pairwise

import pyte
import pytest

from buscaminas.game import keys
from buscaminas.game.view import State, View
from buscaminas.ui import layout
from buscaminas.ui.icons import LEGACY
from buscaminas.ui.renderer import Renderer
from tests.terminal_support import Player

BIG = ("--width", "99", "--height", "99", "--mines", "30", "--classic", "--seed", "1")
PAGE_DOWN, PAGE_UP = "\x1b[6~", "\x1b[5~"
LABEL = re.compile(r"(\s*)(\d+)(?= |\[)")
FOOTER = re.compile(r"— \d+ more lines?: Page Down —")

Place = tuple[int, dict[int, int]]


def board_place(player: Player) -> Place:
    """Where the board is: the column of its row labels, and each board row's screen row.
    The column numbers above it are indented past the labels, and nothing under the
    status line is the board's."""
    status = player.row_of("Mines left")
    found = [
        (len(match.group(1)), int(match.group(2)), row)
        for row, line in enumerate(player.lines[:status])
        if (match := LABEL.match(line))
    ]
    if not found:
        raise LookupError("no board row on the screen:\n" + player.text)
    left = min(indent for indent, _label, _row in found)
    return left, {label: row for indent, label, row in found if indent == left}


def in_view(player: Player, of: str = "99×99") -> tuple[int, int, int, int]:
    """The part of the board the status line says is shown: x from, x to, y from, y to."""
    match = re.search(rf"x (\d+)–(\d+), y (\d+)–(\d+) of {of}", player.text)
    if match is None:
        raise LookupError("no window on the status line:\n" + player.text)
    first, last, top, bottom = (int(number) for number in match.groups())
    return first, last, top, bottom


def _settled(player: Player, place: Place, check: str) -> bool:
    return check in player.text and board_place(player) == place


def _footer(player: Player) -> str | None:
    return next((line.strip() for line in player.lines if FOOTER.search(line)), None)


def _turned(player: Player, footer: str) -> bool:
    return _footer(player) != footer


PRESETS = [("beginner", "4 4"), ("intermediate", "8 8"), ("expert", "15 8")]


@pytest.mark.slow
@pytest.mark.parametrize(("rows", "columns"), [(24, 80), (40, 100)])
@pytest.mark.parametrize(("preset", "first"), PRESETS)
def test_the_board_stays_where_it_is_whatever_is_shown_around_it(
    preset: str, first: str, rows: int, columns: int
) -> None:
    """Tab and back, a hint of several lines, its pages, the end of the game and its
    pages: each board row keeps its screen row, and none leaves the screen."""
    game = ("--lang", "en", "--preset", preset, "--seed", "1", "--legacy", "--no-animation")
    player = Player(*game, rows=rows, columns=columns)
    player.wait_for("Tab: keys")
    place = board_place(player)
    assert len(place[1]) == (8 if preset == "beginner" else 16), "the whole board is in view"
    player.type(first)
    player.wait_until(partial(_settled, player, place, "Playing"))
    player.child.send("\t")
    player.wait_until(lambda: any(line.strip().startswith("KEYS") for line in player.lines))
    assert board_place(player) == place, "Tab moved the board"
    player.child.send("\t")
    player.wait_until(lambda: any(line.strip() == ">" for line in player.lines))
    assert board_place(player) == place, "Tab back moved the board"
    player.type("help")
    player.wait_until(lambda: "Hints: 1" in player.text)
    assert board_place(player) == place, "a hint moved the board"
    footer = _footer(player)
    if footer is not None:
        player.child.send(PAGE_DOWN)
        player.wait_until(partial(_turned, player, footer))
        assert board_place(player) == place, "a page of the hint moved the board"
    player.type("auto")
    player.wait_for("Play again with the same settings?", timeout=60)
    assert board_place(player) == place, "the end of the game moved the board"
    footer = _footer(player)
    if footer is not None:
        player.child.send(PAGE_DOWN)
        player.wait_until(partial(_turned, player, footer))
        assert board_place(player) == place, "a page of the end moved the board"
    player.type("n")
    assert player.finish() == 0


def _under_the_status(player: Player) -> str:
    """The words between the status line and the prompt's row, as one line."""
    lines = player.lines[player.row_of("Mines left") + 1 : player.screen.cursor.y]
    return " ".join(" ".join(lines).split())


def test_the_cursor_legend_takes_one_line_and_f1_shows_every_key() -> None:
    player = Player(
        "--lang", "en", "--preset", "expert", "--seed", "1", "--legacy", rows=24, columns=80
    )
    player.wait_for("Tab: keys")
    place = board_place(player)
    prompt = player.prompt_row()
    player.child.send("\t")
    player.wait_until(lambda: player.lines[prompt].strip().startswith("KEYS"))
    below = player.lines[player.row_of("Mines left") + 1 : prompt]
    legend = [line for line in below if line.strip()]
    assert len(legend) == 1, player.text
    assert all(word in legend[0] for word in ("F1", "move", "reveal", "flag")), legend
    player.child.send("\x1bOP")  # F1: every key, a page at a time where they do not fit
    player.wait_until(lambda: "F1" not in _under_the_status(player))
    read = _under_the_status(player)
    while (footer := _footer(player)) is not None:
        player.child.send(PAGE_DOWN)
        player.wait_until(partial(_turned, player, footer))
        read += " " + _under_the_status(player)
    for binding in keys.bindings(keys.Mode.CURSOR):
        assert f"{binding.shown()}: {binding.does()}" in read, binding
    assert board_place(player) == place
    player.child.send("\x1bOP")  # and back to the one line
    player.wait_until(lambda: "F1" in _under_the_status(player))
    player.child.send("\t")
    player.type("quit")
    assert player.finish() == 0


# --- any board plays in 40×12 -------------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "size"),
    [(("--preset", "expert", "--seed", "1"), "30×16"), (BIG, "99×99")],
    ids=["expert", "99x99"],
)
def test_any_board_plays_in_a_40_by_12_terminal(board: tuple[str, ...], size: str) -> None:
    player = Player("--lang", "en", "--legacy", *board, rows=12, columns=40)
    player.wait_for("Mines left")
    assert "small" not in player.text, player.text
    assert all(len(line.rstrip()) <= 40 for line in player.lines)
    for x, y in ((25, 14), (1, 1), (30, 16)):
        player.type(f"flag {x} {y}")
        player.wait_until(
            lambda: any(
                re.match(rf"\s*{y}(?!\d).*\[F\]", line) for line in player.lines  # noqa: B023
            )
        )
        assert "Enlarge" not in player.text
    player.type("quit")
    assert player.finish() == 0


def test_the_column_header_shrinks_to_one_row_before_the_game_says_too_small() -> None:
    """A 30-column board in 40×10: its numbers fit one row, every second column labelled,
    each label starting over its own column."""
    rows = tuple("#" * 30 for _ in range(16))
    view = View(rows, 99, State.READY, cursor=(15, 8))
    size = (40, 10)
    text, frame = Renderer.draw(view, size, LEGACY, None)
    assert frame.board is not None, "the board is shown"
    screen = pyte.Screen(*size)
    pyte.Stream(screen).feed(text)
    top, left = frame.board
    assert screen.display[top - 1].strip(), "a header row right above the board"
    assert top == 1 or not screen.display[top - 2].strip(), "one header row"
    header = screen.display[top - 1]
    first_x = frame.window[0]
    labels = [(match.start(), int(match.group())) for match in re.finditer(r"\d+", header)]
    assert len(labels) >= frame.board_size[0] // 2
    for column, number in labels:
        assert column == left + 2 * (number - 1 - first_x), (column, number, header)
    steps = {b - a for (_c, a), (_d, b) in pairwise(labels)}
    assert steps == {2}, header


def test_too_small_only_when_a_few_rows_the_status_and_the_prompt_do_not_fit() -> None:
    assert layout.fits(99, 99, (40, 7))
    assert layout.fits(30, 16, (40, 7))
    assert not layout.fits(99, 99, (40, 6))
    view = View(tuple("#" * 99 for _ in range(99)), 30, State.READY, cursor=(50, 50))
    frame = Renderer.frame(view, (40, 7), LEGACY)
    assert frame.board is not None and frame.board_size[1] >= 3


# --- paging and moves keep the player's place ---------------------------------------------


def _view_is_not(player: Player, shown: tuple[int, int, int, int]) -> bool:
    return in_view(player) != shown


def _page(player: Player, key: str) -> tuple[int, int, int, int]:
    shown = in_view(player)
    player.child.send(key)
    player.wait_until(partial(_view_is_not, player, shown))
    return in_view(player)


def test_paging_through_a_big_board_shows_every_row_with_one_row_of_overlap() -> None:
    player = Player("--lang", "en", "--legacy", *BIG, rows=24, columns=80)
    player.wait_until(lambda: "x " in player.text and "Mines left: 30" in player.text)
    while in_view(player)[2] > 1:
        _page(player, PAGE_UP)
    views = [in_view(player)]
    while views[-1][3] < 99:
        views.append(_page(player, PAGE_DOWN))
    for before, after in pairwise(views):  # a page on, less the row seen last, but at the end
        said = f"rows {before[2]}–{before[3]}, then {after[2]}–{after[3]}"
        assert after[2] == before[3] or (after[3] == 99 and after[2] < before[3]), said
    back = [views[-1]]
    while back[-1][2] > 1:
        back.append(_page(player, PAGE_UP))
    for before, after in pairwise(back):
        said = f"rows {before[2]}–{before[3]}, then {after[2]}–{after[3]}"
        assert after[3] == before[2] or (after[2] == 1 and after[3] > before[2]), said
    assert {row for _x, _l, top, bottom in views + back for row in range(top, bottom + 1)} == set(
        range(1, 100)
    )
    player.type("quit")
    assert player.finish() == 0


def test_screenfuls_asked_for_at_once_are_each_a_page_and_the_cursor_keeps_its_row() -> None:
    player = Player("--lang", "en", "--legacy", *BIG, rows=24, columns=80)
    player.wait_until(lambda: "x " in player.text and "Mines left: 30" in player.text)
    first, last, top, bottom = in_view(player)
    page = bottom - top  # a screenful less the row seen last
    row = player.row_of("[")
    player.child.send(PAGE_DOWN * 2)  # read together, before the game has moved the cursor
    player.wait_until(lambda: player.cursor()[1] == 50 + 2 * page)
    player.pump(0.3)
    assert in_view(player) == (first, last, top + 2 * page, bottom + 2 * page)
    assert player.row_of("[") == row, "the cursor keeps its place on the screen"
    player.type("quit")
    assert player.finish() == 0


def test_a_move_on_screen_never_moves_the_view_and_one_off_it_comes_to_its_centre() -> None:
    player = Player("--lang", "en", "--legacy", *BIG, rows=24, columns=80)
    player.wait_until(lambda: "x " in player.text and "Mines left: 30" in player.text)
    shown = in_view(player)
    first, last, top, bottom = shown
    mines = 30
    for x, y in ((first, top), (last, top), (first, bottom), (last, bottom), (first + 3, bottom)):
        player.type(f"flag {x} {y}")
        mines -= 1
        player.wait_for(f"Mines left: {mines} ")
        assert in_view(player) == shown, f"flag {x} {y} moved the view"
    player.type(f"flag {last} {bottom + 1}")
    player.wait_for(f"Mines left: {mines - 1} ")
    left, right, high, low = in_view(player)
    assert (left, right) == (first, last), "in view across: the columns stay"
    assert low - high == bottom - top and abs((high + low) / 2 - (bottom + 1)) <= 0.5, (
        "the row comes to the centre, with what is around it"
    )
    player.type(f"flag {first - 1} {bottom + 1}")
    player.wait_for(f"Mines left: {mines - 2} ")
    moved_left, moved_right, *rows = in_view(player)
    assert rows == [high, low], "in view down: the rows stay"
    assert abs((moved_left + moved_right) / 2 - (first - 1)) <= 0.5, "the column at the centre"
    player.type("quit")
    assert player.finish() == 0


def test_the_cell_logic_decides_off_the_view_comes_to_its_centre() -> None:
    """``c`` is a hint, and a hint's cell comes into view round it, as ``?`` brings one."""
    player = Player("--lang", "en", "--legacy", *BIG, rows=24, columns=80)
    player.wait_until(lambda: "x " in player.text and "Mines left: 30" in player.text)
    player.type("50 50")  # opens the middle: logic decides cells around the opening
    player.wait_until(lambda: in_view(player)[0] > 1)
    player.type("flag 99 99")  # the view goes to the far corner; the next decided cell
    player.wait_until(lambda: in_view(player)[1::2] == (99, 99))  # is past it, from 1 1
    player.child.send("\t")
    player.wait_for("Cursor keys")
    player.child.send("c")
    player.wait_for("Logic decides")
    first, last, top, bottom = in_view(player)
    x, y = (int(n) for n in player.text.split("Logic decides ", 1)[1].split(":", 1)[0].split())
    assert first <= x <= last and top <= y <= bottom
    assert abs((top + bottom) / 2 - y) <= 1 or abs((first + last) / 2 - x) <= 1, (
        "round the cell, not at the view's edge"
    )
    player.child.send("\t")
    player.type("quit")
    assert player.finish() == 0
