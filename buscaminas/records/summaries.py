"""The boards' summaries: what the statistics show of each board, kept as games are
saved, so that no look at the records reads every game.

A summary is fresh while it counts every game of its board in order; any other
change to the games marks it stale (the triggers of :mod:`.schema`), and it is
counted again from its games, without their journals, when next read.  A summary
that is not what the game writes is counted again too, and one of no board the
game plays lets its games be set aside and goes.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import TYPE_CHECKING

from ..core.board import BoardSpec
from ..core.scoring import GameRecord
from . import reading, tally
from .gamerow import BadRow
from .tally import Summary, summary_of

if TYPE_CHECKING:
    import sqlite3

BEST_TIMES = 10
"""How many of the fastest wins a board's summary holds."""
BOARD = "preset IS ? AND width IS ? AND height IS ? AND mines IS ?"
"""The games of one board, named by its preset, size and mines as parameters."""
_OF_SUMMARY = (
    "(preset, width, height, mines)"
    " IS (SELECT preset, width, height, mines FROM board_summaries WHERE rowid = ?)"
)
"""The games of a summary's board, named by the summary's rowid: its values may be
anything a hand wrote, which cannot always be handed back as parameters."""
_SUMMARY = f"SELECT {reading.SUMMARY_COLUMNS} FROM board_summaries WHERE {BOARD}"
_COUNT_IN = (
    f"UPDATE board_summaries SET fresh = 1, last_id = ?,"
    f" {', '.join(f'{name} = ?' for name in tally.TALLIES)} WHERE rowid = ?"
)
_SUMMARISE_EVERY_BOARD = (
    "INSERT INTO board_summaries (preset, width, height, mines)"
    " SELECT DISTINCT preset, width, height, mines FROM games AS game WHERE NOT EXISTS"
    " (SELECT 1 FROM board_summaries AS summary WHERE summary.preset IS game.preset"
    " AND summary.width IS game.width AND summary.height IS game.height"
    " AND summary.mines IS game.mines)"
)
"""A stale summary for every board that has none: after summaries that were no
summary of any board (a hand's, a damaged file's) have gone."""

Read = Callable[..., list[tuple[int, GameRecord]]]
"""The store's read of the games a condition selects, those that cannot be read set
aside (:meth:`buscaminas.records.storage.Store._read`)."""


class Summaries:
    """The summaries of one store's database, its games read through ``read``."""

    def __init__(self, read: Read) -> None:
        self._read = read

    def count_in(
        self, db: sqlite3.Connection, board: tuple[object, ...], number: int,
        counts: tuple[int, ...],
    ) -> None:
        """Keep ``counts`` as the summary of ``board``, game ``number`` the last counted."""
        (summary,) = db.execute(_SUMMARY, board).fetchone()[:1]
        db.execute(_COUNT_IN, (number, *counts, summary))

    def rows(self, db: sqlite3.Connection) -> list[tuple[int, BoardSpec, Summary | None]]:
        """Every board's summary: its rowid, its board, and the summary if it is what the
        game writes (None: it is to be counted again).  A summary of no board the game
        plays is counted again, which sets its games aside and lets it go, and the
        boards it may have stood for are summarised anew (stale), when the database can
        be written; until then they are left out."""
        import sqlite3

        found, nowhere = reading.summaries_of(db)
        if nowhere:
            for rowid in nowhere:
                self.count_again(db, rowid)
            with suppress(sqlite3.OperationalError):  # read-only or locked: not now
                db.execute("BEGIN IMMEDIATE")
                with db:
                    db.execute(_SUMMARISE_EVERY_BOARD)
            found, _nowhere = reading.summaries_of(db)
        return found

    def of_board(self, db: sqlite3.Connection, board: tuple[object, ...]) -> Summary | None:
        """The summary of ``board``, if it has one; one that is not what the game writes
        is counted again first."""
        for _attempt in range(2):
            row = db.execute(_SUMMARY, board).fetchone()
            if row is None:
                return None
            try:
                return summary_of(row)
            except BadRow:
                self.count_again(db, row[0])
        return None

    def fastest(self, db: sqlite3.Connection, summary: int, wins: str) -> tuple[GameRecord, ...]:
        """The fastest of the ``wins`` (a condition) on the board of ``summary`` (its
        rowid), from their index."""
        order = f"ORDER BY seconds, id LIMIT {BEST_TIMES}"
        fastest = self._read(db, f"{_OF_SUMMARY} AND {wins}", order, (summary,), light=True)
        return tuple(game for _number, game in fastest)

    def count_again(self, db: sqlite3.Connection, rowid: int) -> tuple[int, ...] | None:
        """The counts of a board whose summary is stale, from its games in order, kept
        (fresh) when the database can be written; None for a board no game can be read
        on (its games set aside: bad values make bad boards), whose summary goes."""
        import sqlite3

        def count() -> tuple[tuple[int, ...], int]:
            games = self._read(db, _OF_SUMMARY, "ORDER BY id", (rowid,), light=True)
            last = games[-1][0] if games else 0
            return tally.count_all(game for _number, game in games), last

        def keep() -> tuple[tuple[int, ...], int]:
            counts, last = count()
            if last:
                db.execute(_COUNT_IN, (last, *counts, rowid))
            else:
                db.execute("DELETE FROM board_summaries WHERE rowid = ?", (rowid,))
            return counts, last

        if db.in_transaction:  # a game being saved: the count is kept with it
            counts, last = keep()
        else:
            try:
                db.execute("BEGIN IMMEDIATE")
                with db:
                    counts, last = keep()
            except sqlite3.OperationalError:  # read-only or locked: counted, not kept
                counts, last = count()
        return counts if last else None
