"""Games kept pending: a finished game that found the database locked too long waits
beside it, one file per game, until a game next opens the database and writes it in.

Each file is written whole or not at all (:mod:`buscaminas.records.outputfile`),
its name starting with the time so that games are written in in the order they
ended.  A file is read as anything in the directory may be: only a regular
file, opened without blocking (a named pipe put there must hang nothing), at
most :data:`PENDING_BYTES`, nested no deeper than a row (:mod:`.nesting`), and
a game only if :func:`buscaminas.records.gamerow.from_row` reads it; anything
else is left where it is, for whoever put it there.  The files are read before
the database's transaction begins, so that no read waits inside it.
"""

import time
from contextlib import suppress
from pathlib import Path
from typing import NamedTuple

from ..core.scoring import GameRecord
from . import inputfile, nesting, outputfile
from .gamerow import from_row, to_row

PENDING_BYTES = 16 * 2**20
"""The most a pending game's file is read: a game with its journal takes a few
kilobytes, a 99×99 one a few hundred; a larger file is no game of ours."""


class Waiting(NamedTuple):
    """A game kept pending: its file, and the row it holds, checked."""

    file: Path
    row: tuple[object, ...]


def directory_of(database: Path) -> Path:
    """Where the games that could not be written into ``database`` wait."""
    return database.with_name(f"{database.name}.pending")


def keep(directory: Path, game: GameRecord) -> None:
    """Write ``game`` into a file of its own in ``directory``; ``OSError`` if the disk
    refuses (the file is then not there at all)."""
    import json
    import uuid  # only a game kept pending needs it: the statistics start without it

    name = f"{time.time_ns():020d}-{uuid.uuid4().hex}.json"
    directory.mkdir(parents=True, exist_ok=True)
    # whole or not at all; its temporary name, a dot first, is no pending game
    outputfile.write_text(directory / name, json.dumps(to_row(game)), replace=True)


def waiting(directory: Path) -> list[Waiting]:
    """The games waiting in ``directory``, oldest first; the files that are no game are
    passed over."""
    found = []
    for file in sorted(directory.glob("*.json")):
        row = _read(file)
        if row is not None:
            found.append(Waiting(file, row))
    return found


def forget(files: list[Path]) -> None:
    """Remove the files of games now in the database; one left behind is ignored by its
    name (the database keeps the names it took in)."""
    for file in files:
        with suppress(OSError):
            file.unlink(missing_ok=True)


def _read(file: Path) -> tuple[object, ...] | None:
    """The row kept in ``file``; None if it is gone or is not a game."""
    import json

    try:
        text = inputfile.read_bytes(file, PENDING_BYTES).decode("utf-8")
        if nesting.deeper_than(text):
            return None
        return to_row(from_row(json.loads(text)))
    except (OSError, ValueError):  # unreadable, not UTF-8, not JSON, not a game
        return None
