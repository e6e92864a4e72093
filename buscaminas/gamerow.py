"""One row of the games table, written from a :class:`GameRecord` and read back into one.

The records outlive the program that wrote them: a row may come from an older
version, a pending file, another program or a hand that edited the database.
A row is therefore read as untrusted text: every column is checked for the
type and the range the game writes, so that a row that passes can be shown,
counted and written again (SQLite binds every value), and a row that does not
is refused with :class:`BadRow`, saying which column is wrong, and never with
whatever a formatting or a conversion would raise later, far from the records.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from .limits import MAX_SIDE, MIN_SIDE, mine_range
from .presets import fits
from .scoring import BoardKind, GameRecord, in_utc

EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
LATEST = datetime(9999, 1, 1, tzinfo=UTC)
"""A start is read between these: no game is older than the clocks' epoch, and a later
one could not be shown in the local time of every zone."""
LONGEST = 10**9
"""Seconds on one game's clock, at most: over thirty years of play."""
LARGEST = 2**63 - 1
"""The largest count a column holds: SQLite's largest integer."""
CODE_LETTERS = 32
"""A share code is nineteen characters; a longer text is no code of ours."""


class BadRow(ValueError):
    """A row that is not a game the records can hold; ``str()`` names the column."""


def to_row(game: GameRecord) -> tuple[object, ...]:
    """The values of the games table's columns, in :data:`NAMES`' order."""
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
        int(game.assisted),
        int(game.scripted),
        int(game.abandoned),
        game.identity,
        game.code,
        game.journal,
    )


NAMES = (
    "started_at",
    "preset",
    "width",
    "height",
    "mines",
    "kind",
    "seed",
    "won",
    "seconds",
    "three_bv",
    "board_commands",
    "hints",
    "points",
    "assisted",
    "scripted",
    "abandoned",
    "identity",
    "code",
    "journal",
)
"""The games table's columns, as :func:`to_row` fills them."""

_FIRST_SCHEMA = 15
"""A pending file written before schema 3 holds the first fifteen columns."""


def from_row(row: Any) -> GameRecord:
    """The game ``row`` holds; :class:`BadRow` if any column is not what the game writes."""
    if not isinstance(row, (list, tuple)) or len(row) not in (_FIRST_SCHEMA, len(NAMES)):
        raise BadRow(f"not a row of {len(NAMES)} columns")
    values = dict(zip(NAMES, row, strict=False))
    width = _whole(values, "width", MIN_SIDE, MAX_SIDE)
    height = _whole(values, "height", MIN_SIDE, MAX_SIDE)
    mines = _whole(values, "mines", *mine_range(width, height))
    preset = _text(values, "preset")
    if not fits(preset, width, height, mines):
        raise BadRow(f"preset: {_shown(preset)} is not a {width}×{height} board with {mines} mines")
    won, abandoned = _flag(values, "won"), _flag(values, "abandoned")
    if won and abandoned:
        raise BadRow("won and abandoned")
    return GameRecord(
        started_at=_moment(values),
        preset=preset,
        width=width,
        height=height,
        mines=mines,
        kind=_kind(values),
        seed=_seed(values),
        won=won,
        seconds=_seconds(values),
        three_bv=_whole(values, "three_bv", 0, width * height),
        board_commands=_whole(values, "board_commands", 0, LARGEST),
        hints=_whole(values, "hints", 0, LARGEST),
        points=_whole(values, "points", 0, LARGEST),
        assisted=_flag(values, "assisted"),
        scripted=_flag(values, "scripted"),
        abandoned=abandoned,
        identity=_text(values, "identity"),
        code=_code(values),
        journal=_text(values, "journal"),
    )


def _shown(value: object) -> str:
    """``value`` as a developer reads it in :class:`BadRow`, cut short."""
    try:
        return repr(value)[:80]
    except ValueError:  # an integer of more digits than Python writes out
        return type(value).__name__


def _whole(values: dict[str, object], name: str, low: int, high: int) -> int:
    value = values[name]
    if type(value) is not int or not low <= value <= high:
        raise BadRow(f"{name}: {_shown(value)} is not a whole number from {low} to {high}")
    return value


def _flag(values: dict[str, object], name: str) -> bool:
    """0 or 1, as the columns' checks have it; a row written before a column came is 0."""
    value = values.get(name, 0)
    if type(value) is not int or value not in (0, 1):
        raise BadRow(f"{name}: {_shown(value)} is neither 0 nor 1")
    return bool(value)


def _text(values: dict[str, object], name: str) -> str | None:
    """Text or nothing; text that UTF-8 cannot hold (bytes SQLite could not decode)
    could be neither shown nor written back."""
    value = values.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise BadRow(f"{name}: {_shown(value)} is not text")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise BadRow(f"{name}: {_shown(value)} is not UTF-8") from None
    return value


def _moment(values: dict[str, object]) -> datetime:
    text = _text(values, "started_at")
    try:
        moment = in_utc(datetime.fromisoformat(text or ""))
    except ValueError:
        raise BadRow(f"started_at: {_shown(text)} is not a date and time in UTC") from None
    if not EARLIEST <= moment < LATEST:
        raise BadRow(f"started_at: {_shown(text)} is out of range")
    return moment


def _kind(values: dict[str, object]) -> BoardKind:
    kind = values["kind"]
    for known in BoardKind:
        if kind == known.value and isinstance(kind, str):
            return known
    raise BadRow(f"kind: {_shown(kind)} is neither no-guess nor classic")


def _seed(values: dict[str, object]) -> int | None:
    """A whole number kept as decimal text, since a seed can outgrow SQLite's integers."""
    text = _text(values, "seed")
    if text is None:
        return None
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        raise BadRow(f"seed: {_shown(text)} is not a whole number")
    try:
        return int(text)
    except ValueError:  # more digits than Python converts
        raise BadRow(f"seed: {len(text)} digits") from None


def _seconds(values: dict[str, object]) -> float:
    value = values["seconds"]
    # Compared before it is converted: a whole number can be too large for a float.
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= LONGEST:
        raise BadRow(f"seconds: {_shown(value)} is not a time from 0 to {LONGEST} s")
    return float(value)


def _code(values: dict[str, object]) -> str | None:
    """A share code is shown as it is: it must be a line of printable text."""
    code = _text(values, "code")
    if code is not None and not (code.isprintable() and 0 < len(code) <= CODE_LETTERS):
        raise BadRow(f"code: {_shown(code)} is not a share code")
    return code
