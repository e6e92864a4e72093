"""``buscaminas analyze``: a position's exact mine probabilities, as a grid a person can read,
or what is wrong with the position, in the player's words."""

from __future__ import annotations

from ..core.solver import Analysis, InconsistentPosition, NothingToReveal, Position, analyze
from ..core.solver.position import PositionError, Problem
from ..game.coordinates import label
from ..game.percent import percent
from ..i18n import _, ngettext
from ..records.inputfile import not_text

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


class Unreadable(ValueError):
    """Position text ``analyze`` cannot answer; ``str()`` says why in the player's language."""


def analysis_of(text: str, mines: int) -> tuple[Position, Analysis]:
    """The position ``text`` shows with ``mines`` mines, and its analysis.

    Raises :class:`Unreadable` with the words for whatever is wrong: where a
    file has a bad character, which number no layout satisfies (as ``x y``,
    like every cell the game names), a mine total that does not fit.
    """
    if any(ord(char) < 32 and char not in "\t\r\n" for char in text):
        raise Unreadable(not_text())
    try:
        position = Position.parse(text.removeprefix("\ufeff"), mines=mines)
        position.check()
        return position, analyze(position)
    except PositionError as error:
        raise Unreadable(_position_problem(error)) from None
    except InconsistentPosition:
        message = ngettext(
            "no layout of {count} mine agrees with every number",
            "no layout of {count} mines agrees with every number",
            mines,
        )
        raise Unreadable(message.format(count=mines)) from None


def _located(line: int, column: int, problem: str) -> str:
    return _("line {line}, column {column}: {problem}").format(
        line=line, column=column, problem=problem
    )


def _position_problem(error: PositionError) -> str:
    problem, line, column = error.problem, error.line or 1, error.column or 1
    if problem is Problem.EMPTY_ROW:
        return _("line {line}: this row is empty").format(line=line)
    if problem is Problem.RAGGED_ROW:
        count, width = int(error.found or 0), int(error.expected or 0)
        words = ngettext(
            "this row has {count} cell; the first row has {width}",
            "this row has {count} cells; the first row has {width}",
            count,
        )
        # Where the row parts from the first: past its end, or at its first extra cell.
        return _located(line, min(count, width) + 1, words.format(count=count, width=width))
    if problem is Problem.NOT_A_CELL:
        words = _("“{char}” is not a cell: cells are # F ? . * X and 1 to 8")
        return _located(line, column, words.format(char=error.found))
    if problem is Problem.NEGATIVE_MINES:
        return _("the mine total cannot be negative ({count})").format(count=error.found)
    if problem is Problem.TOO_MANY_MINES:
        return _("too many mines: {count} do not fit in the {room} covered cells").format(
            count=error.found, room=error.expected
        )
    if problem is Problem.TOO_FEW_MINES:
        return _("too few mines: the position shows {shown}, more than {count}").format(
            shown=error.expected, count=error.found
        )
    return _("the {number} at {cell} cannot be satisfied by its neighbours").format(
        number=error.found, cell=label((column - 1, line - 1))
    )
