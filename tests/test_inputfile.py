"""Board and position files are read with a bound: no device, pipe or huge file gets in."""

from __future__ import annotations

import os
import signal
import socket
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest

from buscaminas.records.inputfile import LIMIT_BYTES, UnreadableFile, read_text
from tests.bounded_support import MEMORY_BOUND_KIB, run_on_dev_zero
from tests.terminal_support import run_piped, write_board

POSITION = "#1..\n#2..\n#1..\n"
BOARD_ROWS = ("*...", "#...", "*...")  # the same position as a lab board, its mines placed


def tool(kind: str, path: str) -> list[str]:
    """The command line that reads ``path`` with the board flag or with ``analyze``."""
    if kind == "board":
        return ["--board", path, "--lang", "en"]
    return ["analyze", path, "--mines", "2", "--lang", "en"]


@pytest.fixture
def fifo() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pipe"
        os.mkfifo(path)
        yield path


@pytest.fixture
def limit_alarm() -> Iterator[None]:
    """Turns a read that would block forever into a failure after five seconds."""

    def fail(number: int, frame: FrameType | None) -> None:
        raise TimeoutError("the read blocked")

    previous = signal.signal(signal.SIGALRM, fail)
    signal.alarm(5)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def test_a_file_up_to_the_limit_is_read_and_one_byte_more_is_refused(tmp_path: Path) -> None:
    largest = tmp_path / "largest.txt"
    largest.write_bytes(b"1" * LIMIT_BYTES)
    assert read_text(largest) == "1" * LIMIT_BYTES
    with largest.open("ab") as grown:
        grown.write(b"1")
    with pytest.raises(UnreadableFile, match="larger than 256 KiB"):
        read_text(largest)


def test_the_limit_holds_a_99_by_99_board_with_margin() -> None:
    board = "".join(" ".join(["10"] * 99) + "\r\n" for _ in range(99))
    assert 4 * len(board) < LIMIT_BYTES


def test_a_file_that_grows_after_its_size_was_taken_is_read_only_to_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    big = tmp_path / "growing.txt"
    big.write_bytes(b"1" * (3 * LIMIT_BYTES))
    real_fstat, real_read = os.fstat, os.read
    asked: list[int] = []

    def small_fstat(descriptor: int) -> os.stat_result:
        fields = list(real_fstat(descriptor))
        fields[6] = 10  # st_size, as it was before the file grew
        return os.stat_result(fields)

    def counted_read(descriptor: int, count: int) -> bytes:
        asked.append(count)
        return real_read(descriptor, count)

    monkeypatch.setattr(os, "fstat", small_fstat)
    monkeypatch.setattr(os, "read", counted_read)
    with pytest.raises(UnreadableFile, match="larger than"):
        read_text(big)
    assert sum(asked) <= LIMIT_BYTES + 1


@pytest.mark.usefixtures("limit_alarm")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(fifo: Path) -> None:
    with pytest.raises(UnreadableFile, match="named pipe"):
        read_text(fifo)


@pytest.mark.usefixtures("limit_alarm")
def test_a_named_pipe_swapped_in_after_the_stat_never_blocks(
    fifo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_stat = os.stat
    regular = real_stat(write_board(tmp_path / "board.txt", *BOARD_ROWS))

    def stat_before_the_swap(path: Path, **options: bool) -> os.stat_result:
        return regular if Path(path) == fifo else real_stat(path, **options)

    monkeypatch.setattr(os, "stat", stat_before_the_swap)
    with pytest.raises(UnreadableFile, match="named pipe"):
        read_text(fifo)


def test_directories_devices_and_sockets_are_refused(tmp_path: Path) -> None:
    with pytest.raises(UnreadableFile, match="directory"):
        read_text(tmp_path)
    with pytest.raises(UnreadableFile, match="device or a socket"):
        read_text(Path("/dev/zero"))
    with tempfile.TemporaryDirectory() as short, socket.socket(socket.AF_UNIX) as listening:
        listening.bind(os.path.join(short, "s"))
        with pytest.raises(UnreadableFile, match="device or a socket"):
            read_text(Path(short) / "s")


def test_bytes_that_are_not_utf8_are_not_text(tmp_path: Path) -> None:
    binary = tmp_path / "image.bin"
    binary.write_bytes(b"10 10\xff\xfe\n")
    with pytest.raises(UnreadableFile, match="the file is not text"):
        read_text(binary)


def test_a_missing_file_is_the_systems_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_text(tmp_path / "missing.txt")


@pytest.mark.parametrize("kind", ["board", "analyze"])
def test_both_tools_refuse_what_is_not_a_small_file_with_status_2(
    kind: str, tmp_path: Path, fifo: Path
) -> None:
    huge = tmp_path / "huge.txt"
    huge.write_text("10" * LIMIT_BYTES)
    for path, problem in (
        ("/dev/zero", "it is a device or a socket, not a file"),
        (str(tmp_path), "it is a directory, not a file"),
        (str(fifo), "it is a named pipe, not a file; to read a pipe, give “-” and redirect it"),
        (str(huge), "it is larger than 256 KiB, more than any board needs"),
    ):
        result = run_piped(*tool(kind, path), timeout=20)
        assert (result.returncode, result.stdout) == (2, "")
        assert result.stderr == f"buscaminas: {path}: {problem}\n"


def test_the_refusals_are_translated(tmp_path: Path) -> None:
    result = run_piped("analyze", str(tmp_path), "--mines", "1", "--lang", "es")
    assert result.stderr == f"buscaminas: {tmp_path}: es un directorio, no un archivo\n"


def test_a_dash_reads_the_board_or_position_from_standard_input(tmp_path: Path) -> None:
    board_file = write_board(tmp_path / "board.txt", *BOARD_ROWS)
    from_file = run_piped("--board", str(board_file), "--lang", "en")
    from_stdin = run_piped(*tool("board", "-"), lines=board_file.read_text())
    assert from_stdin.returncode == 0
    assert from_stdin.stdout == from_file.stdout
    assert from_stdin.stdout.splitlines()[-4:] == [*POSITION.splitlines(), "See you soon!"]
    position_file = tmp_path / "position.txt"
    position_file.write_text(POSITION)
    analysed = run_piped(*tool("analyze", str(position_file)))
    analysed_from_stdin = run_piped(*tool("analyze", "-"), lines=POSITION)
    assert analysed_from_stdin.returncode == analysed.returncode == 0
    assert analysed_from_stdin.stdout == analysed.stdout != ""


@pytest.mark.parametrize("kind", ["board", "analyze"])
def test_standard_input_has_the_same_limit(kind: str) -> None:
    result = run_piped(*tool(kind, "-"), lines="1" * (LIMIT_BYTES + 1))
    assert result.returncode == 2
    assert result.stderr == "buscaminas: -: it is larger than 256 KiB, more than any board needs\n"


@pytest.mark.parametrize("kind", ["board", "analyze"])
def test_dev_zero_is_refused_in_bounded_memory_as_a_path_and_as_standard_input(
    kind: str,
) -> None:
    for path in ("/dev/zero", "-"):
        run = run_on_dev_zero(*tool(kind, path), seconds=10)
        assert run.returncode == 2
        assert run.stderr.startswith(f"buscaminas: {path}: it is ")
        assert run.peak_kib < MEMORY_BOUND_KIB
