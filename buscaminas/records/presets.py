"""The classic board sizes, how any board is named to the player, and what the player
is told of a size or mine count out of bounds."""

from __future__ import annotations

import math
import zlib
from datetime import date
from typing import NamedTuple

from ..core.board import BoardKind, BoardSpec
from ..core.limits import Measure, OutOfBounds, mine_range
from ..i18n import _, ngettext
from .sharecode import SEED_BITS, ShareCode


class Preset(NamedTuple):
    """A board offered by name: the classic ranking sizes, and the levels of the
    designs this game grew from."""

    name: str
    width: int
    height: int
    mines: int

    def label(self) -> str:
        return {
            "beginner": _("Beginner"),
            "intermediate": _("Intermediate"),
            "expert": _("Expert"),
            "facil": _("Easy (UTN)"),
            "media": _("Medium (UTN)"),
            "dificil": _("Hard (UTN)"),
            "misteriosa": _("Mystery (UTN)"),
            "easy": _("Easy (terminal)"),
            "normal": _("Normal (terminal)"),
        }[self.name]


PRESETS = {
    preset.name: preset
    for preset in (
        Preset("beginner", 8, 8, 10),
        Preset("intermediate", 16, 16, 40),
        Preset("expert", 30, 16, 99),
        # The UTN design's levels, then the terminal design's, as their authors named them.
        Preset("facil", 50, 20, 40),
        Preset("media", 60, 24, 50),
        Preset("dificil", 75, 26, 70),
        Preset("misteriosa", 10, 10, 2),
        Preset("easy", 5, 5, 4),
        Preset("normal", 10, 10, 10),
    )
}
RANKED = ("beginner", "intermediate", "expert")
"""The sizes players rank times on, whose densities a custom size is offered."""
DAILY = "daily"
"""The day's board (``--daily``): intermediate's size, kept apart in the statistics."""
ALIASES = {
    "principiante": "beginner",
    "intermedio": "intermediate",
    "experto": "expert",
    "fácil": "facil",
    "difícil": "dificil",
}
"""The Spanish names, and the seeds' names with their accents, accepted wherever a
preset is named."""


def preset_of(width: int, height: int, mines: int) -> str | None:
    """The preset of this size, so that a shared board is counted with its kind."""
    for preset in PRESETS.values():
        if (preset.width, preset.height, preset.mines) == (width, height, mines):
            return preset.name
    return None


def usual_mines(width: int, height: int) -> tuple[int, Preset]:
    """The mines a custom ``width`` × ``height`` board is offered, and the preset whose
    density it takes: the ranked size nearest in cells, so that a board near
    beginner's size is as dense as beginner, one near expert's as dense as expert."""
    cells = width * height
    nearest = min(
        (PRESETS[name] for name in RANKED),
        key=lambda preset: abs(math.log(cells / (preset.width * preset.height))),
    )
    density = nearest.mines / (nearest.width * nearest.height)
    low, high = mine_range(width, height)
    return min(max(round(density * cells), low), high), nearest


def fits(preset: str | None, width: int, height: int, mines: int) -> bool:
    """Whether a game of this size can be counted under ``preset``: none, the day's
    board, or a preset of that very size (a board read back from the records must
    not be named after a preset it is not, nor after one this version does not know)."""
    if preset is None or preset == DAILY:
        return True
    known = PRESETS.get(preset)
    return known is not None and (known.width, known.height, known.mines) == (width, height, mines)


def daily_code(day: date) -> ShareCode:
    """The day's board: no-guess, intermediate's size, opened at its centre, dealt from a
    seed that only the date decides, so that everyone plays the same one that day."""
    size = PRESETS["intermediate"]
    from ..core.generator import VERSION

    seed = zlib.crc32(f"buscaminas daily {day.isoformat()}".encode()) % 2**SEED_BITS
    centre = (size.width // 2 - 1, size.height // 2 - 1)
    return ShareCode(
        size.width, size.height, size.mines, BoardKind.NO_GUESS, seed, centre, VERSION
    )


def board_label(board: BoardSpec) -> str:
    """``Beginner 8×8`` for a preset, ``Custom 5×4, 3 mines`` for any other board."""
    size = f"{board.width}×{board.height}"
    if board.preset == DAILY:
        return _("Daily {size}").format(size=size)
    if board.preset is not None:
        return f"{PRESETS[board.preset].label()} {size}"
    return ngettext(
        "Custom {size}, {mines} mine", "Custom {size}, {mines} mines", board.mines
    ).format(size=size, mines=board.mines)


def board_name(board: BoardSpec, kind: BoardKind) -> str:
    """``Beginner 8×8, no-guess``: the board and how it was dealt, as the status line says."""
    dealt = _("no-guess") if kind is BoardKind.NO_GUESS else _("classic")
    return f"{board_label(board)}, {dealt}"


def out_of_bounds_message(problem: OutOfBounds) -> str:
    """The one wording of a broken board limit, for the flags and board files alike."""
    if problem.measure is Measure.WIDTH:
        message = _("the width is {value}; it must be from {low} to {high}")
    elif problem.measure is Measure.HEIGHT:
        message = _("the height is {value}; it must be from {low} to {high}")
    else:
        message = ngettext(
            "there is {value} mine; there must be from {low} to {high}",
            "there are {value} mines; there must be from {low} to {high}",
            problem.value,
        )
    return message.format(value=problem.value, low=problem.low, high=problem.high)
