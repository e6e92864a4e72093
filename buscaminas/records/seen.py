"""A board's fingerprint: what tells the records that the player has seen a board.

A board is its size and its mines, whatever brought it: a share code names
one exactly, and a board file, an MBF or a game dealt again from the same seed
and first cell hold the same mines.  So the fingerprint is taken of the mines
alone, not of the code, the first cell or what a file already showed: a
board played once is known however it comes back.  It is a hash, short and of
one length whatever the board's size, so that the records can index it.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.grid import Point

DIGITS = 32
"""Hexadecimal digits kept of the SHA-256: 128 bits, no two boards alike."""

LINE = 32
"""The characters of a game's identity that name its line: the game and each game
that goes on from it after a loss taken back (:func:`continued`).  A board seen in
the line's lost game is its own, not one the player had seen before."""


def new_identity() -> str:
    """A new game's name in the records: 128 random bits, no two games alike."""
    import os

    return os.urandom(LINE // 2).hex()


def continued(identity: str) -> str:
    """The name of the game that goes on from ``identity`` after its loss is taken
    back: another game, in the same line."""
    return f"{identity[:LINE]}+{new_identity()[:8]}"


def fingerprint(width: int, height: int, mines: Iterable[Point]) -> str:
    """The fingerprint of a ``width`` × ``height`` board with ``mines``."""
    import hashlib  # when a game is recorded, not when the game starts
    cells = ";".join(f"{x},{y}" for x, y in sorted(mines, key=lambda cell: (cell[1], cell[0])))
    text = f"{width}x{height}:{cells}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:DIGITS]


def of_journal(text: str | None) -> str | None:
    """The fingerprint of the board a game's journal (its JSON) was dealt; None for a
    game with no journal, or one whose mines cannot be read (the journal is checked
    in full where it is replayed: this reads only the size and the mines)."""
    if text is None:
        return None
    import json

    try:
        document = json.loads(text)
        width, height, _mines = document["size"]
        mines = [(x, y) for x, y in document["start"]["mines"]]
        if not all(type(value) is int for value in (width, height, *(v for m in mines for v in m))):
            return None
    except (ValueError, TypeError, KeyError, LookupError):
        return None
    return fingerprint(width, height, mines)
