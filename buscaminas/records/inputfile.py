"""Reading a file from outside with a bound: a board or position named on the command
line, and every file the game reads of its own (settings, preferences, games kept
pending, the records' stamps).

A board is small (99×99 cells in the lab format with spaces and CRLF is under
30 KB), so anything far bigger is a mistake: ``/dev/zero``, a log, a disk
image.  The file is refused before it is read when its size says so, and
never more than one byte past the limit is read, so a file that grows, or
standard input, cannot run the program out of memory either.  Only regular
files and ``-`` (standard input) are read: a directory, a device or a named
pipe is refused after a ``stat``, and the file is opened without blocking so
that a named pipe swapped in meanwhile cannot hang the program.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..i18n import _

LIMIT_BYTES = 256 * 1024
"""About eight times the largest board, room for hand-made files with generous spacing."""
STANDARD_INPUT = "-"
_STDIN_FD = 0


class UnreadableFile(ValueError):
    """A file that is not read at all; ``str()`` says why, in the player's language."""


def read_text(path: Path, too_big: str | None = None, *, standard_input: bool = True) -> str:
    """The UTF-8 text of ``path``, or of standard input when it is ``-`` and
    ``standard_input`` (a board, a position: not the settings), without the byte-order
    mark some editors start it with.

    Raises :class:`UnreadableFile` for what is not a board-sized regular file
    (``too_big``: what a larger one is told, when it is not a board) or not text,
    and ``OSError`` when the system cannot open or read it.
    """
    try:
        return read_bytes(path, too_big=too_big, standard_input=standard_input).decode(
            "utf-8-sig"
        )
    except UnicodeDecodeError as error:
        raise UnreadableFile(not_text()) from error


def read_bytes(
    path: Path,
    limit: int = LIMIT_BYTES,
    too_big: str | None = None,
    *,
    standard_input: bool = True,
) -> bytes:
    """The bytes of ``path``, or of standard input when it is ``-`` and
    ``standard_input``, for a format that is not text (MBF); refused as
    :func:`read_text` refuses, but for not being text.  ``limit``: the most bytes a
    file of its kind holds (a board's by default); ``too_big``: what a larger file is
    told, when it is not a board."""
    refusal = _too_big(limit) if too_big is None else too_big
    if standard_input and str(path) == STANDARD_INPUT:
        data = _read_at_most(_STDIN_FD, limit + 1)
    else:
        with opened(path, standard_input=standard_input) as descriptor:
            if os.fstat(descriptor).st_size > limit:
                raise UnreadableFile(refusal)
            data = _read_at_most(descriptor, limit + 1)
    if len(data) > limit:
        raise UnreadableFile(refusal)
    return data


def read_start(path: Path, count: int) -> bytes:
    """The first ``count`` bytes of the regular file ``path`` (fewer if it is shorter),
    refused as :func:`read_bytes` refuses anything else: a file's header, a stamp."""
    with opened(path) as descriptor:
        return _read_at_most(descriptor, count)


@contextmanager
def opened(path: Path, *, standard_input: bool = False) -> Iterator[int]:
    """A descriptor of the regular file ``path``, opened without blocking (a named pipe
    swapped in after the look cannot hang the reader) and looked at again once open;
    ``standard_input``: a named pipe is told that ``-`` reads one."""
    _refuse_unless_regular(os.stat(path).st_mode, standard_input)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
    try:
        # the path may name another file by now
        _refuse_unless_regular(os.fstat(descriptor).st_mode, standard_input)
        yield descriptor
    finally:
        os.close(descriptor)


def not_text() -> str:
    """What a file of bytes that are not text is told, whoever reads it."""
    return _("the file is not text")


def _refuse_unless_regular(mode: int, standard_input: bool) -> None:
    if stat.S_ISDIR(mode):
        raise UnreadableFile(_("it is a directory, not a file"))
    if stat.S_ISFIFO(mode) and standard_input:
        raise UnreadableFile(
            _("it is a named pipe, not a file; to read a pipe, give “-” and redirect it")
        )
    if stat.S_ISFIFO(mode):
        raise UnreadableFile(_("it is a named pipe, not a file"))
    if not stat.S_ISREG(mode):
        raise UnreadableFile(_("it is a device or a socket, not a file"))


def _too_big(limit: int) -> str:
    return _("it is larger than {limit} KiB, more than any board needs").format(
        limit=limit // 1024
    )


def _read_at_most(descriptor: int, count: int) -> bytes:
    """Up to ``count`` bytes, fewer only at the end of the input."""
    chunks: list[bytes] = []
    remaining = count
    while remaining > 0:
        chunk = os.read(descriptor, remaining)
        if not chunk:
            break
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)
