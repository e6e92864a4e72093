"""What a move and a clock tick cost on the screen, by board size: latency, bytes, idle CPU.

Three measures, each comparing a 99×99 board with expert side by side in one run:

- **latency**: a typed flag toggle through the real loop (``App.command`` and
  ``App.present``: parse, session, view, :meth:`Renderer.draw`), and a clock
  tick as the terminal draws it while it waits for a key (:meth:`Session.view`,
  then :meth:`Renderer.draw`), on a mid-game board in an 80×24 terminal and in one
  large enough for the whole 99×99 board; medians of interleaved repetitions.
- **bytes**: a full frame of that board against a run-length encoding of the
  same screen (read back from a terminal emulator): one cursor move per row,
  a colour code only where what shows changes, blanks joining any run.
- **idle**: the CPU a real game uses while the player thinks, its clock
  running, in a pseudo-terminal: ``/proc`` scheduler time of every thread of
  the process over a few seconds, rounds interleaved.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from pathlib import Path

import pyte
from pyte import graphics

from buscaminas.core.engine import Action, Minesweeper, Move
from buscaminas.core.grid import Point
from buscaminas.game.app import App
from buscaminas.game.commands import Command
from buscaminas.game.keeper import Keeper
from buscaminas.game.keys import Act, Mode
from buscaminas.game.screen import Audience
from buscaminas.game.settings import Settings
from buscaminas.game.view import View
from buscaminas.records.boardfile import BoardFile
from buscaminas.records.storage import database_in
from buscaminas.ui import layout
from buscaminas.ui.frame import Frame
from buscaminas.ui.icons import LEGACY
from buscaminas.ui.renderer import Renderer

BOARDS: dict[str, tuple[int, int, int]] = {
    "expert": (30, 16, 99),
    "99x99": (99, 99, 2000),
}
TERMINALS: dict[str, tuple[int, int]] = {"80x24": (80, 24), "large": (210, 112)}
"""An 80×24 terminal shows a window of a big board; the large one shows all of 99×99."""
KEYS = "Tab: keys"
"""What the terminal front end puts on the status line before every drawing."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--measure",
        choices=("latency", "bytes", "idle", "all"),
        default="all",
        help="which measure to take (default: all three)",
    )
    parser.add_argument("--repeats", type=int, default=300, help="moves and ticks per setup")
    parser.add_argument("--idle-seconds", type=float, default=8.0, help="seconds per idle sample")
    parser.add_argument("--rounds", type=int, default=3, help="idle samples per setup")
    parser.add_argument("--seed", type=int, default=1)


# --- a mid-game board -------------------------------------------------------------------


def mid_game(width: int, height: int, mines: int, seed: int) -> BoardFile:
    """A board about half played: random layout, two fifths of the safe cells open
    (in openings and numbers, as play leaves them), a third of the mines flagged."""
    rng = random.Random(seed)
    cells = [(x, y) for y in range(height) for x in range(width)]
    layout = frozenset(rng.sample(cells, mines))
    game = Minesweeper.from_layout(width, height, layout)
    safe = [cell for cell in cells if cell not in layout]
    rng.shuffle(safe)
    goal = 2 * len(safe) // 5
    for cell in safe:
        if game.hidden_safe <= len(safe) - goal:
            break
        if not game.is_revealed(cell):
            game.act(Move(Action.TRY, cell))
    revealed = frozenset(cell for cell in safe if game.is_revealed(cell))
    flagged = frozenset(rng.sample(sorted(layout), mines // 3))
    return BoardFile(width, height, layout, revealed, flagged)


class BenchScreen:
    """A terminal front end without a terminal: it draws as :class:`TerminalScreen` does
    and keeps the bytes, so that only the game's own work is timed."""

    animated = True
    audience = Audience.VIEWER

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.frame: Frame | None = None
        self.written = 0

    def show(self, view: View) -> None:
        drawn, self.frame = Renderer.draw(view._replace(keys=KEYS), self.size, LEGACY, self.frame)
        self.written += len(drawn)

    def drawn(self) -> None:
        """Drawn in :meth:`show` already."""

    def tick(self, view: View) -> None:
        """What the terminal does every quarter second while it waits for a key."""
        assert self.frame is not None
        drawn, self.frame = Renderer.draw(view._replace(keys=KEYS), self.size, LEGACY, self.frame)
        self.written += len(drawn)

    def fits(self, width: int, height: int) -> bool:
        return layout.fits(width, height, self.size)

    def start(self, view: View) -> None:
        self.show(view)

    def read(self, prompt: str, live: object = None, steer: object = None) -> str | Command:
        raise EOFError

    def ask(self, question: str, above: Sequence[str] = ()) -> str:
        raise EOFError

    def say(self, line: str) -> None:
        self.frame = None

    def linger(self, seconds: float) -> None:
        """Reveal waves are drawn, not waited for."""

    def key_pressed_within(self, seconds: float) -> Act | None:
        return None

    def watching(self, mode: Mode) -> AbstractContextManager[object]:
        return nullcontext()


@dataclass
class Setup:
    """One board in one terminal, mid-game, its clock running."""

    name: str
    app: App
    screen: BenchScreen
    flag: str
    now: list[float]

    def move(self) -> None:
        self.app.present(self.app.command(self.flag))

    def tick(self) -> None:
        self.now[0] += 1.0  # every tick changes the clock: the worst case
        self.screen.tick(self.app.session.view())


def setup(board: str, terminal: str, seed: int, data: Path) -> Setup:
    width, height, mines = BOARDS[board]
    size = TERMINALS[terminal]
    played = mid_game(width, height, mines, seed)
    now = [0.0]
    screen = BenchScreen(size)
    settings = Settings(width, height, mines, board_file=played)
    app = App(
        settings, screen, legend=[], keeper=Keeper.open(database_in(data)), clock=lambda: now[0]
    )
    session = app.session
    screen.start(session.view())
    game = session.current.game
    safe = _nearest_hidden(game, (width // 2, height // 2), lambda cell: cell not in played.mines)
    app.present(app.command(f"try {safe[0] + 1} {safe[1] + 1}"))  # starts the clock
    flag = _nearest_hidden(game, safe, lambda cell: True)
    return Setup(f"{board} in {terminal}", app, screen, f"flag {flag[0] + 1} {flag[1] + 1}", now)


def _nearest_hidden(game: Minesweeper, near: Point, allowed: Callable[[Point], bool]) -> Point:
    hidden = [
        (x, y)
        for y in range(game.height)
        for x in range(game.width)
        if game.shown((x, y)) == "#" and allowed((x, y))
    ]
    return min(hidden, key=lambda cell: abs(cell[0] - near[0]) + abs(cell[1] - near[1]))


def _timed(action: Callable[[], None]) -> float:
    began = time.perf_counter_ns()
    action()
    return (time.perf_counter_ns() - began) / 1e6


def latency(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as data:
        setups = [
            setup(board, terminal, args.seed, Path(data))
            for terminal in TERMINALS
            for board in BOARDS
        ]
        moves: dict[str, list[float]] = {s.name: [] for s in setups}
        ticks: dict[str, list[float]] = {s.name: [] for s in setups}
        for _ in range(args.repeats):  # interleaved, so that the machine's load is shared
            for s in setups:
                moves[s.name].append(_timed(s.move))
                ticks[s.name].append(_timed(s.tick))
    print(
        "latency (ms, median of", args.repeats, "each; ratio against expert in the same terminal)"
    )
    for terminal in TERMINALS:
        base_move = statistics.median(moves[f"expert in {terminal}"])
        base_tick = statistics.median(ticks[f"expert in {terminal}"])
        for board in BOARDS:
            name = f"{board} in {terminal}"
            move, tick = statistics.median(moves[name]), statistics.median(ticks[name])
            print(
                f"  {name:<18} flag toggle {move:7.3f} ({move / base_move:4.2f}×)"
                f"   tick {tick:7.3f} ({tick / base_tick:4.2f}×)"
            )


# --- bytes ------------------------------------------------------------------------------


def _codes() -> dict[str, str]:
    """pyte's colour names and hex values back to the shortest SGR code that sets them."""
    codes: dict[str, str] = {}
    for number, name in {**graphics.FG_ANSI, **graphics.FG_AIXTERM}.items():
        codes.setdefault("fg" + name, str(number))
    for number, name in {**graphics.BG_ANSI, **graphics.BG_AIXTERM}.items():
        codes.setdefault("bg" + name, str(number))
    for index, value in enumerate(graphics.FG_BG_256):
        codes.setdefault("fg" + value, f"38;5;{index}")
        codes.setdefault("bg" + value, f"48;5;{index}")
    return codes


CODES = _codes()
Style = tuple[str, str, bool, bool, bool, bool, bool]


def _style(char: pyte.screens.Char) -> Style:
    return (
        char.fg,
        char.bg,
        char.bold,
        char.italics,
        char.underscore,
        char.reverse,
        char.strikethrough,
    )


def _sgr(style: Style) -> str:
    fg, bg, bold, italics, underscore, reverse, strikethrough = style
    params = ["0"]
    flags = ((bold, "1"), (italics, "3"), (underscore, "4"), (reverse, "7"), (strikethrough, "9"))
    params += [code for on, code in flags if on]
    params += [CODES["fg" + fg]] if fg != "default" else []
    params += [CODES["bg" + bg]] if bg != "default" else []
    return "\x1b[" + ";".join(params) + "m"


DEFAULT: Style = ("default", "default", False, False, False, False, False)


def run_length_bytes(screen: pyte.Screen) -> int:
    """The bytes of the same screen drawn as tightly as a run-length encoding can: one
    cursor move to the first thing on each row, a colour code only where the colour of
    what shows changes (a blank shows no foreground, so it joins any run)."""
    total = len("\x1b[H\x1b[2J")
    for y in range(screen.lines):
        row = [screen.buffer[y][x] for x in range(screen.columns)]
        shown = [x for x, char in enumerate(row) if not _blank(char)]
        if not shown:
            continue
        total += len(f"\x1b[{y + 1};{shown[0] + 1}H")
        current = DEFAULT
        for char in row[shown[0] : shown[-1] + 1]:
            if not _blank(char) and _style(char) != current:
                current = _style(char)
                total += len(_sgr(current))
            total += len(char.data.encode())
        if current != DEFAULT:
            total += len("\x1b[0m")
    return total


def _blank(char: pyte.screens.Char) -> bool:
    """A space nothing shows on: no background, no reverse video, no line through or under."""
    return (
        char.data in (" ", "")
        and char.bg == "default"
        and not (char.reverse or char.underscore or char.strikethrough)
    )


def frame_bytes(args: argparse.Namespace) -> None:
    print("full frame (bytes; a mid-game board drawn on a cleared screen, LEGACY icons)")
    with tempfile.TemporaryDirectory() as data:
        for terminal in TERMINALS:
            for board in BOARDS:
                s = setup(board, terminal, args.seed, Path(data))
                view = s.app.session.view()._replace(keys=KEYS)
                size = TERMINALS[terminal]
                drawn, frame = Renderer.draw(view, size, LEGACY, None)
                screen = pyte.Screen(*size)
                pyte.Stream(screen).feed(drawn)
                encoded = len(drawn.encode())
                rle = run_length_bytes(screen)
                cells = frame.board_size[0] * frame.board_size[1]
                print(
                    f"  {s.name:<18} {encoded:7d} B, {encoded / cells:5.2f} B per cell in view;"
                    f" run-length {rle:7d} B; ratio {encoded / rle:4.2f}×"
                )


# --- idle CPU ---------------------------------------------------------------------------


def _cpu_seconds(pid: int) -> float:
    """Time on a CPU of every thread of ``pid``, from the scheduler's nanosecond counters."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        total += int((task / "schedstat").read_text().split()[0])
    return total / 1e9


def idle(args: argparse.Namespace) -> None:
    from tests.terminal_support import Player  # a pty and a terminal emulator, as the tests

    samples: dict[str, list[float]] = {}
    for _round in range(args.rounds):
        for terminal, (columns, rows) in TERMINALS.items():
            for board, (width, height, mines) in BOARDS.items():
                player = Player(
                    "--lang", "en", "--legacy", "--classic", "--seed", str(args.seed),
                    "--width", str(width), "--height", str(height), "--mines", str(mines),
                    rows=rows, columns=columns,
                )  # fmt: skip
                player.wait_for("Mines left", timeout=60)
                player.type(f"try {width // 2 + 1} {height // 2 + 1}")
                player.wait_for("Playing", timeout=60)
                player.pump(1.0)  # let the move's drawing settle
                before = _cpu_seconds(player.child.pid)
                deadline = time.monotonic() + args.idle_seconds
                while time.monotonic() < deadline:
                    player.pump(0.2)
                used = _cpu_seconds(player.child.pid) - before
                samples.setdefault(f"{board} in {terminal}", []).append(
                    100 * used / args.idle_seconds
                )
                player.type("quit")
                player.finish()
    print(f"idle CPU (% of a core, clock running; median of {args.rounds} × {args.idle_seconds} s)")
    for terminal in TERMINALS:
        base = statistics.median(samples[f"expert in {terminal}"])
        for board in BOARDS:
            name = f"{board} in {terminal}"
            value = statistics.median(samples[name])
            print(f"  {name:<18} {value:6.2f}% ({value / base:4.2f}×)  samples {samples[name]}")


def run(args: argparse.Namespace) -> int:
    measures: Sequence[Callable[[argparse.Namespace], None]] = {
        "latency": [latency],
        "bytes": [frame_bytes],
        "idle": [idle],
        "all": [latency, frame_bytes, idle],
    }[args.measure]
    for measure in measures:
        measure(args)
    return 0
