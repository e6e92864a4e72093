"""What the game loop needs from a front end, whatever it is: a terminal, a pipe, a test.

No front end's code lives here, so the loop imports no terminal toolkit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from enum import Enum
from typing import Protocol

from ..core.grid import Point
from .commands import Command
from .jumps import Jump
from .keys import Act, Mode
from .view import View


class CursorKeys(Protocol):
    """What the keys at the board's cursor do to the session, for a front end that has
    them: the loop's."""

    def steer(self, step: Point | Jump) -> View:
        """Move the cursor by a step or a jump; the view to draw."""
        ...

    def hold(self) -> None:
        """Letters begin a word that may yet be a command typed by habit: what the keys do
        from now on may be taken back."""
        ...

    def withdraw(self) -> View:
        """The word was a command: back to the game as it began; the view to draw."""
        ...


class Audience(Enum):
    """Who reads what the game writes, which decides what it shows and how.

    One value, not three flags, for a person watching, a person reading
    lines and a script: they are one question.  Who *types* is
    another (a person's moves earn points, a program's do not: ``scripted``,
    kept apart), and so is ``animated``, a preference of the person at a
    full screen.  A terminal for input and a pipe for output is a program's
    audience: the lines go to a program (or a file), so they stay in the
    position format, and the moves, typed by a person, stay the person's.
    """

    PROGRAM = "program"
    """A program, through a pipe or a file: plain lines, the board in the position format,
    no question but the ones a script can answer."""
    READER = "reader"
    """A person listening through a screen reader (``--reader``, or a terminal that cannot
    move its cursor, ``TERM=dumb``): the board said in words, one sentence a line, the
    startup questions asked."""
    VIEWER = "viewer"
    """A person at a full screen: the board drawn in place, the search's progress and the
    AI's moves shown as they happen, the keys and the mouse."""


class Screen(Protocol):
    """A front end: it shows views and brings input, as lines or as ready commands."""

    audience: Audience
    """Who reads it."""
    animated: bool
    """Whether reveals are animated wave by wave (a preference of a :attr:`Audience.VIEWER`)."""

    def show(self, view: View) -> None: ...

    def drawn(self) -> None:
        """Wait until what was shown is on the screen: the records are written after the
        picture, never in its way."""
        ...

    def fits(self, width: int, height: int) -> bool:
        """Whether enough of a ``width`` × ``height`` board can be shown right now to play:
        all of it, or a window onto it."""
        ...

    def start(self, view: View) -> None:
        """A new round begins: the first picture of it."""
        ...

    def read(
        self,
        prompt: str,
        live: Callable[[], View] | None = None,
        cursor: CursorKeys | None = None,
    ) -> str | Command:
        """The next typed line, or a command the keys or the mouse made; raises EOFError
        at the end of input, KeyboardInterrupt on Ctrl-C.

        While it waits, ``live`` gives the view to keep up to date (the clock),
        and ``cursor`` is what the keys at the cursor do.
        """
        ...

    def ask(self, question: str, above: Sequence[str] = ()) -> str:
        """The answer to a question that is not a command, such as “play again?”.

        Before the board, the question has a screen of its own: what was said since
        the last answer, then ``above`` (the board menu, a complaint about the last
        answer), then the question; a full screen clears what the last question
        showed."""
        ...

    def say(self, line: str) -> None:
        """A line outside the board, before the game starts or after it ends: before
        the board, it is shown with the next question."""
        ...

    def linger(self, seconds: float) -> None:
        """Keep what is drawn on screen ``seconds`` (between the waves of a reveal)."""
        ...

    def key_pressed_within(self, seconds: float) -> Act | None:
        """Wait up to ``seconds``; at once, if the player presses a key meanwhile, what
        it does in the keys of :meth:`watching` (``Act.STOP`` for any other key or a
        click); None if none came."""
        ...

    def watching(self, mode: Mode) -> AbstractContextManager[object]:
        """While the game waits on the player's keys alone, ``mode``'s (``Mode.AI``: the
        AI plays, ``Mode.PAUSED``): a key pressed meanwhile is for
        :meth:`key_pressed_within`, unseen, never typed or echoed over the board."""
        ...
