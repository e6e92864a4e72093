"""Scores that last: one SQLite database of finished games, kept at the edge.

Keeping a score must never cost the player a game, so no failure escapes a
:class:`Store`: a database that is read-only or from a newer version becomes a
one-line warning and the call returns as if there were nothing saved; a
damaged file is moved aside (never deleted) and a new one started.  Nor does a
failure escape a read: every row is checked (:mod:`buscaminas.records.gamerow`) and one
that cannot be read is moved, value for value, to a table beside its own
(``games_set_aside``, ``unfinished_set_aside``), made the first time it is
needed so that a sound database keeps its schema; the player is told once.
Moved rather than marked, so that every query of the games reads the games
alone, an upsert can never overwrite a row set aside, and whoever rescues one
finds it whole, with when and why it was set aside.

Every call opens its own connection and every write is one ``BEGIN
IMMEDIATE`` transaction under a busy timeout, so two games finishing at the
same moment in two terminals wait for each other instead of failing.  A game
that still finds the database locked when its wait is over is not dropped: it
is kept pending, one file per game written atomically beside the database, and
whichever game next opens the database writes it in.  The database keeps the
names of the files it took in, so that a game is written once even if two
games take it in at the same moment.
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

import platformdirs

from ..core.board import BoardSpec
from ..core.scoring import GameRecord
from ..i18n import _, ngettext
from . import claim, outputfile, seen, tally
from .gamerow import NAMES, BadRow, from_row, to_row
from .tally import TALLIES, BoardSummary

if TYPE_CHECKING:
    import sqlite3

T = TypeVar("T")

DATA_DIR_VARIABLE = "BUSCAMINAS_DATA_DIR"
DATABASE_NAME = "buscaminas.sqlite3"
GAMES = "games"
UNFINISHED = "unfinished"
BEST_TIMES = 10
"""How many of the fastest wins a board's summary holds."""
NUMBERS_SHOWN = 10
"""How many numbers of games that could not be read a warning lists."""
TIMEOUT = 2.0
"""Seconds a game waits for another to finish writing: short, since a game that
waits longer is kept pending rather than lost."""

OWN_WIN = "won = 1 AND assisted = 0 AND undone = 0 AND practice = 0 AND scripted = 0"
_MEASURED = "seconds > 0 AND three_bv > 1 AND board_commands > 1"
_NO_HELP = "kind = 'no-guess' AND hints = 0"
CLEAN = f"{OWN_WIN} AND {_MEASURED} AND {_NO_HELP}"
"""A clean win in SQL, as :attr:`GameRecord.clean` has it: a best time."""
OTHER_WINS = f"{OWN_WIN} AND {_MEASURED} AND NOT ({_NO_HELP})"
"""The player's own timed wins on a classic board or with hints, kept apart."""
_BOARD = "preset IS ? AND width IS ? AND height IS ? AND mines IS ?"
_OF_SUMMARY = (
    "(preset, width, height, mines)"
    " IS (SELECT preset, width, height, mines FROM board_summaries WHERE rowid = ?)"
)
"""The games of a summary's board, named by the summary's rowid: its values may be
anything a hand wrote, which cannot always be handed back as parameters."""


def _stale(row: str) -> str:
    """The trigger's statements that mark the summary of ``row``'s board stale, making it
    if the board has none."""
    board = (
        f"preset IS {row}.preset AND width IS {row}.width"
        f" AND height IS {row}.height AND mines IS {row}.mines"
    )
    return (
        f" UPDATE board_summaries SET fresh = 0 WHERE {board};"
        f" INSERT INTO board_summaries (preset, width, height, mines)"
        f" SELECT {row}.preset, {row}.width, {row}.height, {row}.mines"
        f" WHERE NOT EXISTS (SELECT 1 FROM board_summaries WHERE {board});"
    )


_FINGERPRINT = "board_fingerprint"
"""The SQL function, :func:`buscaminas.records.seen.of_journal`, that the migration
to practice calls to find the boards of the games recorded before it."""

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        # The seed is text because a Python seed can outgrow SQLite's 64-bit integers.
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            started_at TEXT NOT NULL,
            preset TEXT,
            width INTEGER NOT NULL,
            height INTEGER NOT NULL,
            mines INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('no-guess', 'classic')),
            seed TEXT,
            won INTEGER NOT NULL CHECK (won IN (0, 1)),
            seconds REAL NOT NULL,
            three_bv INTEGER NOT NULL,
            board_commands INTEGER NOT NULL,
            hints INTEGER NOT NULL,
            points INTEGER NOT NULL
        )
        """,
        "CREATE INDEX games_by_board ON games (preset, width, height, mines, won)",
    ),
    (
        # Games from before are taken as the player's own: nothing recorded otherwise.
        "ALTER TABLE games ADD COLUMN assisted INTEGER NOT NULL DEFAULT 0"
        " CHECK (assisted IN (0, 1))",
        "ALTER TABLE games ADD COLUMN scripted INTEGER NOT NULL DEFAULT 0"
        " CHECK (scripted IN (0, 1))",
        # The pending files already written in, by name: a table of its own, so that
        # a game written straight away pays for no index.
        "CREATE TABLE taken_pending (name TEXT PRIMARY KEY) WITHOUT ROWID",
    ),
    (
        # Games from before were all finished; they have no journal to replay.
        "ALTER TABLE games ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0"
        " CHECK (abandoned IN (0, 1))",
        "ALTER TABLE games ADD COLUMN identity TEXT",
        "ALTER TABLE games ADD COLUMN code TEXT",
        "ALTER TABLE games ADD COLUMN journal TEXT",
        "CREATE UNIQUE INDEX games_by_identity ON games (identity)",
        # Games left in progress, to be resumed: the session's snapshot, as JSON.
        "CREATE TABLE unfinished ("
        " identity TEXT PRIMARY KEY, saved_at TEXT NOT NULL, snapshot TEXT NOT NULL)",
    ),
    (
        # Every board command given, for IOE; games from before did not count them.
        "ALTER TABLE games ADD COLUMN clicks INTEGER",
    ),
    (
        # A move taken back, apart from the AI's moves; before, both were ``assisted``.
        "ALTER TABLE games ADD COLUMN undone INTEGER NOT NULL DEFAULT 0"
        " CHECK (undone IN (0, 1))",
    ),
    (
        # Practice: a game on a board the player had already seen (played, or played
        # from a file or a code), which sets no best time and no streak.  A board is
        # known by its fingerprint (records/seen.py); the boards seen, with the game
        # that first showed each, are kept apart, so that a game that ends again after
        # an undo is not taken for a second look at its own board.
        "ALTER TABLE games ADD COLUMN board TEXT",
        "ALTER TABLE games ADD COLUMN practice INTEGER NOT NULL DEFAULT 0"
        " CHECK (practice IN (0, 1))",
        "CREATE TABLE seen_boards (board TEXT PRIMARY KEY, identity TEXT) WITHOUT ROWID",
        # Games from before keep what they counted for; their boards are seen now.
        f"UPDATE games SET board = {_FINGERPRINT}(journal) WHERE journal IS NOT NULL",
        "INSERT OR IGNORE INTO seen_boards (board, identity)"
        " SELECT board, identity FROM games WHERE board IS NOT NULL ORDER BY id",
        # Every way a game comes in (saved, or written in from a pending file) marks it
        # the same way, in the transaction that writes it.
        *(
            f"CREATE TRIGGER practice_on_{name} AFTER {event} ON games"
            " WHEN NEW.board IS NOT NULL BEGIN"
            " UPDATE games SET practice = 1 WHERE id = NEW.id AND EXISTS (SELECT 1"
            " FROM seen_boards WHERE board = NEW.board AND identity IS NOT NEW.identity);"
            # not OR IGNORE: an upsert's own conflict clause would override it here
            " INSERT INTO seen_boards (board, identity) SELECT NEW.board, NEW.identity"
            " WHERE NOT EXISTS (SELECT 1 FROM seen_boards WHERE board = NEW.board);"
            " END"
            for name, event in (("insert", "INSERT"), ("update", "UPDATE OF board"))
        ),
    ),
    (
        # A game in progress is kept from its first action and claimed, not taken out,
        # by the process that plays it (records/claim.py): who, and when it last wrote.
        "ALTER TABLE unfinished ADD COLUMN owner TEXT",
        "ALTER TABLE unfinished ADD COLUMN renewed_at REAL",
        # What the statistics show of each board, kept as games are saved, so that no
        # look at the records reads every game.  A summary is ``fresh`` while it counts
        # every game of its board in order; any other change to the games (a row set
        # aside, one written in from a pending file, a hand's edit) marks it stale, by
        # these triggers, and the next look counts that board again.  Games from
        # before: every board is stale.
        f"CREATE TABLE board_summaries (preset TEXT, width, height, mines,"
        f" fresh INTEGER NOT NULL DEFAULT 0, last_id INTEGER NOT NULL DEFAULT 0,"
        f" {', '.join(f'{name} INTEGER NOT NULL DEFAULT 0' for name in TALLIES)})",
        "CREATE INDEX board_summaries_by_board ON board_summaries (width, height, mines, preset)",
        "INSERT INTO board_summaries (preset, width, height, mines)"
        " SELECT DISTINCT preset, width, height, mines FROM games",
        *(
            f"CREATE TRIGGER summary_on_{name} AFTER {event} ON games BEGIN"
            + "".join(_stale(row) for row in rows)
            + " END"
            for name, event, rows in (
                ("insert", "INSERT", ("NEW",)),
                ("delete", "DELETE", ("OLD",)),
                ("update", "UPDATE", ("OLD", "NEW")),
            )
        ),
        # The fastest wins of a board, best first, read without the journals.
        f"CREATE INDEX games_clean_wins ON games (preset, width, height, mines, seconds)"
        f" WHERE {CLEAN}",
        f"CREATE INDEX games_other_wins ON games (preset, width, height, mines, seconds)"
        f" WHERE {OTHER_WINS}",
    ),
    (
        # The AI's moves, counted apart from the hints; NULL for games from before,
        # whose hints counted them.
        "ALTER TABLE games ADD COLUMN ai_moves INTEGER",
    ),
)
"""Schema changes, in order; ``PRAGMA user_version`` counts those applied."""

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
_SUMMARY = f"SELECT rowid, fresh, last_id, {', '.join(TALLIES)} FROM board_summaries WHERE {_BOARD}"
_SUMMARIES = (
    f"SELECT rowid, preset, width, height, mines, fresh, {', '.join(TALLIES)} FROM board_summaries"
)
_COUNT_IN = (
    f"UPDATE board_summaries SET fresh = 1, last_id = ?,"
    f" {', '.join(f'{name} = ?' for name in TALLIES)} WHERE rowid = ?"
)


class Recorded(Enum):
    """What became of a finished game handed to :meth:`Store.add_game`."""

    NOT_SAVED = "not-saved"
    PENDING = "pending"  # the database was locked: kept beside it, written at the next chance
    SAVED = "saved"
    NEW_BEST = "new-best"  # saved, and the fastest clean win on its board so far
    PRACTICE = "practice"  # saved, on a board the player had already seen


class NewerSchemaError(Exception):
    """The database was upgraded by a newer game, whose tables this one cannot know."""


def database_in(data_dir: Path | None) -> Path | None:
    """The games database in ``data_dir`` (``--data-dir``); None for the default place
    (:func:`default_path`)."""
    return None if data_dir is None else data_dir / DATABASE_NAME


def default_path() -> Path:
    """Where the scores live: ``$BUSCAMINAS_DATA_DIR``, else the user data directory."""
    directory = os.environ.get(DATA_DIR_VARIABLE) or platformdirs.user_data_dir(
        "buscaminas", appauthor=False
    )
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
        self.pending = self.path.with_name(f"{self.path.name}.pending")
        self.nothing_kept = self.path.with_name(f"{self.path.name}.nothing-kept")
        """The database's :func:`_stamp` when a look found no game kept in it."""
        self._warn = on_warning
        self._timeout = timeout
        self.owner = claim.owner() if owner is None else owner
        """Who this process is to a game in progress it plays (:mod:`.claim`)."""
        self._told: set[tuple[str, int]] = set()
        """The rows that could not be read and were told of, by table and rowid: one
        warning each, however often a read-only database shows them again."""

    def add_game(self, game: GameRecord) -> Recorded:
        """Save a finished game, and say whether it set a new best time.

        In the same transaction the game leaves the games in progress (it is over)
        and its board's summary counts it, so that no look at the records reads
        every game; the best time it is measured against is one row of an index.
        """

        def add(db: sqlite3.Connection) -> Recorded:
            db.execute("BEGIN IMMEDIATE")
            with db:
                taken = self._take_in_pending(db)
                board = (game.preset, game.width, game.height, game.mines)
                best = self._read(
                    db,
                    f"{_BOARD} AND {CLEAN} AND NOT (identity IS ? AND identity IS NOT NULL)",
                    "ORDER BY seconds LIMIT 1",
                    (*board, game.identity),
                    light=True,
                )
                before = db.execute(_SUMMARY, board).fetchone()
                if before is not None and not before[1]:  # stale: count the board again
                    self._count_again(db, before[0])
                    before = db.execute(_SUMMARY, board).fetchone()
                again = game.identity is not None and db.execute(
                    "SELECT 1 FROM games WHERE identity = ?", (game.identity,)
                ).fetchone()
                (number,) = db.execute(f"{_INSERT} RETURNING id", to_row(game)).fetchall()[0]
                (practice,) = db.execute(_PRACTICE, (number,)).fetchone()
                recorded = game._replace(practice=bool(practice))
                if before is None or (before[1] and before[2] < number and not again):
                    # the board's first game, or the next of a summary that counts all
                    counts = tuple(before[3:]) if before is not None else tally.NOTHING
                    (summary,) = db.execute(_SUMMARY, board).fetchone()[:1]
                    counts = tally.counted(counts, recorded)
                    db.execute(_COUNT_IN, (number, *counts, summary))
                if game.identity is not None:
                    db.execute(_FORGET, (game.identity,))
            _forget(taken)
            if practice:
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
        is neither offered nor checked: it is that process's.

        Every start asks, and most find none: a database unchanged since a look
        found none is not opened again (nor SQLite loaded), which the game's
        first board would wait for.
        """

        def load(db: sqlite3.Connection) -> tuple[list[tuple[str, dict[str, Any]]], bool]:
            self._write_in_pending(db)  # a game that ended while locked is over, not kept
            kept, unreadable = [], {}
            rows = db.execute(_UNFINISHED).fetchall()
            for rowid, identity, text, owner, renewed in rows:
                if claim.alive(owner, renewed):
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
            return kept, len(rows) == len(unreadable)

        seen = _stamp(self.path)
        if seen is not None and seen == _read_small(self.nothing_kept):
            return []
        if _nothing_yet(self.path):
            return []  # nothing was ever kept: a first start creates nothing
        try:
            kept, none_left = self._run_repairing(load)
        except _failures() as error:
            failure = _("The game in progress could not be read: {reason}.")
            self._warn(failure.format(reason=self._reason(error)))
            return []
        if none_left and seen is not None and _stamp(self.path) == seen:
            with suppress(OSError):  # a read-only place: the next start looks again
                outputfile.write_text(self.nothing_kept, seen, replace=True, durable=False)
        return kept

    def claim(self, identity: str) -> bool:
        """Claim a game in progress for this process, to resume or give it up: False
        when another process holds it (two terminals started at once: the first wins).
        The game stays in the records, so that this process dying loses nothing."""

        def claim_it(db: sqlite3.Connection) -> bool:
            db.execute("BEGIN IMMEDIATE")
            with db:
                found = db.execute(_OWNER, (identity,)).fetchone()
                if found is None:
                    return False
                owner, renewed = found
                if owner != self.owner and claim.alive(owner, renewed):
                    return False
                db.execute(_CLAIM, (self.owner, time.time(), identity))
                return True

        try:
            return self._run_repairing(claim_it)
        except _failures() as error:
            failure = _("The game in progress could not be taken up: {reason}.")
            self._warn(failure.format(reason=self._reason(error)))
            return False

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

    def _numbered(
        self, condition: str, order: str, parameters: tuple[object, ...]
    ) -> list[tuple[int, GameRecord]] | None:
        """The games that ``condition`` selects in ``order``, with their numbers, the
        pending ones written in first."""

        def load(db: sqlite3.Connection) -> list[tuple[int, GameRecord]]:
            self._write_in_pending(db)
            return self._read(db, condition, order, parameters)

        return self._look(load, list[tuple[int, GameRecord]]())

    def summaries(self) -> list[BoardSummary] | None:
        """Every board played: its counts (:mod:`buscaminas.records.tally`) and its
        fastest wins; None when the records cannot be read.

        A board's kept summary is read as it is; a stale one is counted again from
        its games (without their journals) and kept again when the database can be
        written.  No look reads every game.
        """

        def load(db: sqlite3.Connection) -> list[BoardSummary]:
            self._write_in_pending(db)
            found = []
            for rowid, preset, width, height, mines, fresh, *counts in db.execute(
                _SUMMARIES
            ).fetchall():
                if not fresh:
                    counts = self._count_again(db, rowid)
                if counts is None or not counts[0] + sum(counts[tally.APART :: 2]):
                    continue  # a board whose every game was set aside or deleted
                best, other = (self._fastest(db, rowid, wins) for wins in (CLEAN, OTHER_WINS))
                spec = BoardSpec(preset, width, height, mines)
                found.append(BoardSummary(spec, tuple(counts), best, other))
            return found

        return self._look(load, list[BoardSummary]())

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

    def _write_in_pending(self, db: sqlite3.Connection) -> None:
        """Write in the games kept pending, if the database can be written now."""
        import sqlite3

        if _waiting(self.pending):
            try:
                db.execute("BEGIN IMMEDIATE")
                with db:
                    taken = self._take_in_pending(db)
                _forget(taken)
            except sqlite3.OperationalError:
                pass  # locked or read-only: the pending games wait for the next chance

    def _look(self, load: Callable[[sqlite3.Connection], T], nothing: T) -> T | None:
        """``load`` from the records; ``nothing`` when there are none yet, for a look
        creates no database; None, after a warning, when they cannot be read."""
        if _nothing_yet(self.path):
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
            _move_aside(db, table, found)
        else:
            try:
                db.execute("BEGIN IMMEDIATE")
                with db:
                    found = unreadable()
                    _move_aside(db, table, found)
            except sqlite3.OperationalError as error:
                found, reason = unreadable(), self._reason(error)
        news = sorted(rowid for rowid in found if (table, rowid) not in self._told)
        self._told.update((table, rowid) for rowid in news)
        if news:
            self._warn(self._unreadable_words(table, news, reason))
        return tuple(found)

    def _unreadable_words(self, table: str, rowids: list[int], reason: str | None) -> str:
        """What the player is told of rows that could not be read: which, and where
        they are kept (or why they could not be set aside)."""
        count = len(rowids)
        if table == UNFINISHED:
            if reason is None:
                words = ngettext(
                    "A game left unfinished could not be read: it was set aside,"
                    " kept in {path} (table {table}).",
                    "{count} games left unfinished could not be read: they were set aside,"
                    " kept in {path} (table {table}).",
                    count,
                )
            else:
                words = ngettext(
                    "A game left unfinished could not be read; it could not be set aside"
                    " either: {reason}.",
                    "{count} games left unfinished could not be read; they could not be"
                    " set aside either: {reason}.",
                    count,
                )
            return words.format(count=count, path=self.path, table=_aside(table), reason=reason)
        shown = [str(number) for number in rowids[:NUMBERS_SHOWN]]
        numbers = ", ".join(shown) + (", …" if count > NUMBERS_SHOWN else "")
        if reason is None:
            words = ngettext(
                "Game {numbers} in the records could not be read: it was set aside,"
                " kept in {path} (table {table}), and is left out of the statistics.",
                "Games {numbers} in the records could not be read: they were set aside,"
                " kept in {path} (table {table}), and are left out of the statistics.",
                count,
            )
        else:
            words = ngettext(
                "Game {numbers} in the records could not be read and is left out of the"
                " statistics; it could not be set aside: {reason}.",
                "Games {numbers} in the records could not be read and are left out of the"
                " statistics; they could not be set aside: {reason}.",
                count,
            )
        return words.format(numbers=numbers, path=self.path, table=_aside(table), reason=reason)

    # --- games kept pending -----------------------------------------------------------

    def _keep_pending(self, game: GameRecord, failure: str) -> Recorded:
        """Keep ``game`` beside the locked database; warn only if the disk refuses it too."""
        import json
        import uuid  # only a game kept pending needs it: the statistics start without it

        name = f"{time.time_ns():020d}-{uuid.uuid4().hex}.json"
        try:
            self.pending.mkdir(parents=True, exist_ok=True)
            # whole or not at all; its temporary name, a dot first, is no pending game
            outputfile.write_text(self.pending / name, json.dumps(to_row(game)), replace=True)
        except OSError:
            reason = _(
                "the score database {path} is locked by another program"
                " and {pending} cannot be written"
            )
            self._warn(failure.format(reason=reason.format(path=self.path, pending=self.pending)))
            return Recorded.NOT_SAVED
        return Recorded.PENDING

    def _take_in_pending(self, db: sqlite3.Connection) -> list[Path]:
        """Write the pending games in the open transaction; the files it took in.

        A file another game has already taken in is ignored by its name, so no
        game is written twice; a file that is not a game is left where it is.
        """
        import sqlite3

        taken = []
        for file in _waiting(self.pending):
            row = _read_pending(file)
            if row is None:
                continue
            if not db.execute(_PENDING_TAKEN, (file.stem,)).fetchone():
                try:
                    db.execute(_INSERT, row)
                except sqlite3.IntegrityError:
                    continue
                db.execute(_TAKE_PENDING, (file.stem,))
                db.execute(_FORGET, (row[_IDENTITY],))  # over: no longer in progress
            taken.append(file)
        return taken

    # --- failure handling ---------------------------------------------------------

    def _run_repairing(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work``, once more on a new database if the file is damaged."""
        import sqlite3

        try:
            return self._run(work)
        except sqlite3.DatabaseError as error:
            if not _damaged(error):
                raise
            self._move_aside()
            return self._run(work)

    def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        import sqlite3  # here, not at the start: a game with nothing kept needs none

        self.path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(self.path, timeout=self._timeout, isolation_level=None)
        # Text that is not UTF-8 is one bad value for its row to be refused for,
        # rather than an error that fails the whole query.
        connection.text_factory = _DECODED
        with closing(connection) as db:
            _migrate(db)
            return work(db)

    def _move_aside(self) -> None:
        """Rename the damaged database, keeping it for whoever wants to rescue it.

        The stamp goes down to the microsecond so that no later rename can
        overwrite an earlier damaged file.
        """
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S.%fZ")
        aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        self.path.rename(aside)
        self._warn(
            _(
                "The score database was damaged; it was kept as {path} and a new one was started."
            ).format(path=aside)
        )

    def _reason(self, error: Exception) -> str:
        """Why the database failed, in the player's words rather than SQLite's."""
        import sqlite3

        path = str(self.path)
        message = str(error)
        if isinstance(error, NewerSchemaError):
            reason = _("the score database {path} comes from a newer version of the game")
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

PENDING_BYTES = 16 * 2**20
"""The most a pending game's file is read: a game with its journal takes a few
kilobytes, a 99×99 one a few hundred; a larger file is no game of ours."""

def _failures() -> tuple[type[Exception], ...]:
    """Everything a store turns into a warning rather than let it end the game."""
    import sqlite3

    return (sqlite3.Error, OSError, NewerSchemaError)


def _waiting(pending: Path) -> list[Path]:
    """The pending games' files, oldest first; their names start with the time."""
    return sorted(pending.glob("*.json"))


def _read_pending(file: Path) -> tuple[object, ...] | None:
    """The row kept in ``file``; None if it is gone or is not a game."""
    import json

    try:
        with file.open("rb") as source:
            text = source.read(PENDING_BYTES + 1)
        if len(text) > PENDING_BYTES:
            return None
        return to_row(from_row(json.loads(text.decode("utf-8"))))
    except (OSError, ValueError, RecursionError):  # RecursionError: JSON nested too deep
        return None


def _stamp(path: Path) -> str | None:
    """What every write the database commits changes: its file's identity, size and
    time, and SQLite's change counter (header bytes 24-27, raised by every commit in
    the rollback-journal mode the store uses).  None for a file that is no such
    database: missing, damaged, or in WAL mode, whose commits leave the header be."""
    try:
        with path.open("rb") as file:
            header = file.read(100)
            status = os.fstat(file.fileno())
    except OSError:
        return None
    if len(header) < 100 or not header.startswith(b"SQLite format 3\0"):
        return None
    if header[18:20] != b"\x01\x01":  # written and read with a rollback journal, no WAL
        return None
    counter = int.from_bytes(header[24:28], "big")
    return f"{status.st_dev} {status.st_ino} {status.st_size} {status.st_mtime_ns} {counter}"


def _nothing_yet(path: Path) -> bool:
    """Whether no game was ever kept at ``path``: there is nothing there, and the place
    for it could be made (a file where a directory should be is a failure to say)."""
    if os.path.lexists(path):
        return False
    place = path.parent
    while not os.path.lexists(place) and place != place.parent:
        place = place.parent
    return place.is_dir()


def _read_small(path: Path) -> str | None:
    """A stamp kept in ``path``; None if there is none to read."""
    try:
        with path.open("rb") as file:
            return file.read(200).decode("ascii")
    except (OSError, UnicodeDecodeError):
        return None


def _forget(files: list[Path]) -> None:
    """Remove pending files now in the database; one left behind is ignored by its name."""
    for file in files:
        with suppress(OSError):
            file.unlink(missing_ok=True)


def _locked(error: Exception) -> bool:
    """Whether another program holds the database: a wait, not a failure of the disk."""
    import sqlite3

    return _code(error) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _code(error: Exception) -> int | None:
    """SQLite's primary result code for ``error``: its own words, not its English text."""
    code = getattr(error, "sqlite_errorcode", None)
    return None if code is None else int(code) & 0xFF


def _damaged(error: sqlite3.DatabaseError) -> bool:
    """Whether SQLite found the file corrupt or not a database at all.

    Those are the errors the sqlite3 module raises as a bare ``DatabaseError``;
    a locked or read-only file raises its ``OperationalError`` subclass.
    """
    import sqlite3

    return type(error) is sqlite3.DatabaseError


def _user_version(db: sqlite3.Connection) -> int:
    version: int = db.execute("PRAGMA user_version").fetchone()[0]
    return version


def _migrate(db: sqlite3.Connection) -> None:
    """Bring the schema up to date, one transaction per migration."""
    version = _user_version(db)
    if version < len(MIGRATIONS):
        db.create_function(_FINGERPRINT, 1, seen.of_journal, deterministic=True)
    while version < len(MIGRATIONS):
        db.execute("BEGIN IMMEDIATE")
        with db:
            # Another game may have migrated the file while this one waited for the lock.
            version = _user_version(db)
            if version < len(MIGRATIONS):
                for statement in MIGRATIONS[version]:
                    db.execute(statement)
                version += 1
                db.execute(f"PRAGMA user_version = {version}")
    if version > len(MIGRATIONS):
        raise NewerSchemaError(f"schema version {version}, newer than {len(MIGRATIONS)}")


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
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        raise BadRow("snapshot: not JSON") from None
    if not isinstance(document, dict):
        raise BadRow("snapshot: not a JSON object")
    return document


def _aside(table: str) -> str:
    """The table that keeps ``table``'s rows that could not be read."""
    return f"{table}_set_aside"


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _move_aside(db: sqlite3.Connection, table: str, rows: dict[int, str]) -> None:
    """Move ``rows`` (rowid: why) of ``table``, in the transaction under way, to the
    table beside it, made when first needed.

    Its columns have no type, so that every value keeps the type and the bytes it
    had; they are the table's own, whatever its schema is by then, with when and
    why each row was set aside.  Its games keep their numbers (``id``).
    """
    if not rows:
        return
    aside = _quoted(_aside(table))
    columns = [name for _cid, name, *_rest in db.execute(f"PRAGMA table_info({table})")]
    db.execute(f"CREATE TABLE IF NOT EXISTS {aside} (set_aside_at, why)")
    present = {name for _cid, name, *_rest in db.execute(f"PRAGMA table_info({aside})")}
    for name in columns:
        if name not in present:
            db.execute(f"ALTER TABLE {aside} ADD COLUMN {_quoted(name)}")
    names = ", ".join(map(_quoted, columns))
    now = datetime.now(UTC).isoformat()
    for rowid, why in rows.items():
        # The reason may quote the row's own text, which UTF-8 may not hold.
        words = why.encode("utf-8", "backslashreplace").decode("utf-8")
        db.execute(
            f"INSERT INTO {aside} (set_aside_at, why, {names})"
            f" SELECT ?, ?, {names} FROM {table} WHERE rowid = ?",
            (now, words, rowid),
        )
        db.execute(f"DELETE FROM {table} WHERE rowid = ?", (rowid,))
