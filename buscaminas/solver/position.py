"""What the player can see of a board, as the solver reads it.

A :class:`Position` is the position text of the design document plus the
mine total: never the layout.  It is a plain value, so that the UI, the tests
and the benchmark can build one from a string, compare them and print them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

HIDDEN = "#"
FLAG = "F"
MAYBE = "?"
EMPTY = "."
MINE = "*"
WRONG_FLAG = "X"
NUMBERS = "12345678"

COVERED = frozenset(HIDDEN + FLAG + MAYBE)
"""Cells whose content the player does not know: flags and marks are opinions."""

LEGAL = COVERED | frozenset(EMPTY + MINE + WRONG_FLAG + NUMBERS)


class PositionError(ValueError):
    """Position text that no board can show; ``line`` and ``column`` are 1-based."""

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None):
        where = (
            f"line {line}, column {column}: "
            if column is not None
            else f"line {line}: "
            if line is not None
            else ""
        )
        super().__init__(where + message)
        self.line = line
        self.column = column


class ShowsBoard(Protocol):
    """What a game must offer for the solver to read it: the player's view only."""

    @property
    def mine_count(self) -> int: ...

    def rows(self) -> list[str]: ...


@dataclass(frozen=True)
class Position:
    """The rows of the position text and the number of mines on the board."""

    rows: tuple[str, ...]
    mines: int

    def __post_init__(self) -> None:
        if not isinstance(self.rows, tuple):
            object.__setattr__(self, "rows", tuple(self.rows))
        if not self.rows:
            raise PositionError("a position needs at least one row")
        width = len(self.rows[0])
        if width == 0:
            raise PositionError("a row needs at least one cell", line=1)
        for line, row in enumerate(self.rows, start=1):
            if len(row) != width:
                raise PositionError(f"{len(row)} cells where the first row has {width}", line=line)
            for column, char in enumerate(row, start=1):
                if char not in LEGAL:
                    raise PositionError(f"{char!r} is not a cell", line=line, column=column)
        if self.mines < 0:
            raise PositionError(f"a board cannot hold {self.mines} mines")

    @classmethod
    def parse(cls, text: str, *, mines: int) -> Position:
        """Read position text: rows joined by newlines, one final newline allowed."""
        body = text[:-1] if text.endswith("\n") else text
        return cls(tuple(body.split("\n")), mines)

    @classmethod
    def from_game(cls, game: ShowsBoard) -> Position:
        """What the player of ``game`` sees now; the layout stays in the game."""
        return cls(tuple(game.rows()), game.mine_count)

    def format(self) -> str:
        """The position text: rows joined by newlines, no final newline."""
        return "\n".join(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)

    def __getitem__(self, cell: tuple[int, int]) -> str:
        """The character at 0-based ``(x, y)``."""
        x, y = cell
        return self.rows[y][x]
