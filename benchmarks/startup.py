"""How long each command takes to start, against a bare interpreter and a bare prompt.

Every command runs in a fresh process, its compiled modules cached as an installed
program has them (a first, uncounted round writes the cache; ``--uncached``
compiles at every start instead), the runs interleaved (one of each, then again),
so that the machine's load falls on all alike; the figures are medians of the
wall clock and of the CPU the process used, which a loaded machine disturbs less.
The tools (``--help``, ``stats``, ``analyze``) are timed to their exit and
compared with ``python -c pass``.  The game is timed in a pseudo-terminal from
its start to its first board with the prompt under it, and compared with a bare
Python curses program timed the same way to its first frame (always, in the same
run), beside a bare prompt_toolkit ``PromptSession`` to its prompt; ``--peer``
adds another program, a terminal Minesweeper, and the game's ratio to it.

``--instructions`` counts instead the instructions each process executes, under
valgrind's callgrind (Python's hash seed fixed): slow, but the same from run to
run whatever else the machine is doing, where times on a shared machine move by
a tenth.  What it leaves out is the kernel's share (starting the process, the
pseudo-terminal), the same for the game and the bare prompt.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pexpect

ROOT = Path(__file__).resolve().parent.parent
POSITION = "\n".join(
    [
        "1#########",
        "1#########",
        "2#########",
        "#21#######",
        "##1#######",
        "##1#######",
        "##2#######",
        "##########",
    ]
)
"""A small position for ``analyze``: the tool's start, not the solver's work, is timed."""
BARE_PROMPT = "from prompt_toolkit import PromptSession\nPromptSession().prompt('ready> ')\n"
BARE_CURSES = (
    "import curses\n"
    "def first(screen):\n"
    "    screen.addstr(0, 0, 'ready>')\n"
    "    screen.refresh()\n"
    "    screen.getch()\n"
    "curses.wrapper(first)\n"
)
CURSOR_REQUEST = b"\x1b[6n"
"""prompt_toolkit asks where the cursor is; a terminal answers, and so does this benchmark."""


PASS = "python -c pass"
PROMPT = "bare prompt_toolkit prompt"
CURSES = "bare Python curses program"
GAME = "game to its first board"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--runs", type=int, help="runs of each command (default 15; 1 with --instructions)"
    )
    parser.add_argument(
        "--against",
        metavar="DIR",
        help="also time the commands of the tree in DIR (another checkout), interleaved",
    )
    parser.add_argument(
        "--peer",
        nargs=2,
        action="append",
        default=[],
        metavar=("COMMAND", "MARK"),
        help="another program (a terminal Minesweeper installed elsewhere) timed in the"
        " same pseudo-terminal until MARK is on its screen, against the curses program;"
        " the game's ratio to it is printed after",
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions under valgrind's callgrind instead of timing (one run is"
        " enough: the count does not depend on the machine's load)",
    )
    parser.add_argument(
        "--uncached",
        action="store_true",
        help="compile every module at every start (PYTHONDONTWRITEBYTECODE=1), as a checkout"
        " run without a bytecode cache does",
    )


def _environment(data: str, root: Path, *, cached: bool = True) -> dict[str, str]:
    """As a player's: the code of the tree at ``root``, compiled modules cached beside
    their sources (``__pycache__``, ignored by git) unless ``cached`` is False, a UTF-8
    locale, and the scores in the user data directory of a new home in ``data``."""
    unset = ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX", "BUSCAMINAS_DATA_DIR")
    inherited = {key: value for key, value in os.environ.items() if key not in unset}
    if not cached:
        inherited["PYTHONDONTWRITEBYTECODE"] = "1"
    return {
        **inherited,
        "PYTHONPATH": str(root),
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        "LC_ALL": "",
        "LANGUAGE": "",
        "HOME": data,
        "XDG_DATA_HOME": str(Path(data) / "share"),
    }


Timing = tuple[float, ...]
"""Seconds of wall clock and seconds of CPU the process used; or, counted, the
instructions it executed."""
Probe = Callable[..., Callable[[], Timing]]
"""Given a command, its environment, its directory and the marks it must write (none:
until it exits), what measures one run of it."""


def exited(command: list[str], environment: dict[str, str], root: Path) -> Callable[[], Timing]:
    """From starting ``command`` to its exit."""

    def timed() -> Timing:
        began, used = time.perf_counter(), _children_cpu()
        subprocess.run(command, cwd=root, env=environment, stdout=subprocess.DEVNULL, check=True)
        return time.perf_counter() - began, _children_cpu() - used

    return timed


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _cpu_of(pid: int) -> float:
    """CPU seconds of every thread of a running process, from the scheduler's counters."""
    threads = Path(f"/proc/{pid}/task").iterdir()
    return sum(int((thread / "schedstat").read_text().split()[0]) for thread in threads) / 1e9


def shown(
    command: list[str], environment: dict[str, str], root: Path, *marks: bytes
) -> Callable[[], Timing]:
    """From starting ``command`` in an 80×24 pseudo-terminal until it has written each
    of ``marks``, one after another."""

    def timed() -> Timing:
        began = time.perf_counter()
        child = pexpect.spawn(
            command[0], command[1:], dimensions=(24, 80), env=environment, cwd=str(root)
        )
        _wait_for(child, marks, timeout=30)
        took, used = time.perf_counter() - began, _cpu_of(child.pid)
        child.terminate(force=True)
        child.close()
        return took, used

    return timed


def _wait_for(child: pexpect.spawn, marks: tuple[bytes, ...], *, timeout: float) -> None:
    """Until ``child`` has written each of ``marks``, one after another, answering the
    cursor position request on the way as a terminal would."""
    output = b""
    found = 0
    for mark in marks:
        while (at := output.find(mark, found)) < 0:
            data = child.read_nonblocking(65536, timeout=timeout)
            if CURSOR_REQUEST in data:
                child.send("\x1b[1;1R")
            output += data
        found = at + len(mark)


def counted(
    command: list[str], environment: dict[str, str], root: Path, *marks: bytes
) -> Callable[[], Timing]:
    """The instructions ``command`` executes until it exits, or, given ``marks``, until it
    has written each of them in an 80×24 pseudo-terminal (callgrind is told to write
    its count then)."""

    def run() -> Timing:
        with tempfile.TemporaryDirectory() as counts:
            valgrind = [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={counts}/count",
                *command,
            ]
            fixed = {**environment, "PYTHONHASHSEED": "0"}
            if not marks:
                subprocess.run(
                    valgrind,
                    cwd=root,
                    env=fixed,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    check=True,
                )
                return (instructions_in(Path(counts) / "count"),)
            child = pexpect.spawn(
                valgrind[0], valgrind[1:], dimensions=(24, 80), env=fixed, cwd=str(root)
            )
            _wait_for(child, marks, timeout=300)
            subprocess.run(
                ["callgrind_control", "--dump", str(child.pid)],
                check=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            child.terminate(force=True)
            child.close()
            return (instructions_in(Path(counts) / "count.1"),)

    return run


def instructions_in(count_file: Path) -> float:
    """The total a callgrind output file gives (its ``summary:`` line)."""
    found = re.search(r"^summary: (\d+)", count_file.read_text(), re.MULTILINE)
    if found is None:
        raise RuntimeError(f"no instruction count in {count_file}")
    return float(found.group(1))


def _commands(
    to_exit: Probe,
    to_marks: Probe,
    trees: dict[str, Path],
    data: Path,
    *,
    cached: bool,
    peers: Sequence[Sequence[str]] = (),
) -> dict[str, tuple[Callable[[], Timing], str]]:
    """Each command measured, by ``to_exit`` until it exits or by ``to_marks`` until its
    prompt is drawn, and the baseline it is compared with; each tree's commands with
    records of their own in ``data``, so that an older tree never reads a newer one's."""
    python = sys.executable
    game = [python, "-m", "buscaminas"]
    environment = _environment(str(data), ROOT, cached=cached)
    position = data / "position.txt"
    position.write_text(POSITION + "\n")
    commands = {
        PASS: (to_exit([python, "-c", "pass"], environment, ROOT), PASS),
        PROMPT: (to_marks([python, "-c", BARE_PROMPT], environment, ROOT, b"ready>"), PROMPT),
        CURSES: (to_marks([python, "-c", BARE_CURSES], environment, ROOT, b"ready>"), CURSES),
    }
    for number, (suffix, root) in enumerate(trees.items()):
        home = data / f"tree-{number}"
        home.mkdir(exist_ok=True)
        tree = _environment(str(home), root, cached=cached)
        analyze = [*game, "analyze", str(position), "--mines", "10"]
        play = [*game, "--lang", "en", "--legacy", "--preset", "expert"]
        commands |= {
            f"buscaminas --help{suffix}": (to_exit([*game, "--help"], tree, root), PASS),
            f"buscaminas stats{suffix}": (to_exit([*game, "stats"], tree, root), PASS),
            f"buscaminas analyze{suffix}": (to_exit(analyze, tree, root), PASS),
            f"{GAME}{suffix}": (to_marks(play, tree, root, b"Mines left", b">"), CURSES),
        }
    for command, mark in peers:
        peer = to_marks(shlex.split(command), environment, ROOT, mark.encode())
        commands[f"peer: {command}"] = (peer, CURSES)
    return commands


def run(args: argparse.Namespace) -> int:
    runs = args.runs or (1 if args.instructions else 15)
    trees = {"": ROOT} | ({f" [{args.against}]": Path(args.against)} if args.against else {})
    with tempfile.TemporaryDirectory() as data:
        timed = _commands(
            exited, shown, trees, Path(data), cached=not args.uncached, peers=args.peer
        )
        for measure, _ in timed.values():  # a first run compiles and caches the modules
            measure()
        commands = (
            _commands(
                counted, counted, trees, Path(data), cached=not args.uncached, peers=args.peer
            )
            if args.instructions
            else timed
        )
        times: dict[str, list[Timing]] = {name: [] for name in commands}
        for _ in range(runs):
            for name, (measure, _) in commands.items():
                times[name].append(measure())
    cache = "no bytecode cache" if args.uncached else "bytecode cached"
    if args.instructions:
        print(
            f"start-up (millions of instructions, median of {runs} runs, {cache};"
            " ratios against the baseline named)"
        )
        columns = [("instructions", 1e-6)]
    else:
        print(
            f"start-up (ms, median of {runs} interleaved runs, {cache}, wall clock and"
            " CPU; ratios against the baseline named)"
        )
        columns = [("wall", 1000.0), ("CPU", 1000.0)]
    medians = {
        name: [
            scale * statistics.median(run[column] for run in measured)
            for column, (_, scale) in enumerate(columns)
        ]
        for name, measured in times.items()
    }
    for name, (_, base) in commands.items():
        figures = "   ".join(
            f"{label} {value:7.1f} ({value / medians[base][column]:4.2f}×)"
            for column, ((label, _), value) in enumerate(zip(columns, medians[name], strict=True))
        )
        print(f"  {name:<40} {figures}   against {base}")
    for name in (name for name in commands if name.startswith("peer: ")):
        ratios = ", ".join(
            f"{label} {game / peer:4.2f}×"
            for (label, _), game, peer in zip(columns, medians[GAME], medians[name], strict=True)
        )
        print(f"  {GAME} against {name.removeprefix('peer: ')}: {ratios}")
    return 0
