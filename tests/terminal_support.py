"""Playing the real program in a pseudo-terminal, and reading its screen as a player would.

``pexpect`` runs ``python -m buscaminas`` in a pty; every byte it writes goes
through ``pyte``, a terminal emulator, so the tests assert on the screen a
person would see, never on raw escape sequences.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pexpect
import pyte

from buscaminas.core import generator
from tests import forkstart_support
from tests.emulator_support import Screen

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = tempfile.TemporaryDirectory(prefix="buscaminas-tests-")
"""Where the games under test keep their data, removed when the test run ends."""


ALTERNATE_SCREEN = b"\x1b[?1049h"
MAIN_SCREEN = b"\x1b[?1049l"
SHOW_CURSOR = b"\x1b[?25h"
HIDE_CURSOR = b"\x1b[?25l"

KEPT = "Your game is kept: “buscaminas --resume” goes on with it."
"""Said on leaving a game in progress, which the next start offers again."""

def scratch_directory() -> str:
    """A new, empty data directory for one game under test."""
    return tempfile.mkdtemp(prefix="game-", dir=SCRATCH.name)



def hooked(directory: Path, source: str, **variables: str) -> dict[str, str]:
    """The environment of a program that runs ``source`` as it starts (a
    ``sitecustomize`` on its path, in ``directory``), with ``variables`` beside it."""
    hook = directory / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(source)
    return {"PYTHONPATH": os.pathsep.join([str(ROOT), str(hook)]), **variables}

class AnsweringScreen(Screen):
    """A screen that answers the cursor-position requests prompt_toolkit sends."""

    child: pexpect.spawn | None = None

    def write_process_input(self, data: str) -> None:
        if self.child is not None:
            self.child.send(data)


class Player:
    """The game running in a pseudo-terminal of ``rows`` × ``columns``."""

    def __init__(
        self,
        *args: str,
        rows: int = 30,
        columns: int = 100,
        env: dict[str, str] | None = None,
        shell: bool = False,
    ) -> None:
        """``shell``: start it from an interactive bash, with job control (Ctrl-Z, fg),
        and without line editing, so that the terminal's modes while the game is
        stopped are the ones the game left (readline would set its own)."""
        self.screen = AnsweringScreen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.output = b""
        """Every byte the program wrote, for what an emulator does not keep (modes)."""
        environment = {
            **os.environ,
            "TERM": "xterm-256color",
            "PYTHONPATH": str(ROOT),
            "LANGUAGE": "",
            "LC_ALL": "",
            "LANG": "C.UTF-8",
            "BUSCAMINAS_DATA_DIR": scratch_directory(),
            "BUSCAMINAS_CONFIG_DIR": scratch_directory(),  # never the player's own file
            "PS1": "$ ",
            **(env or {}),
        }
        self.data_dir = environment["BUSCAMINAS_DATA_DIR"]
        self.cooked = new_pty_modes()
        """The line discipline the program finds: a new pty's (read from the program's
        own, it may already be the program's raw mode: a forked start is that quick)."""
        command = [sys.executable, "-m", "buscaminas", *args]
        if shell:
            command = ["bash", "--norc", "--noprofile", "--noediting", "-i"]
        self.child = forkstart_support.spawn(
            command[0], command[1:], dimensions=(rows, columns), env=environment, cwd=str(ROOT)
        )
        self.screen.child = self.child
        # pexpect pauses 50 ms before every send, for programs that lose what is typed
        # before they are ready; this one keeps it (tests/test_first_frame.py), so keys
        # go at once, as a player's do.
        self.child.delaybeforesend = None
        if shell:
            self.wait_for("$")
            self.type(shlex.join([sys.executable, "-m", "buscaminas", *args]))

    def pump(self, wait: float = 0.05) -> bool:
        """Feed whatever the program wrote to the emulator; False once it has exited."""
        try:
            data = self.child.read_nonblocking(65536, timeout=wait)
        except pexpect.TIMEOUT:
            return True
        except pexpect.EOF:
            return False
        self.output += data
        self.stream.feed(data)
        return True

    def idle(self, seconds: float) -> None:
        """Read the screen for ``seconds``, as a player who waits before the next key."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0 and self.pump(min(left, 0.05)):
            pass

    @property
    def lines(self) -> list[str]:
        return list(self.screen.display)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def wait_until(self, check: Callable[[], bool], timeout: float = 15.0) -> None:
        """Read the screen until ``check`` holds; fail with the screen shown if it never does."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            alive = self.pump()
            if self._holds(check):
                return
            if not alive:
                break
        raise AssertionError("the screen never showed what was expected:\n" + self.text)

    @staticmethod
    def _holds(check: Callable[[], bool]) -> bool:
        """A check that cannot read the screen yet (the board half drawn) does not hold."""
        try:
            return check()
        except LookupError:
            return False

    def wait_for(self, text: str, timeout: float = 15.0) -> None:
        self.wait_until(lambda: text in self.text, timeout)

    def type(self, line: str) -> None:
        self.child.send(line + "\r")

    def typed_line(self) -> str:
        """What the prompt's row shows after ``>``."""
        row = next(line for line in self.lines if line.lstrip().startswith(">"))
        return row.strip()[1:].strip()

    def prompt_row(self) -> int:
        """Wait for the empty prompt and return its screen row (0-based)."""
        self.wait_until(lambda: any(line.strip() == ">" for line in self.lines))
        return next(number for number, line in enumerate(self.lines) if line.strip() == ">")

    def row_of(self, text: str) -> int:
        """The screen row (0-based) whose text holds ``text``."""
        for number, line in enumerate(self.lines):
            if text in line:
                return number
        raise AssertionError(f"{text!r} is not on the screen:\n{self.text}")

    def board(self, height: int) -> list[str]:
        """The board rows, as the legacy icons show them, without their row labels or
        the cursor's brackets."""
        rows: list[str] = []
        for y in range(1, height + 1):
            label = f"{y:<2}"
            found = [
                line.lstrip()[len(label) :]
                for line in self.lines
                if re.match(rf"{label}[ \[]", line.lstrip())
            ]
            if not found:
                raise LookupError(f"no board row {y} on the screen:\n{self.text}")
            rows.append(re.sub(r"[\s\[\]]", "", found[0]))
        return rows

    def cursor(self) -> tuple[int, int]:
        """The cell between the cursor's brackets, 1-based ``x y`` as the player names it."""
        for line in self.lines:
            match = re.match(r"(\s*)(\d+)[^\[]*\[", line)
            if match and "]" in line[match.end() :]:
                first_cell = len(match.group(1)) + 3  # labels are two columns, then a gap
                bracket = match.end() - 1
                return ((bracket - first_cell + 1) // 2 + 1, int(match.group(2)))
        raise LookupError(f"no cursor on the screen:\n{self.text}")

    def resize(self, rows: int, columns: int) -> None:
        self.screen.resize(rows, columns)
        self.child.setwinsize(rows, columns)

    def finish(self, timeout: float = 15.0) -> int:
        """Wait for the program to end and return its exit status."""
        deadline = time.monotonic() + timeout
        while self.pump() and time.monotonic() < deadline:
            pass
        self.child.close()
        status = self.child.exitstatus
        assert status is not None, f"ended by signal {self.child.signalstatus}"
        return int(status)


def cell_on_screen(player: Player, x: int, y: int) -> tuple[int, int]:
    """The 1-based screen row and column of the cell ``x y``, as a mouse reports them."""
    for row, line in enumerate(player.lines):
        match = re.match(rf"(\s*){y:<2}[ \[]", line)  # a row label, not the column numbers
        if match:
            return row + 1, len(match.group(1)) + 3 + 2 * (x - 1) + 1
    raise LookupError(f"no row {y}:\n{player.text}")


def mouse_on(player: Player) -> bool:
    """Whether the program has mouse reports turned on now, as a terminal would know."""
    return player.output.rfind(b"\x1b[?1000h") > player.output.rfind(b"\x1b[?1000l")


def click(player: Player, button: int, x: int, y: int) -> None:
    """Press and release a button over ``x y``, once the terminal would report it."""
    player.wait_until(lambda: mouse_on(player))
    row, column = cell_on_screen(player, x, y)
    player.child.send(f"\x1b[<{button};{column};{row}M\x1b[<{button};{column};{row}m")


def run_piped(
    *args: str,
    lines: str = "",
    timeout: float = 60,
    file_size: int | None = None,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """The program with ``lines`` on its standard input and both outputs captured;
    ``file_size``: no file it writes may grow past that many bytes, as on a full disk;
    ``env``: variables to set beside a scratch data and configuration directory."""
    return forkstart_support.run(
        [sys.executable, "-m", "buscaminas", *args],
        input=lines,
        text=True,
        cwd=ROOT,
        env={
            **os.environ,
            "BUSCAMINAS_DATA_DIR": scratch_directory(),
            "BUSCAMINAS_CONFIG_DIR": scratch_directory(),
            **(env or {}),
        },
        timeout=timeout,
        file_size=file_size,
    )


def wait_for_input(pid: int, timeout: float = 15.0) -> None:
    """Wait until the program ``pid`` waits for its next input: every thread asleep (not
    running, not in the disk) at three looks in a row.  A move is drawn first and kept
    after, before the next input is read: from then on it is in the records."""
    deadline = time.monotonic() + timeout
    quiet = 0
    while quiet < 3:
        if time.monotonic() > deadline:
            raise AssertionError(f"process {pid} never waited for input")
        tasks = Path(f"/proc/{pid}/task").iterdir()
        states = {(task / "stat").read_text().rsplit(")", 1)[1].split()[0] for task in tasks}
        quiet = quiet + 1 if states == {"S"} else 0
        time.sleep(0.001)


def write_board(path: Path, *rows: str) -> Path:
    """A lab board file from a picture: ``*`` a hidden mine, ``#`` a hidden safe cell,
    ``.`` an uncovered safe cell, ``F`` a flagged safe cell, ``?`` a safe cell marked."""
    codes = {"*": "11", "#": "10", ".": "00", "F": "20", "?": "30"}
    path.write_text("".join(" ".join(codes[c] for c in row) + "\n" for row in rows))
    return path


def new_pty_modes() -> list[object]:
    """The line discipline of a new pseudo-terminal, as a program started in one finds it."""
    master, slave = os.openpty()
    try:
        return termios.tcgetattr(master)
    finally:
        os.close(master)
        os.close(slave)


def line_discipline(player: Player) -> list[object]:
    """The pty's modes as the program left them (the master reads the slave's)."""
    return termios.tcgetattr(player.child.child_fd)


def assert_restored(player: Player, cooked: list[object]) -> None:
    """The alternate screen left, the cursor shown after its last hiding, colours reset,
    and the line discipline as it was before the game."""
    tail = player.output[player.output.rindex(ALTERNATE_SCREEN) :]
    assert MAIN_SCREEN in tail
    assert tail.rindex(SHOW_CURSOR) > tail.rfind(HIDE_CURSOR)
    assert b"\x1b[0m" in tail[tail.rfind(HIDE_CURSOR) :]
    assert line_discipline(player)[3] == cooked[3]  # lflag: ICANON, ECHO, ISIG


def wait_for_exit(player: Player, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while player.pump() and time.monotonic() < deadline:
        pass
    if player.child.isalive():
        threads = threads_of(player.child.pid)
        raise AssertionError(
            f"the game did not end:\n{player.text}\nits threads:\n{threads}\n"
            f"where each was, in Python:\n{stacks_of(player)}"
        )


def stacks_of(player: Player) -> str:
    """What the game's threads were running, each in Python, for a test that finds it
    still running: its fault handler (``PYTHONFAULTHANDLER``, which the tests set)
    writes them to its standard error, the terminal, as SIGABRT ends it."""
    written = len(player.output)
    os.kill(player.child.pid, signal.SIGABRT)
    deadline = time.monotonic() + 5
    while player.pump() and time.monotonic() < deadline:
        pass
    return player.output[written:].decode("utf-8", "replace").replace("\r", "")


def threads_of(pid: int) -> str:
    """Where each thread of process ``pid`` is, for a test that finds it still running:
    its state, the system call it waits in (by number) and its signals pending and
    blocked, as bit masks (a Ctrl-C that never reached the game shows here)."""
    said = []
    for task in sorted(Path(f"/proc/{pid}/task").glob("*")):
        try:
            lines = (task / "status").read_text().splitlines()
            status = dict(line.split(":\t", 1) for line in lines if ":\t" in line)
            call = (task / "syscall").read_text().split()[0]
        except (OSError, ValueError):  # ended meanwhile
            continue
        said.append(
            f"{status['Name']}: {status['State']}, system call {call},"
            f" pending {status['SigPnd']} (the process's {status['ShdPnd']}),"
            f" blocked {status['SigBlk']}"
        )
    return "\n".join(said)


WIN = "This board's code is"
"""What a won game says before the share code of its board."""


def won_in_a_pipe(data_dir: Path) -> tuple[str, str]:
    """Win the beginner board of seed 1 from a pipe, opening at 4 4; the moves, and the
    program's output."""
    mines = generator.generate(8, 8, 10, start=(3, 3), seed=1, no_guess=True)
    safe = [f"{x + 1} {y + 1}" for y in range(8) for x in range(8) if (x, y) not in mines]
    moves = "\n".join(["4 4", *safe, "n"]) + "\n"
    played = run_piped(
        "--preset", "beginner", "--seed", "1", "--data-dir", str(data_dir), lines=moves
    )
    assert "You won" in played.stdout and WIN in played.stdout
    return moves, played.stdout


BIG = ("--width", "99", "--height", "99", "--mines", "30", "--classic", "--seed", "1")
"""A board far bigger than the terminal: the screen shows a window of it."""


def in_view(player: Player) -> tuple[int, int, int, int]:
    """The part of the board the status line says is shown: x from, x to, y from, y to."""
    match = re.search(r"x (\d+)–(\d+), y (\d+)–(\d+) of \d+×\d+", player.text)
    if match is None:
        raise LookupError("no window on the status line:\n" + player.text)
    first, last, top, bottom = (int(number) for number in match.groups())
    return first, last, top, bottom


def rows(output: str, width: int) -> list[str]:
    """The board rows a pipe printed, ``width`` cells each, told from the words around them."""
    return [line for line in output.splitlines() if re.fullmatch(rf"[#F.1-8*X]{{{width}}}", line)]
