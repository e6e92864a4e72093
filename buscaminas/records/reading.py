"""What the store reads, checked row by row as untrusted: the games a query selects
(a row that cannot be read told apart, never raised), every games row that cannot be
read, the boards' summaries, and a game in progress's identity and snapshot.  A row
that fails is the caller's to set aside (:mod:`.setaside`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..core.board import BoardSpec
from ..core.scoring import GameRecord
from . import gamerow, nesting, tally
from .gamerow import NAMES, BadRow, from_row
from .tally import Summary, summary_of

if TYPE_CHECKING:
    import sqlite3

_COLUMNS = ", ".join(NAMES)
SELECT_NUMBERED = f"SELECT id, {_COLUMNS} FROM games"
_SELECT_LIGHT = "SELECT id, " + ", ".join(
    "NULL" if name == "journal" else name for name in NAMES
) + " FROM games"
"""The games without their journals, which only a replay, a review or an export reads."""
SUMMARY_COLUMNS = (
    f"rowid, preset, width, height, mines, fresh, last_id, {', '.join(tally.TALLIES)}"
)
_SUMMARIES = f"SELECT {SUMMARY_COLUMNS} FROM board_summaries"


def summaries_of(
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



def select(condition: str, order: str, skipped: tuple[int, ...], *, light: bool) -> str:
    """The numbered games ``condition`` selects in ``order``, but for rows ``skipped``
    (rowids, whole numbers, written in as they are); ``light``: without journals."""
    rowids = ", ".join(str(int(rowid)) for rowid in skipped)
    skip = f" AND id NOT IN ({rowids})" if skipped else ""
    select = _SELECT_LIGHT if light else SELECT_NUMBERED
    return f"{select} WHERE ({condition}){skip} {order}"


def games_of(rows: Iterable[Any]) -> tuple[list[tuple[int, GameRecord]], bool]:
    """The numbered games of ``rows`` that can be read, and whether any cannot."""
    found, unreadable = [], False
    for row in rows:
        try:
            found.append((row[0], from_row(row[1:])))
        except BadRow:
            unreadable = True
    return found, unreadable


def unreadable_games(db: sqlite3.Connection) -> dict[int, str]:
    """Every row of the games table that cannot be read, and why."""
    unreadable = {}
    for row in db.execute(SELECT_NUMBERED):
        try:
            from_row(row[1:])
        except BadRow as why:
            unreadable[row[0]] = str(why)
    return unreadable


def identity_of(value: object) -> str:
    """A kept game's identity: the text it is taken up by."""
    if not isinstance(value, str):
        raise BadRow(f"identity: {type(value).__name__}, not text")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise BadRow("identity: not UTF-8") from None
    return value


def snapshot_of(text: object) -> dict[str, Any]:
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
