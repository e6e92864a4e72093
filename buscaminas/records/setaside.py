"""Rows the records cannot read, set aside whole in a table beside their own.

A row of ``games`` or ``unfinished`` that is not what the game writes (a hand's
edit, another program's, a damaged file's) is moved, value for value, to
``games_set_aside`` or ``unfinished_set_aside``: the same columns with no type,
so that every value keeps its type and its bytes, and two more, ``set_aside_at``
and ``why``.  The table is made the first time a row is set aside, so that a
sound database keeps its schema, and takes any column a later migration adds.
Moved rather than marked, so that every query of the games reads the games
alone, an upsert can never overwrite a row set aside, and whoever rescues one
finds it whole.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ..i18n import ngettext

if TYPE_CHECKING:
    import sqlite3

GAMES = "games"
UNFINISHED = "unfinished"
NUMBERS_SHOWN = 10
"""How many numbers of games that could not be read a warning lists."""


def aside(table: str) -> str:
    """The table that keeps ``table``'s rows that could not be read."""
    return f"{table}_set_aside"


def quoted(name: str) -> str:
    """``name`` as an SQL identifier, whatever it holds."""
    return '"' + name.replace('"', '""') + '"'


def prepare(db: sqlite3.Connection, table: str, columns: list[str]) -> None:
    """Make the table beside ``table`` if it is not there, with every one of ``columns``."""
    kept = quoted(aside(table))
    db.execute(f"CREATE TABLE IF NOT EXISTS {kept} (set_aside_at, why)")
    present = {name for _cid, name, *_rest in db.execute(f"PRAGMA table_info({kept})")}
    for name in columns:
        if name not in present:
            db.execute(f"ALTER TABLE {kept} ADD COLUMN {quoted(name)}")


def move(db: sqlite3.Connection, table: str, rows: dict[int, str]) -> None:
    """Move ``rows`` (rowid: why) of ``table``, in the transaction under way, to the
    table beside it; its games keep their numbers (``id``)."""
    if not rows:
        return
    columns = [name for _cid, name, *_rest in db.execute(f"PRAGMA table_info({table})")]
    prepare(db, table, columns)
    names = ", ".join(map(quoted, columns))
    now = datetime.now(UTC).isoformat()
    for rowid, why in rows.items():
        db.execute(
            f"INSERT INTO {quoted(aside(table))} (set_aside_at, why, {names})"
            f" SELECT ?, ?, {names} FROM {table} WHERE rowid = ?",
            (now, _written(why), rowid),
        )
        db.execute(f"DELETE FROM {table} WHERE rowid = ?", (rowid,))


def put(
    db: sqlite3.Connection, table: str, values: dict[str, object], why: str
) -> None:
    """Set aside a row of ``table`` that is not in the database (one read from a damaged
    file): ``values`` by column, text that UTF-8 cannot hold kept as the bytes it was."""
    prepare(db, table, list(values))
    names = ", ".join(map(quoted, values))
    places = ", ".join(placeholder(value) for value in values.values())
    db.execute(
        f"INSERT INTO {quoted(aside(table))} (set_aside_at, why, {names}) VALUES (?, ?, {places})",
        (datetime.now(UTC).isoformat(), _written(why), *map(bound, values.values())),
    )


def placeholder(value: object) -> str:
    """Where ``value`` goes in a statement: text that UTF-8 cannot hold is bound as its
    bytes and made text again, as it was in the file it came from."""
    return "CAST(? AS TEXT)" if _undecodable(value) else "?"


def bound(value: object) -> object:
    """``value`` as :func:`placeholder` binds it."""
    if isinstance(value, str) and _undecodable(value):
        return value.encode("utf-8", "surrogateescape")
    return value


def told(table: str, rowids: list[int], path: Path, reason: str | None) -> str:
    """What the player is told of rows that could not be read: which, and where they are
    kept (or, with ``reason``, why they could not be set aside)."""
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
        return words.format(count=count, path=path, table=aside(table), reason=reason)
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
    return words.format(numbers=numbers, path=path, table=aside(table), reason=reason)


def _undecodable(value: object) -> bool:
    """Text read with its bytes that are not UTF-8 kept as lone surrogates."""
    if not isinstance(value, str) or value.isascii():
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _written(why: str) -> str:
    """A reason, which may quote the row's own text, as text UTF-8 holds."""
    return why.encode("utf-8", "backslashreplace").decode("utf-8")
