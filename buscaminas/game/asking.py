"""The question a session waits on, and what each answer does.

A question stops the game until it is answered: giving a game up (``new``), replacing
a file (``save``), laying a classic board when no no-guess one was found, playing
again at the end.  :class:`Answers` keeps what the question waits on (the move, the
file, which board comes next) and carries the answer out through the session, so
that the session's own part is to set the question and hand the answer on.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..core.engine import Move
from ..i18n import _
from . import commands, dealer, verbs
from .commands import ParseError
from .questions import AGAIN, LEAVE, QUIT, SAME_BOARD, SURE, YES, Question
from .reply import Reply

if TYPE_CHECKING:
    from .session import Session

AFTER_THE_END = verbs.allowed(verbs.Allowed.AFTER_THE_END)
"""Commands that look back at a finished game, or take its last move back."""


class Answers:
    """What the session's :attr:`~.Session.question` waits on, and its answers."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.told = False
        """The reminder of how to answer “play again?” has been given this round."""
        self.move: Move | None = None
        """The first move waiting for a classic board, if the player agrees to one."""
        self.save: Path | None = None
        """The file that ``save`` would replace, if the player says so."""
        self.same_board_next = False
        """The game given up at :attr:`Question.ABANDON` is followed by its own board."""
        self.given_up_at = 0.0
        """The game's time when the player asked to leave it: given up, that is its time
        (the question is not played); kept, its clock has run on meanwhile."""

    def answer(self, text: str) -> Reply:
        """Carry out the answer ``text`` to the session's question, which it clears."""
        session = self.session
        answer = text.strip().lower()
        question, session.question = session.question, None
        if answer in QUIT:  # from any question, as from the board
            self.save = self.move = None
            return Reply(leave=True)
        if question is Question.ABANDON:
            if answer in SURE:
                session.keeper.abandon(session.current, self.given_up_at)
                return session._next_round(same_board=self.same_board_next)
            session.ui.messages = (_("The game goes on."),)
            return Reply()
        if question is Question.REPLACE:
            path, self.save = self.save, None
            assert path is not None
            if answer in SURE:
                return session._save(path, replace=True)
            session.ui.messages = (_("Not saved: {file} is as it was.").format(file=path),)
            return Reply()
        if question is Question.CLASSIC:
            move, self.move = self.move, None
            assert move is not None
            if answer not in YES:
                session.ui.messages = (_("No mines were laid: try a cell when you are ready."),)
                return Reply()
            session.current.play_classic()
            dealer.lay(session.current, move.cell, None)
            return session._play(move)
        if answer in AGAIN:
            return session._next_round()
        if answer in SAME_BOARD:
            return session._next_round(same_board=True)
        if answer in LEAVE:
            return Reply(leave=True)
        after = self._after_the_end(text)
        if after is not None:
            return after
        session.question = Question.AGAIN
        if session.ui.page is not None:  # a page looked at the end: back to the board
            session.ui.page, session.ui.messages, self.told = None, (), False
        reminder = _("Press Enter to play again, or type n to leave.")
        if self.told and session.ui.messages[-1:] == (reminder,):
            return Reply(question=Question.AGAIN, changed=False)
        self.told = True  # and told again under words said since (a save refused…)
        session.ui.messages = (*session.ui.messages, reminder)
        return Reply(question=Question.AGAIN, note=reminder)

    def _after_the_end(self, text: str) -> Reply | None:
        """At “play again?”, a command that looks back at the game (undo, save, the
        manual…) is carried out, and the question stays while the game stays over."""
        session = self.session
        game = session.current.game
        try:
            command = commands.parse(text, game.width, game.height)
        except ParseError:
            return None
        if command.verb not in AFTER_THE_END:
            return None
        reply = session.handle(command)
        if session.current.game.end is not None:
            session.question = Question.AGAIN
        return Reply(before=reply.before, outcome=reply.outcome, question=session.question)
