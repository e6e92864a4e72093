"""A player's session: it takes a command and says what to show.

:class:`Session` is push-style: a typed line, a key or a click becomes a
:class:`~buscaminas.game.commands.Command`, :meth:`Session.handle` applies it and
returns a :class:`Reply`, and :meth:`Session.view` is the picture to draw.
It knows nothing of terminals, so a test, a pipe, a prompt, keys or a mouse
drive it alike.  It deals the mines itself before the first move reaches
the engine, asks the questions that need an answer (a classic board after a
failed no-guess search, another game) as a :class:`Question` that the next
input answers, and keeps what only the player's side needs: the cursor, the
highlights, the messages (its :class:`~buscaminas.game.ui_state.UIState`, apart
from the round's game), the records.
"""

from __future__ import annotations

import copy
import random
import shlex
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from .. import signals
from ..core.alphabet import Symbol
from ..core.board import BoardKind
from ..core.engine import Action, Move, Outcome, patched
from ..core.grid import Point
from ..core.scoring import GameRecord
from ..i18n import _, ngettext
from ..records import boardfile, sharecode
from ..records.presets import board_label
from ..records.storage import Recorded
from . import commands, jumps, narration
from .commands import Command, ParseError, Verb, label, said
from .journal import Played
from .jumps import Jump
from .percent import percent
from .questions import AGAIN, LEAVE, SAME_BOARD, SURE, YES, Question
from .rounds import Kept, Round
from .screen import Audience
from .settings import Settings
from .ui_state import UIState
from .view import Highlight, View

if TYPE_CHECKING:
    from ..records.storage import Store

# The generator, the solver, the hints and the statistics load when first asked for
# (the first move, a hint, the AI, the end of a game), so that the board is on
# screen as soon as the terminal is ready.

PROGRESS_AFTER = 0.2
"""Seconds of searching before the progress line appears: most boards come sooner."""
AFTER_THE_END = frozenset({Verb.UNDO, Verb.REDO, Verb.SAVE, Verb.REVIEW, Verb.MAN, Verb.STATS})
"""Commands that look back at a finished game, or take its last move back."""


class BoardRefused(Exception):
    """A shared board's code deals no board (its search found none): the code is
    refused, with the reason in words, rather than another board dealt under its name."""


class Reply(NamedTuple):
    """What a command did, beyond the view: what to animate, ask, or whether to leave."""

    before: tuple[str, ...] | None = None
    """The board before a move whose reveal waves are worth replaying."""
    outcome: Outcome | None = None
    question: Question | None = None
    new_round: bool = False
    """A new game began: the front end draws it from scratch."""
    leave: bool = False
    note: str | None = None
    """A line said beside the board (a reminder), not a change to it."""
    changed: bool = True
    """False when nothing on the board or in its messages changed."""


class Session:
    """The games of one sitting: commands in, replies and views out."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        *,
        legend: list[str],
        audience: Audience = Audience.PROGRAM,
        scripted: bool = False,
        clock: Callable[[], float] = time.monotonic,
        on_progress: Callable[[View], None] | None = None,
        resumed: Kept | None = None,
    ) -> None:
        """``audience``: who reads it (a viewer at a full screen is told how to go back
        from the manual, and sees the search's progress through ``on_progress``); ``scripted``: the
        moves come from a pipe, not a player at the keyboard; ``resumed``: a game left
        unfinished, to go on with first."""
        self.settings = settings
        self.store = store
        self.legend = legend
        self.audience = audience
        self.scripted = scripted
        self.clock = clock
        self.on_progress = on_progress
        self.round_number = 0
        """Rounds begun before the current one: with ``--seed N``, it deals from N + this."""
        self.records: list[GameRecord] = []
        self.warnings: list[str] = []
        self.put_away_kept = False
        """The game in progress was kept for the next start, the player having left."""
        self.question: Question | None = None
        self._told = False
        self._last_kept: tuple[object, ...] | None = None
        """The game as the records keep it in progress (:meth:`_keeping`)."""
        self._unkept: tuple[str, ...] = ()
        """The warnings shown when the game could not be kept, not shown again."""
        self._waiting_move: Move | None = None
        self._same_board_next = False
        """The game given up at :attr:`Question.ABANDON` is followed by its own board."""
        self._waiting_save: Path | None = None
        """The file that ``save`` would replace, if the player says so."""
        self._ai_moves_left: int | None = None
        self._ai_played = 0
        self._reviewed: tuple[tuple[str, tuple[Played, ...]], list[str]] | None = None
        self._held: tuple[Round, dict[str, object], UIState] | None = None
        """The round, as a word typed at the cursor began, and the player's screen then
        (:meth:`hold`)."""
        """The last review's game and moves, and its lines, for its other pages."""
        self.thinking = False
        """The AI is playing: :meth:`ai_step` makes its next move."""
        self.marks = False
        """The player uses ``?`` marks (``--marks``): ``mark`` puts them, and a flag
        command, whatever sends it (typed, ``f``, a right click), goes hidden → flag →
        ``?`` → hidden.  Off, ``mark`` is refused and a flag comes and goes as always."""
        self.current: Round
        self.ui: UIState
        if resumed is not None:
            self.current = resumed.round
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
        if current.paused:  # nothing of the board to see, nothing to think about meanwhile
            return View(
                rows=tuple(Symbol.HIDDEN * game.width for _row in range(game.height)),
                mines_left=game.mines_left,
                state=current.state(),
                elapsed=current.elapsed(),
                board_name=current.board_name(),
                page=(
                    _("The game is paused: the board is hidden and the clock stopped."),
                    _("Press any key to go on."),
                ),
                hints=current.hints,
                cursor=ui.cursor,
            )
        return View(
            rows=game.rows() if rows is None else rows,
            mines_left=game.mines_left,
            state=current.state(),
            elapsed=current.elapsed(),
            board_name=current.board_name(),
            messages=ui.messages,
            exploded=game.exploded,
            marked=ui.marked,
            page=ui.page,
            page_number=ui.page_number,
            page_command=ui.page_command,
            hints=current.hints,
            cursor=ui.cursor,
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

    # --- commands ---------------------------------------------------------------------

    def tell(self, line: str) -> None:
        """A word for the player under what the board already says."""
        self.ui.messages = (*self.ui.messages, line)

    def say(self, *messages: str) -> Reply:
        """Only words: a line that was not a command, a move refused for now."""
        self.ui.messages = messages
        self.ui.page = None
        return Reply()

    def handle(self, command: Command) -> Reply:
        """Carry out one command; whatever it did to the game is in the records before
        the next is read."""
        reply = self._handle(command)
        self._persist()
        return reply

    def _handle(self, command: Command) -> Reply:
        current = self.current
        if command.verb is Verb.QUIT:
            return Reply(leave=True)
        if command.verb in (Verb.NEW, Verb.AGAIN):
            again = command.verb is Verb.AGAIN
            if again and current.journal.start is None:
                return self.say(
                    _(
                        "There is no board to play again yet: the mines are laid at the"
                        " first reveal."
                    )
                )
            if current.in_progress:
                self.question = Question.ABANDON
                self._same_board_next = again
                return Reply(question=Question.ABANDON, changed=False)
            return self._same_board() if again else self._next_round()
        self.ui.page = None
        self.ui.marked = Highlight()
        self.ui.messages = ()
        if command.verb is Verb.MAN and command.topic is not None:
            self.ui.messages = tuple(commands.manual(command.topic))  # under the board
            return Reply()
        if command.verb in (Verb.MAN, Verb.STATS, Verb.REVIEW):
            page = {
                Verb.MAN: self._manual,
                Verb.STATS: self._statistics,
                Verb.REVIEW: self._review,
            }[command.verb]()
            self.ui.page = tuple(page)
            self.ui.page_number = command.number or 1
            self.ui.page_command = command.verb.value
            if self.audience is Audience.VIEWER:
                self.ui.messages = (_("Type any command to return to the board."),)
            return Reply()
        if command.verb is Verb.HELP:
            return self._help(command.cell)
        if command.verb is Verb.PAUSE:
            return self._pause()
        if command.verb is Verb.UNDO:
            return self._undo()
        if command.verb is Verb.REDO:
            return self._redo()
        if command.verb is Verb.SAVE:
            assert command.file is not None, "save names a file"
            return self._save(Path(command.file))
        if command.verb is Verb.AUTO:
            if current.game.end is not None:
                self.ui.messages = (_("The game is over: type “new” for another."),)
                return Reply(question=self.question)
            self.thinking = True
            self._ai_moves_left = command.number
            self._ai_played = 0
            return Reply()
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
        current.undone.clear()  # a new move, and what was taken back is gone
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

    def hold(self) -> None:
        """Letters typed at the cursor begin a word that may yet be a command typed by
        habit: what their keys do from now on is kept ready to take back."""
        self._held = (self.current, self.current.checkpoint(), copy.copy(self.ui))

    def withdraw(self) -> View:
        """The word was a command: the game and the player's screen as they were when it
        began, as if its keys had never been pressed (no move, no undo, no hint counted,
        the cursor where it was), and so in the records.  A key of it that ended the
        game, or a game begun since, leaves nothing to take back: a result is final."""
        held, self._held = self._held, None
        if held is not None and held[0] is self.current and self.current.game.end is None:
            current, checkpoint, self.ui = held
            current.restore(checkpoint)
            if current.worth_keeping:
                self._persist()
            elif self._last_kept is not None and self._last_kept[0] == current.identity:
                with signals.deferred():  # a board nobody has touched again: nothing to keep
                    self.store.forget(current.identity)
                self._last_kept = None
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
        self.ui.marked = Highlight()
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
                self.ui.messages = (
                    _("No mines were laid: try a cell when you are ready."),
                )
                return Reply()
            self.current.kind = BoardKind.CLASSIC
            self._lay(move.cell, no_guess=False)
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

    @property
    def paused(self) -> bool:
        """The game is paused: the front end waits for a key, then :meth:`go_on`."""
        return self.current.paused

    def _pause(self) -> Reply:
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

    # --- the AI -----------------------------------------------------------------------

    def ai_step(self) -> Reply:
        """The AI's next move, said in words; it stops at its count or at the end.  Like
        the player's, the move is in the records before the next."""
        reply = self._ai_step()
        self._persist()
        return reply

    def _ai_step(self) -> Reply:
        current = self.current
        game = current.game
        from ..core.solver import Position, analyze

        analysis = analyze(Position.from_game(game))
        cell = analysis.best_move
        chance = analysis.probability[cell]
        current.hints += 1
        self.ui.cursor = cell
        assisted, current.assisted = current.assisted, True  # before a move that may end it
        current.undone.clear()
        if cell in game.flags:
            self._play(Move(Action.FLAG, cell), by_ai=True)
        reply = self._play(Move(Action.TRY, cell), by_ai=True)
        if reply.question is Question.CLASSIC:  # no mines laid, so no move made
            current.assisted = assisted
            current.hints -= 1
            self.thinking = False
            return reply
        self._ai_played += 1
        if chance == 0:
            what = _("AI: {cell} is safe.")
        elif analysis.exact:
            what = _("AI: {cell} is a guess, the best there is ({chance} chance of a mine).")
        else:
            what = _("AI: {cell} is a guess, the safest it can find (about {chance}, an estimate).")
        shown = what.format(cell=label(cell), chance=percent(chance))
        self.ui.messages = (shown, *self.ui.messages)
        self.ui.marked = Highlight(frozenset({cell}))
        done = self._ai_moves_left is not None and self._ai_played >= self._ai_moves_left
        if done or game.end is not None:
            self.thinking = False
        return reply

    def ai_moves_expected(self) -> int:
        """At most how many moves the AI has still to make: each reveals a safe cell at
        least, and it stops at its count."""
        hidden_safe = self.current.game.hidden_safe
        if self._ai_moves_left is None:
            return hidden_safe
        return min(hidden_safe, self._ai_moves_left - self._ai_played)

    def stop_ai(self) -> Reply:
        """The player stopped the AI (a key, Ctrl-C): say after how many moves."""
        self.thinking = False
        played = self._ai_played
        self.ui.messages = (
            ngettext(
                "The AI stopped after {count} move.", "The AI stopped after {count} moves.", played
            ).format(count=played),
        )
        return Reply()

    # --- inside -----------------------------------------------------------------------

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
        self.current = Round(settings, seed, self.clock)
        self.ui = UIState(settings.width, settings.height)
        if settings.opening is not None:
            self._open(settings.opening)

    def _open(self, opening: Point) -> None:
        """Open a shared or repeated board where it was first opened: the player's time
        starts with the player's first move."""
        self.ui.cursor = opening
        self._play(Move(Action.TRY, opening))
        self.current.stop_clock()
        self.current.acted = False  # the code's move, not the player's

    def _next_round(self) -> Reply:
        self.round_number += 1
        self._between_rounds()
        self._start_round()
        return Reply(new_round=True)

    def _between_rounds(self) -> None:
        self._let_go()
        self.question = None
        self._told = False
        self.thinking = False

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
        self.current = Round(settings, played.seed, self.clock)
        self.current.kind = played.kind
        self.current.seen = True
        self.ui = UIState(settings.width, settings.height)
        if settings.opening is not None:
            self._open(settings.opening)
        self.tell(_("The same board again: its mines are where they were."))
        return Reply(new_round=True)

    # --- taking back, keeping, giving up ----------------------------------------------

    def _undo(self) -> Reply:
        current = self.current
        if current.last_move_dealt():
            self.ui.messages = (
                _(
                    "The first reveal laid the mines around it, so it stays:"
                    " type “new” for another board."
                ),
            )
            return Reply(question=self.question)
        recorded = current.recorded
        played = current.take_back()
        if played is None:
            self.ui.messages = (_("Nothing to undo."),)
            return Reply(question=self.question)
        if current.game.end is None:
            self.question = None  # a finished game reopened: no more “play again?”
            self._told = False
            if recorded:  # its result is no longer true; it is recorded again at its end
                with signals.deferred():  # out of the games and kept in progress, at once
                    kept = self.store.reopen(current.identity, self._snapshot())
                self._last_kept = self._keeping() if kept else None
                self._tell_if_unkept(kept)
                self.records = [kept for kept in self.records if kept.identity != current.identity]
        self.ui.cursor = played.move.cell
        self.ui.messages = (
            _("Took back “{move}”. Type “redo” to put it back.").format(move=said(played.move)),
        )
        return Reply()

    def _redo(self) -> Reply:
        current = self.current
        if not current.undone:
            self.ui.messages = (_("Nothing to redo."),)
            return Reply(question=self.question)
        played = current.undone.pop()
        self.ui.cursor = played.move.cell
        return self._play(played.move, by_ai=played.by_ai)  # still the AI's choice, if it was

    def _save(self, path: Path, *, replace: bool = False) -> Reply:
        """Write the game as a board file, mines and all, for ``--board`` to go on with;
        a file already there is replaced only once the player says so."""
        current = self.current
        start = current.journal.start
        if start is None or current.game.end is not None:
            why = (
                _("There is nothing to save yet: the mines are laid at the first reveal.")
                if start is None
                else _("The game is over: there is nothing left to save.")
            )
            self.ui.messages = (why,)
            return Reply(question=self.question)
        game = current.game
        board = boardfile.BoardFile(
            game.width,
            game.height,
            start.mines,
            frozenset(cell for cell in game.grid.cells() if game.is_revealed(cell)),
            game.flags,
            game.marks,
        )
        try:
            boardfile.save(board, path, replace=replace)
        except FileExistsError:
            self.question = Question.REPLACE
            self._waiting_save = path
            self.ui.messages = (_("There is already a file {file}.").format(file=path),)
            return Reply(question=Question.REPLACE)
        except OSError as error:
            failure = (
                _("The game was not saved to {file}: {reason}; the file there is as it was.")
                if replace
                else _("The game was not saved to {file}: {reason}.")
            )
            self.ui.messages = (failure.format(file=path, reason=error.strerror or error),)
            return Reply()
        self.ui.messages = (
            _("Saved to {file}; “buscaminas --board {argument}” goes on with it.").format(
                file=path, argument=shlex.quote(str(path))
            ),
        )
        return Reply()

    def put_away(self) -> None:
        """Leave the game in progress for the next start, where the player left it: the
        player is leaving.  (Each move is in the records already: this keeps the
        cursor, and lets the game go, for whoever starts next to take up.)"""
        current = self.current
        if current.worth_keeping:
            with signals.deferred():  # a second signal now must not lose it
                snapshot = self._snapshot()
                self.put_away_kept = self.store.keep(current.identity, snapshot, playing=False)

    def _snapshot(self) -> dict[str, object]:
        current = self.current
        current.scripted |= self.scripted
        return current.snapshot(self.ui.cursor)

    def _keeping(self) -> tuple[object, ...]:
        """What a snapshot of the game changes with, but for the cursor: the records are
        written again only when it changes."""
        current = self.current
        journal = current.journal
        return (
            current.identity,
            len(journal.moves),
            journal.moves[-1] if journal.moves else None,
            journal.refused,
            current.hints,
            current.assisted,
            current.took_back,
        )

    def _persist(self) -> None:
        """Keep the game in progress in the records, as the last command left it, so that
        however the program ends (a crash, ``kill -9``, a power cut) the next start
        offers it; a game over is in the records already, as a game."""
        current = self.current
        if not current.worth_keeping or self._keeping() == self._last_kept:
            return
        with signals.deferred():
            kept = self.store.keep(current.identity, self._snapshot(), playing=True)
        self._last_kept = self._keeping() if kept else None
        self._tell_if_unkept(kept)

    def _tell_if_unkept(self, kept: bool) -> None:
        """Show the records' warning that the game could not be kept, once for as long
        as it cannot be: the player is to know that a crash now would lose it."""
        if kept:
            self._unkept = ()
            return
        told, self.warnings[:] = tuple(self.warnings), []
        if told != self._unkept:
            self._unkept = told
            self.ui.messages = (*self.ui.messages, *told)

    def _let_go(self) -> None:
        """Take a game whose clock never started out of the records: the player moved on
        from it (flags, a hint, no reveal), and there is no game to record; one that
        started is recorded, finished or abandoned."""
        left = self.current
        if left.worth_keeping and not left.in_progress:
            with signals.deferred():
                self.store.forget(left.identity)

    def _abandon(self) -> None:
        """Record the game in progress as given up: played, and not won."""
        current = self.current
        if not current.in_progress:
            return
        record = current.as_record(scripted=self.scripted or current.scripted, abandoned=True)
        with signals.deferred():
            saved = self.store.add_game(record)
        self._remember(record._replace(practice=saved is Recorded.PRACTICE))

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

    def _satisfied(self, cell: Point) -> bool:
        """A revealed number whose flags are all placed, so that revealing it expands it."""
        game = self.current.game
        number = game.number(cell)
        return bool(number) and game.around(cell)[0] == number

    def _play(self, move: Move, *, by_ai: bool = False) -> Reply:
        """Apply one move, dealing the mines first if it is the first ``try``."""
        current = self.current
        game = current.game
        # A flagged cell's try is refused by the engine: laying the mines around it
        # would leave the real first reveal unprotected.
        dealing = move.action is Action.TRY and not game.started and move.cell not in game.flags
        if dealing and not self._deal(move):
            return Reply(question=self.question)
        before = game.rows()
        outcome = game.act(move)
        current.acted = True
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

    def _deal(self, move: Move) -> bool:
        """Lay the mines around the first cell tried: no-guess unless asked otherwise.

        A no-guess search that finds no layout, or is cancelled with Ctrl-C,
        leaves the question of a classic board; False then.  A shared board is
        the board its code names or none: it raises :class:`BoardRefused`
        (or the Ctrl-C) instead, never offering another board.
        """
        from ..core import generator

        current = self.current
        settings = current.settings
        if settings.layout is not None:
            current.lay(settings.layout, move.cell)
            return True
        if current.kind is BoardKind.CLASSIC:
            self._lay(move.cell, no_guess=False)
            return True
        try:
            self._lay(move.cell, no_guess=True)
        except (generator.LayoutError, KeyboardInterrupt) as reason:
            if settings.opening is not None:
                if isinstance(reason, generator.LayoutError):
                    raise BoardRefused(why_no_board(reason)) from reason
                raise
            self.ui.messages = (why_no_board(reason),)
            self.question = Question.CLASSIC
            self._waiting_move = move
            return False
        return True

    def _lay(self, first: Point, *, no_guess: bool) -> None:
        """Deal the round's mines around ``first`` from its seed, by the generator its
        settings name: the one place the game's mines are chosen."""
        from ..core import generator

        current = self.current
        game = current.game
        version = current.settings.generator
        progress = (
            self._progress(_("Generating a board with no guessing… {percent}%"))
            if no_guess
            else None
        )
        layout = generator.generate(
            game.width,
            game.height,
            game.mine_count,
            start=first,
            seed=current.seed,
            no_guess=no_guess,
            progress=progress,
            version=generator.VERSION if version is None else version,
        )
        current.lay(layout, first)

    def _progress(self, words: str) -> Callable[[float], None]:
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

    def _help(self, cell: Point | None) -> Reply:
        """A hint: a certain cell and why, or a probability, or a rescue."""
        current = self.current
        game = current.game
        if game.started:  # the first try is safe anyway: saying where is no help
            current.count_hint(cell)
        from . import hints

        hint = hints.hint(game) if cell is None else hints.chance(game, cell)
        current.acted = True
        self.ui.marked = hint.highlight
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
        current.undone.clear()
        for unflagged in taken_off:
            current.log(unflagged)
        current.log(outcome)
        self.ui.marked = Highlight(frozenset(outcome.revealed[:1]))
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

    def _manual(self) -> list[str]:
        return commands.manual() + self.legend

    def _review(self) -> list[str]:
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
                current.hints += 1
                lines.insert(0, _("A review during a game counts as a hint."))
            self._reviewed = (reviewed, lines)
        return self._reviewed[1]

    def _statistics(self) -> list[str]:
        from ..records.stats import format_stats

        lines = format_stats(self.store, board_label)
        lines += self.warnings
        self.warnings.clear()
        return lines

    def _finish_if_over(self) -> None:
        """Record a game that has just ended, tell the player how it went, and ask
        whether to play again."""
        from ..records.stats import format_result

        current = self.current
        if current.game.end is None or current.recorded:
            return
        current.recorded = True
        self.question = Question.AGAIN  # asked even if Ctrl-C cuts the save short
        record = current.as_record(scripted=self.scripted or current.scripted)
        self._remember(record)
        with signals.deferred():  # a SIGTERM now still leaves the game recorded
            saved = self.store.add_game(record)
        if saved is Recorded.PRACTICE:  # the records knew its board: it counts apart
            record = record._replace(practice=True)
            self._remember(record)
        self.ui.messages = (*self.ui.messages, *self.warnings, *format_result(record, saved))
        self.warnings.clear()

    def _remember(self, record: GameRecord) -> None:
        """Keep the session's tally: a game that ends again after an undo replaces itself."""
        self.records = [kept for kept in self.records if kept.identity != record.identity]
        self.records.append(record)


def why_no_board(reason: BaseException) -> str:
    """Why no board without guessing was dealt (``reason``, the generator's error or a
    Ctrl-C), in the player's words."""
    from ..core import generator

    if isinstance(reason, generator.SearchExhausted):
        return _("No board without guessing was found within the search's limit.")
    if isinstance(reason, generator.TooDense):
        return ngettext(
            "A board without guessing of this size holds at most {limit} mine.",
            "A board without guessing of this size holds at most {limit} mines.",
            reason.limit,
        ).format(limit=reason.limit)
    if isinstance(reason, generator.LayoutError):
        return _("No board without guessing exists with so many mines around this first cell.")
    return _("Generation cancelled.")
