"""Scores that last: one SQLite database of finished games, kept at the edge.

The facade of the records; its parts each do one job: the file as SQLite opens it
and repairs it (:mod:`.database`, the schema in one transaction by :mod:`.schema`),
the rows read back (:mod:`.reading`), the boards' summaries (:mod:`.summaries`),
the games kept pending (:mod:`.pending`).

Keeping a score must never cost the player a game, so no failure escapes a
:class:`Store`, whatever the bytes on disk: a database that is read-only or from
a newer version becomes a one-line warning and the call returns as if there
were nothing saved; a damaged file is moved aside (never deleted), and every
row that can still be read is copied into a new one (:mod:`.salvage`).  Nor
does a failure escape a read: every row is checked as it is read (a game by
:mod:`.gamerow`, a board's summary by :mod:`.tally`, a game in progress by
:mod:`.reading`),
text is decoded by the store's own rule, and a row that cannot be read is set
aside whole (:mod:`.setaside`); the player is told once.

Every call opens its own connection and every write is one ``BEGIN
IMMEDIATE`` transaction under a busy timeout, so two games finishing at the
same moment in two terminals wait for each other instead of failing.  A game
that still finds the database locked when its wait is over is not dropped: it
is kept pending beside the database (:mod:`.pending`), and whichever game next
opens the database writes it in.  The database keeps the names of the files it
took in, so that a game is written once even if two games take it in at the
same moment.

Nothing the store opens can block it: the database and its journal are looked
at before SQLite opens them (:mod:`.dbfile`), and every other file is read
without blocking (:mod:`.inputfile`).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from contextlib import suppress
from datetime import UTC, datetime
from enum import Enum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..core.scoring import GameRecord
from ..i18n import _
from . import claim, dbfile, outputfile, pending, places, reading, seen, setaside, tally
from .database import Database, failures, locked
from .gamerow import NAMES, to_row
from .schema import CLEAN, OTHER_WINS
from .setaside import GAMES, UNFINISHED
from .summaries import BOARD, Summaries
from .tally import BoardSummary

if TYPE_CHECKING:
    import sqlite3

T = TypeVar("T")

DATA_DIR_VARIABLE = "BUSCAMINAS_DATA_DIR"
DATABASE_NAME = "buscaminas.sqlite3"
TIMEOUT = 2.0
"""Seconds a game waits for another to finish writing: short, since a game that
waits longer is kept pending rather than lost."""

_COLUMNS = ", ".join(NAMES)
_INSERT = (
    f"INSERT INTO games ({_COLUMNS}) VALUES ({', '.join('?' * len(NAMES))})"
    # A game handed in again under its own identity stays one row.
    " ON CONFLICT (identity) DO UPDATE SET "
    + ", ".join(f"{name} = excluded.{name}" for name in NAMES)
)
_IDENTITY = NAMES.index("identity")
_PENDING_TAKEN = "SELECT 1 FROM taken_pending WHERE name = ?"
_TAKE_PENDING = "INSERT INTO taken_pending (name) VALUES (?)"
_PRACTICE = "SELECT practice FROM games WHERE id = ?"
_KEEP = (
    "INSERT INTO unfinished (identity, saved_at, snapshot, owner, renewed_at)"
    " VALUES (?, ?, ?, ?, ?) ON CONFLICT (identity) DO UPDATE SET"
    " saved_at = excluded.saved_at, snapshot = excluded.snapshot,"
    " owner = excluded.owner, renewed_at = excluded.renewed_at"
    " WHERE unfinished.owner IS ? OR unfinished.owner IS NULL"
)
_UNFINISHED = (
    "SELECT rowid, identity, snapshot, owner, renewed_at FROM unfinished ORDER BY saved_at DESC"
)
_OWNER = "SELECT owner, renewed_at FROM unfinished WHERE identity = ?"
_CLAIM = "UPDATE unfinished SET owner = ?, renewed_at = ? WHERE identity = ?"
_FORGET = "DELETE FROM unfinished WHERE identity = ?"
_SEE = (
    "INSERT INTO seen_boards (board, identity) SELECT ?, ?"
    " WHERE NOT EXISTS (SELECT 1 FROM seen_boards WHERE board = ?)"
)
_SEEN_ELSEWHERE = (
    "SELECT 1 FROM seen_boards WHERE board = ?"
    f" AND substr(identity, 1, {seen.LINE}) IS NOT substr(?, 1, {seen.LINE})"
)


class Recorded(Enum):
    """What became of a finished game handed to :meth:`Store.add_game`."""

    NOT_SAVED = "not-saved"
    PENDING = "pending"  # the database was locked: kept beside it, written at the next chance
    SAVED = "saved"
    NEW_BEST = "new-best"  # saved, and the fastest clean win on its board so far
    PRACTICE = "practice"  # saved, on a board the player had already seen


class Claim(Enum):
    """What became of :meth:`Store.claim`."""

    TAKEN = "taken"  # this process plays the game now
    ELSEWHERE = "elsewhere"  # another process plays it, or has finished it
    FAILED = "failed"  # the records could not be written: said in a warning


def database_in(data_dir: Path | None) -> Path | None:
    """The games database in ``data_dir`` (``--data-dir``); None for the default place
    (:func:`default_path`)."""
    return None if data_dir is None else data_dir / DATABASE_NAME


def default_path() -> Path:
    """Where the scores live: ``$BUSCAMINAS_DATA_DIR``, else the user data directory."""
    directory = os.environ.get(DATA_DIR_VARIABLE) or places.user_directory("data")
    return Path(directory) / DATABASE_NAME


class Store:
    """The games database at ``path`` (by default :func:`default_path`).

    Warnings, already translated, go to ``on_warning``; ``timeout`` is how many
    seconds a call waits for another game to finish writing before a finished
    game is kept pending instead; ``owner``, who this process is to a game in
    progress (by default :func:`buscaminas.records.claim.owner`).
    """

    def __init__(
        self,
        path: Path | None = None,
        *,
        on_warning: Callable[[str], None],
        timeout: float = TIMEOUT,
        owner: str | None = None,
    ) -> None:
        self.path = default_path() if path is None else path
        self.pending = pending.directory_of(self.path)
        self.nothing_kept = self.path.with_name(f"{self.path.name}.nothing-kept")
        """The database's :func:`_stamp` when a look found no game kept in it."""
        self._warn = on_warning
        self.database = Database(self.path, on_warning=on_warning, timeout=timeout)
        """The file as SQLite opens it, repaired when it is damaged."""
        self._summaries = Summaries(self._read)
        self.owner = claim.owner() if owner is None else owner
        """Who this process is to a game in progress it plays (:mod:`.claim`)."""
        self.played_elsewhere = 0
        """How many games in progress the last look passed over: another process plays
        them now."""
        self._told: set[tuple[str, int]] = set()
        """The rows that could not be read and were told of, by table and rowid: one
        warning each, however often a read-only database shows them again."""

    def add_game(self, game: GameRecord) -> Recorded:
        """Save a finished game, and say whether it set a new best time.

        In the same transaction the game leaves the games in progress (it is over)
        and its board's summary counts it, so that no look at the records reads
        every game; the best time it is measured against is one row of an index.
        """
        import sqlite3

        waiting = pending.waiting(self.pending)  # read before the transaction waits

        def add(db: sqlite3.Connection) -> Recorded:
            db.execute("BEGIN IMMEDIATE")
            with db:
                taken = self._take_in(db, waiting)
                board = (game.preset, game.width, game.height, game.mines)
                best = self._read(
                    db,
                    f"{BOARD} AND {CLEAN} AND NOT (identity IS ? AND identity IS NOT NULL)",
                    "ORDER BY seconds LIMIT 1",
                    (*board, game.identity),
                    light=True,
                )
                before = self._summaries.of_board(db, board)
                if before is not None and not before.fresh:  # count the board again
                    self._summaries.count_again(db, before.rowid)
                    before = self._summaries.of_board(db, board)
                again = game.identity is not None and db.execute(
                    "SELECT 1 FROM games WHERE identity = ?", (game.identity,)
                ).fetchone()
                (number,) = db.execute(f"{_INSERT} RETURNING id", to_row(game)).fetchall()[0]
                read_back = db.execute(_PRACTICE, (number,)).fetchone()
                if read_back is None:  # a damaged index hides the row just written
                    raise sqlite3.DatabaseError("the game just written cannot be read back")
                (practice,) = read_back
                recorded = game._replace(practice=practice == 1)
                if before is None or (before.fresh and before.last_id < number and not again):
                    # the board's first game, or the next of a summary that counts all
                    counts = before.counts if before is not None else tally.NOTHING
                    self._summaries.count_in(db, board, number, tally.counted(counts, recorded))
                if game.identity is not None:
                    db.execute(_FORGET, (game.identity,))
            pending.forget(taken)
            if recorded.practice:
                return Recorded.PRACTICE
            if game.clean and all(game.seconds < win.seconds for _number, win in best):
                return Recorded.NEW_BEST
            return Recorded.SAVED

        failure = _("This game was not saved: {reason}.")
        try:
            return self.database.run(add)
        except failures() as error:
            if locked(error):
                return self._keep_pending(game, failure)
            self._warn(failure.format(reason=self.database.reason(error)))
            return Recorded.NOT_SAVED

    def keep(self, identity: str, snapshot: dict[str, Any], *, playing: bool) -> bool:
        """Keep a game in progress to be resumed: False, after one warning, if it cannot be.

        ``playing``: this process goes on playing it, and holds its claim
        (:mod:`buscaminas.records.claim`); otherwise it is left for whoever starts
        next.  A game another process has claimed meanwhile (its lease lapsed while
        this one was away) is not written over: that one plays it now.
        """

        import json  # only games kept, pending or read back need it: the statistics do not

        def keep(db: sqlite3.Connection) -> bool:
            db.execute("BEGIN IMMEDIATE")
            with db:
                saved_at = datetime.now(UTC).isoformat()
                owner = self.owner if playing else None
                row = (identity, saved_at, json.dumps(snapshot), owner, time.time(), self.owner)
                return db.execute(_KEEP, row).rowcount > 0  # 0: claimed by another

        try:
            kept = self.database.run(keep)
        except failures() as error:
            failure = _("The game in progress was not kept: {reason}.")
            self._warn(failure.format(reason=self.database.reason(error)))
            return False
        if not kept:
            self._warn(_("This game was taken up elsewhere: it is kept there, not here."))
        return kept

    def unfinished(
        self, check: Callable[[str, dict[str, Any]], None] = lambda identity, snapshot: None
    ) -> list[tuple[str, dict[str, Any]]]:
        """The games left in progress that nobody plays now, newest first, as
        (identity, snapshot).

        A row whose identity is not text, whose snapshot is not a JSON object, or
        that ``check`` refuses with a ValueError (a game that cannot be taken up)
        is set aside, kept for whoever wants to rescue it, never offered again.
        A game another process is playing (:func:`buscaminas.records.claim.alive`)
        is neither offered nor checked: it is that process's, and counted in
        :attr:`played_elsewhere`.

        Every start asks, and most find none: a database unchanged since a look
        found none is not opened again (nor SQLite loaded), which the game's
        first board would wait for.
        """
        self.played_elsewhere = 0

        def load(db: sqlite3.Connection) -> tuple[list[tuple[str, dict[str, Any]]], bool]:
            self._write_in(db, waiting)  # a game that ended while locked is over, not kept
            kept, unreadable, elsewhere = [], {}, 0
            rows = db.execute(_UNFINISHED).fetchall()
            for rowid, identity, text, owner, renewed in rows:
                if claim.alive(owner, renewed):
                    elsewhere += 1
                    continue
                try:
                    read = (reading.identity_of(identity), reading.snapshot_of(text))
                    check(*read)
                except ValueError as why:
                    unreadable[rowid] = str(why)
                else:
                    kept.append(read)
            if unreadable:
                self._put_aside(db, UNFINISHED, unreadable)
            self.played_elsewhere = elsewhere
            return kept, len(rows) == len(unreadable)

        seen = dbfile.stamp(self.path)
        if seen is not None and seen == dbfile.read_stamp(self.nothing_kept):
            return []
        if dbfile.nothing_yet(self.path):
            return []  # nothing was ever kept: a first start creates nothing
        waiting = pending.waiting(self.pending)
        try:
            kept, none_left = self.database.run(load)
        except failures() as error:
            failure = _("The game in progress could not be read: {reason}.")
            self._warn(failure.format(reason=self.database.reason(error)))
            return []
        if none_left and seen is not None and dbfile.stamp(self.path) == seen:
            with suppress(OSError):  # a read-only place: the next start looks again
                outputfile.write_text(self.nothing_kept, seen, replace=True, durable=False)
        return kept

    def claim(self, identity: str) -> Claim:
        """Claim a game in progress for this process, to resume or give it up.  Another
        process may hold it (two terminals started at once: the first wins); the
        game stays in the records, so that this process dying loses nothing."""

        def claim_it(db: sqlite3.Connection) -> Claim:
            db.execute("BEGIN IMMEDIATE")
            with db:
                found = db.execute(_OWNER, (identity,)).fetchone()
                if found is None:
                    return Claim.ELSEWHERE
                owner, renewed = found
                if owner != self.owner and claim.alive(owner, renewed):
                    return Claim.ELSEWHERE
                db.execute(_CLAIM, (self.owner, time.time(), identity))
                return Claim.TAKEN

        try:
            return self.database.run(claim_it)
        except failures() as error:
            failure = _("The game in progress could not be taken up: {reason}.")
            self._warn(failure.format(reason=self.database.reason(error)))
            return Claim.FAILED

    def forget(self, identity: str) -> None:
        """Take a game in progress out of the records: it was given up before it had
        a board, or the player moved on to another; nothing of it is left to record."""

        def forget(db: sqlite3.Connection) -> None:
            db.execute("BEGIN IMMEDIATE")
            with db:
                db.execute(_FORGET, (identity,))

        try:
            self.database.run(forget)
        except failures() as error:
            failure = _("The game in progress was not kept: {reason}.")
            self._warn(failure.format(reason=self.database.reason(error)))

    def see(self, board: str, identity: str) -> None:
        """Note ``board`` (its fingerprint) seen in the game ``identity`` before that game
        is recorded: its mines were written out (``save``), so any other game of it is
        practice, as a game of a board recorded is."""

        def see(db: sqlite3.Connection) -> None:
            db.execute("BEGIN IMMEDIATE")
            with db:
                db.execute(_SEE, (board, identity, board))

        try:
            self.database.run(see)
        except failures() as error:
            failure = _("The records could not note this board as seen: {reason}.")
            self._warn(failure.format(reason=self.database.reason(error)))

    def knows(self, board: str, identity: str) -> bool:
        """Whether ``board`` (its fingerprint) was seen in a game of another line than
        ``identity``'s: a game of it is practice.  False when the records cannot say."""

        def knows(db: sqlite3.Connection) -> bool:
            return db.execute(_SEEN_ELSEWHERE, (board, identity)).fetchone() is not None

        try:
            return self.database.run(knows)
        except failures():
            return False  # the game's end says it, as the records find it then

    def games(self) -> list[GameRecord] | None:
        """Every recorded game, in the order they were written; None when unreadable."""
        numbered = self._numbered("1", "ORDER BY id", ())
        return None if numbered is None else [game for _number, game in numbered]

    def recent(self, limit: int | None = None) -> list[tuple[int, GameRecord]] | None:
        """The last ``limit`` games (every game with None), oldest first, each with its
        number, which never changes; None when unreadable."""
        newest = (-1 if limit is None else limit,)
        numbered = self._numbered("1", "ORDER BY id DESC LIMIT ?", newest)
        return None if numbered is None else numbered[::-1]

    def game(self, number: int) -> GameRecord | None:
        """Game ``number``; None when there is none, or the records cannot be read."""
        numbered = self._numbered("id = ?", "", (number,))
        return numbered[0][1] if numbered else None

    def last_with_journal(self) -> tuple[int, GameRecord] | None:
        """The latest game recorded with its moves, and its number."""
        numbered = self._numbered("journal IS NOT NULL", "ORDER BY id DESC LIMIT 1", ())
        return numbered[0] if numbered else None

    def own_file(self, path: Path) -> str | None:
        """Why ``save`` or ``export`` may not write ``path``: it names one of the game's
        own files (:func:`buscaminas.records.dbfile.own_file`); None for any other."""
        return dbfile.own_file(self.path, path)

    def _numbered(
        self, condition: str, order: str, parameters: tuple[object, ...]
    ) -> list[tuple[int, GameRecord]] | None:
        """The games that ``condition`` selects in ``order``, with their numbers, the
        pending ones written in first."""
        waiting = pending.waiting(self.pending)

        def load(db: sqlite3.Connection) -> list[tuple[int, GameRecord]]:
            self._write_in(db, waiting)
            return self._read(db, condition, order, parameters)

        return self._look(load, list[tuple[int, GameRecord]]())

    def summaries(self) -> list[BoardSummary] | None:
        """Every board played: its counts (:mod:`buscaminas.records.tally`) and its
        fastest wins; None when the records cannot be read.

        A board's kept summary is read as it is; a stale one, or one that is not what
        the game writes, is counted again from its games (without their journals) and
        kept again when the database can be written.  No look reads every game.
        """
        waiting = pending.waiting(self.pending)

        def load(db: sqlite3.Connection) -> list[BoardSummary]:
            self._write_in(db, waiting)
            found = []
            for rowid, board, summary in self._summaries.rows(db):
                if summary is not None and summary.fresh:
                    counts: tuple[int, ...] | None = summary.counts
                else:
                    counts = self._summaries.count_again(db, rowid)
                if counts is None or not counts[0] + sum(counts[tally.APART :: 2]):
                    continue  # a board whose every game was set aside or deleted
                fastest = self._summaries.fastest
                best, other = (fastest(db, rowid, wins) for wins in (CLEAN, OTHER_WINS))
                found.append(BoardSummary(board, counts, best, other))
            return found

        return self._look(load, list[BoardSummary]())

    def _write_in(self, db: sqlite3.Connection, waiting: list[pending.Waiting]) -> None:
        """Write in the games kept pending (read before), if the database can be
        written now."""
        import sqlite3

        if waiting:
            try:
                db.execute("BEGIN IMMEDIATE")
                with db:
                    taken = self._take_in(db, waiting)
                pending.forget(taken)
            except sqlite3.OperationalError:
                pass  # locked or read-only: the pending games wait for the next chance

    def _look(self, load: Callable[[sqlite3.Connection], T], nothing: T) -> T | None:
        """``load`` from the records; ``nothing`` when there are none yet, for a look
        creates no database; None, after a warning, when they cannot be read."""
        if dbfile.nothing_yet(self.path):
            return nothing
        try:
            return self.database.run(load)
        except failures() as error:
            failure = _("The statistics could not be read: {reason}.")
            self._warn(failure.format(reason=self.database.reason(error)))
            return None

    # --- rows that cannot be read ------------------------------------------------------

    def _read(
        self,
        db: sqlite3.Connection,
        condition: str,
        order: str,
        parameters: tuple[object, ...],
        *,
        light: bool = False,
    ) -> list[tuple[int, GameRecord]]:
        """The games that ``condition`` selects in ``order``, every one read; ``light``:
        without their journals.

        A row that cannot be read sets every such row of the table aside, at
        once, and the games are selected again without them: one look at the
        records finds, and tells of, all that cannot be read.
        """
        select = partial(reading.select, condition, order, light=light)
        found, unreadable = reading.games_of(db.execute(select(()), parameters))
        if not unreadable:
            return found
        every = self._put_aside(db, GAMES, None)
        found, _unreadable = reading.games_of(db.execute(select(every), parameters))
        return found

    def _put_aside(
        self, db: sqlite3.Connection, table: str, rows: dict[int, str] | None
    ) -> tuple[int, ...]:
        """Move ``rows`` of ``table`` (rowid: why; with None, every row of the games
        that cannot be read) to the table beside it, and warn once; the rows' rowids,
        moved or not.

        Inside a write (a game being saved) the rows move with it; otherwise in a
        transaction of their own, and when the database cannot be written (read-only,
        locked) they stay where they are, left out of every answer meanwhile.
        """
        import sqlite3

        def unreadable() -> dict[int, str]:
            return reading.unreadable_games(db) if rows is None else rows

        reason = None
        if db.in_transaction:
            found = unreadable()
            setaside.move(db, table, found)
        else:
            try:
                db.execute("BEGIN IMMEDIATE")
                with db:
                    found = unreadable()
                    setaside.move(db, table, found)
            except sqlite3.OperationalError as error:
                found, reason = unreadable(), self.database.reason(error)
        news = sorted(rowid for rowid in found if (table, rowid) not in self._told)
        self._told.update((table, rowid) for rowid in news)
        if news:
            self._warn(setaside.told(table, news, self.path, reason))
        return tuple(found)

    # --- games kept pending -----------------------------------------------------------

    def _keep_pending(self, game: GameRecord, failure: str) -> Recorded:
        """Keep ``game`` beside the locked database; warn only if the disk refuses it too."""
        try:
            pending.keep(self.pending, game)
        except OSError:
            reason = _(
                "the score database {path} is locked by another program"
                " and {pending} cannot be written"
            )
            self._warn(failure.format(reason=reason.format(path=self.path, pending=self.pending)))
            return Recorded.NOT_SAVED
        return Recorded.PENDING

    def _take_in(self, db: sqlite3.Connection, waiting: list[pending.Waiting]) -> list[Path]:
        """Write the pending games in the open transaction; the files it took in.

        A file another game has already taken in is ignored by its name, so no
        game is written twice.
        """
        import sqlite3

        taken = []
        for file, row in waiting:
            if not db.execute(_PENDING_TAKEN, (file.stem,)).fetchone():
                try:
                    db.execute(_INSERT, row)
                except sqlite3.IntegrityError:
                    continue
                db.execute(_TAKE_PENDING, (file.stem,))
                db.execute(_FORGET, (row[_IDENTITY],))  # over: no longer in progress
            taken.append(file)
        return taken
