"""Everything a session does to the records, in one place.

A :class:`Keeper` is opened once for the whole run (:meth:`Keeper.open`) and
handed down to the session: it keeps the game in progress after every command
(written again only when it changed), puts it away when the player leaves,
records a game at its end or when it is given up, and reads the statistics.
Each write holds the signals back (:func:`buscaminas.signals.deferred`), so that
a SIGTERM cannot cut a game off from its record, and leaves its time off the
game's clock (:meth:`Round.off_the_clock`): a wait on a locked database is not
the player's.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from .. import signals
from ..core.grid import Point
from ..core.scoring import GameRecord
from ..i18n import _
from ..records import seen
from ..records.presets import board_label
from ..records.storage import Recorded, Store
from .rounds import Round

T = TypeVar("T")

CLOCK_KEPT_EVERY = 10.0
"""Seconds of the clock between two keeps of a game the player is thinking over: what a
crash may take back of its time (a move is kept as it is made)."""


class Keeper:
    """The records of one run, as the session uses them."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.warnings: list[str] = []
        """The records' warnings the session has yet to show (:meth:`open`)."""
        self._told: list[Callable[[str], None]] = []
        self._last_kept: tuple[object, ...] | None = None
        """The game as it was last kept in progress, or tried to be (:func:`_keeping`)."""
        self._unkept: tuple[str, ...] = ()
        """The warnings shown when the game could not be kept, not shown again."""
        self._seen_noted: str | None = None
        """The game whose board the records were last told is seen (:meth:`_note_seen`)."""
        self.records: list[GameRecord] = []
        """The games recorded in this run, one record a game: the session's tally."""
        self.put_away_kept = False
        """The game in progress was kept for the next start, the player having left."""

    @classmethod
    def open(cls, path: Path | None, on_warning: Callable[[str], None] | None = None) -> Keeper:
        """The records at ``path`` (None: the default place), opened once for the whole
        run: their warnings go to ``on_warning`` until a session gathers them
        (:meth:`gather_warnings`); with none, they wait in :attr:`warnings` from the start."""
        warnings: list[str] = []
        told = [on_warning or warnings.append]
        keeper = cls(Store(path, on_warning=lambda line: told[0](line)))
        keeper.warnings, keeper._told = warnings, told
        return keeper

    def gather_warnings(self) -> None:
        """From now on the records' warnings wait in :attr:`warnings`, for the session
        to show where it shows them."""
        if self._told:
            self._told[0] = self.warnings.append

    def keep(self, current: Round, cursor: Point) -> tuple[str, ...]:
        """Keep the game in progress as the last command left it, so that however the
        program ends (a crash, ``kill -9``, a power cut) the next start offers it; a game
        over is in the records already, as a game.  The warnings to show now: that it
        could not be kept, once for as long as it cannot be."""
        keeping = _keeping(current)
        if not current.worth_keeping or keeping == self._last_kept:
            return ()
        snapshot = current.snapshot(cursor)
        kept = _writing(current, lambda: self.store.keep(current.identity, snapshot, playing=True))
        self._last_kept = keeping  # tried again once the game, or its clock, moves on
        if kept:
            self._unkept = ()
            self._note_seen(current)
            return ()
        told, self.warnings[:] = tuple(self.warnings), []
        if told == self._unkept:
            return ()
        self._unkept = told
        return told

    def withdrawn(self, current: Round, cursor: Point) -> tuple[str, ...]:
        """``current`` put back as it was before a word's keys (:class:`.takeback.Held`):
        kept again as it now is, or out of the records if nobody has touched it; the
        warnings to show now, as :meth:`keep` gives them."""
        if current.worth_keeping:
            return self.keep(current, cursor)
        if self._last_kept is not None and self._last_kept[0] == current.identity:
            _writing(current, lambda: self.store.forget(current.identity))
            self._last_kept = None
        return ()

    def put_away(self, current: Round, cursor: Point) -> None:
        """Leave the game in progress for the next start, with the player's ``cursor``:
        the player is leaving."""
        if current.worth_keeping:
            snapshot = current.snapshot(cursor)
            self.put_away_kept = _writing(  # a second signal now must not lose it
                current, lambda: self.store.keep(current.identity, snapshot, playing=False)
            )

    def record_end(self, current: Round) -> list[str]:
        """Record a game that has just ended; how it went, in the player's words."""
        from ..records.stats import format_result

        record = current.as_record()
        self._remember(record)  # kept even if Ctrl-C cuts the save short
        saved = self._add(current, record)
        if saved is not Recorded.NOT_SAVED:
            self._unkept = ()  # recorded: the game the warning spoke of is kept
        if saved is Recorded.PRACTICE:  # the records knew its board: it counts apart
            record = record._replace(practice=True, points=0)
            self._remember(record)
        lines = [*self.warnings, *format_result(record, saved, written=current.mines_written)]
        self.warnings.clear()
        return lines

    def lost_again(self, current: Round, went_on: str) -> list[str]:
        """A loss taken back and made again (:meth:`Round.lost_again`) is in the
        records already: the game it went on as (``went_on``) leaves the games in
        progress, and the player is told of the loss as at its end."""
        from ..records.stats import format_result

        _writing(current, lambda: self.store.forget(went_on))
        self._last_kept = None
        # recorded in this run, or in the one before a resume: told as the game is now
        told = [kept for kept in self.records if kept.identity == current.identity]
        record = told[-1] if told else current.as_record()
        return format_result(record, Recorded.PRACTICE if record.practice else Recorded.SAVED)

    def seen_before(self, current: Round) -> bool:
        """Whether the player has seen ``current``'s board in another game: it is
        practice from its start (told then, not only at its end)."""
        start = current.journal.start
        if start is None:
            return False
        board = seen.fingerprint(start.width, start.height, start.mines)
        return current.off_the_clock(lambda: self.store.knows(board, current.identity))

    def written_out(self, current: Round) -> None:
        """``current``'s mines were written to a file (``save``): from now on its board
        is one the player has seen, for every game but this one."""
        self._note_seen(current)

    def _note_seen(self, current: Round) -> None:
        """Note ``current``'s board seen, once a game: a game kept in progress (left, to
        be resumed) has shown it, and another game of it (``--daily`` again, the same
        seed or code) is practice, as if this one had ended."""
        start = current.journal.start
        if start is None or self._seen_noted == current.identity:
            return
        board = seen.fingerprint(start.width, start.height, start.mines)
        _writing(current, lambda: self.store.see(board, current.identity))
        self._seen_noted = current.identity

    def abandon(self, current: Round, seconds: float) -> None:
        """Record the game in progress as given up at ``seconds`` on its clock: played,
        and not won."""
        if current.in_progress:
            record = current.as_record(abandoned=True)._replace(seconds=seconds)
            saved = self._add(current, record)
            if saved is Recorded.PRACTICE:
                record = record._replace(practice=True, points=0)
            self._remember(record)

    def goodbye(self) -> list[str]:
        """What the player reads on leaving: the run's games, worst to best, and where
        the game left in progress went, so that nobody thinks it lost."""
        from ..records.stats import format_session

        lines = format_session(self.records, board_label)
        if self.put_away_kept:
            lines.append(_("Your game is kept: “buscaminas --resume” goes on with it."))
        lines += dict.fromkeys(self.warnings)  # why a game was not kept, said before leaving
        self.warnings.clear()
        return lines

    def _add(self, current: Round, record: GameRecord) -> Recorded:
        """Record ``current`` as it ended, or as given up; the records say whether it is
        practice (they knew its board).  A SIGTERM meanwhile still leaves it recorded."""
        return _writing(current, lambda: self.store.add_game(record))

    def _remember(self, record: GameRecord) -> None:
        """Keep the tally, one record a game: the records' word that it is practice
        replaces the record first kept."""
        self.records[:] = [kept for kept in self.records if kept.identity != record.identity]
        self.records.append(record)

    def own_file(self, path: Path) -> str | None:
        """Why ``save`` may not write ``path``: it is one of the game's own files (the
        database, what lies beside it, the config); None for any other."""
        return self.store.own_file(path)

    @property
    def unkept(self) -> tuple[str, ...]:
        """Why the game in progress is not kept, for as long as it is not: a crash now
        would lose it."""
        return self._unkept

    def let_go(self, left: Round) -> None:
        """The player moved on from ``left``: a game whose clock never started (flags, a
        hint, no reveal) is taken out of the records, there being no game to record (one
        that started is recorded, finished or abandoned), and what was said of keeping
        it is over."""
        self._unkept = ()
        if left.worth_keeping and not left.in_progress:
            _writing(left, lambda: self.store.forget(left.identity))

    def statistics(self, current: Round) -> list[str]:
        """The best times and statistics, with the records' warnings in reading them;
        the time they take is not ``current``'s."""
        from ..records.stats import format_stats

        lines = current.off_the_clock(lambda: format_stats(self.store, board_label))
        lines += self.warnings
        self.warnings.clear()
        return lines


def _writing(current: Round, write: Callable[[], T]) -> T:
    """A write to the records made whole (the ending signals held until it is done), its
    time left off ``current``'s clock."""
    with signals.deferred():
        return current.off_the_clock(write)


def _keeping(current: Round) -> tuple[object, ...]:
    """What a snapshot of the game changes with, but for the cursor and for its clock but
    every :data:`CLOCK_KEPT_EVERY` seconds: the records are written again only when it
    changes."""
    journal = current.journal
    return (
        current.identity,
        (current.elapsed() or 0.0) // CLOCK_KEPT_EVERY,
        current.paused,
        len(journal.moves),
        journal.moves[-1] if journal.moves else None,
        journal.refused,
        current.hints,
        current.assisted,
        current.took_back,
    )
