"""The one way the game writes a file: whole or not at all, never through a link."""

from __future__ import annotations

import ast
import errno
import os
import re
import resource
import signal
import socket
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from buscaminas.records.outputfile import UnwritableFile, write_text
from tests.source_support import mentioning, walked
from tests.terminal_support import ROOT

OLD = "the old file, whole\n"
NEW = "the new text\n" * 1000


def only(directory: Path) -> list[str]:
    """The names in ``directory``: no temporary file may be left among them."""
    return sorted(path.name for path in directory.iterdir())


@contextmanager
def umask(mask: int) -> Iterator[None]:
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


def test_a_new_file_is_written_whole_with_the_umask_s_permissions(tmp_path: Path) -> None:
    file = tmp_path / "new.txt"
    with umask(0o027):
        write_text(file, NEW, replace=False)
    assert file.read_text() == NEW
    assert file.stat().st_mode & 0o777 == 0o640
    assert only(tmp_path) == ["new.txt"]


def test_an_existing_file_is_replaced_only_when_asked_and_keeps_its_permissions(
    tmp_path: Path,
) -> None:
    file = tmp_path / "old.txt"
    file.write_text(OLD)
    file.chmod(0o600)
    with pytest.raises(FileExistsError):
        write_text(file, NEW, replace=False)
    assert file.read_text() == OLD
    with umask(0o022):
        write_text(file, NEW, replace=True)
    assert file.read_text() == NEW
    assert file.stat().st_mode & 0o777 == 0o600
    assert only(tmp_path) == ["old.txt"]


@pytest.mark.parametrize("replace", [False, True])
def test_a_symbolic_link_is_refused_and_its_target_left_alone(
    tmp_path: Path, replace: bool
) -> None:
    target = tmp_path / "target.txt"
    target.write_text(OLD)
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    with pytest.raises(UnwritableFile, match=f"symbolic link to {target}"):
        write_text(link, NEW, replace=replace)
    assert target.read_text() == OLD
    assert link.is_symlink()
    assert only(tmp_path) == ["link.txt", "target.txt"]


def test_a_dangling_link_is_refused_and_creates_nothing(tmp_path: Path) -> None:
    link = tmp_path / "dangling"
    link.symlink_to("nowhere.txt")
    with pytest.raises(UnwritableFile, match=r"symbolic link to nowhere\.txt"):
        write_text(link, NEW, replace=True)
    assert only(tmp_path) == ["dangling"]


def a_directory(path: Path) -> Path:
    path.mkdir()
    return path


def a_named_pipe(path: Path) -> Path:
    """With no reader: a file opened for writing would hang the game on it."""
    os.mkfifo(path)
    return path


def a_socket(path: Path) -> Path:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()
    return path


def a_device(path: Path) -> Path:
    return Path(os.devnull)


@pytest.mark.parametrize(
    ("make", "what"),
    [
        (a_directory, "it is a directory, not a file"),
        (a_named_pipe, "it is a named pipe, not a file"),
        (a_socket, "it is a device or a socket, not a file"),
        (a_device, "it is a device or a socket, not a file"),
    ],
)
def test_what_is_not_a_regular_file_is_refused_by_its_name(
    tmp_path: Path, make: Callable[[Path], Path], what: str
) -> None:
    path = make(tmp_path / "thing")
    for replace in (False, True):
        with pytest.raises(UnwritableFile) as refused:
            write_text(path, NEW, replace=replace)
        assert str(refused.value) == what
    assert [name for name in only(tmp_path) if name != "thing"] == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc is Linux's")
@pytest.mark.parametrize("path", ["/proc/self/mem", "/proc/self/environ", "/proc/self/new.txt"])
def test_the_kernel_s_files_are_refused_though_they_look_regular(path: str) -> None:
    with pytest.raises(UnwritableFile, match=r"the kernel's own files \(proc\)"):
        write_text(Path(path), NEW, replace=True)


@contextmanager
def file_size_limit(size: int) -> Iterator[None]:
    """The system's own refusal to let a file grow, as a full disk refuses it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    assert signal.getsignal(signal.SIGXFSZ) == signal.SIG_IGN  # Python's: EFBIG, no death
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))


@pytest.mark.parametrize("replace", [False, True])
def test_a_disk_that_refuses_midway_leaves_the_old_file_whole_and_no_temporary(
    tmp_path: Path, replace: bool
) -> None:
    file = tmp_path / "board.txt"
    if replace:
        file.write_text(OLD)
    with file_size_limit(4096), pytest.raises(OSError) as refused:
        write_text(file, NEW, replace=replace)
    assert refused.value.errno == errno.EFBIG
    assert only(tmp_path) == (["board.txt"] if replace else [])
    if replace:
        assert file.read_text() == OLD


@pytest.mark.parametrize("failure", [OSError(errno.ENOSPC, "No space left"), KeyboardInterrupt()])
def test_a_failure_or_ctrl_c_at_the_flush_leaves_nothing_half_done(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: BaseException
) -> None:
    file = tmp_path / "board.txt"
    file.write_text(OLD)

    def refuse(descriptor: int) -> None:
        raise failure

    monkeypatch.setattr(os, "fsync", refuse)
    with pytest.raises(type(failure)):
        write_text(file, NEW, replace=True)
    assert file.read_text() == OLD
    assert only(tmp_path) == ["board.txt"]


def test_a_file_appearing_meanwhile_is_not_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check found no file; the name is taken only if it is still free."""
    file = tmp_path / "board.txt"
    sync = os.fsync

    def someone_else_writes(descriptor: int) -> None:
        if not file.exists():
            file.write_text(OLD)
        sync(descriptor)

    monkeypatch.setattr(os, "fsync", someone_else_writes)
    with pytest.raises(FileExistsError):
        write_text(file, NEW, replace=False)
    assert file.read_text() == OLD
    assert only(tmp_path) == ["board.txt"]


def test_a_link_swapped_in_meanwhile_is_replaced_not_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = tmp_path / "board.txt"
    file.write_text(OLD)
    victim = tmp_path / "victim.txt"
    victim.write_text(OLD)
    sync = os.fsync
    swapped: list[Path] = []

    def swap(descriptor: int) -> None:
        if not swapped:  # the file's flush, before the rename
            file.unlink()
            file.symlink_to(victim)
            swapped.append(file)
        sync(descriptor)

    monkeypatch.setattr(os, "fsync", swap)
    write_text(file, NEW, replace=True)
    assert victim.read_text() == OLD
    assert not file.is_symlink()
    assert file.read_text() == NEW


@pytest.mark.parametrize(("durable", "synced"), [(True, 2), (False, 0)])
def test_a_durable_write_reaches_the_disk_file_and_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, durable: bool, synced: int
) -> None:
    sync = os.fsync
    calls: list[int] = []

    def counted(descriptor: int) -> None:
        calls.append(descriptor)
        sync(descriptor)

    monkeypatch.setattr(os, "fsync", counted)
    write_text(tmp_path / "board.txt", NEW, replace=False, durable=durable)
    assert len(calls) == synced


OWNERS = ("outputfile.write_text", "outputfile.write_bytes")
WRITES = ("write_text", "write_bytes", "mkstemp", "NamedTemporaryFile", "replace", "rename")
OS_WRITES = {f"os.{call}" for call in WRITES}


def writes_outside_the_owner() -> list[str]:
    """Every call in the package that writes or renames a file, but in ``outputfile``."""
    found = []
    for source in mentioning(sorted((ROOT / "buscaminas").rglob("*.py")), "open", *WRITES):
        if source.name == "outputfile.py":
            continue
        for node in walked(source):
            if not isinstance(node, ast.Call):
                continue
            name = ast.unparse(node.func)
            flags = [ast.unparse(argument) for argument in node.args[1:]]
            constants = [*node.args, *(word.value for word in node.keywords if word.arg == "mode")]
            modes = [
                argument.value
                for argument in constants
                if isinstance(argument, ast.Constant)
                and isinstance(argument.value, str)
                and re.fullmatch(r"[rwxabt+]+", argument.value)
            ]
            writes = (
                name in OS_WRITES
                or (name.endswith((".write_text", ".write_bytes")) and name not in OWNERS)
                or name.endswith("mkstemp")
                or (name == "os.open" and any("O_CREAT" in flag for flag in flags))
                or (
                    name.endswith("open")
                    and name != "os.open"
                    and any(set(mode) & set("wax+") for mode in modes)
                )
            )
            if writes:
                found.append(f"{source.relative_to(ROOT)}:{node.lineno}: {name}")
    return found


def test_every_file_the_game_writes_goes_through_one_owner() -> None:
    assert writes_outside_the_owner() == []
