"""A replay from another Minesweeper, EVF (Metasweeper), AVF (Arbiter) or RMV
(Viennasweeper), read into plain values with a bound on everything.

ms_toollib reads them (the ``replays`` extra installs it), in a process of its own
(:mod:`.toollib`): a file it cannot read may make the library panic, which ends
only that process, and a file it takes too long over is stopped after
:data:`SECONDS`.  The file itself is read here first, as every file from outside
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
from pathlib import Path
from typing import Any, NamedTuple

from ..core.grid import Point
from ..core.limits import out_of_bounds
from ..i18n import _
from . import inputfile
from .presets import out_of_bounds_message
from .toollib import CLASSES, MISSING

LIMIT_BYTES = 8 * 1024 * 1024
"""Far more than a replay of the longest expert game holds (a few hundred KiB)."""
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


class Event(NamedTuple):
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
    events: tuple[Event, ...]


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
        )
    except inputfile.UnreadableFile as why:
        raise ReplayError(_("{file}: {why}.").format(file=path, why=why)) from None
    except OSError as error:
        from ..i18n import reason

        raise ReplayError(_("{file}: {why}.").format(file=path, why=reason(error))) from None
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
    try:
        finished = subprocess.run(
            # -P: no module of the current directory stands in for ms_toollib
            [sys.executable, "-P", "-m", "buscaminas.records.toollib", kind],
            input=data,
            capture_output=True,
            timeout=SECONDS,
            env=environment,
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
        pixels = _whole(read["cell_pixels"]) or 16
        events = tuple(
            Event(
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
            str(read["software"]),
            str(read["player"]),
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


def _whole(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{value!r} is not a count")
    return value


def _cell(place: Any, width: int, height: int) -> Point:
    x, y = (_whole(value) for value in place)
    if x >= width or y >= height:
        raise ValueError(f"{x} {y} is off the board")
    return x, y
