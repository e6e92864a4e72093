"""The game loop: read a line, turn it into a command, apply it, show the result.

:class:`App` plays rounds until the player leaves.  It owns no drawing (that
is the :class:`~buscaminas.renderer.Renderer`'s) and no mine placement (that
is the engine's and the generator's); it composes each
:class:`~buscaminas.renderer.View` from the game and the words for the player.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from . import commands, generator, hints, narration, signals
from .boardfile import BoardFile
from .commands import Command, ParseError, Verb, label
from .engine import Action, Minesweeper, Move, Outcome, Termination
from .grid import Point
from .i18n import _, ngettext
from .percent import percent
from .presets import PRESETS, board_label
from .renderer import Highlight, State, View
from .scoring import Board, BoardKind, GameRecord
from .solver import Position, analyze
from .stats import format_result, format_session, format_stats
from .storage import DATABASE_NAME, Store
from .terminal import Screen

WAVE_SECONDS = 0.03
PROGRESS_AFTER = 0.2
"""Seconds of searching before the progress line appears: most boards come sooner."""
AUTO_SECONDS = 0.15
"""How long each AI move stays on screen, so that a person can follow the game."""
PROMPT = "> "
YES = {"", "y", "yes", "s", "si", "sí"}
"""Answers that agree: Enter, in English or Spanish."""
NO = {"n", "no"}
AGAIN = YES | {"new"}
LEAVE = NO | {"quit", "exit"}
MOVES = {Verb.TRY: Action.TRY, Verb.FLAG: Action.FLAG, Verb.EXPAND: Action.EXPAND}


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
    def board(self) -> Board:
        """The board these settings deal, as the statistics group games."""
        return Board(self.preset, self.width, self.height, self.mines)

    @property
    def kind(self) -> BoardKind:
        """A board file is whatever its author made: only generated boards are no-guess."""
        no_guess = self.no_guess and self.board_file is None
        return BoardKind.NO_GUESS if no_guess else BoardKind.CLASSIC


class Round:
    """One game, with what the loop keeps beside the engine: time, hints, marks."""

    def __init__(
        self,
        settings: Settings,
        seed: int | None,
        clock: Callable[[], float],
        deal: Callable[[Round, Point], frozenset[Point]],
    ) -> None:
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
            self.game = Minesweeper(
                settings.width,
                settings.height,
                settings.mines,
                deal=lambda start: deal(self, start),
            )
        self.settings = settings
        self.seed = seed
        self.kind = settings.kind
        self._clock = clock
        self.started_at: float | None = None
        self.started_wall: datetime | None = None
        self.finished_at: float | None = None
        self.hints = 0
        self.assisted = False  # the AI made a move: the game is not the player's own
        self.outcomes: list[Outcome] = []
        self.messages: tuple[str, ...] = ()
        self.marked = Highlight()
        self.page: tuple[str, ...] | None = None

    def elapsed(self) -> float | None:
        if self.started_at is None:
            return None
        end = self.finished_at if self.finished_at is not None else self._clock()
        return end - self.started_at

    def record(self, outcome: Outcome) -> None:
        """Keep the outcome, starting the clock at the first reveal and stopping it at the end."""
        self.outcomes.append(outcome)
        if self.started_at is None and (outcome.waves or outcome.end is not None):
            self.started_at = self._clock()
            self.started_wall = datetime.now(UTC)
        if outcome.end is not None and self.finished_at is None:
            self.finished_at = self._clock()

    def seconds(self) -> float:
        """The final time as the player is shown it, to the hundredth."""
        return round(self.elapsed() or 0.0, 2)

    def state(self) -> State:
        if self.game.end is Termination.WON:
            return State.WON
        if self.game.end is Termination.LOST:
            return State.LOST
        return State.READY if self.started_at is None else State.PLAYING

    def status_kind(self) -> str:
        kind = _("no-guess") if self.kind is BoardKind.NO_GUESS else _("classic")
        return f"{board_label(self.settings.board)}, {kind}"

    def view(self, rows: list[str] | None = None) -> View:
        return View(
            rows=tuple(rows if rows is not None else self.game.rows()),
            mines_left=self.game.mines_left,
            state=self.state(),
            elapsed=self.elapsed(),
            kind=self.status_kind(),
            messages=self.messages,
            exploded=self.game.exploded,
            marked=self.marked,
            page=self.page,
            hints=self.hints,
        )


class App:
    """Plays rounds on a :class:`~buscaminas.terminal.Screen` until the player leaves."""

    def __init__(
        self,
        settings: Settings,
        screen: Screen,
        *,
        legend: list[str],
        data_dir: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        scripted: bool = False,
    ) -> None:
        """``scripted``: the moves come from a pipe, not a player at the keyboard."""
        self.settings = settings
        self.screen = screen
        self.legend = legend
        self.clock = clock
        self.scripted = scripted
        self.rounds = 0
        self.session: list[GameRecord] = []
        self.warnings: list[str] = []
        path = None if data_dir is None else data_dir / DATABASE_NAME
        self.store = Store(path, on_warning=self.warnings.append)

    def run(self) -> None:
        """Play until the player quits; EOFError and KeyboardInterrupt pass to the caller."""
        while self.play_round():
            self.rounds += 1

    def goodbye(self) -> list[str]:
        """What the player reads on leaving: the session's games, worst to best."""
        return format_session(self.session, board_label)

    # --- one round --------------------------------------------------------------------

    def new_round(self) -> Round:
        """The next game; with ``--seed N``, round k deals from seed N + k, so that a
        seeded session replays whole, yet no two of its rounds are alike."""
        seed = None if self.settings.seed is None else self.settings.seed + self.rounds
        return Round(self.settings, seed, self.clock, self.deal)

    def deal(self, current: Round, start: Point) -> frozenset[Point]:
        """Lay the mines at the first try: no-guess unless asked otherwise.

        A no-guess search that runs out of time, or that the player cancels
        with Ctrl-C, ends in a classic board after the player agrees.
        """
        game = current.game
        if current.kind is BoardKind.NO_GUESS:
            try:
                return generator.generate(
                    game.width,
                    game.height,
                    game.mine_count,
                    start=start,
                    seed=current.seed,
                    no_guess=True,
                    progress=self._progress(current),
                )
            except (generator.LayoutError, KeyboardInterrupt) as reason:
                if not self._accept_classic(current, reason):
                    raise Cancelled from None
                current.kind = BoardKind.CLASSIC
        return generator.generate(
            game.width, game.height, game.mine_count, start=start, seed=current.seed
        )

    def _progress(self, current: Round) -> Callable[[float], None]:
        """Show how far the search has got, once it has taken long enough to be noticed."""
        shown = -1
        began = self.clock()

        def progress(fraction: float) -> None:
            nonlocal shown
            percent = int(fraction * 100)
            noticeable = self.clock() - began >= PROGRESS_AFTER
            if percent != shown and noticeable and self.screen.watched:
                shown = percent
                current.messages = (
                    _("Generating a board with no guessing… {percent}%").format(percent=percent),
                )
                self.screen.show(current.view())

        return progress

    def _accept_classic(self, current: Round, reason: BaseException) -> bool:
        """Offer a classic board when no no-guess board came; Enter accepts."""
        if isinstance(reason, generator.NoGuessTimeout):
            current.messages = (_("No board without guessing was found in time."),)
        elif isinstance(reason, generator.LayoutError):
            current.messages = (
                _("No board without guessing exists with so many mines around this first cell."),
            )
        else:
            current.messages = (_("Generation cancelled."),)
        self.screen.show(current.view())
        answer = self.screen.ask(_("Play a classic board instead? [Enter = yes, n = no] "))
        return answer.strip().lower() in YES

    def play_round(self) -> bool:
        """Play one game; True when the player wants another."""
        current = self.new_round()
        self.screen.start(current.view())
        while current.game.end is None:
            line = self.screen.read(PROMPT, live=current.view)
            try:
                command = commands.parse(line, current.game.width, current.game.height)
            except ParseError as error:
                current.messages = (error.message(),)
                current.page = None
                self.screen.show(current.view())
                continue
            if command.verb is Verb.QUIT:
                return False
            if command.verb is Verb.NEW:
                return True
            self.execute(current, command)
        self.finish(current)
        return self.ask_again(current)

    def execute(self, current: Round, command: Command) -> None:
        """Carry out one parsed command and show what it did."""
        current.page = None
        current.marked = Highlight()
        current.messages = ()
        if command.verb in (Verb.MAN, Verb.STATS):
            page = self.manual(command.topic) if command.verb is Verb.MAN else self.statistics()
            current.page = tuple(page)
            if self.screen.watched:
                current.messages = (_("Type any command to return to the board."),)
        elif not self.screen.fits(current.game.width, current.game.height):
            # A move the player cannot see the effect of is a move played blind.
            current.messages = (_("Enlarge the terminal to see the board, then play."),)
        elif command.verb is Verb.HELP:
            self.help(current, command.cell)
        elif command.verb is Verb.AUTO:
            self.auto(current, command.count)
        else:
            assert command.cell is not None
            self.play(current, Move(MOVES[command.verb], command.cell))
        if current.game.end is None:
            self.screen.show(current.view())

    def play(self, current: Round, move: Move) -> Outcome | None:
        """Apply one move, with its words and its animation; None if the deal was cancelled."""
        before = current.game.rows()
        dealing = not current.game.started
        try:
            outcome = current.game.act(move)
        except Cancelled:
            current.messages = (_("No mines were laid: try a cell when you are ready."),)
            return None
        current.record(outcome)
        current.messages = narration.outcome(outcome, current.game, current.seconds())
        if dealing and current.game.started and current.kind is BoardKind.NO_GUESS:
            # Said once the board exists: a search that fails would make it untrue.
            no_guessing = _("This board can be solved without guessing.")
            current.messages = (no_guessing, *current.messages)
        self.animate(current, before, outcome)
        return outcome

    def manual(self, topic: Verb | None) -> list[str]:
        if topic is not None:
            return commands.manual(topic)
        return commands.manual() + self.legend

    def statistics(self) -> list[str]:
        lines = format_stats(self.store, board_label)
        lines += self.warnings
        self.warnings.clear()
        return lines

    def help(self, current: Round, cell: Point | None) -> None:
        """A hint: a certain cell and why, or a probability, or a rescue."""
        if current.game.started:  # the first try is safe anyway: saying where is no help
            current.hints += 1
        hint = hints.hint(current.game) if cell is None else hints.chance(current.game, cell)
        current.marked = hint.highlight
        current.messages = hint.messages
        if hint.rescue is None:
            return
        before = current.game.rows()
        outcome = current.game.rescue(hint.rescue)
        if outcome is None:
            return
        current.record(outcome)
        current.marked = Highlight(frozenset(outcome.revealed[:1]))
        current.messages += (
            _("To keep the game going, I revealed {cell} for you: it was safe.").format(
                cell=label(outcome.move.cell)
            ),
            *narration.outcome(outcome, current.game, current.seconds()),
        )
        self.animate(current, before, outcome)

    def auto(self, current: Round, count: int | None) -> None:
        """The AI plays ``count`` moves, or to the end; a key press or Ctrl-C stops it."""
        played = 0
        pause = AUTO_SECONDS if self.screen.animated else 0.0
        try:
            while current.game.end is None and (count is None or played < count):
                if not self._ai_move(current):
                    return
                played += 1
                if current.game.end is None and self.screen.watched:
                    self.screen.show(current.view())
                    if self.screen.interrupted(pause):
                        break
            else:
                return
        except KeyboardInterrupt:
            pass
        current.messages = (
            ngettext(
                "The AI stopped after {count} move.", "The AI stopped after {count} moves.", played
            ).format(count=played),
        )

    def _ai_move(self, current: Round) -> bool:
        """One move of the AI, said in words; False if the player cancelled the deal."""
        game = current.game
        analysis = analyze(Position.from_game(game))
        cell = analysis.best_move
        chance = analysis.probability[cell]
        current.hints += 1
        if cell in game.flags:
            self.play(current, Move(Action.FLAG, cell))
        if self.play(current, Move(Action.TRY, cell)) is None:
            return False
        current.assisted = True
        what = (
            _("AI: {cell} is safe.")
            if chance == 0
            else _("AI: {cell} is a guess, the best there is ({chance} chance of a mine).")
        )
        shown = what.format(cell=label(cell), chance=percent(chance))
        current.messages = (shown, *current.messages)
        current.marked = Highlight(frozenset({cell}))
        return True

    def animate(self, current: Round, before: list[str], outcome: Outcome) -> None:
        """Replay the reveal waves, about 30 ms apart; Ctrl-C skips to the end."""
        if not self.screen.animated or len(outcome.waves) < 2:
            return
        final = current.game.rows()
        rows = [list(line) for line in before]
        try:
            for wave in outcome.waves[:-1]:
                for x, y in wave:
                    rows[y][x] = final[y][x]
                self.screen.show(current.view(["".join(line) for line in rows]))
                self.screen.pause(WAVE_SECONDS)
        except KeyboardInterrupt:
            return

    # --- the end ----------------------------------------------------------------------

    def finish(self, current: Round) -> None:
        """Record the finished game and tell the player how it went."""
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
        self.session.append(record)
        with signals.deferred():  # a SIGTERM now still leaves the game recorded
            saved = self.store.record(record)
        current.messages = (*current.messages, *self.warnings, *format_result(record, saved))
        self.warnings.clear()

    def ask_again(self, current: Round) -> bool:
        """After the end: play again with the same settings? Enter means yes."""
        self.screen.show(current.view())
        question = _("Play again with the same settings? [Enter = yes, n = no] ")
        told = False
        while True:
            answer = self.screen.ask(question).strip().lower()
            if answer in AGAIN:
                return True
            if answer in LEAVE:
                return False
            if not told:
                told = True
                reminder = _("Press Enter to play again, or type n to leave.")
                if self.screen.watched:
                    current.messages = (*current.messages, reminder)
                    self.screen.show(current.view())
                else:
                    self.screen.say(reminder)


class Cancelled(Exception):
    """The player declined a classic board after the no-guess search stopped."""
