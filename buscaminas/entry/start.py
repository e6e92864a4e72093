"""The game's start: the board the flags name or the player chooses, the records
opened once, a kept game taken up, and the session handed to a front end.

:func:`start_game` is the one wiring; a front end (:class:`OnTheTerminal`,
:class:`InAPipe`) says only what differs: how it takes and gives back the
terminal, who answers the questions, where warnings and problems are told.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Protocol

from .. import collector, signals
from ..i18n import _
from . import configured
from .choices import ask_settings, ask_size, choose_icons, forced_colours, given_icons, styled
from .invocation import EXIT_USAGE, BoardFlags, Invocation

if TYPE_CHECKING:
    from ..game.drills import Drill
    from ..game.questions import Custom
    from ..game.rounds import Kept
    from ..game.screen import Audience, Screen
    from ..game.session import Session
    from ..game.settings import Settings
    from ..records.storage import Store
    from ..ui.icons import IconSet
    from ..ui.pipe import PipeScreen
    from ..ui.terminal import TerminalScreen


def play(invocation: Invocation) -> int:
    """The game: on a terminal with the startup questions, in a pipe line by line.

    A terminal that says it cannot move its cursor (``TERM=dumb``), or ``--reader``,
    gets the screen reader's game: line by line, the board said in words, with the
    board question, since a person is there.
    """
    from ..game.screen import Audience
    from .boards import drill_or_board, settings_from_flags

    options = invocation.options
    settings, drill = drill_or_board(
        invocation.board, settings_from_flags(invocation.board), options.data_dir
    )
    audience = Audience.READER if invocation.reader else audience_of_the_streams()
    front: FrontEnd = (
        OnTheTerminal(options, settings, invocation.board)
        if audience is Audience.VIEWER
        else InAPipe(options, audience)
    )
    return start_game(settings, invocation, front, drill)


def audience_of_the_streams() -> Audience:
    """Who is at the other end: a person at a full screen when both standard streams are
    a terminal that can move its cursor, a person reading lines on a dumb one, and a
    program whenever either stream is a pipe or a file (a terminal typing into a pipe
    included: what the game writes is read by a program)."""
    from ..game.screen import Audience

    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return Audience.PROGRAM
    return Audience.READER if os.environ.get("TERM") == "dumb" else Audience.VIEWER


class FrontEnd(Protocol):
    """What a front end brings to the start: all that differs between a terminal's full
    screen and a pipe's lines."""

    @property
    def screen(self) -> Screen:
        """The screen the questions before the board are asked on."""
        ...

    audience: Audience
    clock: Callable[[], float]
    """The game's clock: a terminal's stops while the game is suspended."""
    asks: bool
    """A person answers: the board is asked when the flags name none."""
    offers: bool
    """A kept game is offered when the flags name no board, and mentioned when they do."""
    scripted: bool
    """The moves come from a program, not a person at the keyboard."""

    def taken(self) -> contextlib.AbstractContextManager[object]:
        """While the game has the front end: the terminal taken, and given back after."""
        ...

    def icons(self) -> IconSet:
        """The icons the board's legend names (asked, on a terminal, if never chosen)."""
        ...

    def columns(self) -> int | None:
        """The width the board menu is shown in, if a person reads it."""
        ...

    def warn(self, line: str) -> None:
        """A warning of the records', opened before the board."""
        ...

    def held(self) -> list[str]:
        """The warnings not told yet, to tell once the game is up."""
        ...

    def note(self, session: Session, line: str) -> None:
        """A problem with the settings, told once the game is up."""
        ...

    def board_up(self, session: Session) -> Screen:
        """The screen the session is played on, from its first board."""
        ...

    def farewell(self, session: Session | None) -> None:
        """The last words, once the game is over (``session``: None if it never began)."""
        ...


def start_game(
    settings: Settings | Custom | None,
    invocation: Invocation,
    front: FrontEnd,
    drill: Drill | None = None,
) -> int:
    """Play: the board settled (taken up, asked or the flags'), graded as ``--logic``
    asks, the records opened once and handed to the session, the session to ``front``;
    ``drill`` deals each next board.  Every way out puts the game away for the next
    start."""
    from ..game.dealer import BoardRefused
    from ..game.keeper import Keeper
    from ..game.questions import Leave
    from ..game.screen import Audience
    from ..game.session import Session
    from ..records.storage import database_in
    from ..ui.icons import icon_legend

    options = invocation.options
    logic = invocation.board.logic
    session: Session | None = None
    refusal: BoardRefused | None = None
    try:
        with front.taken():
            icons = front.icons()
            keeper = Keeper.open(database_in(options.data_dir), on_warning=front.warn)
            chosen, resumed, waiting = _board(settings, invocation.board, keeper.store, front)
            session = Session(
                chosen if logic is None else chosen._replace(logic=logic),
                keeper,
                # a reader is shown no symbol
                legend=[] if front.audience is Audience.READER else icon_legend(icons),
                audience=front.audience,
                scripted=front.scripted,
                clock=front.clock,
                resumed=resumed,
                drill=drill,
            )
            session.marks = options.marks
            problems = [
                configured.problem(options.config) if options.config.problem else None,
                options.keys_problem,
                *front.held(),
                _("A game you left unfinished waits: “buscaminas --resume” goes on with it.")
                if waiting
                else None,
            ]
            for problem in problems:
                if problem is not None:
                    front.note(session, problem)
            screen = front.board_up(session)  # the first board drawn before the rest loads
            from ..game.app import App

            App.around(session, screen).run()
    except (EOFError, KeyboardInterrupt, Leave):
        pass
    except BoardRefused as refused:
        refusal = refused
    except NothingToResume as nothing:  # a script's moves would go to a game it never meant
        print(f"buscaminas: {nothing}", file=sys.stderr)
        return 1
    finally:
        if session is not None:
            session.put_away()  # however the player left, the game waits for them
    if refusal is not None:
        return _refuse_board(invocation.board.game, refusal)
    front.farewell(session)
    return 0


def _board(
    settings: Settings | Custom | None, flags: BoardFlags, store: Store, front: FrontEnd
) -> tuple[Settings, Kept | None, bool]:
    """The board to play, the kept game it is if one is taken up, and whether a kept
    game waits for a later start."""
    from ..game import unfinished
    from ..game.questions import Custom
    from ..game.settings import Settings
    from ..records.presets import DEFAULT

    taken = _Taken(None)
    waiting = False
    if flags.resume or (settings is None and front.offers):
        taken = _resumed(store, front.clock, front.screen, ask=not flags.resume)
    elif settings is not None and front.offers:  # the flags' board first; the kept one waits
        waiting = unfinished.newest(store, front.clock) is not None
    no_guess = not flags.classic
    if taken.kept is not None:
        if flags.resume and settings is not None:  # the board the flags name is not dealt
            front.warn(
                _(
                    "“--resume” goes on with the game left unfinished: the board the"
                    " other options name is not dealt."
                )
            )
        return taken.kept.round.settings, taken.kept, waiting
    if isinstance(settings, Custom):
        return ask_size(front.screen, flags.seed, no_guess=no_guess), None, waiting
    if settings is None:
        if front.asks or taken.lost:
            columns = front.columns()
            settings = ask_settings(front.screen, flags.seed, no_guess=no_guess, columns=columns)
        else:
            settings = Settings.from_preset(DEFAULT, flags.seed, no_guess=no_guess)
    return settings, None, waiting


class OnTheTerminal:
    """The board in place on a full screen, the questions first; the terminal restored
    however the game ends.

    When nothing is to be asked before the board (the icons and the board known,
    no kept game to take up), the board is drawn before the terminal's front end
    loads (:class:`~buscaminas.ui.firstframe.FirstFrame`), which is most of a
    start.
    """

    asks = offers = True
    scripted = False

    def __init__(
        self, options: configured.Options, settings: Settings | Custom | None, flags: BoardFlags
    ) -> None:
        from ..game.screen import Audience
        from ..game.settings import Settings
        from ..ui.firstframe import FirstFrame

        self.options = options
        self.audience = Audience.VIEWER
        self.clock = signals.playing_clock
        self.known = given_icons(options)
        """The icons, when no question is needed to know them."""
        drawn_first = (
            self.known is not None
            and isinstance(settings, Settings)
            and not flags.resume
            and FirstFrame.possible()
        )
        self.first = FirstFrame() if drawn_first else None
        self.terminal: TerminalScreen | None = None if drawn_first else self._terminal()
        self.told: list[str] = []
        """The records' warnings before the board: a line said now would be drawn over."""
        self._held = contextlib.ExitStack()

    def _terminal(self) -> TerminalScreen:
        from ..game import commands
        from ..ui.icons import LEGACY
        from ..ui.terminal import TerminalScreen

        if sys.platform == "win32":  # the one console that needs it: elsewhere, no time lost
            import colorama

            colorama.just_fix_windows_console()
        options = self.options
        return TerminalScreen(
            LEGACY, animated=options.animation, words=commands.verb_names(), mouse=options.mouse
        )

    @property
    def screen(self) -> Screen:
        assert self.terminal is not None, "nothing is asked before a board drawn first"
        return self.terminal

    def _enter(self, terminal: TerminalScreen) -> None:
        """The front end takes the terminal, with the first frame if it is drawn."""
        self._held.enter_context(signals.suspending(terminal.step_away, terminal.resume))
        terminal.enter(self.first)  # one application from here to the exit

    @contextlib.contextmanager
    def taken(self) -> Iterator[object]:
        with self._held:
            try:
                if self.first is not None:
                    self.first.take()
                else:
                    assert self.terminal is not None
                    self._enter(self.terminal)
                yield self
            finally:
                if self.terminal is not None:
                    self.terminal.restore()
                elif self.first is not None:  # the game ended before the front end loaded
                    self.first.give_back()

    def icons(self) -> IconSet:
        icons = self.known or choose_icons(self.screen, self.options)
        self.styled = styled(icons, self.options)
        if self.terminal is not None:
            self.terminal.icons = self.styled
        return icons

    def columns(self) -> int | None:
        return self.terminal.size()[0] if self.terminal is not None else None

    def warn(self, line: str) -> None:
        self.told.append(line)

    def held(self) -> list[str]:
        held, self.told = self.told, []
        return held

    def note(self, session: Session, line: str) -> None:
        session.tell(line)

    def board_up(self, session: Session) -> Screen:
        if self.terminal is None:
            assert self.first is not None
            self.first.draw(session.view(), self.styled)
            self.terminal = self._terminal()
            self.terminal.icons = self.styled
            self._enter(self.terminal)
        return self.terminal

    def farewell(self, session: Session | None) -> None:
        from ..game import textwidth
        from ..ui.pipe import columns_of

        width = columns_of(sys.stdout)
        for line in [*self.told, *(session.goodbye() if session else []), _("See you soon!")]:
            whole = [line] if width is None else textwidth.paragraph(line, width, split_long=False)
            print(*whole, sep="\n")  # words whole, not cut by the terminal at its edge


class InAPipe:
    """Line by line with plain text; the end of the input, or ``quit`` at a question,
    ends the game quietly.

    A :attr:`Audience.READER` is asked the startup questions; a program is given
    the beginner board instead, or asked the size that ``--preset custom`` leaves
    out, and is offered no kept game (``--resume`` takes it up).
    """

    offers = False
    clock = staticmethod(time.monotonic)

    def __init__(self, options: configured.Options, audience: Audience) -> None:
        from ..game.screen import Audience
        from ..ui.pipe import PipeScreen
        from ..ui.reader import ReaderScreen

        self.audience = audience
        self.asks = audience is Audience.READER
        self.scripted = not sys.stdin.isatty()  # lines typed by a program, not a person
        self.pipe: PipeScreen = (
            ReaderScreen() if self.asks else PipeScreen(icons=forced_colours(options))
        )
        self.screen: Screen = self.pipe

    @contextlib.contextmanager
    def taken(self) -> Iterator[object]:
        for stream in (sys.stdin, sys.stdout):
            if isinstance(stream, io.TextIOWrapper):
                stream.reconfigure(errors="replace")  # a stray byte is bad input, not a crash
        collector.release()  # a game read from a pipe may be long: it is up
        yield self.pipe

    def icons(self) -> IconSet:
        from ..ui.icons import LEGACY

        return LEGACY

    def columns(self) -> int | None:
        import shutil

        return shutil.get_terminal_size().columns if self.asks else None

    def warn(self, line: str) -> None:
        self.pipe.say(line)

    def held(self) -> list[str]:
        return []

    def note(self, session: Session, line: str) -> None:
        print(f"buscaminas: {line}", file=sys.stderr)  # standard output is the script's

    def board_up(self, session: Session) -> Screen:
        return self.pipe

    def farewell(self, session: Session | None) -> None:
        if session is None:  # the input ended before the game began: nothing to part from
            return
        for line in [*session.goodbye(), _("See you soon!")]:
            self.pipe.say(line)


class NothingToResume(Exception):
    """``--resume`` found no game to take up; ``str()`` says why, in the player's words."""


class _Taken:
    """What became of the game left unfinished at the start.  A plain class: a named
    tuple's fields, annotated under ``from __future__ import annotations``, would each be
    compiled as this module loads, before the first board (ARCHITECTURE.md, "Value
    types")."""

    def __init__(self, kept: Kept | None, lost: bool = False) -> None:
        self.kept = kept
        """The game to go on with; None when there was none, or it was given up or lost."""
        self.lost = lost
        """Another terminal took it up first (said): the board menu is to be offered."""


def _resumed(store: Store, clock: Callable[[], float], screen: Screen, *, ask: bool) -> _Taken:
    """The game left unfinished, taken up if the player wants it (given up if not, and
    the one left before it offered next, each in turn).  ``ask``: offer it; else
    ``--resume`` asked for it, and hearing that there is none is news.  Another
    terminal may take it up between the look and the take (while the player reads the
    offer, say): the player is told, not dealt a board unasked."""
    from ..game import questions, unfinished
    from ..records.storage import Claim

    kept = unfinished.newest(store, clock)
    if kept is None:
        if not ask:
            raise NothingToResume(_nothing_to_resume(store))
        return _Taken(None)
    while ask and not questions.ask(screen, questions.TakeUp(kept)):
        unfinished.give_up(store, kept)
        given_up, kept = kept.round.identity, unfinished.newest(store, clock)
        if kept is None or kept.round.identity == given_up:  # none left, or not given up
            return _Taken(None)
    claimed = unfinished.take_up(store, kept)
    if claimed is Claim.TAKEN:
        return _Taken(kept)
    if claimed is Claim.FAILED:  # the records said why: nobody else has it
        return _Taken(None)
    screen.say(_("That game was just taken up elsewhere: it goes on there, not here."))
    return _Taken(None, lost=True)


def _nothing_to_resume(store: Store) -> str:
    """Why ``--resume`` finds no game to take up: there is none, or the one there is
    is being played by another process now."""
    if store.played_elsewhere:
        return _(
            "Your game in progress is being played in another window: it goes on there,"
            " and “buscaminas --resume” takes it up here once it is left."
        )
    return _("There is no game in progress to resume.")


def _refuse_board(code: str | None, refused: Exception) -> int:
    """A shared board the generator found no layout for: the code is refused, with
    the reason, and nothing else is dealt in its place."""
    from .boards import deals_no_board

    said = str(refused) if code is None else deals_no_board(code, str(refused))
    print(f"buscaminas: {said}", file=sys.stderr)  # None: the day's board, named by the date
    return EXIT_USAGE
