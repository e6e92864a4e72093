"""Everything a session does to the records, in one place.

A :class:`Keeper` is opened once for the whole run (:meth:`Keeper.open`) and
handed down to the session: it keeps the game in progress after every command
(written again only when it changed), puts it away when the player leaves,
records a game at its end or when it is given up, and reads the statistics.
Each write holds the signals back (:func:`buscaminas.signals.deferred`), so that
a SIGTERM cannot cut a game off from its record.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .. import signals
from ..core.grid import Point
from ..core.scoring import GameRecord
from ..i18n import _
from ..records.presets import board_label
from ..records.storage import Recorded, Store
from .rounds import Round


class Keeper:
    """The records of one run, as the session uses them."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.warnings: list[str] = []
        """The records' warnings the session has yet to show (:meth:`open`)."""
        self._told: list[Callable[[str], None]] = []
        self._last_kept: tuple[object, ...] | None = None
        """The game as the records keep it in progress (:func:`_keeping`)."""
        self._unkept: tuple[str, ...] = ()
        """The warnings shown when the game could not be kept, not shown again."""
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
        if not current.worth_keeping or _keeping(current) == self._last_kept:
            return ()
        with signals.deferred():
            kept = self.store.keep(current.identity, current.snapshot(cursor), playing=True)
        self._last_kept = _keeping(current) if kept else None
        if kept:
            self._unkept = ()
            return ()
        told, self.warnings[:] = tuple(self.warnings), []
        if told == self._unkept:
            return ()
        self._unkept = told
        return told

    def put_away(self, current: Round, cursor: Point) -> None:
        """Leave the game in progress for the next start, with the player's ``cursor``:
        the player is leaving."""
        if current.worth_keeping:
            with signals.deferred():  # a second signal now must not lose it
                snapshot = current.snapshot(cursor)
                self.put_away_kept = self.store.keep(current.identity, snapshot, playing=False)

    def record_end(self, current: Round) -> list[str]:
        """Record a game that has just ended; how it went, in the player's words."""
        from ..records.stats import format_result

        record = current.as_record()
        self._remember(record)  # kept even if Ctrl-C cuts the save short
        saved = self._add(record)
        if saved is Recorded.PRACTICE:  # the records knew its board: it counts apart
            record = record._replace(practice=True)
            self._remember(record)
        lines = [*self.warnings, *format_result(record, saved)]
        self.warnings.clear()
        return lines

    def abandon(self, current: Round) -> None:
        """Record the game in progress as given up: played, and not won."""
        if current.in_progress:
            record = current.as_record(abandoned=True)
            saved = self._add(record)
            self._remember(record._replace(practice=saved is Recorded.PRACTICE))

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

    def _add(self, record: GameRecord) -> Recorded:
        """Record a game as it ended, or as given up; the records say whether it is
        practice (they knew its board)."""
        with signals.deferred():  # a SIGTERM now still leaves the game recorded
            return self.store.add_game(record)

    def _remember(self, record: GameRecord) -> None:
        """Keep the tally, one record a game: the records' word that it is practice
        replaces the record first kept."""
        self.records[:] = [kept for kept in self.records if kept.identity != record.identity]
        self.records.append(record)

    def let_go(self, left: Round) -> None:
        """Take a game whose clock never started out of the records: the player moved on
        from it (flags, a hint, no reveal), and there is no game to record; one that
        started is recorded, finished or abandoned."""
        if left.worth_keeping and not left.in_progress:
            with signals.deferred():
                self.store.forget(left.identity)

    def statistics(self) -> list[str]:
        """The best times and statistics, with the records' warnings in reading them."""
        from ..records.stats import format_stats

        lines = format_stats(self.store, board_label)
        lines += self.warnings
        self.warnings.clear()
        return lines


def _keeping(current: Round) -> tuple[object, ...]:
    """What a snapshot of the game changes with, but for the cursor: the records are
    written again only when it changes."""
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
