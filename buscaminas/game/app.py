"""The game loop: input from a front end, into the session, and what it says back out.

:class:`App` drives a :class:`~buscaminas.game.session.Session` from a
:class:`~buscaminas.game.screen.Screen`: it reads a line (parsed here) or a ready
command (from keys or a click), hands it to the session, and shows the
result, replaying reveal waves and the AI's moves at a pace a person can
follow.  The rules are the session's and the engine's, the drawing the
front end's; the loop only keeps time.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable
from pathlib import Path

from .. import collector, signals
from ..i18n import _
from ..records.storage import DATABASE_NAME, Store
from . import commands
from .commands import Command, ParseError, Verb
from .rounds import Kept
from .screen import Audience, Screen
from .session import Reply, Session
from .settings import Settings

WAVE_SECONDS = 0.03
AUTO_SECONDS = 0.15
"""How long each AI move stays on screen, so that a person can follow the game."""
PROMPT = "> "
ON_THE_BOARD = frozenset(
    {Verb.TRY, Verb.FLAG, Verb.UNFLAG, Verb.MARK, Verb.EXPAND, Verb.HELP, Verb.AUTO}
)
"""Commands whose effect is seen on the board: refused while it cannot be shown."""


class App:
    """Plays a session on a screen until the player leaves."""

    def __init__(
        self,
        settings: Settings,
        screen: Screen,
        *,
        legend: list[str],
        data_dir: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        scripted: bool = False,
        resumed: Kept | None = None,
    ) -> None:
        """``scripted``: the moves come from a pipe, not a player at the keyboard;
        ``resumed``: a game left unfinished, to go on with."""
        self.screen = screen
        path = None if data_dir is None else data_dir / DATABASE_NAME
        self.session = Session(
            settings,
            Store(path, on_warning=self._warn),
            legend=legend,
            audience=screen.audience,
            scripted=scripted,
            clock=clock,
            on_progress=screen.show if screen.audience is Audience.VIEWER else None,
            resumed=resumed,
        )

    def _warn(self, line: str) -> None:
        """The records' troubles reach the player through the session's messages."""
        self.session.warnings.append(line)

    def run(self) -> None:
        """Play until the player leaves; EOFError and KeyboardInterrupt pass to the caller,
        but for Ctrl-C at a question, which cancels the question."""
        session, screen = self.session, self.screen
        screen.start(session.view())
        while True:
            if session.question is not None:
                try:
                    reply = session.answer(screen.ask(session.question.words()))
                except KeyboardInterrupt:  # cancels the question; the next one leaves
                    reply = session.decline()
            else:
                reply = self.command(screen.read(PROMPT, live=session.view, steer=session.steer))
            if reply.leave:
                return
            self.present(reply)

    def goodbye(self) -> list[str]:
        return self.session.goodbye()

    def command(self, entry: str | Command) -> Reply:
        """Carry out what the player typed, pressed or clicked."""
        session = self.session
        game = session.current.game
        if isinstance(entry, str):
            try:
                entry = commands.parse(entry, game.width, game.height)
            except ParseError as error:
                return session.say(error.message())
        if entry.verb in ON_THE_BOARD and not self.screen.fits(game.width, game.height):
            # A move the player cannot see the effect of is a move played blind.
            return session.say(_("Enlarge the terminal to see the board, then play."))
        try:
            with collector.working():
                reply = session.handle(entry)
        except KeyboardInterrupt:  # Ctrl-C cancels what is under way; the next one leaves
            return session.say(_("Cancelled."))
        if session.thinking:
            reply = self.watch_the_ai()
        return reply

    def watch_the_ai(self) -> Reply:
        """The AI plays, one move at a time; a key press or Ctrl-C stops it.

        Ctrl-C (SIGINT, in a pipe too) is noted and obeyed once the move under way is
        played and recorded: raised where it lands, it could cut a move off from its
        record, and it would end the whole game in a pipe rather than the AI's turn."""
        session, screen = self.session, self.screen
        pause = AUTO_SECONDS if screen.animated else 0.0
        reply = Reply()
        try:
            with screen.watching(), signals.noted(signal.SIGINT) as interrupt:
                while session.thinking:
                    with collector.working():
                        reply = session.ai_step()
                    if session.thinking and interrupt.made:
                        return session.stop_ai()
                    if session.thinking and screen.audience is Audience.VIEWER:
                        screen.show(session.view())
                        if screen.key_pressed_within(pause) or interrupt.made:
                            return session.stop_ai()
        except KeyboardInterrupt:  # a screen that reads Ctrl-C as a key may raise it
            return session.stop_ai()
        return reply

    def present(self, reply: Reply) -> None:
        """Show what the reply brought: a new game from scratch, or the waves of a reveal
        about 30 ms apart (Ctrl-C skips to the end), then the settled picture."""
        if reply.new_round:
            self.screen.start(self.session.view())
            return
        if not reply.changed:
            return
        if reply.note is not None and self.screen.audience is not Audience.VIEWER:
            self.screen.say(reply.note)  # a script's reader needs the line, not the board again
            return
        if self.screen.animated:
            try:
                for frame in self.session.wave_views(reply):
                    self.screen.show(frame)
                    self.screen.pause(WAVE_SECONDS)
            except KeyboardInterrupt:
                pass
        self.screen.show(self.session.view())
