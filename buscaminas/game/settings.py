"""The choices that stay the same from one round to the next: the board's size and
mines, its kind, and where it comes from (a preset, a seed, a share code, a file)."""

from typing import NamedTuple

from ..core.board import BoardKind, BoardSpec, Level
from ..core.grid import Point
from ..records.boardfile import BoardFile
from ..records.presets import PRESETS, preset_of
from ..records.sharecode import ShareCode


class Settings(NamedTuple):
    """What stays the same from one round to the next."""

    width: int
    height: int
    mines: int
    preset: str | None = None
    seed: int | None = None
    board_file: BoardFile | None = None
    no_guess: bool = True
    opening: Point | None = None
    """A shared board's first cell: its first round is dealt and opened there at once."""
    layout: frozenset[Point] | None = None
    """A layout code's mines: its first round is dealt them, with no generator."""
    generator: int | None = None
    """The generator version a seed code names; None for the one that deals new boards."""
    logic: Level | None = None
    """The hardest deduction every board must need, and need (``--logic``); None: any."""

    @classmethod
    def from_preset(
        cls, name: str, seed: int | None = None, *, no_guess: bool = True
    ) -> "Settings":
        preset = PRESETS[name]
        return cls(preset.width, preset.height, preset.mines, name, seed, no_guess=no_guess)

    @classmethod
    def from_code(cls, code: ShareCode, preset: str | None) -> "Settings":
        """The board a share code names; ``preset`` groups it in the statistics."""
        return cls(
            code.width,
            code.height,
            code.mines,
            preset,
            code.seed,
            no_guess=code.kind is BoardKind.NO_GUESS,
            opening=code.first,
            layout=code.layout,
            generator=None if code.layout is not None else code.generator,
        )

    def after_the_shared_board(self) -> "Settings":
        """What “play again” deals after a shared or daily board: a fresh board of its
        size, named as any board of that size is, not that board again."""
        preset = preset_of(self.width, self.height, self.mines)
        return self._replace(opening=None, seed=None, preset=preset, layout=None, generator=None)

    @property
    def board(self) -> BoardSpec:
        """The board these settings deal, as the statistics group games."""
        return BoardSpec(self.preset, self.width, self.height, self.mines)

    @property
    def kind(self) -> BoardKind:
        """A board file is whatever its author made: only generated boards are no-guess."""
        no_guess = self.no_guess and self.board_file is None
        return BoardKind.NO_GUESS if no_guess else BoardKind.CLASSIC
