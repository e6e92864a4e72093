"""Any board on any terminal: a 99×99 board played through a window of an 80×24 terminal."""

from __future__ import annotations

import re

import pytest

from buscaminas.game.view import State, View
from buscaminas.ui import layout
from buscaminas.ui.icons import LEGACY
from buscaminas.ui.renderer import Renderer
from tests.terminal_support import BIG, Player, in_view, mouse_on


def cursor(player: Player) -> tuple[int, int]:
    """The cursor's cell, as the labels name it: the rows are labelled, the columns are
    counted from the first one in view."""
    x, y = player.cursor()
    return in_view(player)[0] + x - 1, y


def row_labels(player: Player) -> list[int]:
    """The row labels down the left edge (the column numbers above are indented)."""
    return [int(m.group(1)) for line in player.lines if (m := re.match(r"(\d+)[ \[]", line))]


@pytest.mark.waits
def test_a_99_by_99_board_plays_in_an_80_by_24_terminal() -> None:
    player = Player("--lang", "en", "--legacy", *BIG, rows=24, columns=80)
    player.wait_until(lambda: "x " in player.text and "Mines left: 30" in player.text)
    first, last, top, bottom = in_view(player)
    assert (first, last) != (1, 99) and (top, bottom) != (1, 99)
    assert first <= 50 <= last and top <= 50 <= bottom, "a new game shows the centre"
    # A typed move far from the start brings its cell into view, with the right labels.
    player.type("95 97")
    player.wait_until(lambda: in_view(player)[1] >= 95 and in_view(player)[3] >= 97)
    first, last, top, bottom = in_view(player)
    assert cursor(player) == (95, 97)
    assert row_labels(player) == list(range(top, bottom + 1))
    first_row = next(n for n, line in enumerate(player.lines) if re.match(r"\d+[ \[]", line))
    tens, units = player.lines[first_row - 2], player.lines[first_row - 1]
    assert units.split() == [str(x % 10) for x in range(first, last + 1)]
    assert tens.split() == [str(x // 10) for x in range(first, last + 1)]
    # The cursor scrolls the view.
    player.child.send("\t")
    player.wait_for("F1: more")
    steps = bottom - top + 3
    player.child.send("k" * steps)
    player.wait_until(lambda: cursor(player) == (95, 97 - steps))
    assert in_view(player)[2] < top
    player.child.send("\x1b[5~")  # Page Up: a screenful up
    player.wait_until(lambda: in_view(player)[2] < top - (bottom - top))
    # A click in the scrolled view lands on the cell drawn there.
    first, last, top, bottom = in_view(player)
    row, column = next(
        (number, line.index("#", 3))
        for number, line in enumerate(player.lines)
        if re.match(r"\d+[ \[]", line) and "#" in line[3:]
    )
    target = (first + (column - 3) // 2, int(player.lines[row].split()[0]))
    player.wait_until(lambda: mouse_on(player))
    player.child.send(f"\x1b[<2;{column + 1};{row + 1}M\x1b[<2;{column + 1};{row + 1}m")
    player.wait_until(lambda: cursor(player) == target and "Mines left: 29" in player.text)
    player.child.send("\t")
    player.type("quit")
    assert player.finish() == 0


def test_only_a_terminal_too_small_for_a_useful_window_is_refused() -> None:
    rows = ("#" * 99,) * 99
    view = View(rows, 30, State.READY, cursor=(50, 50))
    assert layout.fits(99, 99, (80, 24))
    assert not layout.fits(99, 99, (22, 24)), "fewer than ten columns of cells"
    frame = Renderer.frame(view, (80, 24), LEGACY)
    assert frame.board is not None and frame.board_size[0] >= 10 and frame.board_size[1] >= 5
    assert frame.cell_at(frame.board[0], frame.board[1]) == frame.window
