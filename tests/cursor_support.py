"""A player in a pseudo-terminal on a small board with a mine in three corners: the
cursor's and the mouse's tests start there."""

from __future__ import annotations

from pathlib import Path

from tests.terminal_support import Player, write_board

BOARD = ("*####", "#####", "#####", "*###*")
"""Three mines in the corners: 3 2 opens the middle, 1 2 and 5 3 stay hidden."""


def start(tmp_path: Path, *extra: str) -> Player:
    board = write_board(tmp_path / "board.txt", *BOARD)
    player = Player("--board", str(board), "--lang", "en", "--no-animation", *extra)
    player.wait_for("Mines left: 3")
    return player
