"""The terminal emulator the tests read the program's screen through."""

from __future__ import annotations

import pyte


class Screen(pyte.Screen):
    """A ``pyte`` screen whose rows are rendered again only once something has changed
    them: the tests read the screen each time they poll it, and ``pyte`` renders every
    cell each time it is asked (most of a terminal test's own CPU)."""

    rendered: list[str] | None = None

    @property
    def display(self) -> list[str]:
        """As ``pyte``'s, which notes in ``dirty`` every row a change touches."""
        if self.rendered is None or self.dirty:
            self.rendered = super().display
            self.dirty.clear()
        return list(self.rendered)
