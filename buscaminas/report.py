"""``buscaminas analyze``: a position's exact mine probabilities, as a grid a person can read."""

from __future__ import annotations

from .commands import label
from .i18n import _
from .percent import percent
from .solver import Analysis, NothingToReveal, Position

CELL_WIDTH = 5


def probability_grid(position: Position, analysis: Analysis) -> list[str]:
    """One line per row: each hidden cell's chance of a mine (``13%``), other cells as shown,
    in the same words as the game's ``help x y``."""
    header = " " * 3 + "".join(f"{x:>{CELL_WIDTH}}" for x in range(1, position.width + 1))
    lines = [header]
    for y, row in enumerate(position.rows):
        cells = []
        for x, char in enumerate(row):
            chance = analysis.probability.get((x, y))
            cells.append(char if chance is None else percent(chance))
        lines.append(f"{y + 1:>3}" + "".join(f"{cell:>{CELL_WIDTH}}" for cell in cells))
    return lines


def certain_cells(analysis: Analysis) -> list[str]:
    """The cells that are safe or mines in every layout, in reading order."""

    def listed(cells: frozenset[tuple[int, int]]) -> str:
        ordered = sorted(cells, key=lambda cell: (cell[1], cell[0]))
        return ", ".join(label(cell) for cell in ordered) or "-"

    lines = [
        _("Safe: {cells}").format(cells=listed(analysis.safe)),
        _("Mines: {cells}").format(cells=listed(analysis.mines)),
    ]
    try:
        lines.append(_("Next move: {cell}").format(cell=label(analysis.best_move)))
    except NothingToReveal:
        lines.append(_("Next move: none, every hidden cell is a mine."))
    return lines
