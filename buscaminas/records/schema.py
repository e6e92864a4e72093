"""The games database's tables, and the migrations that make them from any earlier
version, none included.

``PRAGMA user_version`` counts the migrations applied.  Every migration a file
lacks is applied in one transaction, with the version that counts them: a game
killed while it makes a new database leaves no database or a whole one, never
half a schema that a later start would take for a whole one.  A new database is
made by the migrations squashed (:func:`squashed`): half the statements, for SQLite
reads its whole schema again after each.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from . import seen
from .tally import TALLIES

if TYPE_CHECKING:
    import sqlite3

OWN_WIN = "won = 1 AND assisted = 0 AND undone = 0 AND practice = 0 AND scripted = 0"
_MEASURED = "seconds > 0 AND three_bv > 1 AND board_commands > 1"
_NO_HELP = "kind = 'no-guess' AND hints = 0"
CLEAN = f"{OWN_WIN} AND {_MEASURED} AND {_NO_HELP}"
"""A clean win in SQL, as :attr:`GameRecord.clean` has it: a best time."""
OTHER_WINS = f"{OWN_WIN} AND {_MEASURED} AND NOT ({_NO_HELP})"
"""The player's own timed wins on a classic board or with hints, kept apart."""


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


def _practice_triggers(another_game: str, practice: str) -> tuple[str, ...]:
    """The triggers that mark a game practice (``practice``: SQL assignments) when its
    board was seen in a game that ``another_game`` (SQL, of ``seen_boards``'s row and
    ``NEW``) tells apart from it, and that note the board seen; on a game written,
    and on its board set."""
    return tuple(
        f"CREATE TRIGGER practice_on_{name} AFTER {event} ON games"
        " WHEN NEW.board IS NOT NULL BEGIN"
        f" UPDATE games SET {practice} WHERE id = NEW.id AND EXISTS (SELECT 1"
        f" FROM seen_boards WHERE board = NEW.board AND {another_game});"
        # not OR IGNORE: an upsert's own conflict clause would override it here
        " INSERT INTO seen_boards (board, identity) SELECT NEW.board, NEW.identity"
        " WHERE NOT EXISTS (SELECT 1 FROM seen_boards WHERE board = NEW.board);"
        " END"
        for name, event in (("insert", "INSERT"), ("update", "UPDATE OF board"))
    )


FINGERPRINT = "board_fingerprint"
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
        f"UPDATE games SET board = {FINGERPRINT}(journal) WHERE journal IS NOT NULL",
        "INSERT OR IGNORE INTO seen_boards (board, identity)"
        " SELECT board, identity FROM games WHERE board IS NOT NULL ORDER BY id",
        # Every way a game comes in (saved, or written in from a pending file) marks it
        # the same way, in the transaction that writes it.
        *_practice_triggers("identity IS NOT NEW.identity", "practice = 1"),
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
    (
        # What goes on from a loss taken back is another game, under an identity that
        # keeps the first one's line (seen.continued): its board is not one seen before.
        # Practice earns no points, as no game but the player's own does.
        "DROP TRIGGER practice_on_insert",
        "DROP TRIGGER practice_on_update",
        *_practice_triggers(
            f"substr(identity, 1, {seen.LINE}) IS NOT substr(NEW.identity, 1, {seen.LINE})",
            "practice = 1, points = 0",
        ),
        "UPDATE games SET points = 0 WHERE practice = 1",
    ),
)
"""Schema changes, in order; ``PRAGMA user_version`` counts those applied."""


class NewerSchemaError(Exception):
    """The database was upgraded by a newer game, whose tables this one cannot know."""


def user_version(db: sqlite3.Connection) -> int:
    """How many migrations the database has had."""
    version: int = db.execute("PRAGMA user_version").fetchone()[0]
    return version


def migrate(db: sqlite3.Connection) -> None:
    """Bring the schema up to date in one transaction, unless it is already."""
    if _current(user_version(db)):
        return
    db.execute("BEGIN IMMEDIATE")
    with db:
        apply(db)


def apply(db: sqlite3.Connection) -> None:
    """Apply, in the transaction under way, every migration the database lacks; another
    game may have applied them while this one waited for the lock."""
    version = user_version(db)
    if _current(version):
        return
    if version == 0:
        statements: Iterable[str] = squashed(MIGRATIONS)
    else:
        db.create_function(FINGERPRINT, 1, seen.of_journal, deterministic=True)
        statements = (statement for migration in MIGRATIONS[version:] for statement in migration)
    for statement in statements:
        db.execute(statement)
    db.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")


_ADDED_COLUMN = re.compile(r"\s*ALTER TABLE (\w+) ADD COLUMN (.*)", re.DOTALL)
_MADE = re.compile(r"\s*CREATE (?:(TABLE|TRIGGER) (\w+))?")
_DROPPED_TRIGGER = re.compile(r"\s*DROP TRIGGER (\w+)")


@functools.cache
def squashed(migrations: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
    """What ``migrations`` make of an empty database, in as few statements: each column
    an ``ALTER`` adds is written into its table's ``CREATE``, where SQLite itself
    writes it, and a trigger a later migration drops is never made; statements that
    move rows are left out, for there are none."""
    statements: list[str | None] = []
    made: dict[tuple[str, str], int] = {}
    """Where each table's and trigger's ``CREATE`` stands in ``statements``."""
    for statement in (statement for migration in migrations for statement in migration):
        if added := _ADDED_COLUMN.fullmatch(statement):
            table, column = added.groups()
            create = statements[made["TABLE", table]]
            assert create is not None, "a dropped table has no column added"
            end = create.rindex(")")
            statements[made["TABLE", table]] = f"{create[:end]}, {column}{create[end:]}"
        elif dropped := _DROPPED_TRIGGER.match(statement):
            statements[made.pop(("TRIGGER", dropped[1]))] = None
        elif making := _MADE.match(statement):
            if making[1]:
                made[making[1], making[2]] = len(statements)
            statements.append(statement)
    return tuple(statement for statement in statements if statement is not None)


def _current(version: int) -> bool:
    """Whether a database of schema ``version`` needs no migration; a newer one is
    refused, never written by a game that does not know its tables."""
    if version > len(MIGRATIONS):
        raise NewerSchemaError(f"schema version {version}, newer than {len(MIGRATIONS)}")
    return version == len(MIGRATIONS)


TABLES = frozenset(
    re.findall(r"CREATE TABLE (\w+)", " ".join(" ".join(migration) for migration in MIGRATIONS))
)
"""The tables the migrations make."""


def tables_missing(db: sqlite3.Connection) -> bool:
    """Whether a table the migrations make is missing: a schema damaged so that SQLite
    still parses it, and finds no such table where the version says there is one."""
    tables = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    return not {name for (name,) in tables} >= TABLES
