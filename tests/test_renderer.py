"""The renderer: layout, icons, and redrawing only what changed."""

from __future__ import annotations

import functools
import re
import time

import pyte
import pytest

from buscaminas.game.view import Highlight, State, View
from buscaminas.ui import layout
from buscaminas.ui.icons import LEGACY, NERD
from buscaminas.ui.pipe import plain
from buscaminas.ui.renderer import Line, Renderer

ROWS = ("##1..", "#F2..", "*X1..")
CURSOR_MOVE = re.compile(r"\x1b\[(\d+);(\d+)H")


def view(rows: tuple[str, ...] = ROWS, **changes: object) -> View:
    fields: dict[str, object] = {"rows": rows, "mines_left": 2, "state": State.PLAYING}
    fields.update(changes)
    return View(**fields)  # type: ignore[arg-type]


def screen_of(*texts: str, size: tuple[int, int] = (60, 20)) -> list[str]:
    screen = pyte.Screen(*size)
    stream = pyte.Stream(screen)
    for text in texts:
        stream.feed(text)
    return list(screen.display)


def test_legacy_rows_read_as_the_position_format_with_labels() -> None:
    text, _frame = Renderer.draw(view(), (60, 20), LEGACY, None)
    lines = [line.strip() for line in screen_of(text)]
    assert "1  # # 1 . ." in lines
    assert "2  # F 2 . ." in lines
    assert "3  * X 1 . ." in lines
    assert "1 2 3 4 5" in lines


def test_wide_boards_get_two_header_rows_and_two_digit_labels() -> None:
    rows = tuple("#" * 12 for _ in range(11))
    text, _frame = Renderer.draw(view(rows), (60, 30), LEGACY, None)
    lines = [line.strip() for line in screen_of(text, size=(60, 30))]
    assert "1 1 1" in lines
    assert "1 2 3 4 5 6 7 8 9 0 1 2" in lines
    assert "11 # # # # # # # # # # # #" in lines


def test_nerd_icons_replace_the_legacy_characters() -> None:
    text, _frame = Renderer.draw(view(exploded=(0, 2)), (60, 20), NERD, None)
    board = "\n".join(screen_of(text))
    for glyph in (NERD.hidden, NERD.flag, NERD.exploded, NERD.wrong_flag):
        assert glyph in board
    assert "#" not in board


def test_a_second_frame_rewrites_only_the_changed_cell() -> None:
    first, frame = Renderer.draw(view(), (60, 20), LEGACY, None)
    changed = ("#.1..", *ROWS[1:])
    second, _frame = Renderer.draw(view(changed), (60, 20), LEGACY, frame)
    assert "\x1b[2J" in first and "\x1b[2J" not in second
    moves = CURSOR_MOVE.findall(second)
    assert len(moves) == 2, "one move to the cell, one to the prompt"
    final = screen_of(first, second)
    assert any(line.strip() == "1  # . 1 . ." for line in final)


def test_a_shorter_message_erases_the_longer_one() -> None:
    first, frame = Renderer.draw(view(messages=("a long message here",)), (60, 20), LEGACY, None)
    second, _frame = Renderer.draw(view(messages=("short",)), (60, 20), LEGACY, frame)
    text = "\n".join(screen_of(first, second))
    assert "short" in text and "long" not in text and "here" not in text


def test_a_new_size_draws_everything_again() -> None:
    _text, frame = Renderer.draw(view(), (60, 20), LEGACY, None)
    text, _frame = Renderer.draw(view(), (70, 20), LEGACY, frame)
    assert "\x1b[2J" in text


def test_a_terminal_too_small_says_how_much_is_missing() -> None:
    needed_columns, needed_rows = layout.smallest_terminal(5, 3)
    for columns, rows in ((30, needed_rows - 3), (16, needed_rows - 2)):
        text, _frame = Renderer.draw(view(), (columns, rows), LEGACY, None)
        said = " ".join(line.strip() for line in screen_of(text, size=(columns, rows)))
        assert f"{needed_rows - rows} more rows" in said
        assert "columns" not in said, "the columns suffice"
        assert "#" not in said
    size = (needed_columns - 1, 30)
    text, _frame = Renderer.draw(view(), size, LEGACY, None)
    assert "1 more column." in " ".join(line.strip() for line in screen_of(text, size=size))
    text, _frame = Renderer.draw(view(), (8, 3), LEGACY, None)
    assert "Too" in "".join(screen_of(text, size=(8, 3)))


def test_every_number_shows_in_its_own_colour_and_none_as_a_flag() -> None:
    text, frame = Renderer.draw(view(("12345678F",)), (60, 20), LEGACY, None)
    screen = pyte.Screen(60, 20)
    pyte.Stream(screen).feed(text)
    top, left = frame.anchor.row, frame.anchor.column
    row = next(r for r in range(top, 20) if screen.display[r].strip().startswith("1  "))
    cells = [screen.buffer[row][left + 3 + 2 * x] for x in range(9)]
    assert "".join(cell.data for cell in cells) == "12345678F"
    colours = [(cell.fg, cell.bold) for cell in cells]
    assert len(set(colours[:8])) == 8
    assert colours[8] not in colours[:8], "a flag never reads as a number"


def test_the_status_line_counts_mines_time_and_hints() -> None:
    status = Renderer.status(view(mines_left=-1, elapsed=75.4))
    assert "Mines left: -1" in status and "1:15" in status
    assert "Hints" not in status
    assert "Hints: 2" in Renderer.status(view(hints=2))


def test_plain_output_has_no_escape_sequences() -> None:
    text = plain(view(messages=("hello",)))
    assert text == "hello\n##1..\n#F2..\n*X1..\n"


def test_a_page_entry_wraps_under_its_own_text() -> None:
    page = ("flag 3 4", "    Put a flag on a hidden cell you think hides a mine, or take it off.")
    text, _frame = Renderer.draw(view(page=page), (40, 20), LEGACY, None)
    lines = [line.rstrip() for line in screen_of(text, size=(40, 20)) if line.strip()]
    entry = next(line for line in lines if "Put a flag" in line)
    following = lines[lines.index(entry) + 1]
    assert following.index(following.strip()) == entry.index("Put")


def test_a_hint_sets_apart_its_target_numbers_and_mines_without_colour() -> None:
    marked = Highlight(
        targets=frozenset({(0, 0)}), numbers=frozenset({(2, 0)}), mines=frozenset({(1, 1)})
    )
    text, frame = Renderer.draw(view(highlight=marked), (60, 20), LEGACY, None)
    screen = pyte.Screen(60, 20)
    pyte.Stream(screen).feed(text)
    left = frame.anchor.column + 3  # past the row labels
    first_row = next(r for r in range(20) if screen.display[r].strip().startswith("1  "))

    def attributes(x: int, y: int) -> tuple[str, bool, bool, bool, bool]:
        char = screen.buffer[first_row + y][left + 2 * x]
        return char.data, char.reverse, char.underscore, char.bold, char.italics

    target, number, mine, plain = (attributes(*cell) for cell in [(0, 0), (2, 0), (1, 1), (1, 0)])
    assert target[0] == "#" and target[1] and not plain[1], "the target is in reverse video"
    assert number[0] == "1" and number[2] and not number[1]
    assert mine[0] == "F" and mine[2] and not mine[1]
    assert plain == ("#", False, False, False, False)
    assert len({target[1:], number[1:], mine[1:], plain[1:]}) == 4


@pytest.mark.parametrize(
    ("shown", "size"),
    [
        (view(("##", "##"), messages=("a message wider than the terminal",)), (8, 9)),
        (view(page=("  flag    Put a flag on a hidden cell, or take it off.",)), (11, 20)),
        (view(page=("a page",), messages=("one", "two")), (30, 3)),
    ],
    ids=["message-on-a-narrow-board", "manual-on-a-narrow-terminal", "page-on-a-short-terminal"],
)
def test_nothing_is_placed_past_the_edge_of_a_small_terminal(
    shown: View, size: tuple[int, int]
) -> None:
    """A terminal wraps what passes its right edge onto the next row, and piles what
    passes its bottom onto the last one: over the board, the prompt or each other."""
    columns, rows = size
    frame = Renderer.frame(shown, size, LEGACY)
    assert frame.prompt_row < rows
    for (row, column), item in frame.items.items():
        assert row < rows and column + item.width <= columns, (row, column, item)
        assert row != frame.prompt_row or column == frame.prompt_column, (
            "the prompt's row is the prompt's"
        )
    assert frame.items[(frame.prompt_row, frame.prompt_column)].text.startswith(">")


def test_the_keys_keep_their_place_on_a_narrow_status_line() -> None:
    keys = "Keys: arrows, Space, f, e, ?  Tab: type"
    keyed = view(board_name="Beginner 8×8, no-guess", keys=keys)
    assert "Beginner" in Renderer.status(keyed) and "Keys:" in Renderer.status(keyed)
    narrow = Renderer.status(keyed, 80)
    assert "Keys: arrows, Space, f, e, ?  Tab: type" in narrow and "Beginner" not in narrow


def test_an_ai_s_win_on_a_big_board_keeps_its_time_and_moves_whole_at_80_columns() -> None:
    """The end of an AI's game on a board larger than the screen: its time to the
    hundredth and the AI's moves stay whole; the part in view (the labels say it)
    gives way first."""
    won = view(
        mines_left=0, state=State.WON, elapsed=16.66, ai_moves=210, board_name="Expert 30×16"
    )
    in_view = "x 1–30, y 3–16 of 30×16"
    assert Renderer.status(won, 80, in_view) == (
        "Mines left: 0   Time: 16.66 s   You won!   AI moves: 210"
    )
    assert Renderer.status(won, 120, in_view) == (
        "Mines left: 0   Time: 16.66 s   You won!   AI moves: 210   Expert 30×16   " + in_view
    )


BIG = tuple("#" * 40 + "." * 30 + "1" * 29 for _ in range(99))
LARGE = (210, 112)
"""A terminal that shows all of a 99×99 board."""


def test_a_move_on_a_big_board_rewrites_a_few_cells_not_its_row_or_board() -> None:
    first, frame = Renderer.draw(view(BIG, cursor=(50, 50)), LARGE, LEGACY, None)
    flagged = (*BIG[:60], "F" + BIG[60][1:], *BIG[61:])
    second, frame = Renderer.draw(view(flagged, cursor=(50, 50)), LARGE, LEGACY, frame)
    assert len(CURSOR_MOVE.findall(second)) == 2, "one move to the cell's item, one to the prompt"
    assert len(second) < 120, second
    final = screen_of(first, second, size=LARGE)
    row = next(line for line in final if line.lstrip().startswith("61 "))
    assert row.split()[1:4] == ["F", "#", "#"]


def test_a_tick_on_a_big_board_rewrites_only_the_status_line() -> None:
    _text, frame = Renderer.draw(view(BIG, elapsed=3.0), LARGE, LEGACY, None)
    ticked, _frame = Renderer.draw(view(BIG, elapsed=4.0), LARGE, LEGACY, frame)
    assert len(CURSOR_MOVE.findall(ticked)) == 2, "one move to the status line, one back"
    assert "4 s" in ticked and "#" not in ticked


def test_a_full_frame_sets_a_colour_only_where_the_colour_changes() -> None:
    """Runs of like cells share one colour code and need no cursor move between cells:
    a few bytes a cell, close to a run-length encoding of the screen."""
    empties = tuple("." * 99 for _ in range(99))
    drawn, frame = Renderer.draw(view(empties), LARGE, LEGACY, None)
    assert len(drawn.encode()) < 4 * 99 * 99
    assert len(CURSOR_MOVE.findall(drawn)) < 99 * 10, "a few moves a row, not one a cell"
    screen = pyte.Screen(*LARGE)
    pyte.Stream(screen).feed(drawn)
    top, left = frame.board or (0, 0)
    shown = [screen.buffer[top + 5][left + 2 * x] for x in range(99)]
    assert {(char.data, char.fg) for char in shown} == {(".", "808080")}


@functools.cache  # once for the three cursors, and only in a process that draws it
def long_line() -> str:
    """A hundred thousand characters in which no stretch is found twice."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    return "".join(
        "".join(letters[n // 26**power % 26] for power in (3, 2, 1, 0)) for n in range(25_000)
    )


@pytest.mark.parametrize("cursor", [0, 50_000, 100_000])
def test_a_typed_line_of_any_length_is_drawn_around_the_cursor_at_once(cursor: int) -> None:
    """Drawing the prompt's row reads what shows, not the whole line: a hundred thousand
    characters (a paste past the limit, before the cut) are drawn as fast as a word."""
    text = long_line()
    began = time.perf_counter()
    drawn, frame = Renderer.draw(view(), (60, 20), LEGACY, None, Line(text=text, cursor=cursor))
    assert time.perf_counter() - began < 1.0
    prompt = screen_of(drawn)[frame.prompt_row]
    shown = prompt.strip()[2:]
    assert len(shown) >= 30 and shown in text
    assert text.index(shown) <= cursor <= text.index(shown) + len(shown)
