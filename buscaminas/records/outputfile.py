"""Writing a file whole or not at all, and never through a symbolic link.

Every file the game writes goes through :func:`write_bytes` (text through
:func:`write_text`): a saved board, an exported game,
the preferences, a game kept pending beside a locked database, the stamp of
records with nothing kept.  The text goes to a new temporary file in the same
directory (created exclusively, so nothing already there is opened), is
flushed to the disk, and then takes the file's name in one rename.  A full
disk, a file-size limit, a permission refused or Ctrl-C midway leaves the old
file as it was and no temporary file behind: writing in place had cut a valid
board to the 20 KiB the disk had room for, the old one already gone.

The last component of the path is looked at with ``lstat`` and never
followed: a symbolic link (even one that points nowhere) is refused, not
written through, and so are directories, named pipes, devices, sockets and
the files the kernel makes up (``/proc``, ``/sys``), which look like regular
files but are not kept anywhere.  Checking first and writing later leaves a
window in which the path could change; the rename closes it: it replaces
whatever name is there, a link swapped in included, rather than following
it, and a new file is put in place with a hard link, which fails rather than
replace a file that appeared meanwhile.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from contextlib import suppress
from pathlib import Path

from ..i18n import _

KERNEL_FILESYSTEMS = frozenset(
    {
        *("proc", "sysfs", "debugfs", "tracefs", "securityfs", "configfs", "efivarfs"),
        *("cgroup", "cgroup2", "bpf", "pstore", "fusectl", "binfmt_misc", "devpts", "mqueue"),
    }
)
"""Filesystems whose files are the kernel's windows on itself, not data on a disk."""
MOUNTS = Path("/proc/self/mountinfo")
_MOUNTS_BYTES = 4 * 1024 * 1024
"""More than the mount table of any machine; the rest of a larger one is not read."""
_NEW_FILE_MODE = 0o666
"""What the umask takes from, as for any file a program creates."""
_NO_HARD_LINKS = frozenset({errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS})
"""What ``link`` says on a filesystem that has no hard links (FAT, some network shares)."""


class UnwritableFile(OSError):
    """A path that is no place for the file; ``str()`` says what it is, in the player's
    language.  An ``OSError``, so that whoever handles the disk's refusals handles it."""


def write_text(path: Path, text: str, *, replace: bool, durable: bool = True) -> None:
    """Put ``text`` (UTF-8) in the regular file ``path``, as :func:`write_bytes` does."""
    write_bytes(path, text.encode("utf-8"), replace=replace, durable=durable)


def write_bytes(path: Path, data: bytes, *, replace: bool, durable: bool = True) -> None:
    """Put ``data`` in the regular file ``path``, whole or not at all.

    ``replace``: an existing regular file may be replaced; otherwise
    ``FileExistsError`` says one is there (found at first, or appearing
    meanwhile), and it is left alone.  ``durable``: the file and its directory
    reach the disk before this returns; a cache that costs nothing to lose
    skips the wait.  Raises :class:`UnwritableFile` for a path that is not a
    regular file or a new name, and ``OSError`` when the system refuses, after
    removing the temporary file.
    """
    directory = path.parent
    existing = _existing(path)
    if existing is not None and not replace:
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path))
    _refuse_kernel_files(os.stat(directory))
    temporary = directory / f".buscaminas-{os.urandom(6).hex()}.tmp"  # hidden from globs
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    descriptor = os.open(temporary, flags | getattr(os, "O_CLOEXEC", 0), _NEW_FILE_MODE)
    try:
        try:
            if existing is not None and os.chmod in os.supports_fd:
                os.chmod(descriptor, stat.S_IMODE(existing.st_mode))  # the player's choice stays
            _write_all(descriptor, data)
            if durable:
                os.fsync(descriptor)
        finally:
            os.close(descriptor)
        if replace:
            os.replace(temporary, path)
        else:
            _put_new(temporary, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise
    if durable:
        _sync_directory(directory)


def _existing(path: Path) -> os.stat_result | None:
    """The regular file at ``path`` (None if nothing is there), or why it is refused."""
    try:
        status = os.lstat(path)
    except FileNotFoundError:
        return None
    mode = status.st_mode
    if stat.S_ISLNK(mode):
        raise UnwritableFile(
            _("it is a symbolic link to {target}, and links are not followed").format(
                target=os.readlink(path)
            )
        )
    if stat.S_ISDIR(mode):
        raise UnwritableFile(_("it is a directory, not a file"))
    if stat.S_ISFIFO(mode):
        raise UnwritableFile(_("it is a named pipe, not a file"))
    if not stat.S_ISREG(mode):
        raise UnwritableFile(_("it is a device or a socket, not a file"))
    _refuse_kernel_files(status)
    return status


def _refuse_kernel_files(status: os.stat_result) -> None:
    """Refuse a file or directory of ``/proc``, ``/sys`` and the like, naming which."""
    kind = _kernel_filesystem(status.st_dev)
    if kind is not None:
        raise UnwritableFile(
            _("it is one of the kernel's own files ({kind}), not a file on a disk").format(
                kind=kind
            )
        )


def _kernel_filesystem(device: int) -> str | None:
    """The kernel filesystem ``device`` is, from the mount table; None for any other.

    Disks have a major number; only filesystems with none (the kernel's, tmpfs,
    network shares) need the table, which systems other than Linux lack.
    """
    if not sys.platform.startswith("linux") or os.major(device) != 0:
        return None
    wanted = f"{os.major(device)}:{os.minor(device)}"
    try:
        with MOUNTS.open("rb") as table:
            lines = table.read(_MOUNTS_BYTES).decode("utf-8", "replace").splitlines()
    except OSError:
        return None
    for line in lines:
        # "36 25 0:21 / /proc rw,… - proc proc rw": the device third, the type after " - "
        fields, _dash, described = line.partition(" - ")
        numbers = fields.split()
        kind = described.split()[:1]
        if len(numbers) > 2 and numbers[2] == wanted and kind and kind[0] in KERNEL_FILESYSTEMS:
            return kind[0]
    return None


def _write_all(descriptor: int, data: bytes) -> None:
    """Every byte, however few each ``write`` takes."""
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view) :]


def _put_new(temporary: Path, path: Path) -> None:
    """Give ``temporary`` the name ``path``, which must still be free.

    A hard link fails if the name was taken meanwhile, where a rename would
    replace it; a filesystem with no hard links gets a last look and a rename.
    """
    try:
        os.link(temporary, path)
    except OSError as error:
        if error.errno not in _NO_HARD_LINKS:
            raise
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path)) from error
        os.rename(temporary, path)
        return
    os.unlink(temporary)


def _sync_directory(directory: Path) -> None:
    """Make the rename itself reach the disk; a system that cannot, says so by
    refusing, and the file is written all the same."""
    with suppress(OSError):
        descriptor = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
