"""The games database as SQLite opens it: a connection made and its schema brought up
to date (:mod:`.schema`, in one transaction), a damaged file moved aside and every row
of it that can be read copied into a new one (:mod:`.salvage`), and SQLite's failures
said in the player's words.

A file that is not as the last process to find it sound left it is checked when a
process first opens it (:mod:`.dbfile`); nothing in the place of the database or its
journal can block the open (:func:`.dbfile.refuse_what_blocks`).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import closing
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from ..i18n import _, ngettext
from . import dbfile, schema
from .schema import NewerSchemaError

if TYPE_CHECKING:
    import sqlite3

T = TypeVar("T")


class Database:
    """The database at ``path``: ``work`` run on it (:meth:`run`), its warnings, already
    translated, to ``on_warning``; ``timeout``, the seconds a write waits for another."""

    def __init__(self, path: Path, *, on_warning: Callable[[str], None], timeout: float) -> None:
        self.path = path
        self._warn = on_warning
        self._timeout = timeout
        self._looked = False
        """Whether this process has looked at the file once, and checked it if it had to."""

    def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
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
            with closing(self.connected(self.path)) as db:
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

    def connected(self, path: Path) -> sqlite3.Connection:
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
        except failures():  # the new file cannot be written: the damaged one keeps them
            saved = None
        self._looked = True
        dbfile.note_sound(self.path)
        self._warn(_salvaged_words(saved, aside))

    def _salvage(self, aside: Path) -> int:
        from .salvage import salvage

        with closing(self.connected(self.path)) as db:
            db.execute("BEGIN IMMEDIATE")
            with db:
                schema.apply(db)
                return salvage(aside, db, _DECODED)

    def reason(self, error: Exception) -> str:
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
            folder = self.path.parent
            if self.path.is_dir():
                reason = _("the score database {path} cannot be opened: {file} is not a file")
                return reason.format(path=path, file=path)
            if folder.exists() and not folder.is_dir():
                reason = _("the score database {path} cannot be opened: {folder} is not a folder")
                return reason.format(path=path, folder=folder)
        elif locked(error):
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



def _damage(error: sqlite3.DatabaseError) -> bool:
    """Whether SQLite's ``error`` says the file is damaged: a plain database error, or a
    header naming a file format no SQLite writes (one flipped bit there is enough)."""
    import sqlite3

    return type(error) is sqlite3.DatabaseError or str(error) == "unsupported file format"



def failures() -> tuple[type[Exception], ...]:
    """Everything a store turns into a warning rather than let it end the game."""
    import sqlite3

    return (sqlite3.Error, OSError, NewerSchemaError)


def locked(error: Exception) -> bool:
    """Whether another program holds the database: a wait, not a failure of the disk."""
    import sqlite3

    return _code(error) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _code(error: Exception) -> int | None:
    """SQLite's primary result code for ``error``: its own words, not its English text."""
    code = getattr(error, "sqlite_errorcode", None)
    return None if code is None else int(code) & 0xFF

