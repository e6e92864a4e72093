"""Scores that last: one SQLite database of finished games, kept at the edge.

Keeping a score must never cost the player a game, so no failure escapes a
:class:`Store`, whatever the bytes on disk: a database that is read-only or from
a newer version becomes a one-line warning and the call returns as if there
were nothing saved; a damaged file is moved aside (never deleted), and every
row that can still be read is copied into a new one (:mod:`.salvage`).  Nor
does a failure escape a read: every row is checked as it is read (a game by
:mod:`.gamerow`, a board's summary by :mod:`.tally`, a game in progress here),
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
at before SQLite opens them (a named pipe there is refused: :mod:`.dbfile`), and
every other file is read without blocking (:mod:`.inputfile`).  A file that is not
as the last process to find it sound left it is checked when a process first opens
it (:mod:`.dbfile`, :mod:`.salvage`).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from contextlib import closing, suppress
from datetime import UTC, datetime
from enum import Enum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..core.board import BoardSpec
from ..core.scoring import GameRecord
from ..i18n import _, ngettext
from . import (
    claim,
    dbfile,
    gamerow,
    nesting,
    outputfile,
    pending,
    places,
    schema,
    setaside,
    tally,
)
from .gamerow import NAMES, BadRow, from_row, to_row
from .schema import CLEAN, OTHER_WINS, NewerSchemaError
from .setaside import GAMES, UNFINISHED
from .tally import BoardSummary, Summary, summary_of

if TYPE_CHECKING:
    import sqlite3

T = TypeVar("T")

DATA_DIR_VARIABLE = "BUSCAMINAS_DATA_DIR"
DATABASE_NAME = "buscaminas.sqlite3"
BEST_TIMES = 10
"""How many of the fastest wins a board's summary holds."""
TIMEOUT = 2.0
"""Seconds a game waits for another to finish writing: short, since a game that
waits longer is kept pending rather than lost."""

_BOARD = "preset IS ? AND width IS ? AND height IS ? AND mines IS ?"
_OF_SUMMARY = (
    "(preset, width, height, mines)"
    " IS (SELECT preset, width, height, mines FROM board_summaries WHERE rowid = ?)"
)
"""The games of a summary's board, named by the summary's rowid: its values may be
anything a hand wrote, which cannot always be handed back as parameters."""
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
_SELECT_NUMBERED = f"SELECT id, {_COLUMNS} FROM games"
_SELECT_LIGHT = "SELECT id, " + ", ".join(
    "NULL" if name == "journal" else name for name in NAMES
) + " FROM games"
"""The games without their journals, which only a replay, a review or an export reads."""
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
_SUMMARY_COLUMNS = (
    f"rowid, preset, width, height, mines, fresh, last_id, {', '.join(tally.TALLIES)}"
)
_SUMMARY = f"SELECT {_SUMMARY_COLUMNS} FROM board_summaries WHERE {_BOARD}"
_SUMMARIES = f"SELECT {_SUMMARY_COLUMNS} FROM board_summaries"
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


def _damage(error: sqlite3.DatabaseError) -> bool:
    """Whether SQLite's ``error`` says the file is damaged: a plain database error, or a
    header naming a file format no SQLite writes (one flipped bit there is enough)."""
    import sqlite3

    return type(error) is sqlite3.DatabaseError or str(error) == "unsupported file format"


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
        self._timeout = timeout
        self.owner = claim.owner() if owner is None else owner
        """Who this process is to a game in progress it plays (:mod:`.claim`)."""
        self.played_elsewhere = 0
        """How many games in progress the last look passed over: another process plays
        them now."""
        self._told: set[tuple[str, int]] = set()
        """The rows that could not be read and were told of, by table and rowid: one
        warning each, however often a read-only database shows them again."""
        self._looked = False
        """Whether this store has looked at the file once, and checked it if it had to."""

    def add_game(self, game: GameRecord) -> Recorded:
        """Save a finished game, and say whether it set a new best time.

        In the same transaction the game leaves the games in progress (it is over)
        and its board's summary counts it, so that no look at the records reads
        every game; the best time it is measured against is one row of an index.
        """
        waiting = pending.waiting(self.pending)  # read before the transaction waits

        def add(db: sqlite3.Connection) -> Recorded:
            db.execute("BEGIN IMMEDIATE")
            with db:
                taken = self._take_in(db, waiting)
                board = (game.preset, game.width, game.height, game.mines)
                best = self._read(
                    db,
                    f"{_BOARD} AND {CLEAN} AND NOT (identity IS ? AND identity IS NOT NULL)",
                    "ORDER BY seconds LIMIT 1",
                    (*board, game.identity),
                    light=True,
                )
                before = self._summary(db, board)
                if before is not None and not before.fresh:  # count the board again
                    self._count_again(db, before.rowid)
                    before = self._summary(db, board)
                again = game.identity is not None and db.execute(
                    "SELECT 1 FROM games WHERE identity = ?", (game.identity,)
                ).fetchone()
                (number,) = db.execute(f"{_INSERT} RETURNING id", to_row(game)).fetchall()[0]
                (practice,) = db.execute(_PRACTICE, (number,)).fetchone()
                recorded = game._replace(practice=practice == 1)
                if before is None or (before.fresh and before.last_id < number and not again):
                    # the board's first game, or the next of a summary that counts all
                    counts = before.counts if before is not None else tally.NOTHING
                    (summary,) = db.execute(_SUMMARY, board).fetchone()[:1]
                    counts = tally.counted(counts, recorded)
                    db.execute(_COUNT_IN, (number, *counts, summary))
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
            return self._run_repairing(add)
        except _failures() as error:
            if _locked(error):
                return self._keep_pending(game, failure)
            self._warn(failure.format(reason=self._reason(error)))
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
            kept = self._run_repairing(keep)
        except _failures() as error:
            failure = _("The game in progress was not kept: {reason}.")
            self._warn(failure.format(reason=self._reason(error)))
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
                    read = (_identity(identity), _snapshot(text))
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
            kept, none_left = self._run_repairing(load)
        except _failures() as error:
            failure = _("The game in progress could not be read: {reason}.")
            self._warn(failure.format(reason=self._reason(error)))
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
            return self._run_repairing(claim_it)
        except _failures() as error:
            failure = _("The game in progress could not be taken up: {reason}.")
            self._warn(failure.format(reason=self._reason(error)))
            return Claim.FAILED

    def forget(self, identity: str) -> None:
        """Take a game in progress out of the records: it was given up before it had
        a board, or the player moved on to another; nothing of it is left to record."""

        def forget(db: sqlite3.Connection) -> None:
            db.execute("BEGIN IMMEDIATE")
            with db:
                db.execute(_FORGET, (identity,))

        try:
            self._run_repairing(forget)
        except _failures() as error:
            failure = _("The game in progress was not kept: {reason}.")
            self._warn(failure.format(reason=self._reason(error)))

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
            for rowid, board, summary in self._summary_rows(db):
                if summary is not None and summary.fresh:
                    counts: tuple[int, ...] | None = summary.counts
                else:
                    counts = self._count_again(db, rowid)
                if counts is None or not counts[0] + sum(counts[tally.APART :: 2]):
                    continue  # a board whose every game was set aside or deleted
                best, other = (self._fastest(db, rowid, wins) for wins in (CLEAN, OTHER_WINS))
                found.append(BoardSummary(board, counts, best, other))
            return found

        return self._look(load, list[BoardSummary]())

    def _summary_rows(self, db: sqlite3.Connection) -> list[tuple[int, BoardSpec, Summary | None]]:
        """Every board's summary: its rowid, its board, and the summary if it is what the
        game writes (None: it is to be counted again).  A summary of no board the game
        plays is counted again, which sets its games aside and lets it go, and the
        boards it may have stood for are summarised anew (stale), when the database can
        be written; until then they are left out."""
        import sqlite3

        found, nowhere = _summaries(db)
        if nowhere:
            for rowid in nowhere:
                self._count_again(db, rowid)
            with suppress(sqlite3.OperationalError):  # read-only or locked: not now
                db.execute("BEGIN IMMEDIATE")
                with db:
                    db.execute(_SUMMARISE_EVERY_BOARD)
            found, _nowhere = _summaries(db)
        return found

    def _summary(self, db: sqlite3.Connection, board: tuple[object, ...]) -> Summary | None:
        """The summary of ``board``, if it has one; one that is not what the game writes
        is counted again first."""
        for _attempt in range(2):
            row = db.execute(_SUMMARY, board).fetchone()
            if row is None:
                return None
            try:
                return summary_of(row)
            except BadRow:
                self._count_again(db, row[0])
        return None

    def _fastest(self, db: sqlite3.Connection, summary: int, wins: str) -> tuple[GameRecord, ...]:
        """The fastest of the ``wins`` (a condition) on the board of ``summary`` (its
        rowid), from their index."""
        order = f"ORDER BY seconds, id LIMIT {BEST_TIMES}"
        fastest = self._read(db, f"{_OF_SUMMARY} AND {wins}", order, (summary,), light=True)
        return tuple(game for _number, game in fastest)

    def _count_again(self, db: sqlite3.Connection, rowid: int) -> tuple[int, ...] | None:
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
            return self._run_repairing(load)
        except _failures() as error:
            failure = _("The statistics could not be read: {reason}.")
            self._warn(failure.format(reason=self._reason(error)))
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
        select = partial(_select, condition, order, light=light)
        found, unreadable = _games(db.execute(select(()), parameters))
        if not unreadable:
            return found
        every = self._put_aside(db, GAMES, None)
        found, _unreadable = _games(db.execute(select(every), parameters))
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
            return _unreadable_games(db) if rows is None else rows

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
                found, reason = unreadable(), self._reason(error)
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

    # --- the file ---------------------------------------------------------------------

    def _run_repairing(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work``, once more on a new database, with every row of the old that can
        be read, if the file is damaged."""
        from .salvage import Damaged

        try:
            return self._run(work)
        except Damaged:
            self._replace_damaged()
            return self._run(work)

    def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` on a connection to the database, made and brought up to date first;
        :class:`~buscaminas.records.salvage.Damaged` when SQLite finds the file damaged."""
        import sqlite3  # here, not at the start: a game with nothing kept needs none

        from .salvage import Damaged

        self.path.parent.mkdir(parents=True, exist_ok=True)
        dbfile.refuse_what_blocks(self.path)
        try:
            with closing(self._connected(self.path)) as db:
                checked = self._look_once(db)
                schema.migrate(db)
                if checked and schema.tables_missing(db):
                    raise Damaged("a table is missing")
                done = work(db)
        except UnicodeError as error:  # SQLite's message held bytes of the file, not UTF-8
            raise Damaged(str(error)) from error
        except sqlite3.DatabaseError as error:
            if not _damage(error):  # locked, read-only, full: no damage
                raise
            raise Damaged(str(error)) from error
        return done

    def _connected(self, path: Path) -> sqlite3.Connection:
        import sqlite3

        connection = sqlite3.connect(path, timeout=self._timeout, isolation_level=None)
        # Text that is not UTF-8 is one bad value for its row to be refused for,
        # rather than an error that fails the whole query.
        connection.text_factory = _DECODED
        return connection

    def _look_once(self, db: sqlite3.Connection) -> bool:
        """At a store's first look, check a file that is not as a process that found it
        sound left it (:mod:`.salvage`), unless this process has found it sound already;
        whether it was checked."""
        if self._looked or dbfile.sound_here(self.path):
            return False
        self._looked = True
        if dbfile.as_left_sound(self.path):
            return False
        from .salvage import sound

        if sound(db):
            dbfile.note_sound(self.path)
        return True

    def _replace_damaged(self) -> None:
        """Keep the damaged database aside as it was found (:func:`.dbfile.move_aside`),
        and copy every row of it that can be read into a new one; the player is told
        how many games were saved and where the damaged file is."""
        aside = dbfile.move_aside(self.path)
        if aside is None:
            return  # another game moved it aside meanwhile: the new one is there
        try:
            saved: int | None = self._salvage(aside)
        except _failures():  # the new file cannot be written: the damaged one keeps them
            saved = None
        self._looked = True
        dbfile.note_sound(self.path)
        self._warn(_salvaged_words(saved, aside))

    def _salvage(self, aside: Path) -> int:
        from .salvage import salvage

        with closing(self._connected(self.path)) as db:
            db.execute("BEGIN IMMEDIATE")
            with db:
                schema.apply(db)
                return salvage(aside, db, _DECODED)

    def _reason(self, error: Exception) -> str:
        """Why the database failed, in the player's words rather than SQLite's."""
        import sqlite3

        path = str(self.path)
        message = str(error)
        if isinstance(error, NewerSchemaError):
            reason = _("the score database {path} comes from a newer version of the game")
        elif isinstance(error, dbfile.NotAFile):
            reason = _("the score database {path} cannot be opened: {file} is not a file")
            return reason.format(path=path, file=error.args[0])
        elif isinstance(error, OSError) or _code(error) == sqlite3.SQLITE_CANTOPEN:
            reason = _("the score database {path} cannot be opened")
        elif _locked(error):
            reason = _("the score database {path} is locked by another program")
        elif _code(error) == sqlite3.SQLITE_READONLY:
            reason = _("the score database {path} is read-only")
        else:
            reason = _("the score database {path} failed: {error}")
        return reason.format(path=path, error=message)


_DECODED = partial(str, encoding="utf-8", errors="surrogateescape")
"""Text as SQLite holds it, bytes that are not UTF-8 kept as lone surrogates, which
:mod:`buscaminas.records.gamerow` refuses; a partial, so that no Python code runs per value."""


def _salvaged_words(saved: int | None, aside: Path) -> str:
    """What the player is told of a damaged database: how many games were saved from
    it, and where it is kept."""
    if not saved:
        words = _(
            "The score database was damaged and no game in it could be read; it was kept as"
            " {path} and a new one was started."
        )
        return words.format(path=aside)
    words = ngettext(
        "The score database was damaged: {count} game was saved from it into a new one,"
        " and the damaged file was kept as {path}.",
        "The score database was damaged: {count} games were saved from it into a new one,"
        " and the damaged file was kept as {path}.",
        saved,
    )
    return words.format(count=saved, path=aside)


def _summaries(
    db: sqlite3.Connection,
) -> tuple[list[tuple[int, BoardSpec, Summary | None]], list[int]]:
    """Every summary whose board is one the game plays (its rowid, its board, and the
    summary itself unless it is to be counted again), and the rowids of the others."""
    found: list[tuple[int, BoardSpec, Summary | None]] = []
    nowhere = []
    for row in db.execute(_SUMMARIES).fetchall():
        try:
            board = gamerow.board_of(*row[1:5])
        except BadRow:
            nowhere.append(row[0])
            continue
        try:
            found.append((row[0], board, summary_of(row)))
        except BadRow:
            found.append((row[0], board, None))
    return found, nowhere


def _failures() -> tuple[type[Exception], ...]:
    """Everything a store turns into a warning rather than let it end the game."""
    import sqlite3

    return (sqlite3.Error, OSError, NewerSchemaError)


def _locked(error: Exception) -> bool:
    """Whether another program holds the database: a wait, not a failure of the disk."""
    import sqlite3

    return _code(error) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _code(error: Exception) -> int | None:
    """SQLite's primary result code for ``error``: its own words, not its English text."""
    code = getattr(error, "sqlite_errorcode", None)
    return None if code is None else int(code) & 0xFF


def _select(condition: str, order: str, skipped: tuple[int, ...], *, light: bool) -> str:
    """The numbered games ``condition`` selects in ``order``, but for rows ``skipped``
    (rowids, whole numbers, written in as they are); ``light``: without journals."""
    rowids = ", ".join(str(int(rowid)) for rowid in skipped)
    skip = f" AND id NOT IN ({rowids})" if skipped else ""
    select = _SELECT_LIGHT if light else _SELECT_NUMBERED
    return f"{select} WHERE ({condition}){skip} {order}"


def _games(rows: Iterable[Any]) -> tuple[list[tuple[int, GameRecord]], bool]:
    """The numbered games of ``rows`` that can be read, and whether any cannot."""
    found, unreadable = [], False
    for row in rows:
        try:
            found.append((row[0], from_row(row[1:])))
        except BadRow:
            unreadable = True
    return found, unreadable


def _unreadable_games(db: sqlite3.Connection) -> dict[int, str]:
    """Every row of the games table that cannot be read, and why."""
    unreadable = {}
    for row in db.execute(_SELECT_NUMBERED):
        try:
            from_row(row[1:])
        except BadRow as why:
            unreadable[row[0]] = str(why)
    return unreadable


def _identity(value: object) -> str:
    """A kept game's identity: the text it is taken up by."""
    if not isinstance(value, str):
        raise BadRow(f"identity: {type(value).__name__}, not text")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise BadRow("identity: not UTF-8") from None
    return value


def _snapshot(text: object) -> dict[str, Any]:
    """A kept game's snapshot: a JSON object, whose fields the game itself checks."""
    import json

    if not isinstance(text, str):
        raise BadRow(f"snapshot: {type(text).__name__}, not text")
    if nesting.deeper_than(text):
        raise BadRow(f"snapshot: nested more than {nesting.LIMIT} deep")
    try:
        document = json.loads(text)
    except ValueError:
        raise BadRow("snapshot: not JSON") from None
    if not isinstance(document, dict):
        raise BadRow("snapshot: not a JSON object")
    return document
