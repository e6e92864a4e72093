"""Real records to damage, and where each game lies in the file.

:func:`real_records` makes a database as the game does: games with their moves
(a few long enough to spill onto overflow pages), a game left unfinished, the
boards' summaries.  :func:`pages_of_games` reads the file's own b-tree, as
SQLite's file format describes it (https://www.sqlite.org/fileformat2.html), to
say which pages every game's row needs to be read at all: the pages from the
table's root down to its leaf, and the overflow pages of its payload.  It
knows nothing of the game's salvage, so it can judge it.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from buscaminas.core.board import BoardSpec
from buscaminas.core.engine import Action, Move
from buscaminas.game.commands import Command, Verb
from buscaminas.game.journal import Journal, Played
from buscaminas.game.keeper import Keeper
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.records.boardfile import BoardFile
from buscaminas.records.storage import DATABASE_NAME, Store
from tests.record_support import make_record

GAMES = 42
"""As many games as the run that found the damage had recorded."""
PAGE = 4096
"""SQLite's page, in bytes, as the game's databases have it."""
SMALL = BoardSpec(None, 5, 3, 2)
LARGE = BoardSpec(None, 30, 16, 99)


def journal(board: BoardSpec, moves: int) -> Journal:
    """A game on ``board`` with its mines dealt in the first row and ``moves`` flags
    put on and taken off again: a journal of about four bytes a move."""
    mines = frozenset((x % board.width, x // board.width) for x in range(board.mines))
    start = BoardFile(board.width, board.height, mines, frozenset(), frozenset())
    cell = (board.width - 1, board.height - 1)
    played = [Played(Move(Action.FLAG, cell), 0.5 * number) for number in range(moves)]
    return Journal(board.width, board.height, board.mines, start=start, moves=played)


def real_records(directory: Path, games: int = GAMES) -> Path:
    """The database of ``games`` games (every seventh with a journal of some 8 KB, past
    a page), then a game left unfinished; its path."""
    path = directory / DATABASE_NAME
    store = Store(path, on_warning=_refuse)
    for number in range(games):
        board = LARGE if number % 7 == 3 else SMALL
        moves = 2000 if board is LARGE else 4
        record = make_record(
            number,
            board=board,
            identity=f"game-{number}",
            seconds=10.0 + number,
            three_bv=2,
            board_commands=moves,
            journal=journal(board, moves).dumps(),
        )
        store.add_game(record)
    session = Session(
        Settings(SMALL.width, SMALL.height, SMALL.mines, seed=5), Keeper(store), legend=[]
    )
    session.handle(Command(Verb.FLAG, (0, 0)))
    session.put_away()
    return path


def _refuse(warning: str) -> None:
    raise AssertionError(f"the records warned while being made: {warning}")


def pages_of_games(path: Path) -> dict[int, set[int]]:
    """Every game's number, and the pages its row cannot be read without."""
    data = path.read_bytes()
    size = int.from_bytes(data[16:18], "big")
    page_size = 65536 if size == 1 else size
    usable = page_size - data[20]
    with closing(sqlite3.connect(path)) as db:
        (root,) = db.execute(
            "SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = 'games'"
        ).fetchone()
    found: dict[int, set[int]] = {}

    def walk(page: int, above: frozenset[int]) -> None:
        start = (page - 1) * page_size
        header = start + (100 if page == 1 else 0)
        kind = data[header]
        cells = int.from_bytes(data[header + 3 : header + 5], "big")
        pointers = header + (12 if kind == 0x05 else 8)
        path_to = above | {page}
        for index in range(cells):
            cell = start + int.from_bytes(data[pointers + 2 * index : pointers + 2 * index + 2])
            if kind == 0x05:  # an interior page of a table: its child, then a key
                walk(int.from_bytes(data[cell : cell + 4], "big"), path_to)
            else:  # a leaf: the payload's size, the rowid, the payload
                payload, at = _varint(data, cell)
                rowid, at = _varint(data, at)
                found[rowid] = set(path_to) | _overflow(data, at, payload, page_size, usable)
        if kind == 0x05:
            walk(int.from_bytes(data[header + 8 : header + 12], "big"), path_to)

    walk(root, frozenset())
    return found


def schema_pages(path: Path) -> list[int]:
    """The pages that hold the schema's text: where a changed byte is a schema SQLite
    cannot parse, or one whose words are not UTF-8."""
    with closing(sqlite3.connect(path)) as db:
        pages = db.execute("SELECT pageno FROM dbstat WHERE name = 'sqlite_schema'")
        return [page for (page,) in pages]


def _overflow(data: bytes, at: int, payload: int, page_size: int, usable: int) -> set[int]:
    """The overflow pages of a leaf cell's payload that starts at ``at``."""
    most = usable - 35
    if payload <= most:
        return set()
    least = (usable - 12) * 32 // 255 - 23
    local = least + (payload - least) % (usable - 4)
    local = local if local <= most else least
    pages, page = set(), int.from_bytes(data[at + local : at + local + 4], "big")
    left = payload - local
    while left > 0 and page:
        pages.add(page)
        start = (page - 1) * page_size
        page = int.from_bytes(data[start : start + 4], "big")
        left -= usable - 4
    return pages


def _varint(data: bytes, at: int) -> tuple[int, int]:
    """SQLite's variable-length integer at ``at``, and where the next field starts."""
    value = 0
    for offset in range(8):
        byte = data[at + offset]
        value = value << 7 | byte & 0x7F
        if byte < 0x80:
            return value, at + offset + 1
    return value << 8 | data[at + 8], at + 9


def surviving(pages: dict[int, set[int]], length: int, page_size: int) -> set[int]:
    """The games whose every page is whole in the first ``length`` bytes of the file."""
    whole = length // page_size
    return {number for number, needed in pages.items() if max(needed) <= whole}
