"""The boards offered by name, how any board is named to the player, and what the player
is told of a size or mine count out of bounds."""

import math
import unicodedata
from datetime import date
from typing import NamedTuple

from .. import i18n
from ..core.board import BoardKind, BoardSpec
from ..core.limits import Measure, OutOfBounds, mine_range
from ..i18n import _, ngettext
from .sharecode import SEED_BITS, ShareCode


class Preset(NamedTuple):
    """A board offered by name: the classic ranking sizes, and the levels of the
    designs this game grew from, each named for its size or difficulty."""

    key: str
    """The name its games are recorded under, and a name ``--preset`` takes: the board's
    first name, kept so that old games stay its own and old scripts still find it."""
    width: int
    height: int
    mines: int
    english: str
    spanish: str
    """Its name in each language; either is taken whatever the language, as the verbs are."""

    def label(self) -> str:
        """Its name in the player's language."""
        return self.spanish if i18n.language() == "es" else self.english

    def size(self) -> str:
        """``8×8, 10 mines``: what a player compares boards by."""
        return ngettext(
            "{width}×{height}, {mines} mine", "{width}×{height}, {mines} mines", self.mines
        ).format(width=self.width, height=self.height, mines=self.mines)


PRESETS = {
    preset.key: preset
    for preset in (
        Preset("easy", 5, 5, 4, "Tiny", "Diminuto"),
        Preset("beginner", 8, 8, 10, "Beginner", "Principiante"),
        Preset("misteriosa", 10, 10, 2, "Sparse", "Despejado"),
        Preset("normal", 10, 10, 10, "Small", "Pequeño"),
        Preset("intermediate", 16, 16, 40, "Intermediate", "Intermedio"),
        Preset("expert", 30, 16, 99, "Expert", "Experto"),
        Preset("facil", 50, 20, 40, "Large", "Grande"),
        Preset("media", 60, 24, 50, "Huge", "Enorme"),
        Preset("dificil", 75, 26, 70, "Giant", "Gigante"),
    )
}
"""Smallest first: the order of the board menu."""
DEFAULT = "beginner"
"""The board of a start that names none: Enter at the menu, a script's board."""
RANKED = ("beginner", "intermediate", "expert")
"""The sizes players rank times on, whose densities a custom size is offered."""
DAILY = "daily"
"""The day's board (``--daily``): intermediate's size, kept apart in the statistics."""
DRILL = "drill"
"""A drill's board (``--drill``), kept apart in the statistics: practice at one
pattern on a board made for it, not a game of its size."""
CUSTOM = ("custom", "personalizado")
"""The names of a size of the player's own, in the menu and ``--preset``."""


def _folded(name: str) -> str:
    """``name`` as it is compared: without case or accents (“FÁCIL” is “facil”)."""
    decomposed = unicodedata.normalize("NFD", name.strip().casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


_BY_NAME = {
    _folded(name): preset.key
    for preset in PRESETS.values()
    for name in (preset.key, preset.english, preset.spanish)
}


def board_named(name: str) -> str | None:
    """What a name given for a board means, in the menu or to ``--preset``: a preset's
    key, :data:`CUSTOM`'s first name for a size of the player's own, or None."""
    folded = _folded(name)
    return CUSTOM[0] if folded in CUSTOM else _BY_NAME.get(folded)


def names(*, sized: bool = False) -> list[str]:
    """Every preset's name in the player's language, as ``--preset`` and the menu take
    it, smallest first; ``sized``: each with its size and mines."""
    return [
        f"{preset.label().lower()} ({preset.size()})" if sized else preset.label().lower()
        for preset in PRESETS.values()
    ]


def spellings() -> list[str]:
    """The names a shell completes, once each: the English and Spanish names, then
    :data:`CUSTOM`'s.  Not the first names kept for old scripts: offered, ``facil``
    (Large, 50×20) would read as Spanish for “easy”, which is Tiny."""
    every = [preset.english.lower() for preset in PRESETS.values()]
    every += [preset.spanish.lower() for preset in PRESETS.values()]
    return list(dict.fromkeys([*every, *CUSTOM]))


def custom_name() -> str:
    """The name of a size of the player's own, in the player's language."""
    return CUSTOM[1] if i18n.language() == "es" else CUSTOM[0]


def preset_of(width: int, height: int, mines: int) -> str | None:
    """The preset of this size, so that a shared board is counted with its kind."""
    for preset in PRESETS.values():
        if (preset.width, preset.height, preset.mines) == (width, height, mines):
            return preset.key
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
    board, a drill's, or a preset of that very size (a board read back from the records must
    not be named after a preset it is not, nor after one this version does not know)."""
    if preset is None or preset in (DAILY, DRILL):
        return True
    known = PRESETS.get(preset)
    return known is not None and (known.width, known.height, known.mines) == (width, height, mines)


def daily_code(day: date) -> ShareCode:
    """The day's board: no-guess, intermediate's size, opened at its centre, dealt from a
    seed that only the date decides, so that everyone plays the same one that day."""
    import zlib

    from ..core.generator import VERSION

    size = PRESETS["intermediate"]
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
    if board.preset == DRILL:
        return _("Drill {size}").format(size=size)
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
