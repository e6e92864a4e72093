"""The classic board sizes, and how any board is named to the player."""

from __future__ import annotations

from dataclasses import dataclass

from .i18n import _, ngettext
from .scoring import Board


@dataclass(frozen=True)
class Preset:
    """One of the classic ranking sizes."""

    name: str
    width: int
    height: int
    mines: int

    def label(self) -> str:
        return {
            "beginner": _("Beginner"),
            "intermediate": _("Intermediate"),
            "expert": _("Expert"),
        }[self.name]


PRESETS = {
    preset.name: preset
    for preset in (
        Preset("beginner", 8, 8, 10),
        Preset("intermediate", 16, 16, 40),
        Preset("expert", 30, 16, 99),
    )
}
ALIASES = {"principiante": "beginner", "intermedio": "intermediate", "experto": "expert"}
"""The Spanish names, accepted wherever a preset is named."""


def board_label(board: Board) -> str:
    """``Beginner 8×8`` for a preset, ``Custom 5×4, 3 mines`` for any other board."""
    size = f"{board.width}×{board.height}"
    if board.preset is not None:
        return f"{PRESETS[board.preset].label()} {size}"
    return ngettext(
        "Custom {size}, {mines} mine", "Custom {size}, {mines} mines", board.mines
    ).format(size=size, mines=board.mines)
