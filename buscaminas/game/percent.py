"""A mine's chance as the player reads it, the same in the game and in ``analyze``."""

from __future__ import annotations


def percent(probability: float) -> str:
    """``13%`` for 1 in 8: rounded half up, as a person rounds, with its sign so that it
    never reads as a revealed number; a possibility never rounds to 0 % or 100 %."""
    value = probability * 100
    if 0 < value < 0.5:
        return "<1%"
    if 99.5 <= value < 100:
        return ">99%"
    return f"{int(value + 0.5)}%"
