"""The database as a file among others: what SQLite and the store keep beside it, the
stamp of the state it is in, what may stand where it goes, and which paths name any
of the game's own files.

SQLite opens the database and its journal with a plain, blocking ``open``: a named
pipe put where either goes would hang the game before SQLite read a byte, so they
are looked at first (:func:`refuse_what_blocks`).  Every other file the store reads
of its own (its stamps) is read without blocking (:mod:`.inputfile`).
"""

from __future__ import annotations

import atexit
import os
import stat
from contextlib import suppress
from datetime import UTC, datetime
from pathlib import Path

from ..i18n import _
from . import inputfile, outputfile, pending

JOURNALS = ("-journal", "-wal", "-shm")
"""What SQLite keeps beside a database, by the end of its name."""


class NotAFile(OSError):
    """Something other than a file where the database or its journal goes: a named pipe
    or a device, which SQLite would wait on for ever.  Its one argument is the path."""


def refuse_what_blocks(database: Path) -> None:
    """Refuse a named pipe, a device or a socket where the database or its journal
    goes; a directory is left for SQLite to refuse in its own words."""
    for file in (database, *(database.with_name(database.name + end) for end in JOURNALS)):
        try:
            mode = os.stat(file).st_mode
        except FileNotFoundError:
            continue
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
            raise NotAFile(file)


def move_aside(database: Path) -> Path | None:
    """Rename the database, with its journal, for whoever wants to rescue it, as it was
    found; its new name, or None when it is no longer there (another game moved it).
    The name goes down to the microsecond, so that no later rename overwrites an
    earlier damaged file."""
    when = datetime.now(UTC).strftime("%Y%m%dT%H%M%S.%fZ")
    aside = database.with_name(f"{database.name}.damaged-{when}")
    try:
        database.rename(aside)
    except FileNotFoundError:
        return None
    for end in JOURNALS:
        with suppress(FileNotFoundError):
            database.with_name(database.name + end).rename(aside.with_name(aside.name + end))
    return aside


def stamp(path: Path) -> str | None:
    """What every write the database commits changes: its file's identity, size and
    time, and SQLite's change counter (header bytes 24-27, raised by every commit in
    the rollback-journal mode the store uses).  None for a file that is no such
    database: missing, damaged, in WAL mode (whose commits leave the header be), or
    not a file at all."""
    try:
        with inputfile.opened(path) as descriptor:
            header = os.read(descriptor, 100)
            status = os.fstat(descriptor)
    except (OSError, inputfile.UnreadableFile):
        return None
    if len(header) < 100 or not header.startswith(b"SQLite format 3\0"):
        return None
    if header[18:20] != b"\x01\x01":  # written and read with a rollback journal, no WAL
        return None
    counter = int.from_bytes(header[24:28], "big")
    return f"{status.st_dev} {status.st_ino} {status.st_size} {status.st_mtime_ns} {counter}"


_SOUND: dict[Path, str | None] = {}
"""The databases this process found sound (as a process left them, checked, or
salvaged), with the stamp noted beside each when it was found."""


def checked(database: Path) -> Path:
    """Where the stamp of ``database`` as a process that found it sound left it is
    noted: a file that has changed since (a crash, another program, a hand, a disk) is
    checked when a process next opens it."""
    return database.with_name(f"{database.name}.checked")


def sound_here(database: Path) -> bool:
    """Whether this process has found ``database`` sound: its stores need not check it."""
    return database in _SOUND


def as_left_sound(database: Path) -> bool:
    """Whether ``database`` is new, or as a process that found it sound left it (its
    stamp is the one noted beside it); it is then taken as sound in this process."""
    found = stamp(database)
    if found is not None and found != read_stamp(checked(database)):
        return False
    note_sound(database, found)
    return True


def note_sound(database: Path, noted: str | None = None) -> None:
    """Take ``database`` as sound for the rest of this process, which notes the stamp it
    leaves it with (if not ``noted`` already) as it ends; a process killed notes
    nothing, and the next one checks the file."""
    if not _SOUND:
        atexit.register(_note_as_left)
    _SOUND.setdefault(database, noted)


def _note_as_left() -> None:
    for database, noted in _SOUND.items():
        left = stamp(database)
        if left is not None and left != noted:
            with suppress(OSError):  # a read-only place: the next process checks again
                outputfile.write_text(checked(database), left, replace=True, durable=False)


def read_stamp(path: Path) -> str | None:
    """A stamp kept in ``path``; None if there is none to read."""
    try:
        return inputfile.read_bytes(path, 200).decode("ascii")
    except (OSError, ValueError):  # missing, not a file, too long, not ASCII
        return None


def nothing_yet(database: Path) -> bool:
    """Whether no game was ever kept at ``database``: there is nothing there, and the
    place for it could be made (a file where a directory should be is a failure to
    say)."""
    if os.path.lexists(database):
        return False
    place = database.parent
    while not os.path.lexists(place) and place != place.parent:
        place = place.parent
    return place.is_dir()


def own_file(database: Path, path: Path) -> str | None:
    """Why ``path`` may not be written: it names one of the game's own files (the
    database, what SQLite and the store keep beside it, the games kept pending, the
    preferences, the settings file), however it names it: through links, by another
    spelling, or as another name of the same file.  None for any other path."""
    what = _what_is(database, path)
    if what is None:
        return None
    refusal = _("{file} is {what}: the game never writes over its own files. Name another.")
    return refusal.format(file=path, what=what)


def _what_is(database: Path, path: Path) -> str | None:
    """What ``path`` is to the game, if it is one of the game's own files."""
    from . import config, preferences  # only save and export ask: nothing else loads them

    target = _resolved(path)
    resolved = _resolved(database)
    if target == resolved or _same_file(path, database):
        return _("the score database")
    waiting = pending.directory_of(database)
    beside = target.parent == resolved.parent and target.name.startswith(resolved.name)
    kept = [*database.parent.glob(f"{database.name}*"), *waiting.glob("*")]
    if beside or target.parent == _resolved(waiting) or any(_same_file(path, f) for f in kept):
        return _("a file the score database keeps beside it")
    for own, what in (
        (database.parent / preferences.FILE_NAME, _("the preferences the game remembers")),
        (config.default_path(), _("the settings file")),
    ):
        if target == _resolved(own) or _same_file(path, own):
            return what
    return None


def _resolved(path: Path) -> Path:
    """``path`` with every link and ``..`` followed, as far as they exist."""
    return Path(os.path.realpath(path))


def _same_file(path: Path, other: Path) -> bool:
    """Whether both name one file that exists (a hard link, another mount of it)."""
    try:
        return os.path.samefile(path, other)
    except (OSError, ValueError):
        return False
