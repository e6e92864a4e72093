"""Every way out gives the terminal back: signals, Ctrl-Z and resize storms, in a real pty."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from tests.terminal_support import (
    ALTERNATE_SCREEN,
    HIDE_CURSOR,
    MAIN_SCREEN,
    ROOT,
    SHOW_CURSOR,
    Player,
    assert_restored,
    hooked,
    line_discipline,
    threads_of,
    wait_for_exit,
)


def test_a_game_that_does_not_end_is_shown_with_the_signals_its_threads_hold() -> None:
    """What a failing wait for the end says besides the screen: a Ctrl-C blocked in
    the main thread waits, pending."""
    holding = "import signal, time; signal.pthread_sigmask(signal.SIG_BLOCK, {2}); time.sleep(30)"
    with subprocess.Popen([sys.executable, "-c", holding]) as process:
        try:
            deadline = time.monotonic() + 10
            while "blocked 0000000000000002" not in threads_of(process.pid):
                assert time.monotonic() < deadline, threads_of(process.pid)
                time.sleep(0.01)
            process.send_signal(signal.SIGINT)
            deadline = time.monotonic() + 10
            while "the process's 0000000000000002" not in threads_of(process.pid):
                assert time.monotonic() < deadline, threads_of(process.pid)
                time.sleep(0.01)
            assert threads_of(process.pid).startswith("python")
        finally:
            process.kill()


def playing() -> Player:
    player = Player("--lang", "en", "--preset", "beginner", "--legacy", "--seed", "1")
    player.wait_for("Mines left: 10")
    player.type("4 4")
    player.wait_until(lambda: "Playing" in player.text)
    return player


@pytest.mark.parametrize(
    "signum",
    [
        signal.SIGTERM,
        pytest.param(signal.SIGHUP, marks=pytest.mark.slow),  # the quick suite has one
        pytest.param(signal.SIGQUIT, marks=pytest.mark.slow),
    ],
)
def test_an_ending_signal_restores_the_terminal_and_exits_as_signalled(signum: int) -> None:
    player = Player("--lang", "en", "--preset", "beginner", "--legacy", "--seed", "1")
    cooked = player.cooked
    player.wait_for("Mines left: 10")
    player.type("4 4")
    player.wait_until(lambda: "Playing" in player.text)
    player.wait_until(lambda: line_discipline(player)[3] != cooked[3])  # raw at the prompt
    os.kill(player.child.pid, signum)
    wait_for_exit(player)
    assert_restored(player, cooked)
    assert b"Traceback" not in player.output
    assert b"See you soon" not in player.output  # nobody asked to say goodbye
    player.child.close()
    assert player.child.exitstatus == 128 + signum


def test_a_signal_during_the_ai_game_restores_the_terminal_too() -> None:
    """Outside the prompt (the AI playing) the terminal is cooked, the handler the same."""
    player = Player("--lang", "en", "--width", "30", "--height", "16", "--mines", "99", "--legacy")
    cooked = player.cooked
    player.wait_for("Mines left: 99")
    player.type("auto")
    player.wait_for("AI:")
    os.kill(player.child.pid, signal.SIGTERM)
    wait_for_exit(player)
    assert_restored(player, cooked)
    player.child.close()
    assert player.child.exitstatus == 128 + signal.SIGTERM


def test_a_won_game_is_kept_when_a_signal_ends_the_program(tmp_path: object) -> None:
    player = Player("--lang", "en", "--width", "5", "--height", "5", "--mines", "1", "--legacy")
    player.wait_for("Mines left: 1")
    player.type("auto")
    player.wait_for("Play again with the same settings?")
    os.kill(player.child.pid, signal.SIGTERM)
    wait_for_exit(player)
    player.child.close()
    stats = Player("stats", "--lang", "en", env={"BUSCAMINAS_DATA_DIR": player.data_dir})
    stats.wait_for("played 1, won 1")  # the AI played it: kept as assisted
    stats.finish()


@pytest.mark.waits
def test_ctrl_z_gives_the_shell_back_and_fg_takes_the_game_again() -> None:
    """In an interactive shell with job control, as a player would meet it."""
    shell = Player(
        "--lang",
        "en",
        "--preset",
        "beginner",
        "--legacy",
        "--seed",
        "1",
        "--no-animation",
        shell=True,
    )
    shell.wait_for("Mines left: 10")
    shell.type("4 4")
    shell.wait_until(lambda: "Playing" in shell.text and shell.board(8) != ["########"] * 8)
    before = shell.board(8)
    shell.wait_until(lambda: "Time: 1 s" in shell.text)
    shell.child.sendcontrol("z")
    shell.wait_for("Stopped")
    time.sleep(2)  # the player is away, the game suspended: its clock must stand still
    assert "Mines left" not in shell.text  # the game's screen is gone, the shell's is back
    assert shell.output.rindex(MAIN_SCREEN) > shell.output.rindex(ALTERNATE_SCREEN)
    shell.type("fg")
    shell.wait_until(lambda: "Mines left: 10" in shell.text and "Stopped" not in shell.text)
    assert shell.board(8) == before
    assert re.search(r"Time: [12] s", shell.text), "the suspended seconds are not played time"
    shell.type("flag 1 1")
    shell.wait_until(lambda: shell.board(8)[0][0] == "F")
    shell.type("quit")
    shell.wait_for("See you soon!")


def test_a_stop_sent_from_outside_finds_the_keys_working_after_fg() -> None:
    """``kill -TSTP`` while the prompt waits in raw mode: after ``fg`` the keys must
    reach the game one by one, not wait in a cooked line for Enter."""
    shell = Player("--lang", "en", "--preset", "beginner", "--legacy", "--seed", "1", shell=True)
    shell.wait_for("Mines left: 10")
    shell.type("4 4")  # the prompt's question to the terminal is answered by now
    shell.wait_until(lambda: "Playing" in shell.text and shell.board(8) != ["########"] * 8)
    (game,) = [int(pid) for pid in os.popen(f"pgrep -P {shell.child.pid}").read().split()]

    def raw() -> bool:
        """As prompt_toolkit waits for a key; bash's readline keeps ISIG on."""
        keys_one_by_one = termios.ICANON | termios.ECHO | termios.ISIG
        return not int(line_discipline(shell)[3]) & keys_one_by_one  # type: ignore[call-overload]

    def waiting() -> bool:
        """The prompt waits for a key, its question to the terminal answered."""
        written = len(shell.output)
        shell.pump(0.5)
        return len(shell.output) == written and raw()

    shell.wait_until(waiting)
    os.kill(game, signal.SIGTSTP)
    shell.wait_for("Stopped")
    assert not raw(), "the shell has its own modes back"
    shell.type("fg")
    shell.wait_until(lambda: "Mines left: 10" in shell.text and "Stopped" not in shell.text)
    shell.wait_until(raw)
    shell.child.send("\t")  # to the cursor keys, at once: no Enter to come
    shell.wait_for("Cursor keys")
    start = shell.cursor()
    shell.child.send("\x1b[C")
    shell.wait_until(lambda: shell.cursor() == (start[0] + 1, start[1]))
    shell.child.send("\t")
    shell.type("quit")
    shell.wait_for("See you soon!")


def test_a_resize_storm_never_prints_on_the_board() -> None:
    player = playing()
    for step in range(2000):  # faster than any hand drags a window, and read slowly
        player.child.setwinsize(30 + step % 2, 100)
    player.resize(30, 100)
    player.type("flag 1 1")
    player.wait_until(lambda: player.board(8)[0][0] == "F")
    assert b"Exception ignored" not in player.output
    assert b"BlockingIOError" not in player.output
    player.type("quit")
    assert player.finish() == 0



MODES = {"alternate screen": 1049, "mouse": 1000, "bracketed paste": 2004}
"""Private modes the game or its prompt sets, as ``CSI ? n h`` / ``CSI ? n l``."""


def modes(player: Player) -> dict[str, bool]:
    """Which of the game's modes the terminal has on now, read from every byte written
    (an emulator keeps none of them), with the cursor's visibility and raw mode."""
    out = player.output
    now = {
        name: out.rfind(b"\x1b[?%dh" % n) > out.rfind(b"\x1b[?%dl" % n) for name, n in MODES.items()
    }
    now["hidden cursor"] = out.rfind(HIDE_CURSOR) > out.rfind(SHOW_CURSOR)
    keys_one_by_one = termios.ICANON | termios.ECHO
    now["raw"] = not int(line_discipline(player)[3]) & keys_one_by_one  # type: ignore[call-overload]
    return now


def in_a_shell(*extra: str) -> tuple[Player, int]:
    """A game in play under an interactive bash, its prompt waiting; and its pid."""
    shell = Player(
        "--lang", "en", "--preset", "beginner", "--legacy", "--seed", "1", *extra, shell=True
    )
    shell.wait_for("Mines left: 10")
    shell.type("4 4")
    shell.wait_until(lambda: "Playing" in shell.text and shell.board(8) != ["########"] * 8)
    (game,) = [int(pid) for pid in os.popen(f"pgrep -P {shell.child.pid}").read().split()]
    return shell, game


def settled(shell: Player) -> bool:
    """Nothing more written for half a second: the prompt waits for a key."""
    written = len(shell.output)
    shell.pump(0.5)
    return len(shell.output) == written


def stop(shell: Player, game: int, how: str) -> None:
    if how == "Ctrl-Z":
        shell.child.sendcontrol("z")
    else:
        os.kill(game, signal.SIGTSTP)
    shell.wait_for("Stopped")


@pytest.mark.parametrize("how", ["Ctrl-Z", "kill -TSTP"])
def test_every_mode_is_off_during_a_stop_and_back_at_once_after_fg(how: str) -> None:
    shell, game = in_a_shell()
    shell.wait_until(lambda: settled(shell) and modes(shell)["raw"] and modes(shell)["mouse"])
    before = modes(shell)
    assert before == {**before, "alternate screen": True, "bracketed paste": True}
    stop(shell, game, how)
    assert not any(modes(shell).values()), modes(shell)
    shell.type("fg")
    # No command typed: the modes must come back with the board, not with a next line.
    shell.wait_until(lambda: "Mines left: 10" in shell.text and modes(shell) == before)
    shell.type("quit")
    shell.wait_for("See you soon!")


@pytest.mark.parametrize("how", ["Ctrl-Z", pytest.param("kill -TSTP", marks=pytest.mark.slow)])
@pytest.mark.waits
def test_in_the_background_the_game_draws_nothing_and_its_clock_stands_still(how: str) -> None:
    shell, game = in_a_shell()
    shell.wait_until(lambda: "Time: 1 s" in shell.text)
    stop(shell, game, how)
    shown = len(shell.output)
    shell.type("bg; sleep 3; jobs")  # continued behind the shell, three seconds
    shell.wait_until(lambda: shell.text.count("Stopped") >= 2 or "Running" in shell.text)
    behind = shell.output[shown:]
    assert b"Mines left" not in behind and ALTERNATE_SCREEN not in behind, behind
    assert "Running" not in shell.text, "the game must stop itself again in the background"
    shell.type("fg")
    shell.wait_until(lambda: "Mines left: 10" in shell.text and "Stopped" not in shell.text)
    assert re.search(r"Time: [12] s", shell.text), "the stopped seconds are not played time"
    shell.type("quit")
    shell.wait_for("See you soon!")


BUSY_REVIEW = """
import os, signal, sys, time

REVIEW = "buscaminas.game.review"

def _busy(event, args):
    if event == "import" and args[0] == REVIEW and REVIEW not in sys.modules:
        os.write(1, b"<reviewing>")
        time.sleep(3.0)

sys.addaudithook(_busy)
signal.signal(signal.SIGINT, signal.SIG_IGN)  # as a script's background job starts it
"""


def test_ctrl_c_cancels_a_busy_game_though_it_was_started_with_interrupts_ignored(
    tmp_path: Path,
) -> None:
    """Ctrl-C is a key on the board's screen: while the game is busy (here, loading the
    review for 3 s) it interrupts the game's own main thread, which it must do even when
    the program was started ignoring SIGINT."""
    player = Player(
        *("--lang", "en", "--preset", "beginner", "--legacy", "--seed", "1"),
        env=hooked(tmp_path, BUSY_REVIEW),
    )
    player.wait_for("Mines left: 10")
    player.type("4 4")
    player.wait_until(lambda: "Playing" in player.text)
    player.type("review")
    player.wait_until(lambda: b"<reviewing>" in player.output)
    started = time.monotonic()
    player.child.sendintr()
    player.wait_for("Cancelled.")
    assert time.monotonic() - started < 2.0, "cancelled at once, not after the review"
    player.type("quit")
    assert player.finish() == 0


INTERRUPTED_AS_IT_LOADS = """
import os, signal, sys

def _interrupt(event, args):
    if event == "import" and args[0] == os.environ["INTERRUPTED_AT"] and args[0] not in sys.modules:
        os.kill(os.getpid(), signal.SIGINT)

sys.addaudithook(_interrupt)
"""


@pytest.mark.parametrize("start", [["-m", "buscaminas"], [str(ROOT / "main.py")]])
@pytest.mark.parametrize("module", ["buscaminas.entry.cli", "buscaminas.entry.invocation"])
def test_ctrl_c_while_the_program_loads_ends_it_as_an_interrupt_with_no_traceback(
    tmp_path: Path, start: list[str], module: str
) -> None:
    """Before the game has taken the terminal, Ctrl-C reaches the program as SIGINT
    (the terminal still in its own mode): as it loads, that is status 130, as for any
    command a Ctrl-C ends, and no traceback."""
    env = {**os.environ, **hooked(tmp_path, INTERRUPTED_AS_IT_LOADS, INTERRUPTED_AT=module)}
    ended = subprocess.run(
        [sys.executable, *start, "--lang", "en"],
        input="", capture_output=True, text=True, env=env, timeout=60, check=False,
        # as a shell starts it in a terminal, whatever ran the tests (a background job
        # runs with SIGINT ignored, which the program rightly keeps)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert (ended.returncode, ended.stderr) == (128 + signal.SIGINT, "")
