"""The terminal emulator the tests read the program's screen through."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

import pyte
from pyte.screens import Char, wcwidth


class Screen(pyte.Screen):
    """A ``pyte`` screen that renders again only the rows a change has touched: the
    tests read the screen each time they poll it, and ``pyte`` renders every cell of
    every row each time it is asked (a fifth of the terminal tests' own CPU)."""

    def __init__(self, columns: int, lines: int) -> None:
        self.rows: list[str] = []
        """Each row as last rendered."""
        super().__init__(columns, lines)

    def draw(self, data: str) -> None:
        """As ``pyte``'s; but a combining mark drawn at the start of a row joins the last
        cell of the row above, which ``pyte`` does not note in ``dirty``.  The cursor
        may end above where it began (``pyte`` keeps it below a shrunken screen)."""
        before = self.cursor.y
        super().draw(data)
        if not data.isascii() and any(map(unicodedata.combining, data)):
            after = self.cursor.y
            self.dirty.update(range(max(min(before, after) - 1, 0), max(before, after) + 1))

    @property
    def display(self) -> list[str]:
        """As ``pyte``'s, which notes in ``dirty`` every row a change touches."""
        if len(self.rows) != self.lines:
            self.rows = [""] * self.lines
            self.dirty.update(range(self.lines))
        for y in self.dirty:
            if y < self.lines:
                self.rows[y] = self._render(self.buffer[y])
        self.dirty.clear()
        return list(self.rows)

    def _render(self, row: Mapping[int, Char]) -> str:
        """A row as ``pyte`` renders it: each cell's text, and nothing for the cell that
        a wide character's right half covers.  Most rows are ASCII, which has none."""
        texts = [row[x].data for x in range(self.columns)]
        text = "".join(texts)
        if text.isascii():
            return text
        shown: list[str] = []
        covered = False
        for cell in texts:
            if not covered:
                shown.append(cell)
            covered = not covered and wcwidth(cell[0]) == 2
        return "".join(shown)
