"""A replay from another Minesweeper, EVF (Metasweeper), AVF (Arbiter) or RMV
(Viennasweeper), read into plain values with a bound on everything.

ms_toollib reads them (the ``replays`` extra installs it), in a process of its own
that runs this module (:func:`main`): a file it cannot read may make the library
panic, which ends only that process, and a file it takes too long over is stopped
after :data:`SECONDS`.  The file itself is read here first, as every file from outside
is (:mod:`.inputfile`): a regular file of at most :data:`LIMIT_BYTES`, so that a
device or a pipe cannot hang the reading, nor a huge file fill the memory.  What
the other process says is checked as untrusted too.  Each refusal is a
:class:`ReplayError` that says why, in the player's words.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any, NamedTuple

from ..core.grid import Point
from ..core.limits import out_of_bounds
from ..i18n import _
from . import inputfile
from .presets import out_of_bounds_message

MISSING = 3
"""The exit status of the reading process that says ms_toollib is not installed."""
CLASSES = {"evf": "EvfVideo", "avf": "AvfVideo", "rmv": "RmvVideo"}
"""ms_toollib's reader of each kind of replay."""
THE_END = 1e9
"""A time past any replay's last event: the figures read there are the whole game's."""
LIMIT_BYTES = 8 * 1024 * 1024
"""Far more than a replay of the longest expert game holds (a few hundred KiB)."""
LONGEST_NAME = 60
"""The most characters of a player's or a program's name shown."""
MOST_MOVES = 50_000
"""More moves than the longest game on the largest board takes, flags and all."""
SECONDS = 30.0
"""The longest ms_toollib may take over one replay."""
KINDS = tuple(f".{kind}" for kind in CLASSES)
"""The names of the files read, by their endings."""


class ReplayError(ValueError):
    """A replay that cannot be read; ``str()`` says why, in the player's language."""


class Change(NamedTuple):
    """A cell a mouse event changed, in ms_toollib's codes (0 to 8 a number, 10
    covered, 11 a flag, 12 a ``?``, higher a mine shown at the end)."""

    cell: Point
    before: int
    after: int


class Click(NamedTuple):
    """A mouse event that changed the board: when, which button, on which cell."""

    at: float
    """Seconds from the start of the game."""
    button: str
    """ms_toollib's name of it: ``lr`` the left button released, ``rc`` the right pressed…"""
    cell: Point
    changes: tuple[Change, ...]


class Replay(NamedTuple):
    """A replay as its file gives it."""

    width: int
    height: int
    mines: frozenset[Point]
    software: str
    player: str
    mode: int
    """The software's mode: 0 standard; 5 to 8 boards that need no guess."""
    completed: bool
    seconds: float
    clicks: int
    """Every click the player made, the useless ones included, as the software counts them."""
    events: tuple[Click, ...]


def load(path: Path) -> Replay:
    """The replay at ``path``, of the kind its name says; raises :class:`ReplayError`
    for anything that cannot be read as one."""
    kind = path.suffix.lower()
    if kind not in KINDS:
        raise ReplayError(
            _("“{file}” is not named as a replay: the files read are .evf, .avf and .rmv.").format(
                file=path
            )
        )
    try:
        data = inputfile.read_bytes(
            path,
            LIMIT_BYTES,
            _("it is larger than {limit} MiB, more than any replay holds").format(
                limit=LIMIT_BYTES // 1024 // 1024
            ),
            standard_input=False,
        )
    except inputfile.UnreadableFile as why:
        raise ReplayError(f"{path}: {why}.") from None
    except OSError as error:
        from ..i18n import reason

        raise ReplayError(f"{path}: {reason(error)}.") from None
    return _checked(path, _read_by_toollib(path, kind[1:], data))


def _read_by_toollib(path: Path, kind: str, data: bytes) -> Any:
    """What the other process read in ``data``, as JSON values."""
    package_root = str(Path(__file__).resolve().parents[2])
    environment = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(
            [package_root, *filter(None, [os.environ.get("PYTHONPATH")])]
        ),
    }
    import tempfile

    try:
        # In a folder of its own, taken away after: ms_toollib writes a crash.log where
        # it runs when a file makes it panic, and the player's folder is not for that.
        with tempfile.TemporaryDirectory(prefix="buscaminas-replay-") as scratch:
            finished = subprocess.run(
                # -P: no module of the current directory stands in for ms_toollib
                [sys.executable, "-P", "-m", "buscaminas.records.replayfile", kind],
                input=data,
                capture_output=True,
                timeout=SECONDS,
                env=environment,
                cwd=scratch,
            )
    except subprocess.TimeoutExpired:
        raise ReplayError(
            _("{file}: reading it took longer than {seconds:g} s; it was stopped.").format(
                file=path, seconds=SECONDS
            )
        ) from None
    if finished.returncode == MISSING:
        raise ReplayError(
            _(
                "Replays of other games are read by ms_toollib, which is not installed:"
                " install it with “pip install 'buscaminas[replays]'”"
                " (or “pip install ms_toollib”)."
            )
        )
    try:
        if finished.returncode == 0:
            return json.loads(finished.stdout)
    except ValueError:
        pass
    raise ReplayError(
        _(
            "{file} is not an {kind} replay that can be read: it is damaged,"
            " or another kind of file."
        ).format(file=path, kind=kind.upper())
    )


def _checked(path: Path, read: Any) -> Replay:
    """``read`` as a :class:`Replay`, every value checked."""
    try:
        width, height = _whole(read["width"]), _whole(read["height"])
        problem = out_of_bounds(width, height, len(read["mines"]))
        if problem is not None:
            raise ReplayError(
                _("{file}: a board this game cannot play: {problem}.").format(
                    file=path, problem=out_of_bounds_message(problem)
                )
            )
        mines = frozenset(_cell(place, width, height) for place in read["mines"])
        if len(read["events"]) > MOST_MOVES:
            raise ReplayError(
                _("{file}: it holds more than {count} moves, more than any game takes.").format(
                    file=path, count=MOST_MOVES
                )
            )
        pixels = _whole(read["cell_pixels"]) or 16
        events = tuple(
            Click(
                max(0.0, float(at)),
                str(button),
                _cell((_whole(x) // pixels, _whole(y) // pixels), width, height),
                tuple(
                    Change(_cell((cx, cy), width, height), _whole(before), _whole(after))
                    for cx, cy, before, after in changes
                ),
            )
            for at, button, x, y, changes in read["events"]
        )
        return Replay(
            width,
            height,
            mines,
            _shown(read["software"]),
            _shown(read["player"]),
            _whole(read["mode"]),
            bool(read["completed"]),
            float(read["seconds"]),
            _whole(read["clicks"]),
            events,
        )
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, ReplayError):
            raise
        raise ReplayError(
            _("{file}: what it holds does not make a game: {why}.").format(file=path, why=error)
        ) from None


def _shown(value: Any) -> str:
    """A name the file gives, as it may be printed: no control character (an escape
    sequence would drive the terminal), and no longer than :data:`LONGEST_NAME`."""
    text = "".join(char for char in str(value) if unicodedata.category(char)[0] != "C")
    return text[:LONGEST_NAME]


def _whole(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{value!r} is not a count")
    return value


def _cell(place: Any, width: int, height: int) -> Point:
    x, y = (_whole(value) for value in place)
    if x >= width or y >= height:
        raise ValueError(f"{x} {y} is off the board")
    return x, y


# --- the reading process ---------------------------------------------------------


def main() -> None:
    """The reading process: the replay's bytes on standard input, its kind (``evf``,
    ``avf`` or ``rmv``) on the command line; out, one JSON document: the board, the
    figures its software would show, and every mouse event that changed the board,
    with the cells it changed.  Exits with :data:`MISSING` without ms_toollib."""
    kind = sys.argv[1]
    data = sys.stdin.buffer.read()
    try:
        import ms_toollib
    except ModuleNotFoundError as error:
        if error.name != "ms_toollib":
            raise
        sys.exit(MISSING)
    video = getattr(ms_toollib, CLASSES[kind])(raw_data=list(data), file_name=f"replay.{kind}")
    video.parse()
    video.analyse()
    events = [_event(event) for event in video.events if event.useful_level > 0]
    video.current_time = THE_END
    document = {
        "width": video.column,
        "height": video.row,
        "mines": [
            [x, y] for y, row in enumerate(video.board) for x, cell in enumerate(row) if cell < 0
        ],
        "cell_pixels": video.pix_size,
        "software": video.software,
        "player": video.player_identifier,
        "mode": video.mode,
        "completed": video.is_completed,
        "seconds": video.rtime,
        "clicks": video.cl,
        "events": [event for event in events if event is not None],
    }
    json.dump(document, sys.stdout)


def _event(recorded: Any) -> list[Any] | None:
    """A mouse event that changed the board: its time, button, place in pixels, and each
    cell it changed as column, row, before, after (ms_toollib's codes: 0 to 8 a
    number, 10 covered, 11 a flag)."""
    if not recorded.event.is_mouse():
        return None
    mouse = recorded.event.unwrap_mouse()
    before = recorded.prior_game_board.game_board
    after = recorded.next_game_board.game_board
    changes = [
        [x, y, was, now]
        for y, (old_row, new_row) in enumerate(zip(before, after, strict=True))
        for x, (was, now) in enumerate(zip(old_row, new_row, strict=True))
        if was != now
    ]
    return [recorded.time, mouse.mouse, mouse.x, mouse.y, changes] if changes else None


if __name__ == "__main__":
    main()
