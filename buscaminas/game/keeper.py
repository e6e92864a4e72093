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

    def put_away(self, current: Round, cursor: Point) -> bool:
        """Leave the game in progress for the next start, with the player's ``cursor``:
        the player is leaving.  Whether it is kept."""
        if not current.worth_keeping:
            return False
        with signals.deferred():  # a second signal now must not lose it
            return self.store.keep(current.identity, current.snapshot(cursor), playing=False)

    def record(self, record: GameRecord) -> Recorded:
        """Record a game as it ended, or as given up; the records say whether it is
        practice (they knew its board)."""
        with signals.deferred():  # a SIGTERM now still leaves the game recorded
            return self.store.add_game(record)

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
