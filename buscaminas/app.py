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

from . import commands, hints
from .boardfile import BoardFile
from .commands import Command, ParseError, Verb, label
from .engine import Action, Minesweeper, Move, Notice, Outcome, Termination
from .grid import Point
from .i18n import _
from .renderer import State, View
from .terminal import Screen

WAVE_SECONDS = 0.03
PROMPT = "> "
YES = {"", "y", "yes", "s", "si", "sí"}
NO = {"n", "no", "quit", "exit"}


@dataclass(frozen=True)
class Preset:
    name: str
    width: int
    height: int
    mines: int

    def label(self) -> str:
        return {
            "beginner": _("Beginner"),
            "intermediate": _("Intermediate"),
            "expert": _("Expert"),
        }[self.name]


PRESETS = {
    preset.name: preset
    for preset in (
        Preset("beginner", 8, 8, 10),
        Preset("intermediate", 16, 16, 40),
        Preset("expert", 30, 16, 99),
    )
}
PRESET_ALIASES = {"principiante": "beginner", "intermedio": "intermediate", "experto": "expert"}


@dataclass(frozen=True)
class Settings:
    """What stays the same from one round to the next."""

    width: int
    height: int
    mines: int
    preset: str | None = None
    seed: int | None = None
    board: BoardFile | None = None

    @classmethod
    def from_preset(cls, name: str, seed: int | None = None) -> Settings:
        preset = PRESETS[name]
        return cls(preset.width, preset.height, preset.mines, preset=name, seed=seed)

    def label(self) -> str:
        size = f"{self.width}×{self.height}"
        if self.preset is not None:
            return f"{PRESETS[self.preset].label()} {size}"
        return _("Custom {size}, {mines} mines").format(size=size, mines=self.mines)


class Round:
    """One game, with what the loop keeps beside the engine: time, hints, marks."""

    def __init__(self, settings: Settings, seed: int | None, clock: Callable[[], float]) -> None:
        board = settings.board
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
        self._clock = clock
        self.started_at: float | None = None
        self.finished_at: float | None = None
        self.hints = 0
        self.outcomes: list[Outcome] = []
        self.messages: tuple[str, ...] = ()
        self.marked: frozenset[Point] = frozenset()
        self.page: tuple[str, ...] | None = None

    def elapsed(self) -> float | None:
        if self.started_at is None:
            return None
        end = self.finished_at if self.finished_at is not None else self._clock()
        return end - self.started_at

    def record(self, outcome: Outcome) -> None:
        """Keep the outcome, starting the clock at the first reveal and stopping it at the end."""
        self.outcomes.append(outcome)
        if self.started_at is None and outcome.waves:
            self.started_at = self._clock()
        if outcome.end is not None and self.finished_at is None:
            self.finished_at = self._clock()
            if self.started_at is None:
                self.started_at = self.finished_at

    def state(self) -> State:
        if self.game.end is Termination.WON:
            return State.WON
        if self.game.end is Termination.LOST:
            return State.LOST
        return State.READY if self.started_at is None else State.PLAYING

    def view(self, rows: list[str] | None = None) -> View:
        return View(
            rows=tuple(rows if rows is not None else self.game.rows()),
            mines_left=self.game.mines_left,
            state=self.state(),
            elapsed=self.elapsed(),
            kind=self.settings.label(),
            messages=self.messages,
            exploded=self.game.exploded,
            marked=self.marked,
            page=self.page,
        )


class App:
    """Plays rounds on a :class:`~buscaminas.terminal.Screen` until the player leaves."""

    def __init__(
        self,
        settings: Settings,
        screen: Screen,
        *,
        legend: list[str],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.settings = settings
        self.screen = screen
        self.legend = legend
        self.clock = clock
        self.rounds = 0

    def run(self) -> None:
        """Play until the player quits; EOFError and KeyboardInterrupt pass to the caller."""
        while self.play_round():
            self.rounds += 1

    def new_round(self) -> Round:
        seed = self.settings.seed
        return Round(self.settings, None if seed is None else seed + self.rounds, self.clock)

    def play_round(self) -> bool:
        """Play one game; True when the player wants another."""
        current = self.new_round()
        self.screen.start(current.view())
        while current.game.end is None:
            line = self.screen.read(PROMPT)
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
        return self.ask_again(current)

    def execute(self, current: Round, command: Command) -> None:
        """Carry out one parsed command and show what it did."""
        current.page = None
        current.marked = frozenset()
        current.messages = ()
        if command.verb is Verb.MAN:
            current.page = tuple(self.manual(command.topic))
            current.messages = (_("Type any command to return to the board."),)
        elif command.verb is Verb.HELP:
            self.help(current, command.cell)
            return
        elif command.verb in (Verb.TRY, Verb.FLAG, Verb.EXPAND):
            assert command.cell is not None
            move = Move(Action(command.verb.value), command.cell)
            before = current.game.rows()
            outcome = current.game.act(move)
            current.record(outcome)
            current.messages = self.describe(current, outcome)
            self.animate(current, before, outcome)
        else:
            current.messages = (
                _("“{verb}” is not available yet.").format(verb=command.verb.value),
            )
        self.screen.show(current.view())

    def manual(self, topic: Verb | None) -> list[str]:
        if topic is not None:
            return commands.manual(topic)
        return commands.manual() + self.legend

    def help(self, current: Round, cell: Point | None) -> None:
        """A hint: a certain cell and why, or a probability, or a rescue."""
        if cell is not None:
            current.messages = (hints.chance(current.game, cell),)
            self.screen.show(current.view())
            return
        current.hints += 1
        hint = hints.hint(current.game)
        current.marked = hint.marked
        current.messages = hint.messages
        if hint.rescue is not None:
            before = current.game.rows()
            outcome = current.game.rescue(hint.rescue)
            if outcome is not None:
                current.record(outcome)
                current.marked = frozenset(outcome.revealed[:1])
                current.messages += (
                    _("To keep the game going, I revealed {cell} for you: it was safe.").format(
                        cell=label(outcome.move.cell)
                    ),
                    *self.describe(current, outcome),
                )
                self.animate(current, before, outcome)
        self.screen.show(current.view())

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

    def describe(self, current: Round, outcome: Outcome) -> tuple[str, ...]:
        """The words for what a move did: a notice, or the end of the game."""
        cell = outcome.move.cell
        where = label(cell)
        game = current.game
        messages: list[str] = []
        if outcome.notice is Notice.WRONG_FLAG:
            messages.append(
                _("A flag around {cell} was wrong, so expanding revealed a mine.").format(
                    cell=where
                )
            )
        elif outcome.notice is not None:
            messages.append(self._notice(outcome, game))
        if outcome.end is Termination.WON:
            messages.append(
                _("You won! Time: {seconds:.2f} s.").format(seconds=current.elapsed() or 0.0)
            )
        elif outcome.end is Termination.LOST:
            exploded = game.exploded if game.exploded is not None else cell
            messages.append(
                _("Boom! The mine at {cell} exploded. Time: {seconds:.2f} s.").format(
                    cell=label(exploded), seconds=current.elapsed() or 0.0
                )
            )
        return tuple(messages)

    @staticmethod
    def _notice(outcome: Outcome, game: Minesweeper) -> str:
        cell = outcome.move.cell
        where = label(cell)
        notice = outcome.notice
        if notice is Notice.FLAGGED:
            return _("{cell} has a flag; type “flag {cell}” to remove it first.").format(cell=where)
        if notice is Notice.ALREADY_REVEALED:
            if outcome.move.action is Action.FLAG:
                return _("{cell} is already revealed: only hidden cells take flags.").format(
                    cell=where
                )
            return _("{cell} is already revealed.").format(cell=where)
        if notice is Notice.NOT_REVEALED:
            return _("{cell} is still hidden: “expand” works on a revealed number.").format(
                cell=where
            )
        if notice is Notice.NOTHING_AROUND:
            return _("{cell} has no hidden neighbours left to expand.").format(cell=where)
        number = game.number(cell) or 0
        flags, hidden = game.around(cell)
        if notice is Notice.TOO_MANY_FLAGS:
            return _(
                "The {number} at {cell} touches {flags} flags, more than its number:"
                " one of them is wrong."
            ).format(number=number, cell=where, flags=flags)
        if notice is Notice.UNDECIDED:
            return _(
                "Nothing to expand: the {number} at {cell} touches {flags} flags and"
                " {hidden} hidden cells, so {missing} of those hide a mine and which is"
                " not yet known."
            ).format(number=number, cell=where, flags=flags, hidden=hidden, missing=number - flags)
        return _("The game is over.")

    def ask_again(self, current: Round) -> bool:
        """After the end: play again with the same settings? Enter means yes."""
        question = _("Play again with the same settings? [Enter = yes, n = no] ")
        while True:
            answer = self.screen.read(question).strip().lower()
            if answer in YES or answer == "new":
                return True
            if answer in NO:
                return False
            current.messages = (
                *current.messages[:2],
                _("Press Enter to play again, or type n to leave."),
            )
            self.screen.show(current.view())
