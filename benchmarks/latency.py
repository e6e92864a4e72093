"""Key to screen: how long a typed move, a cursor key and a click take, against the floor.

Each program runs in its own pseudo-terminal of 80×24 and is sent one action at
a time, as a player's terminal would send it; two figures are timed for each:

- **drawn**: from the action's last byte to the first output that draws the
  changed cell (a flag appears, the cursor's bracket moves);
- **ready**: from the same byte until the program waits for the next key again:
  the terminal in raw mode, every thread of the process asleep, nothing more
  written.

The game (this tree, or the one ``--before`` names, to compare) is timed on
expert and on 99×99, against a minimal prompt_toolkit application that redraws
one cell per key (the floor for a prompt_toolkit program) and a minimal curses
loop (the floor for any Python program), all in the same run, the actions
interleaved so that the machine's load falls on all alike.  Medians and 90th
percentiles over ``--repeats`` actions.

The same pseudo-terminals measure ``--echo``: how often keys typed right after
Enter showed up as stray text (the old prompt restarted between actions, and
keys in the gap were echoed); and ``--motion``: the CPU the game spends on
pointer movements without a button (none is reported unless the game asks for
all-motion tracking).
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZE = (24, 80)
CURSOR_REQUEST = b"\x1b[6n"
MINIMAL_PROMPT_TOOLKIT = """
from prompt_toolkit import Application
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
cell = ["X"]
keys = KeyBindings()
@keys.add("c-c")
def _(event): event.app.exit()
@keys.add(Keys.Any)
@keys.add(Keys.Vt100MouseEvent)
def _(event): cell[0] = "F" if cell[0] == "X" else "X"
Application(layout=Layout(Window(FormattedTextControl(lambda: cell[0]))), key_bindings=keys,
            full_screen=True, mouse_support=True).run()
"""
MINIMAL_CURSES = """
import curses
def main(screen):
    curses.mousemask(curses.ALL_MOUSE_EVENTS)
    cell = "X"
    screen.addstr(5, 5, cell)
    screen.refresh()
    while True:
        key = screen.get_wch()
        if key == "\\x03":
            return
        cell = "F" if cell == "X" else "X"
        screen.addstr(5, 5, cell)
        screen.refresh()
curses.wrapper(main)
"""


class Program:
    """A program in a pseudo-terminal, its output read as it comes."""

    def __init__(self, name: str, command: list[str], root: Path) -> None:
        self.name = name
        self.master, slave = os.openpty()
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", *SIZE, 0, 0))
        environment = {
            **os.environ,
            "TERM": "xterm-256color",
            "PYTHONPATH": str(root),
            "LANG": "C.UTF-8",
            "LC_ALL": "",
            "LANGUAGE": "",
        }
        self.process = subprocess.Popen(
            command,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=environment,
            cwd=root,
            start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),
        )
        os.close(slave)
        self.output = b""

    def read(self, timeout: float) -> bytes:
        """What the program wrote within ``timeout`` seconds; a cursor-position request
        is answered, as a terminal would."""
        ready, _w, _x = select.select([self.master], [], [], timeout)
        if not ready:
            return b""
        data = os.read(self.master, 65536)
        if CURSOR_REQUEST in data:
            os.write(self.master, b"\x1b[24;1R")
        self.output += data
        return data

    def wait_for(self, text: bytes, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        start = len(self.output)
        while text not in self.output[start:]:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.name}: never showed {text!r}")
            self.read(0.05)

    def settle(self, quiet: float = 0.15) -> None:
        while self.read(quiet):
            pass

    def raw(self) -> bool:
        lflag = termios.tcgetattr(self.master)[3]
        return not lflag & (termios.ICANON | termios.ECHO)

    def asleep(self) -> bool:
        """Every thread of the process waits in the kernel."""
        tasks = Path(f"/proc/{self.process.pid}/task")
        try:
            return all(
                (task / "stat").read_text().rsplit(")", 1)[1].split()[0] in "SD"
                for task in tasks.iterdir()
            )
        except (FileNotFoundError, ProcessLookupError):
            return False

    def act(self, keys: bytes, drawn: bytes) -> tuple[float, float]:
        """Send ``keys`` and time the first output holding ``drawn``, then readiness."""
        self.settle(0.05)
        os.write(self.master, keys)
        sent = time.perf_counter()
        seen = b""
        drawn_at = None
        while drawn_at is None:
            data = self.read(5)
            if not data:
                raise RuntimeError(f"{self.name}: nothing drawn for {keys!r}")
            seen += data
            if drawn in seen:
                drawn_at = time.perf_counter()
        while True:
            if self.read(0.0002):
                continue
            if self.raw() and self.asleep():
                ready_at = time.perf_counter()
                if not self.read(0.002):
                    return (drawn_at - sent) * 1000, (ready_at - sent) * 1000

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.write(self.master, b"\x03\x03")
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
        os.close(self.master)


def game(root: Path, *board: str) -> list[str]:
    """The game's command line, with records of its own: no game left unfinished by
    another run is offered to it."""
    data = tempfile.mkdtemp(prefix="buscaminas-latency-")
    return [
        *(sys.executable, "-m", "buscaminas", "--lang", "en", "--legacy", "--no-animation"),
        *("--data-dir", data, *board),
    ]


BOARDS = {
    "expert": (["--preset", "expert", "--seed", "1"], "16 9"),
    "99×99": (
        ["--width", "99", "--height", "99", "--mines", "30", "--classic", "--seed", "1"],
        "50 50",
    ),
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--repeats", type=int, default=40, help="actions timed of each kind")
    parser.add_argument("--before", type=Path, help="another tree of the game, timed beside")
    parser.add_argument("--echo", type=int, default=0, help="trials of keys typed after Enter")
    parser.add_argument("--motion", type=int, default=0, help="pointer moves sent, for CPU")
    parser.add_argument(
        "--memory",
        type=int,
        default=0,
        metavar="RUNS",
        help="only memory: a 99x99 game after auto against the floor, RUNS times each",
    )


def _cell_at(program: Program) -> tuple[int, int]:
    """Where the board's centre cell is on the screen, from the cursor's brackets."""
    import pyte

    screen = pyte.Screen(SIZE[1], SIZE[0])
    pyte.ByteStream(screen).feed(program.output)
    for row, line in enumerate(screen.display):
        if "[" in line and "]" in line and line.index("]") - line.index("[") == 2:
            return row + 1, line.index("[") + 2
    raise RuntimeError(f"{program.name}: no cursor on the screen")


ACTIONS = ("typed move", "cursor key", "click")


def _action(program: Program, action: str, cell: str) -> Callable[[int], tuple[bytes, bytes]]:
    """The ``n``-th action of a kind, and what shows it drawn: a flag put on the board's
    centre cell and taken off again, or the cursor moved right and back."""
    if action == "cursor key":
        os.write(program.master, b"\t")
        program.wait_for(b"Cursor keys")
        program.settle(0.3)
        return lambda n: (b"\x1b[C" if n % 2 == 0 else b"\x1b[D", b"]")
    if action == "typed move":
        return lambda n: (f"flag {cell}\r".encode(), b"F" if n % 2 == 0 else b"#")
    row, column = _cell_at(program)
    click = f"\x1b[<2;{column};{row}M\x1b[<2;{column};{row}m".encode()
    return lambda n: (click, b"F" if n % 2 == 0 else b"#")


def run(args: argparse.Namespace) -> int:
    roots = [("after", ROOT)] + ([("before", args.before.resolve())] if args.before else [])
    if args.memory:
        _report_memory(roots, args.memory)
        return 0
    programs: list[tuple[str, str, Program, Callable[[int], tuple[bytes, bytes]]]] = []
    opened: list[Program] = []
    try:
        for label, root in roots:
            for board, (flags, cell) in BOARDS.items():
                for action in ACTIONS:
                    program = Program(f"{label} {board}", game(root, *flags), root)
                    opened.append(program)
                    program.wait_for(b"Mines left")
                    program.settle(0.5)
                    programs.append((program.name, action, program, _action(program, action, cell)))
        floors = [
            Program("prompt_toolkit floor", [sys.executable, "-c", MINIMAL_PROMPT_TOOLKIT], ROOT),
            Program("curses floor", [sys.executable, "-c", MINIMAL_CURSES], ROOT),
        ]
        opened += floors
        for program in floors:
            program.wait_for(b"X")
            program.settle(0.3)
            toggle = lambda n: (b"a", b"F" if n % 2 == 0 else b"X")  # noqa: E731
            programs.append((program.name, "key", program, toggle))
        times: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for n in range(args.repeats * 2):
            for name, action, program, make in programs:
                keys, drawn = make(n)
                result = program.act(keys, drawn)
                if n % 2 == 0:  # the flag placed, the cursor moved right: one way timed
                    times.setdefault((name, action), []).append(result)
        _report(times)
    finally:
        for program in opened:
            program.close()
    for label, root in roots:
        if args.echo:
            echoed = _echoes(root, args.echo)
            print(f"{label}: keys typed right after Enter echoed in {echoed} of {args.echo} trials")
        if args.motion:
            print(f"{label}: CPU per pointer movement {_motion_cpu(root, args.motion):.3f} ms")
    return 0


def _report(times: dict[tuple[str, str], list[tuple[float, float]]]) -> None:
    """Medians and 90th percentiles, each against the prompt_toolkit floor's own: the
    target is 1.5× of the floor for both figures, the 90th percentile included."""
    floor = times[("prompt_toolkit floor", "key")]
    floor_drawn = sorted(t[0] for t in floor)
    floor_ready = sorted(t[1] for t in floor)
    print(
        f"{'program':<24}{'action':<12}{'drawn ms':>9}{'p90':>7}{'ready ms':>10}{'p90':>7}"
        f"{'  ×floor: drawn':>16}{'p90':>6}{'ready':>7}{'p90':>6}"
    )
    for (name, action), found in times.items():
        drawn = sorted(t[0] for t in found)
        ready = sorted(t[1] for t in found)
        print(
            f"{name:<24}{action:<12}{statistics.median(drawn):9.2f}{p90(drawn):7.2f}"
            f"{statistics.median(ready):10.2f}{p90(ready):7.2f}"
            f"{statistics.median(drawn) / statistics.median(floor_drawn):16.2f}"
            f"{p90(drawn) / p90(floor_drawn):6.2f}"
            f"{statistics.median(ready) / statistics.median(floor_ready):7.2f}"
            f"{p90(ready) / p90(floor_ready):6.2f}"
        )


def p90(values: list[float]) -> float:
    """The 90th percentile of sorted ``values``."""
    return values[int(0.9 * (len(values) - 1))]


def _echoes(root: Path, trials: int) -> int:
    """Trials in which keys typed right after Enter (as the move's first output comes)
    showed up as stray text, or were lost from the prompt."""
    import pyte

    strays = 0
    for trial in range(trials):
        program = Program("echo", game(root, "--preset", "beginner", "--seed", str(trial)), root)
        try:
            program.wait_for(b"Mines left")
            program.settle(0.3)
            os.write(program.master, b"4 4\r")
            program.read(5)  # the move drawn: keys typed now fall in the old prompt's gap
            os.write(program.master, b"zq")
            program.settle(0.5)
            screen = pyte.Screen(SIZE[1], SIZE[0])
            pyte.ByteStream(screen).feed(program.output)
            prompt = [line for line in screen.display if line.strip().startswith(">")]
            others = [line for line in screen.display if "zq" in line and line not in prompt]
            strays += bool(others) or not any("zq" in line for line in prompt)
        finally:
            program.close()
    return strays


def _motion_cpu(root: Path, moves: int) -> float:
    """CPU milliseconds the game spends per pointer movement with no button held."""
    program = Program("motion", game(root, "--preset", "expert", "--seed", "1"), root)
    try:
        program.wait_for(b"Mines left")
        program.settle(0.5)
        before = _cpu(program.process.pid)
        for n in range(moves):
            column, row = 10 + n % 60, 5 + n % 15
            os.write(program.master, f"\x1b[<35;{column};{row}M".encode())
            program.read(0.001)
        program.settle(0.3)
        return (_cpu(program.process.pid) - before) * 1000 / moves
    finally:
        program.close()


def _cpu(pid: int) -> float:
    """Seconds of CPU every thread of ``pid`` has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


MEMORY_BOARD = ["--width", "99", "--height", "99", "--mines", "2000", "--classic", "--seed", "3"]
"""The board whose game the AI plays to its end for :func:`_report_memory`."""


def _report_memory(roots: list[tuple[str, Path]], runs: int) -> None:
    """The most memory a 99×99 game held (``VmHWM``) and what it holds (``VmRSS``) once
    the AI has played it to its end, against the prompt_toolkit floor after a few keys,
    each tree's runs and the floor's interleaved; medians, MiB.  The peak is the bound on
    what the game holds: memory it frees mostly stays with the process, kept by Python's
    allocator for the objects that come next, so what it holds after is near its peak."""
    found: dict[str, list[tuple[float, float]]] = {}
    for _run in range(runs):
        for label, root in roots:
            program = Program(label, game(root, *MEMORY_BOARD), root)
            try:
                program.wait_for(b"Mines left")
                program.settle(0.3)
                os.write(program.master, b"50 50\r")
                program.settle(0.3)
                os.write(program.master, b"auto\r")
                program.wait_for(b"Play again", timeout=1200)
                program.settle(0.5)
                found.setdefault(f"{label} 99×99 after auto", []).append(_memory(program))
            finally:
                program.close()
        floor = Program("floor", [sys.executable, "-c", MINIMAL_PROMPT_TOOLKIT], ROOT)
        try:
            floor.wait_for(b"X")
            for _key in range(10):
                os.write(floor.master, b"a")
                floor.settle(0.05)
            found.setdefault("prompt_toolkit floor", []).append(_memory(floor))
        finally:
            floor.close()
    peak_floor, now_floor = (statistics.median(m[i] for m in found["prompt_toolkit floor"])
                             for i in (0, 1))
    print(f"{'program':<28}{'peak MiB':>9}{'now MiB':>9}{'  ×floor: peak':>15}{'now':>6}")
    for name, memories in found.items():
        peak, now = (statistics.median(m[i] for m in memories) for i in (0, 1))
        print(f"{name:<28}{peak:9.1f}{now:9.1f}{peak / peak_floor:15.2f}{now / now_floor:6.2f}")


def _memory(program: Program) -> tuple[float, float]:
    """The most memory ``program`` has held and what it holds now, MiB (Linux)."""
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{program.process.pid}/status").read_text()
        .splitlines() if ":" in line
    )
    peak, now = (int(fields[name].split()[0]) / 1024 for name in ("VmHWM", "VmRSS"))
    return peak, now
