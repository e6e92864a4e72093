"""A player's session: a :class:`~buscaminas.game.commands.Command` in, through the
handler its verb's row names (:mod:`~buscaminas.game.verbs`), a :class:`Reply` and a
:class:`View` out; the mines, the records, the AI's turn and hints are handed on to
the dealer, the keeper, the stepper and the helper.  It knows nothing of terminals.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.board import BoardKind
from ..core.engine import Action, Move
from ..core.grid import Point
from ..core.scoring import GameRecord
from ..i18n import _
from . import commands, dealer, narration, reading, saving, takeback, verbs
from .asking import AFTER_THE_END as AFTER_THE_END
from .asking import Answers
from .commands import Command, Verb
from .dealer import Progress
from .helping import Helper
from .jumps import Jump
from .keeper import Keeper
from .questions import Question
from .reply import Reply as Reply
from .rounds import Kept, Round
from .screen import Audience
from .settings import Settings
from .stepper import Stepper
from .ui_state import UIState
from .view import Highlight, View

if TYPE_CHECKING:
    from .drills import Drill


class Session:
    """The games of one sitting: commands in, replies and views out."""

    def __init__(
        self,
        settings: Settings,
        keeper: Keeper,
        *,
        legend: list[str],
        audience: Audience = Audience.PROGRAM,
        scripted: bool = False,
        clock: Callable[[], float] = time.monotonic,
        on_progress: Callable[[View], None] | None = None,
        resumed: Kept | None = None,
        drill: Drill | None = None,
    ) -> None:
        """``keeper``: the records, opened once for the run; ``audience``: who reads it (a
        viewer at a full screen sees the search's progress through ``on_progress``);
        ``scripted``: the moves come from a pipe, not a player at the keyboard;
        ``resumed``: a game left unfinished, to go on with first; ``drill``: the
        drill that deals each next board (:mod:`.drills`)."""
        self.settings = settings
        self.keeper = keeper
        keeper.gather_warnings()
        self.legend = legend
        self.audience = audience
        self.scripted = scripted
        self.clock = clock
        self.on_progress = on_progress
        self.drill = drill
        self.round_number = 0
        """Rounds begun before the current one: with ``--seed N``, it deals from N + this."""
        self.question: Question | None = None
        self.asking = Answers(self)
        self.stepper = Stepper()
        self.helper = Helper()
        self._held: takeback.Held | None = None  # the game as a typed word began
        self.marks = False
        """``?`` marks are on (``--marks``): ``mark`` puts them, and a flag command goes
        hidden → flag → ``?`` → hidden; off, ``mark`` is refused."""
        self._handlers: dict[Verb, Callable[[Command], Reply]] = {
            row.verb: getattr(self, row.handler) for row in verbs.TABLE
        }
        self.current: Round
        self.ui: UIState
        if resumed is not None:
            self.current = resumed.round
            if scripted:
                self.current.note_scripted()
            game = resumed.round.game
            self.ui = UIState(game.width, game.height, resumed.cursor)
            self.ui.messages = (_("Welcome back: the game goes on where you left it."),)
        else:
            self._begin(Round.numbered(settings, 0, clock))
            if drill is not None:
                self.tell(drill.about())

    # --- what to show -----------------------------------------------------------------

    def view(self, rows: tuple[str, ...] | None = None) -> View:
        """What to draw now: the round's board (or ``rows``, a board on its way to it)
        and the player's side, where a viewer reads why the game is not kept until it is."""
        unkept = self.keeper.unkept if self.audience is Audience.VIEWER else ()
        return self.ui.picture(self.current, rows, unkept)

    def goodbye(self) -> list[str]:
        """What the player reads on leaving: the games of the run, the game kept."""
        return self.keeper.goodbye()

    @property
    def records(self) -> list[GameRecord]:
        """The games recorded in this run."""
        return self.keeper.records

    def wave_views(self, reply: Reply, most: int) -> list[View]:
        """The views between ``reply.before`` and now, one per reveal wave but the last,
        ``most`` of them at most."""
        if reply.before is None or reply.outcome is None:
            return []
        return self.ui.waves(self.current, reply.before, reply.outcome, most)

    def tell(self, *lines: str) -> None:
        """Words for the player under what the board already says."""
        self.ui.messages = (*self.ui.messages, *lines)

    def say(self, *messages: str) -> Reply:
        """Only words: a line that was not a command, a move refused for now."""
        self.ui.messages = messages
        self.ui.page = None
        return Reply()

    # --- commands, each verb's handler named in its row -------------------------------

    def handle(self, command: Command) -> Reply:
        """Carry out one command; the front end draws what it did, then has it kept
        (:meth:`keep`) before it reads the next."""
        if verbs.ROWS[command.verb].fresh:
            self.ui.page = None
            self.ui.highlight = Highlight()
            self.ui.messages = ()
        return self._handlers[command.verb](command)

    def _quit(self, _command: Command) -> Reply:
        return Reply(leave=True)

    def _new(self, command: Command) -> Reply:
        again = command.verb is Verb.AGAIN
        if again and self.current.journal.start is None:
            return self.say(
                _("There is no board to play again yet: the mines are laid at the first reveal.")
            )
        if self.current.in_progress:
            self.question = Question.ABANDON
            self.asking.same_board_next = again
            self.asking.given_up_at = self.current.seconds()
            return Reply(question=Question.ABANDON, changed=False)
        return self._next_round(same_board=again)

    def _manual(self, command: Command) -> Reply:
        if command.topic is not None:
            self.ui.messages = tuple(commands.manual(command.topic))  # under the board
            return Reply()
        return self._page(command, commands.manual() + self.legend)

    def _statistics(self, command: Command) -> Reply:
        return self._page(command, self.keeper.statistics(self.current))

    def _review(self, command: Command) -> Reply:
        progress = self._progress(_("Reviewing your moves… {percent}%"))
        return self._page(command, self.helper.review(self.current, progress))

    def _page(self, command: Command, lines: list[str]) -> Reply:
        """Text instead of the board, from the page ``command`` names."""
        name = commands.name(command.verb)
        self.ui.show_page(lines, command.number or 1, name, self.audience is Audience.VIEWER)
        return Reply()

    def _read(self, command: Command) -> Reply:
        """A cell, its neighbours or a row, said in words (:mod:`.reading`)."""
        self.ui.messages = reading.said(self.current.game.rows(), command)
        return Reply()

    def _save_to(self, command: Command) -> Reply:
        assert command.file is not None, "save names a file"
        return self._save(Path(command.file).expanduser())  # “~/”, as a shell reads it

    def _auto(self, command: Command) -> Reply:
        if self.current.game.end is not None:
            self.ui.messages = (_("The game is over: type “new” for another."),)
            return Reply(question=self.question)
        self.stepper.start(command.number)
        return Reply()

    def _move(self, command: Command) -> Reply:
        assert command.move is not None, f"{command} is a move"
        unflag = command.verb is Verb.UNFLAG
        move = self.current.meant(command.move, unflag=unflag, marks=self.marks)
        if isinstance(move, str):
            return self.say(move)
        self.ui.cursor = move.cell
        return self._play(move)

    def steer(self, step: Point | Jump) -> View:
        """Move the cursor by ``step``, stopping at the edges, or where a jump lands."""
        if step is Jump.DECIDED:
            self.ui.cursor = self.helper.decided(self.current, self.ui) or self.ui.cursor
        else:
            self.ui.steer(self.current, step)
        return self.view()

    def hold(self) -> None:
        """Letters typed at the cursor begin a word that may be a command typed by habit."""
        self._held = takeback.Held(self.current, self.current.checkpoint(), self.ui)

    def withdraw(self) -> View:
        """The word was a command: as if its keys were never pressed (:class:`.takeback.Held`)."""
        held, self._held = self._held, None
        if held is not None and held.put_back(self.current):
            self.ui = held.ui
            self.tell(*self.keeper.withdrawn(self.current, self.ui.cursor))
        return self.view()

    # --- questions --------------------------------------------------------------------

    def decline(self) -> Reply:
        """Ctrl-C at :attr:`question` cancels it as its “no” would: the game goes on, no
        classic board is laid, no other game begins, no file is replaced."""
        return self.answer("n")  # one of NO

    def answer(self, text: str) -> Reply:
        """The answer to :attr:`question`; kept, as :meth:`handle`'s command is, by :meth:`keep`."""
        return self.asking.answer(text)

    @property
    def paused(self) -> bool:
        """The game is paused: the front end waits for a key, then :meth:`go_on`."""
        return self.current.paused

    def _pause(self, _command: Command) -> Reply:
        """Hide the board and stop the clock, for a viewer at a full screen; line by line
        there is nothing to hide and nobody to wait for, so it does nothing there."""
        if self.audience is not Audience.VIEWER:
            return self.say(
                _(
                    "Line by line there is no pause: the clock runs on. Leaving keeps the"
                    " game with its clock stopped, for “buscaminas --resume”."
                )
            )
        if not self.current.in_progress:
            return self.say(_("There is no game in progress to pause: no clock is running."))
        self.current.pause()
        return Reply()

    def go_on(self) -> Reply:
        """The pause ends: the clock runs again and the board is back."""
        self.current.go_on()
        self.ui.messages = (_("The game goes on."),)
        return Reply()

    # --- the AI, which its stepper plays ----------------------------------------------

    @property
    def ai_playing(self) -> bool:
        """The AI is playing: :meth:`ai_step` makes its next move."""
        return self.stepper.playing

    def ai_step(self) -> Reply:
        """The AI's next move, said in words; it stops at its count or at the end.  Like
        the player's, it is kept (:meth:`keep`) before the next."""
        return self.stepper.step(self.current, self.ui, lambda move: self._play_as(move, True))

    def ai_moves_expected(self) -> int:
        """At most how many moves the AI has still to make."""
        return self.stepper.moves_expected(self.current)

    def stop_ai(self) -> Reply:
        """The player stopped the AI (a key, Ctrl-C): say after how many moves."""
        return self.stepper.stop(self.ui)

    # --- rounds -----------------------------------------------------------------------

    def _begin(self, current: Round) -> None:
        """Play ``current`` from here, opened where its settings say."""
        self.current = current
        if self.scripted:
            current.note_scripted()
        settings = current.settings
        self.ui = UIState(settings.width, settings.height)
        if settings.opening is not None:
            # Opened where it was first opened: the player's time starts with their move.
            self.ui.cursor = settings.opening
            self._play(Move(Action.TRY, settings.opening))  # dealt, and told if seen
            current.hand_over()
        elif current.journal.start is not None:  # a board file's: dealt as it begins
            self._tell_if_seen()

    def _next_round(self, *, same_board: bool = False) -> Reply:
        """Another game: the next round, or the board just played dealt again
        (:meth:`Round.dealt_again`), after which the rounds go on from the settings."""
        played = self.current
        self.keeper.let_go(played)
        self.question, self.asking.told = None, False
        self.stepper.halt()
        if same_board:
            self._begin(played.dealt_again())
            self.tell(_("The same board again: its mines are where they were."))
        elif self.drill is not None:
            self._begin(self.drill.next_round(played, self.clock))
        else:
            self.round_number += 1
            self._begin(Round.numbered(self.settings, self.round_number, self.clock))
        if self.drill is not None:
            self.tell(self.drill.about())
        return Reply(new_round=True)

    def _undo(self, _command: Command) -> Reply:
        if takeback.undo(self.current, self.ui):  # a lost game reopened: no “play again?”
            self.question = None
            self.asking.told = False
        return Reply()

    def _redo(self, _command: Command) -> Reply:
        return takeback.redo(self.current, self.ui, self._play_as)

    def _play_as(self, move: Move, by_ai: bool) -> Reply:
        return self._play(move, by_ai=by_ai)

    def _save(self, path: Path, *, replace: bool = False) -> Reply:
        """Write the game as a board file; one already there only once the player agrees."""
        saved = saving.save(self.current, path, replace=replace, own=self.keeper.own_file)
        if saved.written:  # its mines are in the file: this game and any other of its board
            self.current.write_out()
            self.keeper.written_out(self.current)
        self.ui.messages = (saved.said,)
        if saved.there:
            self.question = Question.REPLACE
            self.asking.save = path
            return Reply(question=Question.REPLACE)
        return Reply(question=self.question)

    def put_away(self) -> None:
        """The player is leaving: the game in progress waits for the next start, its
        cursor where the player left it."""
        self.keeper.put_away(self.current, self.ui.cursor)

    def keep(self) -> bool:
        """Keep the game in progress as the last command left it: called once its picture
        is drawn, before the next input is acted on, so the screen never waits for the
        disk.  True when it could not be kept: the words saying so are to be drawn."""
        told = self.keeper.keep(self.current, self.ui.cursor)
        self.tell(*told)
        return bool(told)

    def _finish_if_over(self) -> None:
        """Record a game that has just ended, say how it went, ask to play again.  What the
        solver kept of the game's positions goes first: no later position is this game's,
        and the record is made in the memory they held."""
        went_on = self.current.lost_again()
        if went_on is not None or self.current.record_once():
            _forget_the_analysis()
            self.question = Question.AGAIN  # asked even if Ctrl-C cuts the save short
            if went_on is not None:
                self.tell(*self.keeper.lost_again(self.current, went_on))
            else:
                self.tell(*self.keeper.record_end(self.current))

    def _play(self, move: Move, *, by_ai: bool = False) -> Reply:
        """Apply one move, dealing the mines first if it is the first ``try``; a
        no-guess search that finds none asks whether to play a classic board."""
        current = self.current
        game = current.game
        # A flagged cell's try is refused by the engine: laying the mines around it
        # would leave the real first reveal unprotected.
        dealing = move.action is Action.TRY and not game.started and move.cell not in game.flags
        if dealing:
            searching = _("Generating a board with no guessing… {percent}%")
            why = dealer.deal(current, move.cell, lambda: self._progress(searching))
            if why is not None:
                self.ui.messages = (why,)
                self.question = Question.CLASSIC
                self.asking.move = move
                return Reply(question=self.question)
        before = game.rows()
        outcome = game.act(move)
        if game.exploded is not None:
            self.ui.cursor = game.exploded  # where the game ended, in view
        current.log(outcome, by_ai=by_ai)
        self.ui.messages = narration.outcome(outcome, game, current.seconds(), current.journal)
        if dealing and current.kind is BoardKind.NO_GUESS:
            promise = narration.no_guessing(current.settings.logic)
            self.ui.messages = (*promise, *self.ui.messages)
        if dealing:
            self._tell_if_seen()
        self._finish_if_over()
        return Reply(before=before, outcome=outcome, question=self.question)

    def _tell_if_seen(self) -> None:
        """Say, as soon as its mines are dealt, that the game is practice when the player
        has seen its board in another game (a code, ``again``, a seed, a board file)."""
        if self.keeper.seen_before(self.current):
            practice = _(
                "You have played this board before: this game is practice, kept apart"
                " in your statistics (no points, no best time, no streak)."
            )
            self.ui.messages = (*self.ui.messages, practice)

    def _progress(self, words: str) -> Progress:
        """Show how far a long task has got, once it has taken long enough to be noticed."""
        on_progress = self.on_progress
        show = None if on_progress is None else lambda: on_progress(self.view())
        return self.ui.progress(words, self.clock, show)

    def _help(self, command: Command) -> Reply:
        """A hint: a certain cell and why, or a probability, or a rescue."""
        rescued = self.helper.hint(self.current, self.ui, command.cell)
        if rescued is None:
            return Reply()
        before, outcome = rescued
        self._finish_if_over()
        return Reply(before=before, outcome=outcome, question=self.question)


def _forget_the_analysis() -> None:
    """Let go of what the solver keeps of the positions it read, if it was ever loaded: a
    game played without it (a board file, by hand) left nothing, and loads nothing."""
    solver = sys.modules.get("buscaminas.core.solver")
    if solver is not None:
        solver.forget()
