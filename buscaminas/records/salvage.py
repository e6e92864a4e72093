"""A damaged database: whether it is sound, and every row that can still be read of one
that is not, copied into a new one.

A file that is not as the last process to find it sound left it (a process
killed, a hand, a disk, a byte changed: :mod:`.dbfile`) is checked with SQLite's
``PRAGMA quick_check`` when a process first opens it; broken indexes are rebuilt
(``REINDEX``), and anything else is damage.  A damaged file is kept aside as it
was found, and read through a connection of its own: read-only and *immutable*
(no lock taken, no journal played back into it), with ``writable_schema`` on,
under which SQLite reads past a schema it cannot parse and past the pages a
file cut short has lost.  Each table is read in key order; a page that cannot
be read ends a read, and the next key that can be read is looked for past it,
so that one bad page costs the rows on it and no more.  (The sqlite3 module
offers no ``.recover``: that is the command-line shell's, and the library here
has no ``sqlite_dbpage`` to rebuild one from.)
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing, suppress
from pathlib import Path
from typing import Any

from . import setaside
from .gamerow import NAMES, BadRow, from_row, to_row

FAILURES = (sqlite3.Error, UnicodeError)
"""What reading a damaged file raises: SQLite's errors, and Python's when SQLite's
own message carries the file's bytes that are not UTF-8."""
_SMALLEST = -(2**63)
_LARGEST = 2**63 - 1
"""The rowids SQLite can hold."""
_KEYED = (("seen_boards", ("board", "identity")), ("taken_pending", ("name",)))
"""The tables without rowids, by their key first; copied before the games, whose
triggers read the boards seen."""
_UNFINISHED_COLUMNS = ("identity", "saved_at", "snapshot", "owner", "renewed_at")


class Damaged(Exception):
    """The database is damaged: its rows are to be salvaged into a new one."""


def sound(db: sqlite3.Connection) -> bool:
    """Whether SQLite finds the pages of ``db`` sound, its indexes rebuilt first if they
    alone are broken; :class:`Damaged` when something else is.  A row that breaks a
    column's rule (a hand's edit) is no damage to the file: reading it sets it aside.
    False when the check could not be made now (the file locked or read-only): the
    next process looks again."""
    try:
        if not _damage(db):
            return True
        _reindex(db)
    except sqlite3.OperationalError:  # locked or read-only: not now
        return False
    except FAILURES as error:
        raise Damaged(str(error)) from error
    return True


def _reindex(db: sqlite3.Connection) -> None:
    """Rebuild every index, kept only if the file is then sound: otherwise it is left as
    it was found, byte for byte, to be kept aside (no page reaches the file before the
    commit, so the rollback leaves nothing of the attempt)."""
    db.execute("PRAGMA cache_spill = OFF")
    db.execute("BEGIN IMMEDIATE")
    with db:  # rolled back by any exception
        db.execute("REINDEX")
        if _damage(db):
            raise Damaged("quick_check")


_ROWS_NOT_PAGES = ("*** in database ", "NULL value in ", "CHECK constraint failed in ")
"""What ``quick_check`` says of rows that break their columns' rules, not of damage."""


def _damage(db: sqlite3.Connection) -> list[str]:
    """What ``PRAGMA quick_check`` finds wrong with the file's pages."""
    said = [line for (text,) in db.execute("PRAGMA quick_check") for line in str(text).splitlines()]
    return [line for line in said if line != "ok" and not line.startswith(_ROWS_NOT_PAGES)]


def salvage(damaged: Path, into: sqlite3.Connection, text: Callable[[bytes], str]) -> int:
    """Copy every row that can be read of ``damaged`` into ``into`` (a database with
    the game's schema, in a transaction under way): the games and the games in
    progress, the boards seen and the pending files taken in, and the rows set
    aside before; how many games were copied.  A game or a game in progress that
    cannot be read is set aside there; a game already there (another game started
    the new file meanwhile) is not written twice.  ``text``: how the text of the
    file is decoded."""
    with closing(_opened(damaged, text)) as source:
        for table, columns in _KEYED:
            for row in _keyed_rows(source, table, columns):
                _copy(into, table, columns, row)
        games = _read_as(source, into, "games", NAMES)
        saved = sum(_copy_game(into, row) for row in _every_row(source, "games", games))
        kept = _read_as(source, into, "unfinished", _UNFINISHED_COLUMNS)
        for row in _every_row(source, "unfinished", kept):
            _copy(into, "unfinished", _UNFINISHED_COLUMNS, row[1:], aside=True)
        for table in (setaside.GAMES, setaside.UNFINISHED):
            _copy_set_aside(source, into, table)
    return saved


def _opened(damaged: Path, text: Callable[[bytes], str]) -> sqlite3.Connection:
    """``damaged``, read-only and immutable, its schema read as far as it can be."""
    uri = f"{damaged.resolve().as_uri()}?mode=ro&immutable=1"
    source = sqlite3.connect(uri, uri=True, isolation_level=None)
    source.text_factory = text
    source.execute("PRAGMA writable_schema = ON")
    with suppress(*FAILURES):  # the first look at a schema it cannot parse fails; the next reads
        source.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
    return source


def _read_as(
    source: sqlite3.Connection, into: sqlite3.Connection, table: str, columns: tuple[str, ...]
) -> tuple[str, ...]:
    """What to select of ``table`` for ``columns``: a column the damaged file's table
    lacks (it is of an earlier schema, or its schema lost the column) is read as the
    default the game's schema gives it."""
    try:
        present = {name for _cid, name, *_rest in source.execute(f"PRAGMA table_info({table})")}
    except FAILURES:
        present = set(columns)
    schema = into.execute(f"PRAGMA table_info({table})")
    defaults = {name: default for _cid, name, _type, _null, default, _key in schema}
    return tuple(
        setaside.quoted(name) if name in present else str(defaults.get(name) or "NULL")
        for name in columns
    )


def _copy(
    into: sqlite3.Connection,
    table: str,
    columns: tuple[str, ...],
    row: tuple[object, ...],
    *,
    aside: bool = False,
) -> None:
    """Insert ``row`` into ``table`` as it was; one the table refuses is set aside if
    ``aside``, else left out (a key the new file already holds)."""
    places = ", ".join(setaside.placeholder(value) for value in row)
    names = ", ".join(map(setaside.quoted, columns))
    try:
        into.execute(
            f"INSERT INTO {table} ({names}) VALUES ({places})", tuple(map(setaside.bound, row))
        )
    except sqlite3.IntegrityError as refused:
        if aside:
            setaside.put(into, table, dict(zip(columns, row, strict=True)), f"refused: {refused}")


def _copy_game(into: sqlite3.Connection, row: tuple[object, ...]) -> bool:
    """Insert the game ``row`` holds under its own number (another if that is taken);
    a row that is no game is set aside.  Whether a game went in."""
    number, *columns = row
    try:
        game = from_row(columns)
    except BadRow as why:
        values = dict(zip(("id", *NAMES), row, strict=True))
        setaside.put(into, setaside.GAMES, values, str(why))
        return False
    if game.identity is not None and into.execute(
        "SELECT 1 FROM games WHERE identity = ?", (game.identity,)
    ).fetchone():
        return False  # the game ended again in the new file: that record is the later one
    names, places = ", ".join(NAMES), ", ".join("?" * len(NAMES))
    row = to_row(game)
    try:
        into.execute(f"INSERT INTO games (id, {names}) VALUES (?, {places})", (number, *row))
    except sqlite3.IntegrityError:  # the number is taken in the new file
        into.execute(f"INSERT INTO games ({names}) VALUES ({places})", row)
    return True


def _copy_set_aside(source: sqlite3.Connection, into: sqlite3.Connection, table: str) -> None:
    """The rows ``table`` had set aside, with whatever columns they had."""
    kept = setaside.quoted(setaside.aside(table))
    try:
        columns = tuple(name for _cid, name, *_rest in source.execute(f"PRAGMA table_info({kept})"))
    except FAILURES:
        return
    for row in _rows(source, setaside.aside(table), tuple(map(setaside.quoted, columns))):
        values = dict(zip(columns, row[1:], strict=True))
        why = values.pop("why", None)
        values.pop("set_aside_at", None)
        setaside.put(into, table, values, why if isinstance(why, str) else "salvaged")


def _every_row(source: sqlite3.Connection, table: str, selected: tuple[str, ...]) -> Iterator[Any]:
    """:func:`_rows`, then the rows its walk along the table could not reach that its
    indexes still name: a page lost between two read can hide a stretch the walk
    jumps over."""
    read = set()
    for row in _rows(source, table, selected):
        read.add(row[0])
        yield row
    for rowid in _indexed_rowids(source, table) - read:
        yield (rowid, *(_value(source, table, expression, rowid) for expression in selected))


def _indexed_rowids(source: sqlite3.Connection, table: str) -> set[int]:
    """Every rowid the indexes of ``table`` that can be read hold, as far as each can be
    read; only those whose row is there too."""
    found: set[int] = set()
    try:
        indexes = [
            name
            for (name,) in source.execute(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?", (table,)
            )
        ]
    except FAILURES:
        return found
    for index in indexes:
        with suppress(*FAILURES):  # as far as it reads; a partial index cannot be walked
            quoted = setaside.quoted(table)
            for (rowid,) in source.execute(
                f"SELECT rowid FROM {quoted} INDEXED BY {setaside.quoted(index)}"
            ):
                if isinstance(rowid, int):
                    found.add(rowid)
    return {rowid for rowid in found if _first_from(source, table, rowid) == rowid}


def _rows(source: sqlite3.Connection, table: str, selected: tuple[str, ...]) -> Iterator[Any]:
    """Every row of the rowid ``table`` that can be read, in rowid order: its rowid and
    what ``selected`` (SQL expressions) reads of it.  A row whose values cannot all be
    read comes with None for those that cannot."""
    select = (
        f"SELECT rowid, {', '.join(selected)} FROM {setaside.quoted(table)}"
        " WHERE rowid >= ? ORDER BY rowid"
    )
    low: int | None = _SMALLEST
    while low is not None:  # ``low`` only grows, past one row at least each time round
        start = low
        try:
            for row in source.execute(select, (start,)):
                if row[0] < start:  # a cell out of order: its page is damaged
                    continue
                if row[0] == _LARGEST:
                    yield row
                    return
                start = row[0] + 1
                yield row
            return
        except FAILURES:
            pass
        first = _first_from(source, table, start)
        if first is None:  # the page from ``start`` on cannot be read
            low = _past_damage(source, table, start)
            continue
        yield (first, *(_value(source, table, expression, first) for expression in selected))
        low = first + 1 if first < _LARGEST else None


def _first_from(source: sqlite3.Connection, table: str, low: int) -> int | None:
    """The first rowid from ``low`` on; None if it cannot be read (or there is none)."""
    try:
        found = source.execute(
            f"SELECT rowid FROM {setaside.quoted(table)} WHERE rowid >= ? ORDER BY rowid LIMIT 1",
            (low,),
        ).fetchone()
    except FAILURES:
        return None
    if found is None or found[0] < low:  # none, or a cell out of order on a damaged page
        return None
    return int(found[0])


def _past_damage(source: sqlite3.Connection, table: str, low: int) -> int | None:
    """The least rowid from which rows can be read again past an unreadable page at
    ``low``; None if no row past it can be.  Looked for at ever larger steps, then
    narrowed down: some 128 looks, however large the table."""
    step = 1
    while True:
        high = min(low + step, _LARGEST)
        found = _first_from(source, table, high)
        if found is not None:
            break
        if high == _LARGEST or not _any_from(source, table, high):
            return None
        step *= 2
    failing = low
    while high - failing > 1:
        middle = (failing + high) // 2
        if _first_from(source, table, middle) is None:
            failing = middle
        else:
            high = middle
    return _first_from(source, table, high)


def _any_from(source: sqlite3.Connection, table: str, low: int) -> bool:
    """Whether any row from ``low`` on may still be there: the table's last rowid, read
    from the other end of the tree, is not below it (or cannot be read)."""
    try:
        last = source.execute(f"SELECT max(rowid) FROM {setaside.quoted(table)}").fetchone()
    except FAILURES:
        return True
    return last is not None and last[0] is not None and last[0] >= low


def _value(source: sqlite3.Connection, table: str, expression: str, rowid: int) -> object:
    """One value of a row some of whose values cannot be read; None if this one cannot."""
    try:
        found = source.execute(
            f"SELECT {expression} FROM {setaside.quoted(table)} WHERE rowid = ?",
            (rowid,),
        ).fetchone()
    except FAILURES:
        return None
    return None if found is None else found[0]


def _keyed_rows(
    source: sqlite3.Connection, table: str, columns: tuple[str, ...]
) -> Iterator[tuple[object, ...]]:
    """Every row of a table without rowids that can be read: in key order from its
    start up to a page that cannot be read, then from its end back down to one."""
    key, names = setaside.quoted(columns[0]), ", ".join(map(setaside.quoted, columns))
    quoted = setaside.quoted(table)
    seen: set[object] = set()
    for order in ("ASC", "DESC"):
        try:
            for row in source.execute(f"SELECT {names} FROM {quoted} ORDER BY {key} {order}"):
                if row[0] in seen:
                    return
                seen.add(row[0])
                yield row
            return
        except FAILURES:
            continue
