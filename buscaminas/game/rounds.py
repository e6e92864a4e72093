"""One game as the session keeps it: the engine's board, its journal, its clock.

A :class:`Round` is what a game is beside the rules: when it started, the
hints it took, whether the AI or an undo helped, and the
:class:`~buscaminas.game.journal.Journal` of its moves, the one history of
them, from which undo rebuilds the board, the records score it, and a game
left unfinished is kept (:meth:`Round.snapshot`, :meth:`Round.from_snapshot`).
What the player looks at (the cursor, the highlights, the words) is not the
game's: it is the session's :class:`~buscaminas.game.ui_state.UIState`.
"""

from __future__ import annotations

import copy
import math
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, NamedTuple

from ..core.board import BoardKind
from ..core.engine import Action, Minesweeper, Outcome, Termination
from ..core.grid import Point
from ..core.scoring import GameRecord, in_utc
from ..i18n import _
from ..records import seen
from ..records.presets import DAILY, PRESETS, board_name
from ..records.sharecode import ShareCode
from .journal import Journal, JournalError, Played, loads
from .jumps import Jump
from .settings import Settings
from .view import State

SNAPSHOT_FORMAT = 1


class Kept(NamedTuple):
    """A game left unfinished, as the records keep it: the round, and where the
    player's cursor was, to put it back there."""

    round: Round
    cursor: Point


class Round:
    """One game, with what the session keeps beside the engine: time, hints, help."""

    def __init__(
        self,
        settings: Settings,
        seed: int,
        clock: Callable[[], float],
        *,
        journal: Journal | None = None,
        identity: str | None = None,
    ) -> None:
        board = settings.board_file
        self.journal = journal or Journal(
            settings.width, settings.height, settings.mines, start=board
        )
        self.game: Minesweeper = self.journal.game()
        self.settings = settings
        self.seed = seed
        self.kind = settings.kind
        self.identity = identity or secrets.token_hex(16)
        """The same game in the records whatever happens to it: ended, undone, ended again."""
        self.first: Point | None = None
        """The cell the mines were dealt around: with the seed, it names the board."""
        self._clock = clock
        self.started_at: float | None = None
        self.started_wall: datetime | None = None
        self.finished_at: float | None = None
        self._paused_at: float | None = None
        """When the player paused the game, while it is paused: the clock stands there."""
        self._kept_for: float | None = None
        """Seconds on the clock when the game was kept unfinished, if it was."""
        self.hints = 0
        self._asked: tuple[tuple[str, ...], set[Point | Jump | None]] = ((), set())
        """The position the last hints were asked of, and what was asked of it (a cell,
        or None for “help” alone): the same question again counts no new hint."""
        self.assisted = False  # the AI made a move: not the player's own
        self.took_back = False  # a move was undone: not the player's own either
        self.seen = False
        """The board was played before in this session (``again``): the player knows it."""
        self.scripted = False  # moves came from a pipe at some time: not a person's own
        self.recorded = False  # the game as it ended is in the records
        self.acted = False
        """The player (or the AI for them) has done something to this game: a move, a
        flag, a ``?``, a hint.  From then on it is a game, kept until it ends."""
        self.undone: list[Played] = []
        """Moves taken back, the latest last: what ``redo`` puts back."""

    # --- the clock ----------------------------------------------------------------

    def elapsed(self) -> float | None:
        if self.started_at is None:
            return None
        end = self.finished_at if self.finished_at is not None else self._paused_at
        return (self._clock() if end is None else end) - self.started_at

    def seconds(self) -> float:
        """The final time as the player is shown it, to the hundredth."""
        return round(self.elapsed() or 0.0, 2)

    # --- moves --------------------------------------------------------------------

    def lay(self, mines: frozenset[Point], first: Point) -> None:
        """Deal the mines around ``first``, the cell about to be tried."""
        self.game.lay(mines)
        self.journal.deal(mines)
        self.first = first

    def log(self, outcome: Outcome, *, by_ai: bool = False) -> None:
        """Keep the outcome, starting the clock at the first reveal and stopping it at the end."""
        if self.started_at is None and (outcome.waves or outcome.end is not None):
            self.started_at = self._clock()
            self.started_wall = datetime.now(UTC)
        if outcome.end is not None and self.finished_at is None:
            self.finished_at = self._clock()
        self.journal.note(outcome, self.elapsed() or 0.0, by_ai=by_ai)

    def count_hint(self, asked: Point | Jump | None) -> None:
        """Count a hint about ``asked`` (a cell, None for the board, or the jump to a
        cell logic decides), once per position: asking again what the board already
        answered tells nothing new."""
        position, questions = self._asked
        if position != self.game.rows():
            position, questions = self._asked = (self.game.rows(), set())
        if asked not in questions:
            questions.add(asked)
            self.hints += 1

    def last_move_dealt(self) -> bool:
        """Whether the last move is the reveal the mines were dealt around: the board
        stays dealt, so taking that reveal back would leave a first reveal that is not
        safe any more."""
        if self.settings.board_file is not None or not self.journal.moves:
            return False
        reveals = (
            index
            for index, played in enumerate(self.journal.moves)
            if played.move.action is Action.TRY
        )
        return next(reveals, None) == len(self.journal.moves) - 1

    def take_back(self) -> Played | None:
        """Undo the last move: the board is rebuilt from the journal without it."""
        if not self.journal.moves:
            return None
        played = self.journal.moves.pop()
        self.undone.append(played)
        self.game = self.journal.game()
        if self.game.end is None:
            self.finished_at = None  # the clock runs again: the game goes on
            self.recorded = False  # its next end replaces the one recorded
        self.took_back = True
        return played

    def checkpoint(self) -> dict[str, Any]:
        """The round as it stands, to come back to exactly (:meth:`restore`): its journal,
        clock, counts and what redo would put back, every one apart from the round's."""
        state = {name: copy.copy(value) for name, value in vars(self).items() if name != "game"}
        state["journal"] = self.journal.copy()
        position, asked = self._asked
        state["_asked"] = (position, set(asked))
        return state

    def restore(self, checkpoint: dict[str, Any]) -> None:
        """Back to the round as :meth:`checkpoint` found it; the board is rebuilt from the
        journal only where a move changed it."""
        unchanged = (checkpoint["journal"].start, checkpoint["journal"].moves) == (
            self.journal.start,
            self.journal.moves,
        )
        vars(self).update(checkpoint)
        if not unchanged:
            self.game = self.journal.game()

    def pause(self) -> None:
        """Stop the clock of the game in progress until :meth:`go_on`."""
        if self.in_progress and self._paused_at is None:
            self._paused_at = self._clock()

    def go_on(self) -> None:
        """Start the clock again where :meth:`pause` stopped it."""
        if self._paused_at is not None and self.started_at is not None:
            self.started_at += self._clock() - self._paused_at
        self._paused_at = None

    @property
    def paused(self) -> bool:
        return self._paused_at is not None

    def stop_clock(self) -> None:
        """Back to the clock of a game not yet started, while it is not over."""
        if self.game.end is None:
            self.started_at = self.started_wall = None

    def carry_on(self) -> None:
        """Start the clock of a game kept unfinished where it stopped: the time spent
        away, and deciding whether to come back, is not the game's."""
        if self._kept_for is not None:
            self.started_at = self._clock() - self._kept_for

    @property
    def in_progress(self) -> bool:
        """Started (the clock runs) and not over: a game that leaving would lose."""
        return self.started_at is not None and self.game.end is None

    @property
    def worth_keeping(self) -> bool:
        """Begun by the player and not over: a game the records keep in progress."""
        return (self.acted or self.started_at is not None) and self.game.end is None

    # --- what to show -------------------------------------------------------------

    def state(self) -> State:
        if self.game.end is Termination.WON:
            return State.WON
        if self.game.end is Termination.LOST:
            return State.LOST
        if self.paused:
            return State.PAUSED
        if self.started_at is None:
            game = self.game
            opened = game.hidden_safe < game.grid.size - game.mine_count
            return State.WAITING if opened else State.READY
        return State.PLAYING

    def board_name(self) -> str:
        named = board_name(self.settings.board, self.kind)
        return _("{board}, again").format(board=named) if self.seen else named

    def code(self) -> ShareCode | None:
        """The code that deals this board again, once its mines are dealt from a seed: one
        that carries them where that stays short, else the seed and its generator's version."""
        start = self.journal.start
        if self.first is None or start is None or self.settings.board_file is not None:
            return None
        from ..core import generator

        version = self.settings.generator
        seeded = ShareCode(
            self.game.width, self.game.height, self.game.mine_count, self.kind, self.seed,
            self.first, generator.VERSION if version is None else version,
        )
        return seeded.with_layout(start.mines)

    def as_record(self, *, scripted: bool, abandoned: bool = False) -> GameRecord:
        """The game as the records keep it: over, or ``abandoned`` in progress."""
        start = self.journal.start
        if abandoned and start is None:
            raise ValueError("a game is abandoned only once its mines are dealt")
        code = self.code()
        _game, outcomes = self.journal.rebuild()  # the one history, scored as it ended
        return GameRecord.from_game(
            self.game,
            outcomes,
            started_at=self.started_wall or datetime.now(UTC),
            seconds=self.seconds(),
            preset=self.settings.preset,
            kind=self.kind,
            seed=self.seed,
            hints=self.hints,
            assisted=self.assisted,
            undone=self.took_back,
            scripted=scripted,
            abandoned_layout=start.mines if abandoned and start is not None else None,
            identity=self.identity,
            code=None if code is None else str(code),
            journal=self.journal.dumps(),
            clicks=self.journal.clicks,
            fingerprint=(
                None if start is None else seen.fingerprint(start.width, start.height, start.mines)
            ),
        )

    # --- kept for later -----------------------------------------------------------

    def snapshot(self, cursor: Point) -> dict[str, Any]:
        """The game in progress as the records keep it, to be resumed with the
        player's ``cursor`` where it was."""
        settings = self.settings
        return {
            "format": SNAPSHOT_FORMAT,
            "identity": self.identity,
            "preset": settings.preset,
            "kind": self.kind.value,
            "seed": self.seed,
            "generator": settings.generator,
            "first": None if self.first is None else list(self.first),
            "board_file": settings.board_file is not None,
            "elapsed": self.elapsed(),
            "started_at": None if self.started_wall is None else self.started_wall.isoformat(),
            "hints": self.hints,
            "assisted": self.assisted,
            "took_back": self.took_back,
            "seen": self.seen,
            "scripted": self.scripted,
            "cursor": list(cursor),
            "journal": self.journal.dumps(),
        }

    @classmethod
    def from_snapshot(cls, document: Any, clock: Callable[[], float]) -> Kept:
        """The round :meth:`snapshot` kept; :class:`JournalError` if it is damaged."""
        try:
            if document["format"] != SNAPSHOT_FORMAT:
                raise JournalError(f"snapshot format {document['format']!r}")
            journal = _journal(document["journal"])
            kind = BoardKind(document["kind"])
            board_file = journal.start if document["board_file"] else None
            settings = Settings(
                journal.width,
                journal.height,
                journal.mine_count,
                _preset(document["preset"]),
                board_file=board_file,
                no_guess=kind is BoardKind.NO_GUESS,
                generator=_generator_version(document.get("generator")),
            )
            seed = int(document["seed"])
            restored = cls(
                settings, seed, clock, journal=journal, identity=str(document["identity"])
            )
            restored.kind = kind
            if restored.game.end is not None:
                raise JournalError("not a game in progress: it is over")
            restored.acted = True  # kept only once the player did something
            first = document["first"]
            if first is not None:
                restored.first = (int(first[0]), int(first[1]))
                if restored.first not in restored.game.grid:
                    raise JournalError(f"the first cell {first!r} is off the board")
            elapsed, started = document["elapsed"], document["started_at"]
            if (elapsed is None) != (started is None):
                raise JournalError("a clock with no start, or a start with no clock")
            if elapsed is not None and journal.start is None:
                raise JournalError("a clock running before the mines were dealt")
            if elapsed is not None:  # None: not started yet (flags, marks, no reveal)
                restored._kept_for = float(elapsed)
                if not 0 <= restored._kept_for < math.inf:
                    raise JournalError(f"{elapsed!r} seconds on the clock")
                restored.carry_on()
                restored.started_wall = in_utc(datetime.fromisoformat(started))
            restored.hints = int(document["hints"])
            restored.assisted = bool(document["assisted"])
            # Kept before undo and a board seen again were told apart from the AI: neither.
            restored.took_back = bool(document.get("took_back", False))
            restored.seen = bool(document.get("seen", False))
            restored.scripted = bool(document["scripted"])
            x, y = (int(value) for value in document["cursor"])
        except JournalError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, ArithmeticError) as error:
            # ArithmeticError: a number too large for a float or an infinite whole one.
            raise JournalError(f"not a game in progress: {error}") from error
        game = restored.game
        cursor = (x, y) if (x, y) in game.grid else (game.width // 2, game.height // 2)
        return Kept(restored, cursor)


def _journal(text: Any) -> Journal:
    if not isinstance(text, str):
        raise JournalError("no journal")
    return loads(text)


def _generator_version(version: Any) -> int | None:
    """The generator version a kept game was dealt by: None (the current one) in a
    snapshot kept before versions were kept."""
    if version is None or (type(version) is int and version > 0):
        return version
    raise JournalError(f"no generator version is {version!r}")


def _preset(name: Any) -> str | None:
    if name is None or name in PRESETS or name == DAILY:
        return None if name is None else str(name)
    raise JournalError(f"no preset is called {name!r}")
