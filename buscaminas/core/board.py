"""What names a board apart from its mines: its kind, and the size the statistics
group it by.  The records, the share codes and the game all speak of boards in
these terms, so they live apart from any one of them."""

from enum import IntEnum, StrEnum
from typing import NamedTuple


class BoardKind(StrEnum):
    """Whether the board was dealt to be solvable without guessing."""

    NO_GUESS = "no-guess"
    CLASSIC = "classic"


class Level(IntEnum):
    """The hardest deduction a board needs, the easiest first: one number alone, two
    numbers together, any set of numbers together, the numbers with the mine count
    (defined exactly in :mod:`buscaminas.core.generator.grade`, which grades boards)."""

    SINGLE = 1
    PAIR = 2
    SUBSET = 3
    GLOBAL = 4

    @property
    def word(self) -> str:
        """Its name as ``--logic`` takes it."""
        return self.name.lower()


class BoardSpec(NamedTuple):
    """What a statistic is kept per: a preset, or a custom size and mine count."""

    preset: str | None
    width: int
    height: int
    mines: int
