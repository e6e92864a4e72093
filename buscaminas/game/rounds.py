"""One game as the session keeps it: the engine's board, its journal, its clock.

A :class:`Round` is what a game is beside the rules: when it started, the
hints it took, the AI's moves, whether an undo helped, and the
:class:`~buscaminas.game.journal.Journal` of its moves, the one history of
them, from which undo rebuilds the board and a game left unfinished is
kept (:meth:`Round.snapshot`, :meth:`Round.from_snapshot`).  What the player
looks at (the cursor, the highlights, the words) is not the game's: it is the
session's :class:`~buscaminas.game.ui_state.UIState`.
"""

import math
import os
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, NamedTuple, TypeVar

from ..core.board import BoardKind
from ..core.engine import Action, Minesweeper, Move, Outcome, Termination
from ..core.grid import Point
from ..core.scoring import GameRecord, Score, in_utc
from ..i18n import _
from ..records import seen
from ..records.presets import DAILY, DRILL, PRESETS, board_name
from ..records.sharecode import SEED_BITS, ShareCode
from .coordinates import label
from .journal import Journal, JournalError, Played, loads
from .jumps import Jump
from .lossback import LossTakenBack
from .settings import Settings
from .view import State

T = TypeVar("T")

WAITED = 0.25
"""Seconds a look at the records takes before it counts as a wait, left off the clock:
far longer than a write (milliseconds), far shorter than SQLite's wait for a lock."""

SNAPSHOT_FORMAT = 1


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
        self.game: Minesweeper
        self.score: Score
        """What the journal's moves scored, kept move by move (:meth:`log`)."""
        self._replay()
        self.settings = settings
        self.seed = seed
        self.kind = settings.kind
        self.identity = identity or seen.new_identity()
        """The game's name in the records, from its first action to its end: kept in
        progress under it, then recorded under it once.  A loss taken back goes on
        under a new one (:meth:`take_back`), the loss staying recorded as it was."""
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
        """Hints that told the player something of a hidden cell (:meth:`count_hint`)."""
        self.ai_moves = 0
        """Moves the AI chose and made (an unflag too), apart from the hints."""
        self._asked: tuple[tuple[str, ...], set[Point | Jump | None]] = ((), set())
        """The position the last hints were asked of, and what was asked of it (a cell,
        or None for “help” alone): the same question again counts no new hint."""
        self.assisted = False  # the AI made a move: not the player's own
        self.took_back = False  # a move was undone: not the player's own either
        self.seen = False
        """The board was played before in this session (``again``): the player knows it."""
        self.scripted = False  # moves came from a pipe at some time: not a person's own
        self.mines_written = False  # ``save`` wrote its mines out: the player may know them
        self.recorded = False  # the game as it ended is in the records
        self._loss_taken_back: LossTakenBack | None = None
        """The name, moves and time of the recorded loss last taken back: its moves
        made again are that loss, in the records already (:meth:`_ended`)."""
        self._went_on: str | None = None  # :meth:`lost_again`'s
        self.acted = False
        """The player (or the AI for them) has done something to this game: a move, a
        flag, a ``?``, a hint.  From then on it is a game, kept until it ends."""

    # --- the clock ----------------------------------------------------------------

    def elapsed(self) -> float | None:
        if self.started_at is None:
            return None
        end = self.finished_at if self.finished_at is not None else self._paused_at
        return (self._clock() if end is None else end) - self.started_at

    def seconds(self) -> float:
        """The final time as the player is shown it, to the hundredth: from the clock's
        reading to the millisecond, as the journal keeps each move's, so that the game's
        time and its last move's (a review, a replay) are one."""
        return round(round(self.elapsed() or 0.0, 3), 2)

    # --- moves --------------------------------------------------------------------

    def lay(self, mines: frozenset[Point], first: Point, seed: int | None = None) -> None:
        """Deal the mines around ``first``, the cell about to be tried; ``seed``: the
        one they were dealt from, where a search for a board of a logic level went
        past the round's own, so that its share code deals them again."""
        self.game.lay(mines)
        self.journal.deal(mines)
        self.first = first
        if seed is not None:
            self.seed = seed

    def log(self, outcome: Outcome, *, by_ai: bool = False) -> None:
        """Keep the outcome and add it to the score, starting the clock at the first
        reveal (on a board opened for the player, at their first move of any kind) and
        stopping it at the end; a move the AI chose (``by_ai``) makes the game assisted,
        and counts among the AI's moves as long as it stays in the game."""
        revealed = bool(outcome.waves or outcome.end is not None)
        if revealed or outcome.changed_board:
            self._start_clock(revealed=revealed)
        if outcome.end is not None and self.finished_at is None:
            self.finished_at = self._clock()
            self._ended(outcome.move)
        self.acted = True
        self.score = self.score.after(outcome, self.game.number)
        new = self.journal.note(outcome, self.elapsed() or 0.0, by_ai=by_ai) and by_ai
        if new:
            self.assisted = True  # and stays so, the AI's move taken back or not
        self._count_ai_moves(new=new)

    def _count_ai_moves(self, *, new: bool = False) -> None:
        """The AI's moves, as the journal keeps them (one taken back is out, one put back
        in); a journal that does not say whose (format 1) counts on, ``new`` the AI's."""
        if self.journal.whose_known:
            self.ai_moves = sum(played.by_ai for played in self.journal.moves)
        elif new:
            self.ai_moves += 1

    def _replay(self) -> None:
        """The board and its score from the journal, its moves made again: the one
        history, when a round begins on a journal (a game resumed) and when a move is
        taken back."""
        self.game, outcomes = self.journal.rebuild()
        self.score = Score.of(outcomes, self.game.number)

    def take_a_hint(self, asked: Point | Jump | None) -> None:
        """The player asked for help about ``asked`` (a cell, None for the board, or the
        jump to a cell logic decides):
        it counts as :meth:`count_hint` says, and makes the round a game to keep."""
        self.count_hint(asked)
        self._start_clock(revealed=False)
        self.acted = True

    def _start_clock(self, *, revealed: bool) -> None:
        """Start the clock, if it has not started, at a reveal (``revealed``), or at any
        move or hint on a board whose mines are dealt: one opened for the player (a
        code, ``again``) is played from their first move, a flag or a hint too."""
        if self.started_at is None and (revealed or self.game.started):
            self.started_at = self._clock()
            self.started_wall = datetime.now(UTC)

    def count_review(self) -> None:
        """A review of the moves, which names cells proved safe or mines: a hint while
        the game is in progress (the session asks once per position)."""
        if self.in_progress:
            self.hints += 1

    def write_out(self) -> None:
        """``save`` wrote the game's mines to a file: from now on it is practice."""
        self.mines_written = True

    def note_scripted(self) -> None:
        """Moves came from a pipe at some time: the game is not a person's own."""
        self.scripted = True

    def record_once(self) -> bool:
        """Whether the game has just ended and is to be recorded now: True once, at its
        end; the record then stands until a loss taken back reopens the game."""
        if self.game.end is None or self.recorded:
            return False
        self.recorded = True
        return True

    def _ended(self, last: Move) -> None:
        """The game has just ended with the move ``last``: if as the loss taken back did
        (its moves made again), it is that loss, under its name and time, recorded."""
        lost, ended = self._loss_taken_back, self.finished_at
        if lost is None or self.recorded or ended is None or (*self._moves(), last) != lost.moves:
            return
        self._went_on, self.identity, self.recorded = self.identity, lost.identity, True
        if self.started_at is not None:
            self._loss_taken_back = lost._replace(went_on_for=ended - self.started_at)
        self.started_at = ended - lost.seconds

    def lost_again(self) -> str | None:
        """Once, when it has just ended as the loss it went on from: the name it went on
        under (the records let it go); else None."""
        went_on, self._went_on = self._went_on, None
        return went_on

    def _moves(self) -> tuple[Move, ...]:
        return tuple(played.move for played in self.journal.moves)

    def play_classic(self) -> None:
        """No board without guessing came: the player takes a classic one."""
        self.kind = BoardKind.CLASSIC

    @classmethod
    def numbered(cls, settings: Settings, number: int, clock: Callable[[], float]) -> "Round":
        """Round ``number`` of a session (0 first); with ``--seed N`` it deals from seed
        N + ``number``, so that a seeded session replays whole, yet no two of its rounds
        are alike.  Every round has a seed, drawn when none is given, so that its share
        code deals it again; a shared board's first round opens at once where the code
        says, and the rounds after it are fresh boards of its size."""
        if settings.opening is not None and number > 0:
            settings = settings.after_the_shared_board()
        if settings.seed is None:
            # The system's random bytes: the random module is not loaded for one draw.
            seed = int.from_bytes(os.urandom((SEED_BITS + 7) // 8)) % 2**SEED_BITS
        else:
            seed = (settings.seed + number) % 2**SEED_BITS
        return cls(settings, seed, clock)

    def dealt_again(self) -> "Round":
        """This board as a new round (``again``): its mines, opened at its first cell as
        its share code would open it (a board file from its own start).  A board the
        player has seen (:attr:`seen`), of the kind it was; what that may not count
        for is the records' to say."""
        start = self.journal.start
        assert start is not None, "a board is played again once it is dealt"
        settings = self.settings
        if settings.board_file is None:
            assert self.first is not None, "a dealt board has its first cell"
            settings = settings._replace(layout=start.mines, opening=self.first)
        again = Round(settings, self.seed, self._clock)
        again.kind, again.seen = self.kind, True
        return again

    def meant(self, move: Move, *, unflag: bool, marks: bool) -> Move | str:
        """The move the player's ``move`` makes here, or why it is refused: ``unflag``
        only takes a flag off; with ``marks`` on, a flag goes flag, ``?``, hidden, and
        off, no ``?`` is put; revealing a number whose flags are all placed expands it,
        as the modern Minesweepers do."""
        game = self.game
        if move.action is Action.MARK and not marks:
            return _(
                "? marks are off: start with --marks, or put “marks = true” in the"
                " configuration file (“buscaminas config” says where it is)."
            )
        if unflag and move.cell not in game.flags:
            # Only a flag comes off: a flag move here would put one on.
            return _("There is no flag at {cell}.").format(cell=label(move.cell))
        if move.action is Action.FLAG and marks and not unflag:
            return game.flag_cycle(move.cell)
        number = game.number(move.cell)
        if move.action is Action.TRY and number and game.around(move.cell)[0] == number:
            return Move(Action.EXPAND, move.cell)
        return move

    def count_hint(self, asked: Point | Jump | None) -> None:
        """Count a hint about ``asked`` (a cell, None for the board, or the jump to a
        cell logic decides), once per position, and only when it tells something of a
        hidden cell: before the first reveal every cell is safe, after the end nothing
        is left to find, and a revealed or flagged cell is the player's own to see.
        Asking again what the board already answered tells nothing new."""
        game = self.game
        if not game.started or game.end is not None:
            return
        if isinstance(asked, tuple) and (game.is_revealed(asked) or asked in game.flags):
            return
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

    @property
    def final(self) -> bool:
        """Won: a result that stands as it was recorded, with nothing taken back from it."""
        return self.game.end is Termination.WON

    def take_back(self) -> Played | None:
        """Undo the last move: the board is rebuilt from the journal without it.  None
        when there is no move, or the game is won (:attr:`final`).

        A loss taken back reopens the game, which is then a game with an undo: the loss
        stays in the records, and what follows is recorded at its own end, as another
        game in the same line (:func:`~buscaminas.records.seen.continued`), unless it
        ends as that loss again (:meth:`_ended`), its clock going on from its own time."""
        if self.final:
            return None
        moves, seconds = self._moves(), self.elapsed() or 0.0
        played = self.journal.take_back()
        if played is None:
            return None
        self._replay()
        if self.game.end is None:
            lost = self._loss_taken_back
            if self.finished_at is not None and self.started_at is not None:
                ended = self.finished_at - self.started_at  # the time at its end
                if self.recorded and lost is not None:
                    ended = lost.reopened_at(self.identity, ended)
                self.started_at = self._clock() - ended
            self.finished_at = None  # the clock runs again from where it stopped
            if self.recorded:
                self._loss_taken_back = LossTakenBack(self.identity, moves, seconds)
                self.identity = seen.continued(self.identity)
                self.recorded = False
        self.took_back = True
        self._count_ai_moves()
        return played

    def checkpoint(self) -> dict[str, Any]:
        """The round as it stands, to come back to exactly (:meth:`restore`): its journal,
        clock, counts and what redo would put back, every one apart from the round's."""
        import copy

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
            self._replay()

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

    def off_the_clock(self, call: Callable[[], T]) -> T:
        """``call`` (a look at the records), its time left off the game's running clock
        if it was a wait (:data:`WAITED`: a locked database): the player could not play
        meanwhile.  A write's own few milliseconds are the game's, as any move's are."""
        began = self._clock()
        try:
            return call()
        finally:
            waited = self._clock() - began
            if self.started_at is not None and self.game.end is None and not self.paused:
                self.started_at += waited if waited > WAITED else 0.0

    def hand_over(self) -> None:
        """Opened by its share code or by ``again``, the round is the player's from here:
        its clock has not started, and nothing of it is the player's doing yet."""
        if self.game.end is None:
            self.started_at = self.started_wall = None
        self.acted = False

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

    def as_record(self, *, abandoned: bool = False) -> GameRecord:
        """The game as the records keep it: over, or ``abandoned`` in progress."""
        start = self.journal.start
        if abandoned and start is None:
            raise ValueError("a game is abandoned only once its mines are dealt")
        code = self.code()
        return GameRecord.from_game(
            self.game,
            self.score,
            started_at=self.started_wall or datetime.now(UTC),
            seconds=self.seconds(),
            preset=self.settings.preset,
            kind=self.kind,
            seed=self.seed,
            hints=self.hints,
            ai_moves=self.ai_moves,
            assisted=self.assisted,
            undone=self.took_back,
            scripted=self.scripted,
            abandoned_layout=start.mines if abandoned and start is not None else None,
            identity=self.identity,
            code=None if code is None else str(code),
            journal=self.journal.dumps(),
            clicks=self.journal.clicks,
            fingerprint=(
                None if start is None else seen.fingerprint(start.width, start.height, start.mines)
            ),
            practice=self.mines_written,
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
            "ai_moves": self.ai_moves,
            "assisted": self.assisted,
            "took_back": self.took_back,
            "seen": self.seen,
            "scripted": self.scripted,
            "mines_written": self.mines_written,
            "cursor": list(cursor),
            "journal": self.journal.dumps(),
            "ahead": self.journal.dumps_ahead(),
            "loss_taken_back": None if (lost := self._loss_taken_back) is None else lost.kept(),
        }

    @classmethod
    def from_snapshot(cls, document: Any, clock: Callable[[], float]) -> "Kept":
        """The round :meth:`snapshot` kept; :class:`JournalError` if it is damaged."""
        try:
            if document["format"] != SNAPSHOT_FORMAT:
                raise JournalError(f"snapshot format {document['format']!r}")
            journal = _journal(document["journal"])
            if document.get("ahead") is not None:  # kept with moves taken back to redo
                journal.take_up_ahead(document["ahead"])
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
            # Kept before the AI's moves were counted apart: its journal says which.
            restored.ai_moves = int(
                document.get("ai_moves", sum(played.by_ai for played in journal.moves))
            )
            restored.assisted = bool(document["assisted"])
            # Kept before undo and a board seen again were told apart from the AI: neither.
            restored.took_back = bool(document.get("took_back", False))
            restored.seen = bool(document.get("seen", False))
            restored.scripted = bool(document["scripted"])
            restored.mines_written = bool(document.get("mines_written", False))
            restored._loss_taken_back = LossTakenBack.read(document.get("loss_taken_back"), journal)
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
    if name is None or name in PRESETS or name in (DAILY, DRILL):
        return None if name is None else str(name)
    raise JournalError(f"no preset is called {name!r}")


class Kept(NamedTuple):
    """A game left unfinished, as the records keep it: the round, and where the
    player's cursor was, to put it back there."""

    round: Round
    cursor: Point
