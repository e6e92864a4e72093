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

from ..core.board import BoardKind, BoardSpec
from ..core.limits import MAX_SIDE, MIN_SIDE, mine_range
from ..core.scoring import GameRecord, in_utc
from . import seen
from .presets import fits

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
        game.clicks,
        int(game.undone),
        game.fingerprint if game.fingerprint is not None else seen.of_journal(game.journal),
        int(game.practice),
        game.ai_moves,
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
    "clicks",
    "undone",
    "board",
    "practice",
    "ai_moves",
)
"""The games table's columns, as :func:`to_row` fills them.  ``board`` is the board's
fingerprint (:mod:`buscaminas.records.seen`): the game's, or a JSON journal's for a
game that does not say it."""

_KINDS = {kind.value: kind for kind in BoardKind}
_FIRST_SCHEMA = 15
_LENGTHS = (_FIRST_SCHEMA, 19, 20, 21, 23, len(NAMES))
"""The columns of a pending file written before schema 3 (15), 4 (19), 5 (20), 6 (21),
8 (23), and since."""


def from_row(row: Any) -> GameRecord:
    """The game ``row`` holds; :class:`BadRow` if any column is not what the game writes."""
    if not isinstance(row, (list, tuple)) or len(row) not in _LENGTHS:
        raise BadRow(f"not a row of {len(NAMES)} columns")
    later = (*row[_FIRST_SCHEMA:], 0, None, None, None, None, 0, None, 0, None)
    abandoned, identity, code, journal, clicks, undone, board, practice, ai_moves = later[:9]
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
        assisted,
        scripted,
    ) = row[:_FIRST_SCHEMA]
    preset, width, height, mines = board_of(preset, width, height, mines)
    won, abandoned = flag("won", won), flag("abandoned", abandoned)
    if won and abandoned:
        raise BadRow("won and abandoned")
    return GameRecord(
        started_at=_moment(started_at),
        preset=preset,
        width=width,
        height=height,
        mines=mines,
        kind=_kind(kind),
        seed=_seed(seed),
        won=won,
        seconds=_seconds(seconds),
        three_bv=whole("three_bv", three_bv, 0, width * height),
        board_commands=whole("board_commands", board_commands, 0, LARGEST),
        hints=whole("hints", hints, 0, LARGEST),
        points=whole("points", points, 0, LARGEST),
        assisted=flag("assisted", assisted),
        scripted=flag("scripted", scripted),
        abandoned=abandoned,
        identity=_text("identity", identity),
        code=_code(code),
        journal=_text("journal", journal),
        clicks=None if clicks is None else whole("clicks", clicks, 0, LARGEST),
        undone=flag("undone", undone),
        practice=flag("practice", practice),
        fingerprint=_text("board", board),
        ai_moves=None if ai_moves is None else whole("ai_moves", ai_moves, 0, LARGEST),
    )


def board_of(preset: object, width: object, height: object, mines: object) -> BoardSpec:
    """The board these columns name (a game's, or a summary's); :class:`BadRow` if
    they name none the game plays."""
    width = whole("width", width, MIN_SIDE, MAX_SIDE)
    height = whole("height", height, MIN_SIDE, MAX_SIDE)
    mines = whole("mines", mines, *mine_range(width, height))
    preset = _text("preset", preset)
    if not fits(preset, width, height, mines):
        raise BadRow(f"preset: {_shown(preset)} is not a {width}×{height} board with {mines} mines")
    return BoardSpec(preset, width, height, mines)


def _shown(value: object) -> str:
    """``value`` as a developer reads it in :class:`BadRow`, cut short."""
    try:
        return repr(value)[:80]
    except ValueError:  # an integer of more digits than Python writes out
        return type(value).__name__


def whole(name: str, value: object, low: int = 0, high: int = LARGEST) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``; :class:`BadRow` if not."""
    if type(value) is not int or not low <= value <= high:
        raise BadRow(f"{name}: {_shown(value)} is not a whole number from {low} to {high}")
    return value


def flag(name: str, value: object) -> bool:
    """0 or 1, as the columns' checks have it."""
    if type(value) is not int or value not in (0, 1):
        raise BadRow(f"{name}: {_shown(value)} is neither 0 nor 1")
    return bool(value)


def _text(name: str, value: object) -> str | None:
    """Text or nothing; text that UTF-8 cannot hold (bytes SQLite could not decode)
    could be neither shown nor written back."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise BadRow(f"{name}: {_shown(value)} is not text")
    if not value.isascii():  # ASCII, as nearly all is, is UTF-8: no copy made to see it
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise BadRow(f"{name}: {_shown(value)} is not UTF-8") from None
    return value


def _moment(value: object) -> datetime:
    text = _text("started_at", value)
    try:
        moment = in_utc(datetime.fromisoformat(text or ""))
    except ValueError:
        raise BadRow(f"started_at: {_shown(text)} is not a date and time in UTC") from None
    if not EARLIEST <= moment < LATEST:
        raise BadRow(f"started_at: {_shown(text)} is out of range")
    return moment


def _kind(kind: object) -> BoardKind:
    if isinstance(kind, str) and kind in _KINDS:
        return _KINDS[kind]
    raise BadRow(f"kind: {_shown(kind)} is neither no-guess nor classic")


def _seed(value: object) -> int | None:
    """A whole number kept as decimal text, since a seed can outgrow SQLite's integers."""
    text = _text("seed", value)
    if text is None:
        return None
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        raise BadRow(f"seed: {_shown(text)} is not a whole number")
    try:
        return int(text)
    except ValueError:  # more digits than Python converts
        raise BadRow(f"seed: {len(text)} digits") from None


def _seconds(value: object) -> float:
    # Compared before it is converted: a whole number can be too large for a float.
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= LONGEST:
        raise BadRow(f"seconds: {_shown(value)} is not a time from 0 to {LONGEST} s")
    return float(value)


def _code(value: object) -> str | None:
    """A share code is shown as it is: it must be a line of printable text."""
    code = _text("code", value)
    if code is not None and not (code.isprintable() and 0 < len(code) <= CODE_LETTERS):
        raise BadRow(f"code: {_shown(code)} is not a share code")
    return code
