"""The screen-reader front end: the board said in words, one sentence a line.

A screen reader speaks each line it is given; a board drawn as rows of
characters is read out cell by cell, and a line broken by the game is read as
two.  So this screen draws no board: a round begins with the board's name and
size, a move is followed by what it changed (:mod:`~buscaminas.game.reading`),
and the player asks for a row, a cell or its neighbours with ``read`` and
``around``.  Every line is one sentence, whole, with no escape sequence, no
prompt and no colour, whatever the environment forces.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game import reading
from ..game.screen import Audience
from ..game.view import View
from .pipe import PipeScreen


class ReaderScreen(PipeScreen):
    """Line by line for a person listening: sentences, never the grid."""

    audience = Audience.READER

    _before: tuple[str, ...] = ()
    """The board as last said: what the next view is told against."""

    def start(self, view: View) -> None:
        """The round's messages, the board named and measured, and how to play it."""
        self._before = view.rows
        for message in view.messages:
            self.say(message)
        self.say(reading.introduced(view))
        self.say(reading.how_to())

    def show(self, view: View) -> None:
        """A page, line by line; else what changed since the board was last said, then
        the messages (what a move meant, how the game ended, what was asked for)."""
        if view.page is not None:
            for line in view.page:
                self.say(line)
            return
        changed = reading.changes(self._before, view)
        self._before = view.rows
        if changed is not None:
            self.say(changed)
        for message in view.messages:
            self.say(message)

    def ask(self, question: str, above: Sequence[str] = ()) -> str:
        """The question as a question, on a line of its own, under ``above``."""
        for line in above:
            self.say(line)
        asked = reading.spoken(question, asking=True)
        super().say(asked or question)
        return self.read(question)

    def say(self, line: str) -> None:
        """``line`` as a sentence; nothing for a line with nothing to say."""
        sentence = reading.spoken(line)
        if sentence is not None:
            super().say(sentence)
