"""What names a board apart from its mines: its kind, and the size the statistics
group it by.  The records, the share codes and the game all speak of boards in
these terms, so they live apart from any one of them."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class BoardKind(StrEnum):
    """Whether the board was dealt to be solvable without guessing."""

    NO_GUESS = "no-guess"
    CLASSIC = "classic"


class BoardSpec(NamedTuple):
    """What a statistic is kept per: a preset, or a custom size and mine count."""

    preset: str | None
    width: int
    height: int
    mines: int
