"""A player's session: it takes a command and says what to show.

:class:`Session` is push-style: a typed line, a key or a click becomes a
:class:`~buscaminas.commands.Command`, :meth:`Session.handle` applies it and
returns a :class:`Reply`, and :meth:`Session.view` is the picture to draw.
It knows nothing of terminals, so a test, a pipe, a prompt, keys or a mouse
drive it alike.  It deals the mines itself before the first move reaches
the engine, asks the questions that need an answer (a classic board after a
failed no-guess search, another game) as a :class:`Question` that the next
input answers, and keeps what only the player's side needs: the cursor, the
highlights, the messages, the records.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum
from typing import TYPE_CHECKING

from . import commands, narration, signals
from .boardfile import BoardFile
from .commands import Command, Verb, label
from .engine import Action, Minesweeper, Move, Outcome, Termination
from .grid import Point
from .i18n import _, ngettext
from .percent import percent
from .presets import PRESETS, board_label
from .scoring import BoardKind, BoardSpec, GameRecord
from .view import Highlight, State, View

if TYPE_CHECKING:
    from .storage import Store

# The generator, the solver, the hints and the statistics load when first asked for
# (the first move, a hint, the AI, the end of a game), so that the board is on
# screen as soon as the terminal is ready.

PROGRESS_AFTER = 0.2
"""Seconds of searching before the progress line appears: most boards come sooner."""
YES = frozenset({"", "y", "yes", "s", "si", "sí"})
"""Answers that agree: Enter, in English or Spanish."""
NO = frozenset({"n", "no"})
AGAIN = YES | {word for word, verb in commands.ALIASES.items() if verb is Verb.NEW} | {"new"}
LEAVE = NO | {word for word, verb in commands.ALIASES.items() if verb is Verb.QUIT} | {"quit"}
"""At “play again?”, every spelling of ``new`` and ``quit`` means what it says."""


@dataclass(frozen=True)
class Settings:
    """What stays the same from one round to the next."""

    width: int
    height: int
    mines: int
    preset: str | None = None
    seed: int | None = None
    board_file: BoardFile | None = None
    no_guess: bool = True

    @classmethod
    def from_preset(cls, name: str, seed: int | None = None, *, no_guess: bool = True) -> Settings:
        preset = PRESETS[name]
        return cls(preset.width, preset.height, preset.mines, name, seed, no_guess=no_guess)

    @property
    def board(self) -> BoardSpec:
        """The board these settings deal, as the statistics group games."""
        return BoardSpec(self.preset, self.width, self.height, self.mines)

    @property
    def kind(self) -> BoardKind:
        """A board file is whatever its author made: only generated boards are no-guess."""
        no_guess = self.no_guess and self.board_file is None
        return BoardKind.NO_GUESS if no_guess else BoardKind.CLASSIC


class Question(Enum):
    """What the next input answers, instead of being a command."""

    CLASSIC = "classic"
    """No no-guess board came: play a classic one?"""
    AGAIN = "again"
    """The game is over: another with the same settings?"""

    def words(self) -> str:
        if self is Question.CLASSIC:
            return _("Play a classic board instead? [Enter = yes, n = no] ")
        return _("Play again with the same settings? [Enter = yes, n = no] ")


@dataclass(frozen=True)
class Reply:
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


class Round:
    """One game, with what the session keeps beside the engine: time, hints, marks."""

    def __init__(self, settings: Settings, seed: int | None, clock: Callable[[], float]) -> None:
        board = settings.board_file
        if board is not None:
            self.game = Minesweeper.from_layout(
                board.width,
                board.height,
                board.mines,
                revealed=board.revealed,
                flagged=board.flagged,
            )
        else:
            self.game = Minesweeper(settings.width, settings.height, settings.mines, seed=seed)
        self.settings = settings
        self.seed = seed
        self.kind = settings.kind
        self._clock = clock
        self.started_at: float | None = None
        self.started_wall: datetime | None = None
        self.finished_at: float | None = None
        self.hints = 0
        self.assisted = False  # the AI made a move: the game is not the player's own
        self.recorded = False  # the finished game is in the records, once
        self.outcomes: list[Outcome] = []
        self.messages: tuple[str, ...] = ()
        self.marked = Highlight()
        self.page: tuple[str, ...] | None = None
        self.page_number = 1
        self.page_command = ""
        self.cursor: Point = (self.game.width // 2, self.game.height // 2)
        self.rows: tuple[str, ...] = tuple(self.game.rows())
        """The board as the player sees it, kept up to date from each outcome, so that a
        move costs the rows it changed, not the whole board; unchanged rows stay the
        same strings, which tells the renderer what it need not draw again."""

    def elapsed(self) -> float | None:
        if self.started_at is None:
            return None
        end = self.finished_at if self.finished_at is not None else self._clock()
        return end - self.started_at

    def log(self, outcome: Outcome) -> None:
        """Keep the outcome, starting the clock at the first reveal and stopping it at the end."""
        self.outcomes.append(outcome)
        self._update_rows(outcome)
        if self.started_at is None and (outcome.waves or outcome.end is not None):
            self.started_at = self._clock()
            self.started_wall = datetime.now(UTC)
        if outcome.end is not None and self.finished_at is None:
            self.finished_at = self._clock()

    def _update_rows(self, outcome: Outcome) -> None:
        """Bring :attr:`rows` up to date with the cells ``outcome`` changed; a loss shows
        every mine and every wrong flag, so the whole board is read again."""
        if outcome.end is Termination.LOST:
            self.rows = tuple(self.game.rows())
            return
        self.rows = patched(
            self.rows, [*outcome.revealed, *outcome.flagged, *outcome.unflagged], self.game.shown
        )

    def seconds(self) -> float:
        """The final time as the player is shown it, to the hundredth."""
        return round(self.elapsed() or 0.0, 2)

    def state(self) -> State:
        if self.game.end is Termination.WON:
            return State.WON
        if self.game.end is Termination.LOST:
            return State.LOST
        return State.READY if self.started_at is None else State.PLAYING

    def board_name(self) -> str:
        kind = _("no-guess") if self.kind is BoardKind.NO_GUESS else _("classic")
        return f"{board_label(self.settings.board)}, {kind}"

    def view(self, rows: tuple[str, ...] | None = None) -> View:
        return View(
            rows=rows if rows is not None else self.rows,
            mines_left=self.game.mines_left,
            state=self.state(),
            elapsed=self.elapsed(),
            board_name=self.board_name(),
            messages=self.messages,
            exploded=self.game.exploded,
            marked=self.marked,
            page=self.page,
            page_number=self.page_number,
            page_command=self.page_command,
            hints=self.hints,
            cursor=self.cursor,
        )


class Session:
    """The games of one sitting: commands in, replies and views out."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        *,
        legend: list[str],
        interactive: bool = False,
        scripted: bool = False,
        clock: Callable[[], float] = time.monotonic,
        on_progress: Callable[[View], None] | None = None,
    ) -> None:
        """``interactive``: a person sees it as it happens (the manual says how to go back,
        the search shows its progress through ``on_progress``); ``scripted``: the
        moves come from a pipe, not a player at the keyboard."""
        self.settings = settings
        self.store = store
        self.legend = legend
        self.interactive = interactive
        self.scripted = scripted
        self.clock = clock
        self.on_progress = on_progress
        self.rounds = 0
        self.records: list[GameRecord] = []
        self.warnings: list[str] = []
        self.question: Question | None = None
        self._told = False
        self._waiting_move: Move | None = None
        self._ai_moves_left: int | None = None
        self._ai_played = 0
        self.thinking = False
        """The AI is playing: :meth:`ai_step` makes its next move."""
        self.current = self._new_round()

    # --- what to show -----------------------------------------------------------------

    def view(self) -> View:
        return self.current.view()

    def goodbye(self) -> list[str]:
        """What the player reads on leaving: the session's games, worst to best."""
        from .stats import format_session

        return format_session(self.records, board_label)

    def frames(self, reply: Reply) -> list[View]:
        """The views between ``reply.before`` and now, one per reveal wave but the last."""
        if reply.before is None or reply.outcome is None or len(reply.outcome.waves) < 2:
            return []
        rows = reply.before
        views = []
        for wave in reply.outcome.waves[:-1]:
            rows = patched(rows, wave, self.current.game.shown)
            views.append(self.current.view(rows))
        return views

    # --- commands ---------------------------------------------------------------------

    def say(self, *messages: str) -> Reply:
        """Only words: a line that was not a command, a move refused for now."""
        self.current.messages = messages
        self.current.page = None
        return Reply()

    def handle(self, command: Command) -> Reply:
        """Carry out one command."""
        current = self.current
        if command.verb is Verb.QUIT:
            return Reply(leave=True)
        if command.verb is Verb.NEW:
            return self._next_round()
        current.page = None
        current.marked = Highlight()
        current.messages = ()
        if command.verb is Verb.MAN and command.topic is not None:
            current.messages = tuple(commands.manual(command.topic))  # under the board
            return Reply()
        if command.verb in (Verb.MAN, Verb.STATS):
            page = self._manual() if command.verb is Verb.MAN else self._statistics()
            current.page = tuple(page)
            current.page_number = command.count or 1
            current.page_command = command.verb.value
            if self.interactive:
                current.messages = (_("Type any command to return to the board."),)
            return Reply()
        if command.verb is Verb.HELP:
            return self._help(command.cell)
        if command.verb is Verb.AUTO:
            if current.game.end is not None:
                current.messages = (_("The game is over: type “new” for another."),)
                return Reply(question=self.question)
            self.thinking = True
            self._ai_moves_left = command.count
            self._ai_played = 0
            return Reply()
        move = command.move
        assert move is not None, f"{command} is a move"
        current.cursor = move.cell
        if move.action is Action.TRY and self._satisfied(move.cell):
            move = Move(Action.EXPAND, move.cell)  # as the modern Minesweepers do
        return self._play(move)

    def steer(self, step: Point) -> View:
        """Move the cursor by ``step``, stopping at the edges."""
        x, y = self.current.cursor
        game = self.current.game
        self.current.cursor = (
            min(max(x + step[0], 0), game.width - 1),
            min(max(y + step[1], 0), game.height - 1),
        )
        return self.view()

    def answer(self, text: str) -> Reply:
        """The answer to :attr:`question`."""
        answer = text.strip().lower()
        question, self.question = self.question, None
        if question is Question.CLASSIC:
            move, self._waiting_move = self._waiting_move, None
            assert move is not None
            if answer not in YES:
                self.current.messages = (_("No mines were laid: try a cell when you are ready."),)
                return Reply()
            from . import generator

            self.current.kind = BoardKind.CLASSIC
            game = self.current.game
            game.lay(
                generator.generate(
                    game.width,
                    game.height,
                    game.mine_count,
                    start=move.cell,
                    seed=self.current.seed,
                )
            )
            return self._play(move)
        if answer in AGAIN:
            return self._next_round()
        if answer in LEAVE:
            return Reply(leave=True)
        self.question = Question.AGAIN
        if self._told:
            return Reply(question=Question.AGAIN, changed=False)
        self._told = True
        reminder = _("Press Enter to play again, or type n to leave.")
        self.current.messages = (*self.current.messages, reminder)
        return Reply(question=Question.AGAIN, note=reminder)

    # --- the AI -----------------------------------------------------------------------

    def ai_step(self) -> Reply:
        """The AI's next move, said in words; it stops at its count or at the end."""
        from .solver import Position, analyze

        current = self.current
        game = current.game
        analysis = analyze(Position.from_game(game))
        cell = analysis.best_move
        chance = analysis.probability[cell]
        current.hints += 1
        current.cursor = cell
        assisted, current.assisted = current.assisted, True  # before a move that may end it
        if cell in game.flags:
            self._play(Move(Action.FLAG, cell))
        reply = self._play(Move(Action.TRY, cell))
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
        current.messages = (shown, *current.messages)
        current.marked = Highlight(frozenset({cell}))
        done = self._ai_moves_left is not None and self._ai_played >= self._ai_moves_left
        if done or game.end is not None:
            self.thinking = False
        return reply

    def stop_ai(self) -> Reply:
        """The player stopped the AI (a key, Ctrl-C): say after how many moves."""
        self.thinking = False
        played = self._ai_played
        self.current.messages = (
            ngettext(
                "The AI stopped after {count} move.", "The AI stopped after {count} moves.", played
            ).format(count=played),
        )
        return Reply()

    # --- inside -----------------------------------------------------------------------

    def _new_round(self) -> Round:
        """The next game; with ``--seed N``, round k deals from seed N + k, so that a
        seeded session replays whole, yet no two of its rounds are alike."""
        seed = None if self.settings.seed is None else self.settings.seed + self.rounds
        return Round(self.settings, seed, self.clock)

    def _next_round(self) -> Reply:
        self.rounds += 1
        self.question = None
        self._told = False
        self.thinking = False
        self.current = self._new_round()
        return Reply(new_round=True)

    def _satisfied(self, cell: Point) -> bool:
        """A revealed number whose flags are all placed, so that revealing it expands it."""
        game = self.current.game
        number = game.number(cell)
        return bool(number) and game.around(cell)[0] == number

    def _play(self, move: Move) -> Reply:
        """Apply one move, dealing the mines first if it is the first ``try``."""
        current = self.current
        game = current.game
        # A flagged cell's try is refused by the engine: laying the mines around it
        # would leave the real first reveal unprotected.
        dealing = move.action is Action.TRY and not game.started and move.cell not in game.flags
        if dealing and not self._deal(move):
            return Reply(question=self.question)
        before = current.rows
        outcome = game.act(move)
        if game.exploded is not None:
            current.cursor = game.exploded  # where the game ended, in view
        current.log(outcome)
        current.messages = narration.outcome(outcome, game, current.seconds())
        if dealing and current.kind is BoardKind.NO_GUESS:
            # Said once the board exists: a search that fails would make it untrue.
            no_guessing = _("This board can be solved without guessing.")
            current.messages = (no_guessing, *current.messages)
        self._finish_if_over()
        return Reply(before=before, outcome=outcome, question=self.question)

    def _deal(self, move: Move) -> bool:
        """Lay the mines around the first cell tried: no-guess unless asked otherwise.

        A no-guess search that runs out of time, finds no layout, or is
        cancelled with Ctrl-C leaves the question of a classic board; False then.
        """
        from . import generator

        current = self.current
        game = current.game
        if current.kind is BoardKind.CLASSIC:
            game.lay(
                generator.generate(
                    game.width, game.height, game.mine_count, start=move.cell, seed=current.seed
                )
            )
            return True
        try:
            layout = generator.generate(
                game.width,
                game.height,
                game.mine_count,
                start=move.cell,
                seed=current.seed,
                no_guess=True,
                progress=self._progress(),
            )
        except (generator.LayoutError, KeyboardInterrupt) as reason:
            current.messages = (_why_no_board(reason),)
            self.question = Question.CLASSIC
            self._waiting_move = move
            return False
        game.lay(layout)
        return True

    def _progress(self) -> Callable[[float], None]:
        """Show how far the search has got, once it has taken long enough to be noticed."""
        shown = -1
        began = self.clock()

        def progress(fraction: float) -> None:
            nonlocal shown
            done = int(fraction * 100)
            noticeable = self.clock() - began >= PROGRESS_AFTER
            if done != shown and noticeable and self.on_progress is not None:
                shown = done
                words = _("Generating a board with no guessing… {percent}%")
                self.current.messages = (words.format(percent=done),)
                self.on_progress(self.view())

        return progress

    def _help(self, cell: Point | None) -> Reply:
        """A hint: a certain cell and why, or a probability, or a rescue."""
        from . import hints

        current = self.current
        game = current.game
        if game.started:  # the first try is safe anyway: saying where is no help
            current.hints += 1
        hint = hints.hint(game) if cell is None else hints.chance(game, cell)
        current.marked = hint.highlight
        current.messages = hint.messages
        if hint.targets:
            current.cursor = min(hint.targets, key=lambda target: (target[1], target[0]))
        if hint.rescue is None:
            return Reply()
        before = current.rows
        outcome = game.rescue(hint.rescue)
        if outcome is None:
            return Reply()
        current.log(outcome)
        current.marked = Highlight(frozenset(outcome.revealed[:1]))
        current.cursor = outcome.move.cell
        current.messages += (
            _("To keep the game going, I revealed {cell} for you: it was safe.").format(
                cell=label(outcome.move.cell)
            ),
            *narration.outcome(outcome, game, current.seconds()),
        )
        self._finish_if_over()
        return Reply(before=before, outcome=outcome, question=self.question)

    def _manual(self) -> list[str]:
        return commands.manual() + self.legend

    def _statistics(self) -> list[str]:
        from .stats import format_stats

        lines = format_stats(self.store, board_label)
        lines += self.warnings
        self.warnings.clear()
        return lines

    def _finish_if_over(self) -> None:
        """Record a game that has just ended, tell the player how it went, and ask
        whether to play again."""
        from .stats import format_result

        current = self.current
        if current.game.end is None or current.recorded:
            return
        current.recorded = True
        self.question = Question.AGAIN  # asked even if Ctrl-C cuts the save short
        started = current.started_wall or datetime.now(UTC)
        record = GameRecord.from_game(
            current.game,
            current.outcomes,
            started_at=started,
            seconds=current.seconds(),
            preset=self.settings.preset,
            kind=current.kind,
            seed=current.seed,
            hints=current.hints,
            assisted=current.assisted,
            scripted=self.scripted,
        )
        self.records.append(record)
        with signals.deferred():  # a SIGTERM now still leaves the game recorded
            saved = self.store.save(record)
        current.messages = (*current.messages, *self.warnings, *format_result(record, saved))
        self.warnings.clear()


def patched(
    rows: tuple[str, ...], cells: Iterable[Point], shown: Callable[[Point], str]
) -> tuple[str, ...]:
    """``rows`` with ``cells`` as ``shown`` says they look now; only the rows they are
    in are new strings."""
    by_row: dict[int, list[int]] = {}
    for x, y in cells:
        by_row.setdefault(y, []).append(x)
    if not by_row:
        return rows
    changed = list(rows)
    for y, xs in by_row.items():
        line = list(changed[y])
        for x in xs:
            line[x] = shown((x, y))
        changed[y] = "".join(line)
    return tuple(changed)


def _why_no_board(reason: BaseException) -> str:
    from . import generator

    if isinstance(reason, generator.NoGuessTimeout):
        return _("No board without guessing was found in time.")
    if isinstance(reason, generator.LayoutError):
        return _("No board without guessing exists with so many mines around this first cell.")
    return _("Generation cancelled.")
