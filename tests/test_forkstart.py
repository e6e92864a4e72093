"""The quick suite's fork server: a forked start is the program as an exec'd start
would be, its status comes back, and nothing of it outlives the test."""

from __future__ import annotations

import gc
import os
import signal
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from tests import forkstart_support
from tests.forkstart_support import SERVER, ForkedSpawn
from tests.terminal_support import ROOT, Player, hooked, rows, run_piped

PLAYED = ("--preset", "beginner", "--lang", "en")
SERVER_LOADS = "server.load()\nprint(*sys.modules)"


@pytest.fixture(autouse=True)
def forking(monkeypatch: pytest.MonkeyPatch) -> None:
    """Starts forked here, with or without ``--fork-start``."""
    monkeypatch.setattr(forkstart_support, "enabled", True)


def forked_in_this_test() -> int:
    return len(SERVER.this_test)


def test_games_forked_without_a_seed_are_dealt_apart() -> None:
    """Each child draws its own seed: the server's generator is seeded again in each."""
    boards = {tuple(rows(run_piped(*PLAYED, lines="4 4\nquit\n").stdout, 8)) for _ in range(3)}
    assert forked_in_this_test() == 3
    assert len(boards) == 3


def test_a_forked_start_reads_its_own_environment_and_limits(tmp_path: Path) -> None:
    spanish = run_piped("--preset", "beginner", lines="quit\n", env={"LC_MESSAGES": "es_ES.UTF-8"})
    assert "¡Hasta luego!" in spanish.stdout
    board = tmp_path / "board.txt"
    board.write_text("x" * 4096)
    expert = ("--preset", "expert", "--lang", "en")  # a board file of 1,440 bytes
    full = run_piped(*expert, lines=f"15 8\nsave {board}\ny\n", file_size=1024)
    assert "The game was not saved to" in full.stdout
    assert board.read_text() == "x" * 4096
    assert forked_in_this_test() == 2


def test_a_stream_a_module_kept_as_it_loaded_is_the_child_s() -> None:
    """The pipe's screen reads the standard input its module found (``source=sys.stdin``):
    the child's own, which the program told to replace what is not UTF-8."""
    played = forkstart_support.run(
        [sys.executable, "-m", "buscaminas", *PLAYED], input=b"\xff 1 1\n", cwd=ROOT
    )
    assert "Unknown command “\ufffd”" in played.stdout.decode()
    assert forked_in_this_test() == 1


def test_exit_statuses_and_signals_come_back() -> None:
    assert run_piped("--preset", "nonsense").returncode == 2
    ended = Player(*PLAYED, "--legacy")
    ended.wait_for("Mines left")
    ended.child.kill(signal.SIGTERM)
    assert ended.finish() == 128 + signal.SIGTERM
    killed = Player(*PLAYED, "--legacy")
    killed.wait_for("Mines left")
    killed.child.kill(signal.SIGKILL)
    killed.child.close()
    assert (killed.child.exitstatus, killed.child.signalstatus) == (None, signal.SIGKILL)
    assert isinstance(killed.child, ForkedSpawn) and forked_in_this_test() == 3


def test_a_start_set_up_otherwise_than_the_server_is_execd(tmp_path: Path) -> None:
    """A ``sitecustomize`` on the path, another program or another directory: exec'd."""
    program = [sys.executable, "-m", "buscaminas"]
    environment = hooked(tmp_path, "")
    assert SERVER.forkable(program, os.environ, ROOT)
    assert not SERVER.forkable(program, {**os.environ, **environment}, ROOT)
    assert not SERVER.forkable([sys.executable, "-c", "pass"], os.environ, ROOT)
    assert not SERVER.forkable(program, os.environ, tmp_path)
    assert not SERVER.forkable(program, {**os.environ, "LC_ALL": "C"}, ROOT)  # UTF-8 mode
    assert type(Player(*PLAYED, "--legacy", env=environment).child) is pexpect.spawn


def test_a_server_that_died_is_started_again() -> None:
    player = Player(*PLAYED, "--legacy")
    player.wait_for("Mines left")
    assert SERVER.process is not None
    SERVER.process.kill()
    with pytest.raises(ChildProcessError, match="the fork server died"):
        player.child.close()
    assert run_piped(*PLAYED, lines="quit\n").returncode == 0
    assert forked_in_this_test() == 2


def test_what_a_test_left_running_is_killed_at_its_end() -> None:
    run_piped(*PLAYED, lines="quit\n")  # the server is up
    gc.collect()  # what earlier tests left to be collected is closed before the count
    fds = sorted(os.listdir("/proc/self/fd"))
    player = Player(*PLAYED, "--legacy")
    player.wait_for("Mines left")
    SERVER.end_test()
    assert not os.path.exists(f"/proc/{player.child.pid}")  # killed and reaped
    player.child.close()
    gc.collect()
    assert sorted(os.listdir("/proc/self/fd")) == fds


def test_a_forked_start_finds_loaded_every_module_a_game_on_a_terminal_loads(
    tmp_path: Path,
) -> None:
    """What the server has not loaded, each child loads again: the cost the server is
    there to save.  An exec'd game (typed moves, the cursor's keys) says what it loaded."""
    loaded = tmp_path / "loaded"
    dump = f"open({str(loaded)!r}, 'w').write(' '.join(sys.modules))"
    at_exit = f"import atexit, sys\natexit.register(lambda: {dump})\n"
    player = Player(*PLAYED, "--legacy", env=hooked(tmp_path, at_exit))
    player.wait_for("Tab: keys")
    player.type("3 3")
    player.type("help")
    player.child.send("\t")
    player.wait_for("Space, Enter: reveal")
    player.child.send("sf")  # a step and a flag: no mine goes off
    player.child.send("\t")
    player.wait_for("Tab: keys")
    player.type("quit")
    assert player.finish() == 0
    server = subprocess.run(
        [sys.executable, "-c", "import sys, tests.zygote_support as server\n" + SERVER_LOADS],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    started = set(loaded.read_text().split()) - {"__main__", "sitecustomize"}
    assert started - set(server.stdout.split()) == set()
