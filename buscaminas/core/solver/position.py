"""What the player can see of a board, as the solver reads it.

A :class:`Position` is the position text of the design document plus the
mine total: never the layout.  It is a plain value, so that the UI, the tests
and the benchmark can build one from a string, compare them and print them.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import Protocol

from ..alphabet import COUNTS, COVERED, LEGAL, Symbol
from ..grid import Grid


class Problem(Enum):
    """What is wrong with a position's text: the UI words each one in the player's language."""

    EMPTY_ROW = "empty-row"
    RAGGED_ROW = "ragged-row"
    NOT_A_CELL = "not-a-cell"
    NEGATIVE_MINES = "negative-mines"
    TOO_MANY_MINES = "too-many-mines"
    """More mines than covered cells (and shown mines) to hold them."""
    TOO_FEW_MINES = "too-few-mines"
    """Fewer mines than the position shows exploded or uncovered."""
    NUMBER_UNSATISFIABLE = "number-unsatisfiable"
    """A number touching more shown mines, or fewer cells that may hold one, than it says."""


class PositionError(ValueError):
    """Position text that no board can show, as a value the UI can put into words.

    ``line`` and ``column`` are 1-based (the cell's row and column, for a
    number); ``found`` is the offending character, cell count or mine count,
    ``expected`` what it should have been or the room there was.  ``str()`` is
    an English summary for logs; players read the UI's translation.
    """

    def __init__(
        self,
        problem: Problem,
        *,
        line: int | None = None,
        column: int | None = None,
        found: str | int | None = None,
        expected: int | None = None,
    ) -> None:
        where = (
            f"line {line}, column {column}: "
            if column is not None
            else f"line {line}: "
            if line is not None
            else ""
        )
        super().__init__(f"{where}{problem.value} (found {found!r}, expected {expected!r})")
        self.problem = problem
        self.line = line
        self.column = column
        self.found = found
        self.expected = expected


class ShowsBoard(Protocol):
    """What a game must offer for the solver to read it: the player's view only."""

    @property
    def mine_count(self) -> int: ...

    def rows(self) -> tuple[str, ...]: ...


class Position:
    """The rows of the position text and the number of mines on the board: a value,
    equal to another of the same rows and mines, and never changed once made.

    A class of its own rather than a dataclass: the solver is loaded by a
    session's first ``help`` or AI move, and the ``dataclasses`` module and the
    methods it writes at import are a good part of that first answer's wait.
    """

    __slots__ = ("_mines", "_rows")

    def __init__(self, rows: Iterable[str], mines: int) -> None:
        rows = tuple(rows)
        if not rows or not rows[0]:
            raise PositionError(Problem.EMPTY_ROW, line=1)
        # Every row as wide as the first and every character a cell, read at once.
        if len(set(map(len, rows))) != 1 or not LEGAL.issuperset("".join(rows)):
            _refuse(rows, len(rows[0]))
        if mines < 0:
            raise PositionError(Problem.NEGATIVE_MINES, found=mines)
        self._rows = rows
        self._mines = mines

    @property
    def rows(self) -> tuple[str, ...]:
        return self._rows

    @property
    def mines(self) -> int:
        return self._mines

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.mines == other.mines and self.rows == other.rows

    def __hash__(self) -> int:
        return hash((self.rows, self.mines))

    def __repr__(self) -> str:
        return f"Position(rows={self.rows!r}, mines={self.mines!r})"

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)

    @classmethod
    def parse(cls, text: str, *, mines: int) -> Position:
        """Read position text: rows joined by newlines, one final newline allowed.

        Spaces, tabs and carriage returns at the end of a row are no cell:
        editors leave them, and the eye cannot see them, so they are dropped.
        """
        body = text[:-1] if text.endswith("\n") else text
        return cls(tuple(row.rstrip(" \t\r") for row in body.split("\n")), mines)

    def check(self) -> None:
        """Raise :class:`PositionError` for a mine total or a number that no layout can
        satisfy, naming what is wrong where a person can mend it; the solver finds every
        other contradiction, but can only say that no layout agrees."""
        shown = sum(row.count(Symbol.MINE) for row in self.rows)
        room = shown + sum(char in COVERED for row in self.rows for char in row)
        if self.mines > room:
            raise PositionError(Problem.TOO_MANY_MINES, found=self.mines, expected=room)
        if self.mines < shown:
            raise PositionError(Problem.TOO_FEW_MINES, found=self.mines, expected=shown)
        grid = Grid(self.width, self.height)
        for x, y in grid.cells():
            value = COUNTS.get(self.rows[y][x])
            if value is None:
                continue
            around = [self[near] for near in grid.neighbours((x, y))]
            mines = around.count(Symbol.MINE)
            if not mines <= value <= mines + sum(char in COVERED for char in around):
                raise PositionError(
                    Problem.NUMBER_UNSATISFIABLE, line=y + 1, column=x + 1, found=value
                )

    @classmethod
    def from_game(cls, game: ShowsBoard) -> Position:
        """What the player of ``game`` sees now; the layout stays in the game."""
        return cls(game.rows(), game.mine_count)

    def format(self) -> str:
        """The position text: rows joined by newlines, no final newline."""
        return "\n".join(self.rows)

    def __getitem__(self, cell: tuple[int, int]) -> str:
        """The character at 0-based ``(x, y)``."""
        x, y = cell
        return self.rows[y][x]


def _refuse(rows: tuple[str, ...], width: int) -> None:
    """Raise for the first row that is empty, not ``width`` wide or shows what is no cell."""
    for line, row in enumerate(rows, start=1):
        if not row:
            raise PositionError(Problem.EMPTY_ROW, line=line)
        if len(row) != width:
            raise PositionError(Problem.RAGGED_ROW, line=line, found=len(row), expected=width)
        if not LEGAL.issuperset(row):
            column, char = next((x, c) for x, c in enumerate(row, start=1) if c not in LEGAL)
            raise PositionError(Problem.NOT_A_CELL, line=line, column=column, found=char)
