"""ms_toollib, the library Minesweeper players' replay tools are built on, run in a
process of its own: a panic in it (reading a figure of a game not over, say) aborts
the whole process rather than raising."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from typing import Any

import pytest

needs_ms_toollib = pytest.mark.skipif(
    importlib.util.find_spec("ms_toollib") is None,
    reason="ms_toollib is not installed (the test extra installs it: pip install -e '.[test]')",
)

RECORD = """
import json, sys, time
import ms_toollib

BUTTONS = {"left": ("lc", "lr"), "right": ("rc", "rr"), "chord": ("lc", "rc", "lr", "rr")}
for line in sys.stdin:
    game = json.loads(line)
    video = ms_toollib.BaseVideo(game["board"], 16)
    for button, x, y in game["clicks"]:
        for event in BUTTONS[button]:
            video.step(event, (y * 16 + 8, x * 16 + 8))
        time.sleep(0.002)
    video.generate_evf_v4_raw_data()
    read = ms_toollib.EvfVideo(raw_data=video.raw_data, file_name="game.evf")
    read.parse()
    read.analyse()
    read.current_time = 1e9
    print(json.dumps({"data": list(video.raw_data), "bbbv": read.bbbv, "cl": read.cl,
                      "zini": ms_toollib.cal_zini(game["board"]),
                      "won": read.is_completed}), flush=True)
"""
"""Plays each game (the board as rows of numbers, -1 a mine; the clicks as button, x, y)
in ms_toollib's own video, and prints the EVF replay it writes, as bytes, with the
figures ms_toollib reads back from it."""


def in_ms_toollib(script: str, documents: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What ``script`` prints, a JSON line for each of ``documents`` it reads as JSON lines,
    run in a process of its own: a panic in ms_toollib aborts only that process."""
    result = subprocess.run(
        [sys.executable, "-c", script],
        input="".join(json.dumps(document) + "\n" for document in documents),
        capture_output=True,
        text=True,
        check=True,
    )
    return [json.loads(line) for line in result.stdout.splitlines()]


def board_rows(rows: list[str]) -> list[list[int]]:
    """``*`` a mine, anything else safe: as ms_toollib reads a board, a row per line,
    -1 a mine and every other cell its number."""
    height, width = len(rows), len(rows[0])
    mine = {(x, y) for y, row in enumerate(rows) for x, char in enumerate(row) if char == "*"}

    def count(x: int, y: int) -> int:
        around = ((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
        return sum(1 for near in around if near in mine)

    return [[-1 if (x, y) in mine else count(x, y) for x in range(width)] for y in range(height)]


def recorded(rows: list[str], clicks: list[tuple[str, int, int]]) -> dict[str, Any]:
    """A game played on ``rows`` with ``clicks`` (button, x, y from 1), as ms_toollib
    writes it: ``data`` the EVF replay's bytes, and the figures it reads back."""
    (made,) = in_ms_toollib(
        RECORD,
        [{"board": board_rows(rows), "clicks": [(b, x - 1, y - 1) for b, x, y in clicks]}],
    )
    return made
