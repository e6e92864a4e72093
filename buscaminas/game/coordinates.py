"""A cell as the player names it: the game's messages, its commands and ``analyze`` all
say cells this way, and only the game needs the command parser that reads them back."""

from __future__ import annotations


def label(cell: tuple[int, int]) -> str:
    """A cell as the player types it, the inverse of parsing: 1-based, column first."""
    return f"{cell[0] + 1} {cell[1] + 1}"
