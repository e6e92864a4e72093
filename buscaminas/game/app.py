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
from typing import TYPE_CHECKING

from .. import collector, signals
from ..core.grid import Point
from ..i18n import _
from . import commands, verbs
from .commands import Command, ParseError
from .jumps import Jump
from .keeper import Keeper
from .keys import Act, Mode
from .rounds import Kept
from .screen import Audience, Screen
from .session import Reply, Session
from .settings import Settings
from .view import View

if TYPE_CHECKING:
    from .drills import Drill

WAVE_SECONDS = 0.03
WAVES_SHOWN = 10
"""A reveal's waves shown at most: a big opening shows that many, evenly spread, so
that it takes a third of a second, not seconds of the player's clock with the keys
waiting."""
AUTO_SECONDS = 0.15
"""How long each AI move stays on screen at most, so that a person can follow the game."""
AUTO_WHOLE_SECONDS = 20.0
"""About how long the AI's pauses take for a whole board, however big: 0.15 s a move
would make a 99×99 board eleven minutes."""
SPEEDS = tuple(2.0**power for power in range(-3, 7))
"""The AI's speeds, ``+`` and ``-`` a step up or down: ⅛× to 64× its pace."""
PAUSE_TICK = 1.0
"""How often a pause looks up from waiting for its key (the wait ends at the key)."""
PROMPT = "> "
ON_THE_BOARD = verbs.allowed(verbs.Allowed.NEEDS_THE_BOARD)
"""Commands whose effect is seen on the board: refused while it cannot be shown."""


class App:
    """Plays a session on a screen until the player leaves."""

    def __init__(
        self,
        settings: Settings,
        screen: Screen,
        *,
        legend: list[str],
        keeper: Keeper,
        clock: Callable[[], float] = time.monotonic,
        scripted: bool = False,
        resumed: Kept | None = None,
        drill: Drill | None = None,
    ) -> None:
        """``keeper``: the records, opened once for the run; ``scripted``: the moves come
        from a pipe, not a player at the keyboard; ``resumed``: a game left unfinished, to
        go on with; ``drill``: the drill dealing each next board."""
        self.screen = screen
        self.session = Session(
            settings,
            keeper,
            legend=legend,
            audience=screen.audience,
            scripted=scripted,
            clock=clock,
            on_progress=screen.show if screen.audience is Audience.VIEWER else None,
            resumed=resumed,
            drill=drill,
        )

    @classmethod
    def around(cls, session: Session, screen: Screen) -> App:
        """An app for a session made before its screen: a terminal's first frame is drawn
        from the session before the front end that reads the keys has loaded."""
        app = cls.__new__(cls)
        app.screen, app.session = screen, session
        if screen.audience is Audience.VIEWER:
            session.on_progress = screen.show
        return app

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
                reply = self.command(screen.read(PROMPT, live=self.ticking, cursor=self))
            if reply.leave:
                return
            self.present(reply)
            self.keep()

    def goodbye(self) -> list[str]:
        return self.session.goodbye()

    def ticking(self) -> View:
        """The picture as the clock ticks on while the player thinks, the game kept with
        its time now and then (:data:`~.keeper.CLOCK_KEPT_EVERY`): a crash or a
        ``kill -9`` takes no more of the clock back than that."""
        self.session.keep()
        return self.session.view()

    def keep(self) -> None:
        """The game into the records once its picture is on the screen and before the
        next input is read: the player sees a move without waiting for the disk, and a
        kill loses at most the move just shown.  Words that it could not be kept are
        drawn at once."""
        self.screen.drawn()
        if self.session.keep():
            self.screen.show(self.session.view())

    def steer(self, step: Point | Jump) -> View:
        """Move the cursor; the jump to a cell logic decides asks the solver, which works
        as a command does and which Ctrl-C cancels."""
        if step is not Jump.DECIDED:
            return self.session.steer(step)
        try:
            with collector.working():
                return self.session.steer(step)
        except KeyboardInterrupt:
            self.session.say(_("Cancelled."))
            return self.session.view()

    def hold(self) -> None:
        self.session.hold()

    def withdraw(self) -> View:
        return self.session.withdraw()

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
        if session.ai_playing:
            reply = self.watch_the_ai()
        if session.paused:
            reply = self.wait_out_the_pause()
        return reply

    def watch_the_ai(self) -> Reply:
        """The AI plays, one move at a time; a key press or Ctrl-C stops it.

        Ctrl-C (SIGINT, in a pipe too) is noted and obeyed once the move under way is
        played and recorded: raised where it lands, it could cut a move off from its
        record, and it would end the whole game in a pipe rather than the AI's turn."""
        session, screen = self.session, self.screen
        pace = auto_pace(session.ai_moves_expected()) if screen.animated else 0.0
        speed = SPEEDS.index(1.0)
        reply = Reply()
        try:
            with screen.watching(Mode.AI), signals.noted(signal.SIGINT) as interrupt:
                while session.ai_playing:
                    with collector.working():
                        reply = session.ai_step()
                    if session.ai_playing and interrupt.made:
                        return session.stop_ai()
                    if session.ai_playing and screen.audience is Audience.READER:
                        screen.show(session.view())  # each move said: what it opened, why
                    if not (session.ai_playing and screen.audience is Audience.VIEWER):
                        session.keep()  # the last move's words are shown with the reply
                        continue
                    shown = time.monotonic()
                    while True:  # the move on screen for its pace, which + and - change
                        view = session.view()
                        if pace:
                            said = (*view.messages, pace_words(pace, SPEEDS[speed]))
                            view = view._replace(messages=said)
                        screen.show(view)
                        self.keep()
                        left = shown + pace / SPEEDS[speed] - time.monotonic()
                        key = screen.key_pressed_within(max(0.0, left))
                        if key is Act.FASTER or key is Act.SLOWER:
                            step = 1 if key is Act.FASTER else -1
                            speed = min(max(speed + step, 0), len(SPEEDS) - 1)
                            continue
                        if key is not None or interrupt.made:
                            return session.stop_ai()
                        break
        except KeyboardInterrupt:  # a screen that reads Ctrl-C as a key may raise it
            return session.stop_ai()
        return reply

    def wait_out_the_pause(self) -> Reply:
        """The board hidden and the clock stopped until a key or a click (Ctrl-C too);
        a stop (Ctrl-Z) meanwhile leaves it paused, and the terminal drawn anew after
        it shows the pause again."""
        session, screen = self.session, self.screen
        try:
            screen.show(session.view())
            self.keep()  # with the clock where it stopped: a crash in a pause takes none
            with screen.watching(Mode.PAUSED):
                while screen.key_pressed_within(PAUSE_TICK) is None:
                    pass
        except KeyboardInterrupt:  # Ctrl-C ends the pause, even as it begins
            pass
        return session.go_on()

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
                for frame in self.session.wave_views(reply, WAVES_SHOWN):
                    self.screen.show(frame)
                    self.screen.linger(WAVE_SECONDS)
            except KeyboardInterrupt:
                pass
        self.screen.show(self.session.view())


def auto_pace(moves: int) -> float:
    """Seconds each of the AI's ``moves`` stays on screen: :data:`AUTO_SECONDS`, or less,
    so that they all take about :data:`AUTO_WHOLE_SECONDS`."""
    return min(AUTO_SECONDS, AUTO_WHOLE_SECONDS / max(1, moves))


def pace_words(seconds: float, speed: float) -> str:
    """“AI pace: 2.5 ms a move (×1)”: the pace at ``speed``, as the player is shown it."""
    times = f"×{speed:g}" if speed >= 1 else f"×1/{1 / speed:g}"
    milliseconds = seconds / speed * 1000
    shown = f"{milliseconds:.0f}" if milliseconds >= 10 else f"{milliseconds:.2g}"
    words = _("AI pace: {milliseconds} ms a move ({speed}); + faster, - slower")
    return words.format(milliseconds=shown, speed=times)
