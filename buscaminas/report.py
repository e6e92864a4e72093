"""``buscaminas analyze``: a position's exact mine probabilities, as a grid a person can read."""

from __future__ import annotations

from .commands import label
from .i18n import _
from .solver import Analysis, NothingToReveal, Position

CELL_WIDTH = 5


def probability_grid(position: Position, analysis: Analysis) -> list[str]:
    """One line per row: each hidden cell's chance of a mine (``12%``), other cells as shown.

    ``0`` and ``100`` are certainties; anything else is rounded into 1–99 so
    that a possibility never reads as a proof.
    """
    header = " " * 3 + "".join(f"{x:>{CELL_WIDTH}}" for x in range(1, position.width + 1))
    lines = [header]
    for y, row in enumerate(position.rows):
        cells = []
        for x, char in enumerate(row):
            chance = analysis.probability.get((x, y))
            cells.append(char if chance is None else _percent(chance))
        lines.append(f"{y + 1:>3}" + "".join(f"{cell:>{CELL_WIDTH}}" for cell in cells))
    return lines


def _percent(chance: float) -> str:
    """With its ``%`` sign, so that a chance never reads as a revealed number."""
    if chance in (0.0, 1.0):
        return f"{int(chance * 100)}%"
    return f"{min(99, max(1, round(chance * 100)))}%"


def certain_cells(analysis: Analysis) -> list[str]:
    """The cells that are safe or mines in every layout, in reading order,
    after a warning when the percentages are only estimates."""

    def listed(cells: frozenset[tuple[int, int]]) -> str:
        ordered = sorted(cells, key=lambda cell: (cell[1], cell[0]))
        return ", ".join(label(cell) for cell in ordered) or "-"

    lines = []
    if not analysis.exact:
        lines.append(
            _(
                "Too many layouts to count exactly: the percentages are estimates."
                " The safe cells and mines listed are still certain."
            )
        )
    lines += [
        _("Safe: {cells}").format(cells=listed(analysis.safe)),
        _("Mines: {cells}").format(cells=listed(analysis.mines)),
    ]
    try:
        lines.append(_("Next move: {cell}").format(cell=label(analysis.best_move)))
    except NothingToReveal:
        lines.append(_("Next move: none, every hidden cell is a mine."))
    return lines
