"""A player's session: it takes a command and says what to show.

:class:`Session` is push-style: a typed line, a key or a click becomes a
:class:`~buscaminas.game.commands.Command`, :meth:`Session.handle` carries it
out through the handler its verb's row names (:mod:`~buscaminas.game.verbs`)
and returns a :class:`Reply`, and :meth:`Session.view` is the picture to draw.
It knows nothing of terminals, so a test, a pipe, a prompt, keys or a mouse
drive it alike.  It hands the rest on: the mines to the dealer
(:mod:`~buscaminas.game.dealer`), the records to its keeper
(:mod:`~buscaminas.game.keeper`), the AI's turn to its stepper
(:mod:`~buscaminas.game.stepper`), the game's history to the round and its
journal.  It asks the questions that need an answer (a classic board after a
failed no-guess search, another game) as a :class:`Question` that the next
input answers, and keeps what only the player's side needs: the cursor, the
highlights, the messages (its :class:`~buscaminas.game.ui_state.UIState`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

from ..core.alphabet import Symbol
from ..core.board import BoardKind
from ..core.engine import Action, Move, patched
from ..core.grid import Point
from ..core.scoring import GameRecord
from ..i18n import _
from ..records import sharecode
from ..records.presets import board_label
from ..records.storage import Recorded
from . import commands, dealer, jumps, narration, saving, verbs
from .commands import Command, ParseError, Verb, label
from .dealer import BoardRefused as BoardRefused  # where the front ends find them
from .dealer import Progress
from .dealer import why_no_board as why_no_board
from .jumps import Jump
from .keeper import Keeper
from .questions import AGAIN, LEAVE, QUIT, SAME_BOARD, SURE, YES, Question
from .reply import Reply as Reply
from .rounds import Kept, Round
from .screen import Audience
from .settings import Settings
from .stepper import Stepper
from .ui_state import UIState
from .view import Highlight, View

# The generator, the solver, the hints and the statistics load when first asked for
# (the first move, a hint, the AI, the end of a game), so that the board is on
# screen as soon as the terminal is ready.

PROGRESS_AFTER = 0.2
"""Seconds of searching before the progress line appears: most boards come sooner."""
AFTER_THE_END = verbs.allowed(verbs.Allowed.AFTER_THE_END)
"""Commands that look back at a finished game, or take its last move back."""


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
    ) -> None:
        """``keeper``: the records, opened once for the run; ``audience``: who reads it (a
        viewer at a full screen is told how to go back from the manual, and sees the
        search's progress through ``on_progress``); ``scripted``: the moves come from a
        pipe, not a player at the keyboard; ``resumed``: a game left unfinished, to go
        on with first."""
        self.settings = settings
        self.keeper = keeper
        keeper.gather_warnings()
        self.legend = legend
        self.audience = audience
        self.scripted = scripted
        self.clock = clock
        self.on_progress = on_progress
        self.round_number = 0
        """Rounds begun before the current one: with ``--seed N``, it deals from N + this."""
        self.records: list[GameRecord] = []
        self.warnings = keeper.warnings
        self.put_away_kept = False
        """The game in progress was kept for the next start, the player having left."""
        self.question: Question | None = None
        self._told = False
        self._waiting_move: Move | None = None
        self._same_board_next = False
        """The game given up at :attr:`Question.ABANDON` is followed by its own board."""
        self._waiting_save: Path | None = None
        """The file that ``save`` would replace, if the player says so."""
        self._reviewed: tuple[tuple[object, ...], list[str]] | None = None
        """The last review's game and moves, and its lines, for its other pages."""
        self.stepper = Stepper()
        self.marks = False
        """The player uses ``?`` marks (``--marks``): ``mark`` puts them, and a flag
        command, whatever sends it (typed, ``f``, a right click), goes hidden → flag →
        ``?`` → hidden.  Off, ``mark`` is refused and a flag comes and goes as always."""
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
            self._start_round()

    # --- what to show -----------------------------------------------------------------

    def view(self, rows: tuple[str, ...] | None = None) -> View:
        """What to draw now: the round's board (or ``rows``, a board on its way to it)
        and the player's side of the screen."""
        current, ui = self.current, self.ui
        game = current.game
        shown = View(
            rows=game.rows() if rows is None else rows,
            mines_left=game.mines_left,
            state=current.state(),
            elapsed=current.elapsed(),
            board_name=current.board_name(),
            hints=current.hints,
            ai_moves=current.ai_moves,
            cursor=ui.cursor,
        )
        if current.paused:  # nothing of the board to see, nothing to think about meanwhile
            return shown._replace(
                rows=tuple(Symbol.HIDDEN * game.width for _row in range(game.height)),
                page=(
                    _("The game is paused: the board is hidden and the clock stopped."),
                    _("Press any key to go on."),
                ),
            )
        return shown._replace(
            messages=ui.messages,
            exploded=game.exploded,
            highlight=ui.highlight,
            page=ui.page,
            page_number=ui.page_number,
            page_command=ui.page_command,
        )

    def goodbye(self) -> list[str]:
        """What the player reads on leaving: the session's games, worst to best, and
        where the game left in progress went, so that nobody thinks it lost."""
        from ..records.stats import format_session

        lines = format_session(self.records, board_label)
        if self.put_away_kept:
            lines.append(_("Your game is kept: “buscaminas --resume” goes on with it."))
        lines += dict.fromkeys(self.warnings)  # why a game was not kept, said before leaving
        self.warnings.clear()
        return lines

    def wave_views(self, reply: Reply) -> list[View]:
        """The views between ``reply.before`` and now, one per reveal wave but the last."""
        if reply.before is None or reply.outcome is None or len(reply.outcome.waves) < 2:
            return []
        rows = reply.before
        views = []
        for wave in reply.outcome.waves[:-1]:
            rows = patched(rows, wave, self.current.game.shown)
            views.append(self.view(rows))
        return views

    def tell(self, line: str) -> None:
        """A word for the player under what the board already says."""
        self.ui.messages = (*self.ui.messages, line)

    def say(self, *messages: str) -> Reply:
        """Only words: a line that was not a command, a move refused for now."""
        self.ui.messages = messages
        self.ui.page = None
        return Reply()

    # --- commands, each verb's handler named in its row -------------------------------

    def handle(self, command: Command) -> Reply:
        """Carry out one command; whatever it did to the game is in the records before
        the next is read."""
        reply = self._handle(command)
        self._persist()
        return reply

    def _handle(self, command: Command) -> Reply:
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
            self._same_board_next = again
            return Reply(question=Question.ABANDON, changed=False)
        return self._same_board() if again else self._next_round()

    def _manual(self, command: Command) -> Reply:
        if command.topic is not None:
            self.ui.messages = tuple(commands.manual(command.topic))  # under the board
            return Reply()
        return self._page(command, commands.manual() + self.legend)

    def _statistics(self, command: Command) -> Reply:
        return self._page(command, self.keeper.statistics())

    def _review(self, command: Command) -> Reply:
        return self._page(command, self._reviewed_lines())

    def _page(self, command: Command, lines: list[str]) -> Reply:
        """Text instead of the board, from the page ``command`` names."""
        self.ui.page = tuple(lines)
        self.ui.page_number = command.number or 1
        self.ui.page_command = commands.name(command.verb)
        if self.audience is Audience.VIEWER:
            self.ui.messages = (_("Type any command to return to the board."),)
        return Reply()

    def _save_to(self, command: Command) -> Reply:
        assert command.file is not None, "save names a file"
        return self._save(Path(command.file))

    def _auto(self, command: Command) -> Reply:
        if self.current.game.end is not None:
            self.ui.messages = (_("The game is over: type “new” for another."),)
            return Reply(question=self.question)
        self.stepper.start(command.number)
        return Reply()

    def _move(self, command: Command) -> Reply:
        current = self.current
        move = command.move
        assert move is not None, f"{command} is a move"
        if move.action is Action.MARK and not self.marks:
            return self.say(
                _(
                    "? marks are off: start with --marks, or put “marks = true” in the"
                    " configuration file (“buscaminas config” says where it is)."
                )
            )
        if command.verb is Verb.UNFLAG and move.cell not in current.game.flags:
            # Only a flag comes off: a flag move here would put one on.
            return self.say(_("There is no flag at {cell}.").format(cell=label(move.cell)))
        if command.verb is Verb.FLAG and self.marks:
            move = current.game.flag_cycle(move.cell)
        self.ui.cursor = move.cell
        if move.action is Action.TRY and self._satisfied(move.cell):
            move = Move(Action.EXPAND, move.cell)  # as the modern Minesweepers do
        return self._play(move)

    def steer(self, step: Point | Jump) -> View:
        """Move the cursor by ``step``, stopping at the edges, or where a jump lands."""
        x, y = self.ui.cursor
        game = self.current.game
        if isinstance(step, Jump):
            landing = (
                self._decided() if step is Jump.DECIDED
                else jumps.landing(step, game.rows(), self.ui.cursor)
            )
            if landing is None and step is not Jump.DECIDED:
                self.ui.messages = (_("No hidden cell is left to jump to."),)
            self.ui.cursor = landing or self.ui.cursor
            return self.view()
        self.ui.cursor = (
            min(max(x + step[0], 0), game.width - 1),
            min(max(y + step[1], 0), game.height - 1),
        )
        return self.view()

    def _decided(self) -> Point | None:
        """The next hidden cell after the cursor that logic decides, safe or mine, with
        words that do not say which: a hint, counted once per position as ``help`` is."""
        current = self.current
        game = current.game
        if game.end is not None:
            self.ui.messages = (_("The game is over: there is nothing left to decide."),)
            return None
        if not game.started:
            self.ui.messages = (_("Before the first reveal nothing is decided: any cell is safe."),)
            return None
        from ..core.solver import Position, analyze

        analysis = analyze(Position.from_game(game))
        current.count_hint(Jump.DECIDED)
        decided = (analysis.safe | analysis.mines) & jumps.hidden(game.rows())
        landing = jumps.next_in_reading_order(decided, self.ui.cursor, (game.width, game.height))
        self.ui.highlight = Highlight()
        if landing is None:
            self.ui.messages = (
                _("Logic decides no hidden cell now: each one left is a guess (a hint)."),
            )
        else:
            self.ui.messages = (
                _("Logic decides {cell}: safe or a mine, that is for you to find (a hint).").format(
                    cell=label(landing)
                ),
            )
        return landing

    # --- questions --------------------------------------------------------------------

    def decline(self) -> Reply:
        """Ctrl-C at :attr:`question`: the question is cancelled, as its “no” would:
        the game goes on, no classic board is laid, no other game begins, no file is
        replaced."""
        return self.answer("n")  # one of NO

    def answer(self, text: str) -> Reply:
        """The answer to :attr:`question`; the game, as it leaves it, is in the records."""
        reply = self._answer(text)
        self._persist()
        return reply

    def _answer(self, text: str) -> Reply:
        answer = text.strip().lower()
        question, self.question = self.question, None
        if answer in QUIT:  # from any question, as from the board
            self._waiting_save = self._waiting_move = None
            return Reply(leave=True)
        if question is Question.ABANDON:
            if answer in SURE:
                self._abandon()
                return self._same_board() if self._same_board_next else self._next_round()
            self.ui.messages = (_("The game goes on."),)
            return Reply()
        if question is Question.REPLACE:
            path, self._waiting_save = self._waiting_save, None
            assert path is not None
            if answer in SURE:
                return self._save(path, replace=True)
            self.ui.messages = (_("Not saved: {file} is as it was.").format(file=path),)
            return Reply()
        if question is Question.CLASSIC:
            move, self._waiting_move = self._waiting_move, None
            assert move is not None
            if answer not in YES:
                self.ui.messages = (_("No mines were laid: try a cell when you are ready."),)
                return Reply()
            self.current.play_classic()
            dealer.lay(self.current, move.cell, None)
            return self._play(move)
        if answer in AGAIN:
            return self._next_round()
        if answer in SAME_BOARD:
            return self._same_board()
        if answer in LEAVE:
            return Reply(leave=True)
        after = self._after_the_end(text)
        if after is not None:
            return after
        self.question = Question.AGAIN
        if self._told:
            return Reply(question=Question.AGAIN, changed=False)
        self._told = True
        reminder = _("Press Enter to play again, or type n to leave.")
        self.ui.messages = (*self.ui.messages, reminder)
        return Reply(question=Question.AGAIN, note=reminder)

    def _after_the_end(self, text: str) -> Reply | None:
        """At “play again?”, a command that looks back at the game (undo, save, the
        manual…) is carried out, and the question stays while the game stays over."""
        game = self.current.game
        try:
            command = commands.parse(text, game.width, game.height)
        except ParseError:
            return None
        if command.verb not in AFTER_THE_END:
            return None
        reply = self._handle(command)
        if self.current.game.end is not None:
            self.question = Question.AGAIN
        return Reply(before=reply.before, outcome=reply.outcome, question=self.question)

    # --- the pause --------------------------------------------------------------------

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
        the player's, the move is in the records before the next."""
        reply = self.stepper.step(self.current, self.ui, self._play_for_the_ai)
        self._persist()
        return reply

    def _play_for_the_ai(self, move: Move) -> Reply:
        return self._play(move, by_ai=True)

    def ai_moves_expected(self) -> int:
        """At most how many moves the AI has still to make."""
        return self.stepper.moves_expected(self.current)

    def stop_ai(self) -> Reply:
        """The player stopped the AI (a key, Ctrl-C): say after how many moves."""
        return self.stepper.stop(self.ui)

    # --- rounds -----------------------------------------------------------------------

    def _start_round(self) -> None:
        """The next game; with ``--seed N``, round k deals from seed N + k, so that a
        seeded session replays whole, yet no two of its rounds are alike.  Every round
        has a seed, drawn when none is given, so that its share code deals it again;
        a shared board's first round opens at once where the code says, and the rounds
        after it are fresh boards of its size."""
        settings = self.settings
        if settings.opening is not None and self.round_number > 0:
            settings = settings.after_the_shared_board()
        if settings.seed is None:
            seed = random.randrange(2**sharecode.SEED_BITS)
        else:
            seed = (settings.seed + self.round_number) % 2**sharecode.SEED_BITS
        self._begin(Round(settings, seed, self.clock))

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
            self._play(Move(Action.TRY, settings.opening))
            current.hand_over()

    def _next_round(self) -> Reply:
        self.round_number += 1
        self._between_rounds()
        self._start_round()
        return Reply(new_round=True)

    def _between_rounds(self) -> None:
        self.keeper.let_go(self.current)
        self.question = None
        self._told = False
        self.stepper.halt()

    def _same_board(self) -> Reply:
        """The board just played, dealt again: its mines, opened at its first cell as its
        share code would open it (a board file from its own start).  The round is a
        board the player has seen (:attr:`Round.seen`); what that may not count for is
        the records' to say.  The rounds after it go on from the settings as before."""
        played = self.current
        start = played.journal.start
        assert start is not None, "a board is played again once it is dealt"
        settings = played.settings
        if settings.board_file is None:
            assert played.first is not None, "a dealt board has its first cell"
            settings = settings._replace(layout=start.mines, opening=played.first)
        self._between_rounds()
        self._begin(played.dealt_again(settings))
        self.tell(_("The same board again: its mines are where they were."))
        return Reply(new_round=True)

    # --- taking back, putting back, saving --------------------------------------------

    def _undo(self, _command: Command) -> Reply:
        current = self.current
        if current.final:
            return self._won_and_kept()
        if current.last_move_dealt():
            self.ui.messages = (
                _(
                    "The first reveal laid the mines around it, so it stays:"
                    " type “new” for another board."
                ),
            )
            return Reply(question=self.question)
        over = current.game.end is not None
        played = current.take_back()
        if played is None:
            self.ui.messages = (_("Nothing to undo."),)
            return Reply(question=self.question)
        if over:  # a lost game reopened, its loss recorded as it was: no more “play again?”
            self.question = None
            self._told = False
        self.ui.cursor = played.move.cell
        self.ui.messages = (
            _("Took back “{move}”. Type “redo” to put it back.").format(
                move=narration.made(played, current.game)
            ),
        )
        return Reply()

    def _redo(self, _command: Command) -> Reply:
        current = self.current
        if current.final:
            return self._won_and_kept()
        played = current.journal.to_put_back()
        if played is None:
            self.ui.messages = (_("Nothing to redo."),)
            return Reply(question=self.question)
        made = narration.made(played, current.game)  # named on the board it is made on
        self.ui.cursor = played.move.cell
        reply = self._play(played.move, by_ai=played.by_ai)  # still the AI's choice, if it was
        self.ui.messages = (_("Put back “{move}”.").format(move=made), *self.ui.messages)
        return reply

    def _won_and_kept(self) -> Reply:
        """A win is final: undo and redo change nothing of it, and say where it can still
        be gone over."""
        self.ui.messages = (
            _(
                "This game is won and kept as it ended: nothing is taken back or put back."
                " “review” goes over its moves, and “buscaminas replay” plays them again."
            ),
        )
        return Reply(question=self.question)

    def _save(self, path: Path, *, replace: bool = False) -> Reply:
        """Write the game as a board file; a file already there is replaced only once the
        player says so."""
        there, said = saving.save(self.current, path, replace=replace)
        self.ui.messages = (said,)
        if there:
            self.question = Question.REPLACE
            self._waiting_save = path
            return Reply(question=Question.REPLACE)
        return Reply(question=self.question)

    # --- the records, which its keeper writes ------------------------------------------

    def put_away(self) -> None:
        """Leave the game in progress for the next start, where the player left it: the
        player is leaving.  (Each move is in the records already: this keeps the
        cursor, and lets the game go, for whoever starts next to take up.)"""
        if self.current.worth_keeping:
            self.put_away_kept = self.keeper.put_away(self.current, self.ui.cursor)

    def _persist(self) -> None:
        """Keep the game in progress in the records as the last command left it, and say
        so if it could not be kept."""
        told = self.keeper.keep(self.current, self.ui.cursor)
        if told:
            self.ui.messages = (*self.ui.messages, *told)

    def _abandon(self) -> None:
        """Record the game in progress as given up: played, and not won."""
        current = self.current
        if not current.in_progress:
            return
        record = current.as_record(abandoned=True)
        saved = self.keeper.record(record)
        self._remember(record._replace(practice=saved is Recorded.PRACTICE))

    def _finish_if_over(self) -> None:
        """Record a game that has just ended, tell the player how it went, and ask
        whether to play again."""
        from ..records.stats import format_result

        current = self.current
        if not current.record_once():
            return
        self.question = Question.AGAIN  # asked even if Ctrl-C cuts the save short
        record = current.as_record()
        self._remember(record)
        saved = self.keeper.record(record)
        if saved is Recorded.PRACTICE:  # the records knew its board: it counts apart
            record = record._replace(practice=True)
            self._remember(record)
        self.ui.messages = (*self.ui.messages, *self.warnings, *format_result(record, saved))
        self.warnings.clear()

    def _remember(self, record: GameRecord) -> None:
        """Keep the session's tally, one record a game: the records' word that it is
        practice replaces the record first kept."""
        self.records = [kept for kept in self.records if kept.identity != record.identity]
        self.records.append(record)

    # --- moves and hints --------------------------------------------------------------

    def _satisfied(self, cell: Point) -> bool:
        """A revealed number whose flags are all placed, so that revealing it expands it."""
        game = self.current.game
        number = game.number(cell)
        return bool(number) and game.around(cell)[0] == number

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
                self._waiting_move = move
                return Reply(question=self.question)
        before = game.rows()
        outcome = game.act(move)
        if game.exploded is not None:
            self.ui.cursor = game.exploded  # where the game ended, in view
        current.log(outcome, by_ai=by_ai)
        self.ui.messages = narration.outcome(outcome, game, current.seconds())
        if dealing and current.kind is BoardKind.NO_GUESS:
            # Said once the board exists: a search that fails would make it untrue.
            no_guessing = _("This board can be solved without guessing.")
            self.ui.messages = (no_guessing, *self.ui.messages)
        self._finish_if_over()
        return Reply(before=before, outcome=outcome, question=self.question)

    def _progress(self, words: str) -> Progress:
        """Show how far a long task has got (``words`` with its ``{percent}``), once it has
        taken long enough to be noticed."""
        shown = -1
        began = self.clock()

        def progress(fraction: float) -> None:
            nonlocal shown
            done = int(fraction * 100)
            noticeable = self.clock() - began >= PROGRESS_AFTER
            if done != shown and noticeable and self.on_progress is not None:
                shown = done
                self.ui.messages = (words.format(percent=done),)
                self.on_progress(self.view())

        return progress

    def _help(self, command: Command) -> Reply:
        """A hint: a certain cell and why, or a probability, or a rescue."""
        current = self.current
        game = current.game
        cell = command.cell
        current.take_a_hint(cell)
        from . import hints

        hint = hints.hint(game) if cell is None else hints.chance(game, cell)
        self.ui.highlight = hint.highlight
        self.ui.messages = hint.messages
        to_open = hint.targets - hint.mines  # never a mine the hint proves: a key opens it
        if to_open:
            self.ui.cursor = min(to_open, key=lambda target: (target[1], target[0]))
        if hint.rescue is None:
            return Reply()
        before = game.rows()
        *taken_off, outcome = game.rescue(hint.rescue) or (None,)
        if outcome is None:
            return Reply()
        for unflagged in taken_off:
            current.log(unflagged)
        current.log(outcome)
        self.ui.highlight = Highlight(frozenset(outcome.revealed[:1]))
        self.ui.cursor = outcome.move.cell
        done = (
            _("To keep the game going, I took the flag off {cell} and revealed it: it was safe.")
            if taken_off
            else _("To keep the game going, I revealed {cell} for you: it was safe.")
        )
        self.ui.messages += (
            done.format(cell=label(outcome.move.cell)),
            *narration.outcome(outcome, game, current.seconds()),
        )
        self._finish_if_over()
        return Reply(before=before, outcome=outcome, question=self.question)

    def _reviewed_lines(self) -> list[str]:
        """The game's moves judged by the solver, worked out once for each position: the
        pages of one review come from the same work.  A review names cells proved
        safe or mines, so during a game it counts as a hint, once per position."""
        from .commentary import help_note, review_lines
        from .review import review

        current = self.current
        reviewed = (current.identity, tuple(current.journal.moves))
        if self._reviewed is None or self._reviewed[0] != reviewed:
            dealt = current.settings.board_file is None
            try:
                judged = review(
                    current.journal,
                    dealt=dealt,
                    progress=self._progress(_("Reviewing your moves… {percent}%")),
                )
            except KeyboardInterrupt:
                return [_("Review cancelled.")]
            lines = [*review_lines(judged), *help_note(judged, current.assisted)]
            if current.in_progress:
                current.count_review()
                lines.insert(0, _("A review during a game counts as a hint."))
            self._reviewed = (reviewed, lines)
        return self._reviewed[1]
