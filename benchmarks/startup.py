"""How long each command takes to start, against a bare interpreter and a bare prompt.

Every command runs in a fresh process, its compiled modules cached as an installed
program has them (a first, uncounted round writes the cache; ``--uncached``
compiles at every start instead), the runs interleaved (one of each, then again),
so that the machine's load falls on all alike; the figures are medians of the
wall clock and of the CPU the process used, which a loaded machine disturbs less.
The tools (``--help``, ``stats``, ``analyze``) are timed to their exit and
compared with ``python -c pass``.  The game is timed in a pseudo-terminal from
its start to its first board with the prompt under it, and compared with a bare
prompt_toolkit ``PromptSession`` timed the same way to its prompt.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
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
CURSOR_REQUEST = b"\x1b[6n"
"""prompt_toolkit asks where the cursor is; a terminal answers, and so does this benchmark."""


PASS = "python -c pass"
PROMPT = "bare prompt_toolkit prompt"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--runs", type=int, default=15, help="runs of each command")
    parser.add_argument(
        "--against",
        metavar="DIR",
        help="also time the commands of the tree in DIR (another checkout), interleaved",
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


Timing = tuple[float, float]
"""Seconds of wall clock, and seconds of CPU the process used."""


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
        output = b""
        found = 0
        for mark in marks:
            while (at := output.find(mark, found)) < 0:
                data = child.read_nonblocking(65536, timeout=30)
                if CURSOR_REQUEST in data:
                    child.send("\x1b[1;1R")
                output += data
            found = at + len(mark)
        took, used = time.perf_counter() - began, _cpu_of(child.pid)
        child.terminate(force=True)
        child.close()
        return took, used

    return timed


def run(args: argparse.Namespace) -> int:
    python = sys.executable
    game = [python, "-m", "buscaminas"]
    trees = {"": ROOT} | ({f" [{args.against}]": Path(args.against)} if args.against else {})
    with tempfile.TemporaryDirectory() as data:
        environment = _environment(data, ROOT, cached=not args.uncached)
        position = Path(data) / "position.txt"
        position.write_text(POSITION + "\n")
        commands: dict[str, Callable[[], Timing]] = {
            PASS: exited([python, "-c", "pass"], environment, ROOT),
            PROMPT: shown([python, "-c", BARE_PROMPT], environment, ROOT, b"ready>"),
        }
        baselines = {PASS: PASS, PROMPT: PROMPT}
        for number, (suffix, root) in enumerate(trees.items()):
            home = Path(data) / f"tree-{number}"  # each tree's own records: the old reads no newer
            home.mkdir()
            tree = _environment(str(home), root, cached=not args.uncached)
            commands |= {
                f"buscaminas --help{suffix}": exited([*game, "--help"], tree, root),
                f"buscaminas stats{suffix}": exited([*game, "stats"], tree, root),
                f"buscaminas analyze{suffix}": exited(
                    [*game, "analyze", str(position), "--mines", "10"], tree, root
                ),
                f"game to its first board{suffix}": shown(
                    [*game, "--lang", "en", "--legacy", "--preset", "expert"],
                    tree,
                    root,
                    b"Mines left",
                    b">\x1b[",
                ),
            }
            baselines |= {name: PASS for name in commands if name.startswith("buscaminas")}
            baselines[f"game to its first board{suffix}"] = PROMPT
        times: dict[str, list[Timing]] = {name: [] for name in commands}
        for timed in commands.values():  # a first run compiles and caches the modules
            timed()
        for _ in range(args.runs):
            for name, timed in commands.items():
                times[name].append(timed())
    cache = "no bytecode cache" if args.uncached else "bytecode cached"
    print(
        f"start-up (ms, median of {args.runs} interleaved runs, {cache}, wall clock and CPU;"
        " ratios against the baseline named)"
    )
    walls = {
        name: 1000 * statistics.median(wall for wall, _ in runs) for name, runs in times.items()
    }
    cpus = {name: 1000 * statistics.median(cpu for _, cpu in runs) for name, runs in times.items()}
    for name in commands:
        base = baselines[name]
        print(
            f"  {name:<40} wall {walls[name]:7.1f} ({walls[name] / walls[base]:4.2f}×)"
            f"   CPU {cpus[name]:7.1f} ({cpus[name] / cpus[base]:4.2f}×)   against {base}"
        )
    return 0
