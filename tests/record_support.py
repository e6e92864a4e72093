"""Game records for the storage and statistics tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from buscaminas.core.board import BoardKind, BoardSpec
from buscaminas.core.scoring import GameRecord

NOON = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
"""Noon UTC is the same calendar day in nearly every local time zone."""

BEGINNER = BoardSpec("beginner", 8, 8, 10)
EXPERT = BoardSpec("expert", 30, 16, 99)

_BASE = GameRecord(
    started_at=NOON,
    preset=BEGINNER.preset,
    width=BEGINNER.width,
    height=BEGINNER.height,
    mines=BEGINNER.mines,
    kind=BoardKind.NO_GUESS,
    seed=7,
    won=True,
    seconds=20.0,
    three_bv=30,
    board_commands=40,
    hints=0,
    points=1000,
    assisted=False,
    scripted=False,
)


def make_record(day: int = 0, *, board: BoardSpec = BEGINNER, **changes: Any) -> GameRecord:
    """A clean win on ``board`` at noon, ``day`` days after 1 May 2024, with ``changes``."""
    played_on = {
        "started_at": NOON + timedelta(days=day),
        "preset": board.preset,
        "width": board.width,
        "height": board.height,
        "mines": board.mines,
    }
    return _BASE._replace(**{**played_on, **changes})
