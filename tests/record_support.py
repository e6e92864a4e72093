"""Game records for the storage and statistics tests."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone
from typing import Any

from buscaminas.scoring import BoardKind, GameRecord

NOON = datetime(2024, 5, 1, 12, 0, tzinfo=timezone.utc)
"""Noon UTC is the same calendar day in nearly every local time zone."""

BEGINNER = {"preset": "beginner", "width": 8, "height": 8, "mines": 10}

_BASE = GameRecord(
    started_at=NOON,
    **BEGINNER,
    kind=BoardKind.NO_GUESS,
    seed=7,
    won=True,
    seconds=20.0,
    three_bv=30,
    board_commands=40,
    hints=0,
    points=1000,
)


def make_record(day: int = 0, **changes: Any) -> GameRecord:
    """A clean beginner win at noon, ``day`` days after 1 May 2024, with ``changes``."""
    return replace(_BASE, **{"started_at": NOON + timedelta(days=day), **changes})
