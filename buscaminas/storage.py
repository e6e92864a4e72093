"""Scores that last: one SQLite database of finished games, kept at the edge.

Keeping a score must never cost the player a game, so no failure escapes a
:class:`Store`: a database that is locked, read-only or from a newer version
becomes a one-line warning and the call returns as if there were nothing
saved; a damaged file is moved aside (never deleted) and a new one started.

Every call opens its own connection and every write is one ``BEGIN
IMMEDIATE`` transaction under a busy timeout, so two games finishing at the
same moment in two terminals wait for each other instead of failing.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from contextlib import closing
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path
from typing import Any, TypeVar

import platformdirs

from .i18n import _
from .scoring import BoardKind, GameRecord

T = TypeVar("T")

DATA_DIR_VARIABLE = "BUSCAMINAS_DATA_DIR"
DATABASE_NAME = "buscaminas.sqlite3"

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
)
"""Schema changes, in order; ``PRAGMA user_version`` counts those applied."""

_COLUMNS = (
    "started_at, preset, width, height, mines, kind, seed,"
    " won, seconds, three_bv, board_commands, hints, points"
)
_INSERT = f"INSERT INTO games ({_COLUMNS}) VALUES ({', '.join('?' * 13)})"
_SELECT = f"SELECT {_COLUMNS} FROM games"
_BOARD_WINS = f"{_SELECT} WHERE preset IS ? AND width = ? AND height = ? AND mines = ? AND won = 1"


class Recorded(Enum):
    """What became of a finished game handed to :meth:`Store.record`."""

    NOT_SAVED = "not-saved"
    SAVED = "saved"
    NEW_BEST = "new-best"  # saved, and the fastest clean win on its board so far


class NewerSchemaError(Exception):
    """The database was upgraded by a newer game, whose tables this one cannot know."""


def default_path() -> Path:
    """Where the scores live: ``$BUSCAMINAS_DATA_DIR``, else the user data directory."""
    directory = os.environ.get(DATA_DIR_VARIABLE) or platformdirs.user_data_dir(
        "buscaminas", appauthor=False
    )
    return Path(directory) / DATABASE_NAME


class Store:
    """The games database at ``path`` (by default :func:`default_path`).

    Warnings, already translated, go to ``on_warning``; ``timeout`` is how many
    seconds a call waits for another game to finish writing.
    """

    def __init__(
        self,
        path: Path | None = None,
        *,
        on_warning: Callable[[str], None],
        timeout: float = 2.0,
    ) -> None:
        self.path = default_path() if path is None else path
        self._warn = on_warning
        self._timeout = timeout

    def record(self, game: GameRecord) -> Recorded:
        """Save a finished game, and say whether it set a new best time."""

        def save(db: sqlite3.Connection) -> Recorded:
            db.execute("BEGIN IMMEDIATE")
            with db:
                board = game.board
                wins = db.execute(
                    _BOARD_WINS, (board.preset, board.width, board.height, board.mines)
                )
                times = [win.seconds for win in map(_from_row, wins) if win.clean]
                db.execute(_INSERT, _to_row(game))
            if game.clean and all(game.seconds < time for time in times):
                return Recorded.NEW_BEST
            return Recorded.SAVED

        saved = self._attempt(save, _("This game was not saved: {reason}."))
        return Recorded.NOT_SAVED if saved is None else saved

    def games(self) -> list[GameRecord] | None:
        """Every recorded game, in the order they finished; None when unreadable."""

        def load(db: sqlite3.Connection) -> list[GameRecord]:
            return [_from_row(row) for row in db.execute(f"{_SELECT} ORDER BY id")]

        return self._attempt(load, _("The statistics could not be read: {reason}."))

    # --- failure handling ---------------------------------------------------------

    def _attempt(self, work: Callable[[sqlite3.Connection], T], failure: str) -> T | None:
        """Run ``work``, turning every failure into a warning built from ``failure``."""
        try:
            try:
                return self._run(work)
            except sqlite3.DatabaseError as error:
                if not _damaged(error):
                    raise
                self._move_aside()
                return self._run(work)
        except (sqlite3.Error, OSError, NewerSchemaError) as error:
            self._warn(failure.format(reason=self._reason(error)))
            return None

    def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(self.path, timeout=self._timeout, isolation_level=None)
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
        path = str(self.path)
        message = str(error)
        if isinstance(error, NewerSchemaError):
            reason = _("the score database {path} comes from a newer version of the game")
        elif isinstance(error, OSError) or _code(error) == sqlite3.SQLITE_CANTOPEN:
            reason = _("the score database {path} cannot be opened")
        elif _code(error) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            reason = _("the score database {path} is locked by another program")
        elif _code(error) == sqlite3.SQLITE_READONLY:
            reason = _("the score database {path} is read-only")
        else:
            reason = _("the score database {path} failed: {error}")
        return reason.format(path=path, error=message)


def _code(error: Exception) -> int | None:
    """SQLite's primary result code for ``error``: its own words, not its English text."""
    code = getattr(error, "sqlite_errorcode", None)
    return None if code is None else int(code) & 0xFF


def _damaged(error: sqlite3.DatabaseError) -> bool:
    """Whether SQLite found the file corrupt or not a database at all.

    Those are the errors the sqlite3 module raises as a bare ``DatabaseError``;
    a locked or read-only file raises its ``OperationalError`` subclass.
    """
    return type(error) is sqlite3.DatabaseError


def _user_version(db: sqlite3.Connection) -> int:
    version: int = db.execute("PRAGMA user_version").fetchone()[0]
    return version


def _migrate(db: sqlite3.Connection) -> None:
    """Bring the schema up to date, one transaction per migration."""
    version = _user_version(db)
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


def _to_row(game: GameRecord) -> tuple[object, ...]:
    return (
        game.started_at.isoformat(),
        game.preset,
        game.width,
        game.height,
        game.mines,
        game.kind.value,
        None if game.seed is None else str(game.seed),
        int(game.won),
        game.seconds,
        game.three_bv,
        game.board_commands,
        game.hints,
        game.points,
    )


def _from_row(row: Any) -> GameRecord:
    (
        started_at,
        preset,
        width,
        height,
        mines,
        kind,
        seed,
        won,
        seconds,
        three_bv,
        board_commands,
        hints,
        points,
    ) = row
    return GameRecord(
        started_at=datetime.fromisoformat(started_at),
        preset=preset,
        width=width,
        height=height,
        mines=mines,
        kind=BoardKind(kind),
        seed=None if seed is None else int(seed),
        won=bool(won),
        seconds=seconds,
        three_bv=three_bv,
        board_commands=board_commands,
        hints=hints,
        points=points,
    )
