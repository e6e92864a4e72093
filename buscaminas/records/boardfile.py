"""Board files in the classic C++ lab's format.

One line per row; each cell is two digits, its status (``0`` uncovered, ``1``
covered, ``2`` flagged, ``3`` covered with a ``?`` mark: this game's own addition,
which the lab's format leaves free) then whether it holds a mine (``0``/``1``).  Cell
pairs may be separated by spaces.  Errors name the line and column, 1-based,
so that a hand-edited file is quick to mend.
"""

from pathlib import Path
from typing import NamedTuple

from ..core.grid import Point
from ..core.limits import Measure, out_of_bounds
from ..i18n import _, ngettext
from . import inputfile, mbf, outputfile
from .presets import out_of_bounds_message

UNCOVERED, COVERED, FLAGGED, MARKED = "0", "1", "2", "3"


class BoardFile(NamedTuple):
    """A board as a file gives it: size, mines, and what the player already sees."""

    width: int
    height: int
    mines: frozenset[Point]
    revealed: frozenset[Point]
    flagged: frozenset[Point]
    marked: frozenset[Point] = frozenset()
    """Covered cells with a ``?``: hidden to the rules, kept for the player."""


class BoardFileError(ValueError):
    """A malformed board file; ``str()`` names the line and column."""

    def __init__(self, line: int, column: int, problem: str) -> None:
        self.line, self.column, self.problem = line, column, problem
        super().__init__(
            _("line {line}, column {column}: {problem}").format(
                line=line, column=column, problem=problem
            )
        )


def load(path: Path) -> BoardFile:
    """Read and parse the board file at ``path`` (``-`` is standard input), in the lab
    format or in MBF (:mod:`buscaminas.records.mbf`).

    A name ending in ``.mbf`` is read as MBF; any other file is read as MBF when
    its bytes are not the lab format's text (digits, spaces and line ends) and are
    a whole MBF board, and else as the lab format, whose errors (not text, a wrong
    character at a line and column) say best what is wrong with a file that is
    neither.  No MBF board is lab text: its third byte would make it hold 2,304
    mines or more, on the 15 × 15 cells whose coordinates are such bytes.
    Raises :class:`~buscaminas.records.inputfile.UnreadableFile` or ``OSError`` when
    the file cannot be read, :class:`BoardFileError` or
    :class:`~buscaminas.records.mbf.MbfError` when it is not a board.
    """
    data = inputfile.read_bytes(path)
    if path.suffix.lower() == mbf.SUFFIX:
        return _from_mbf(data)
    if not _lab_text(data):
        try:
            return _from_mbf(data)
        except mbf.MbfError:
            pass  # neither: the lab format says what is wrong
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise inputfile.UnreadableFile(inputfile.not_text()) from error
    return parse(text)


def _from_mbf(data: bytes) -> BoardFile:
    width, height, mines = mbf.parse(data)
    return BoardFile(width, height, mines, frozenset(), frozenset())


def _lab_text(data: bytes) -> bool:
    """Whether ``data`` could be a lab board: text, nothing but cells and spaces."""
    return not data.removeprefix(_BOM).translate(None, _LAB_BYTES)


_BOM = "\ufeff".encode()
_LAB_BYTES = b"0123456789 \t\r\n"
"""Every byte a lab board may hold; a wrong digit is refused by :func:`parse`, by its
line and column."""


def dump(board: BoardFile) -> str:
    """The board as a board file: what :func:`parse` reads back as the same board."""
    rows = []
    for y in range(board.height):
        cells = []
        for x in range(board.width):
            cell = (x, y)
            status = (
                UNCOVERED
                if cell in board.revealed
                else FLAGGED
                if cell in board.flagged
                else MARKED
                if cell in board.marked
                else COVERED
            )
            cells.append(status + ("1" if cell in board.mines else "0"))
        rows.append(" ".join(cells))
    return "\n".join(rows) + "\n"


def save(board: BoardFile, path: Path, *, replace: bool) -> None:
    """Write ``board`` to ``path`` as :func:`outputfile.write_text` writes any file:
    whole or not at all, never through a link, only where a regular file is or
    none; ``FileExistsError`` if one is there and ``replace`` is False."""
    outputfile.write_text(path, dump(board), replace=replace)


def parse(text: str) -> BoardFile:
    """Parse board-file ``text`` into a :class:`BoardFile`."""
    lines = text.removeprefix("\ufeff").splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise BoardFileError(1, 1, _("the file holds no board"))
    mines: set[Point] = set()
    revealed: set[Point] = set()
    flagged: set[Point] = set()
    marked: set[Point] = set()
    columns: dict[Point, int] = {}
    width = 0
    for y, line in enumerate(lines):
        cells = _cells(line, y + 1)
        if y == 0:
            width = len(cells)
        elif len(cells) != width:
            raise BoardFileError(
                y + 1,
                len(line.rstrip()) + 1,
                ngettext(
                    "this row has {count} cell; the first row has {width}",
                    "this row has {count} cells; the first row has {width}",
                    len(cells),
                ).format(count=len(cells), width=width),
            )
        for x, (column, status, mine) in enumerate(cells):
            columns[(x, y)] = column
            if mine == "1":
                if status == UNCOVERED:
                    raise BoardFileError(y + 1, column, _("an uncovered cell cannot hold a mine"))
                mines.add((x, y))
            if status == UNCOVERED:
                revealed.add((x, y))
            elif status == FLAGGED:
                flagged.add((x, y))
            elif status == MARKED:
                marked.add((x, y))
    height = len(lines)
    problem = out_of_bounds(width, height, len(mines))
    if problem is not None:
        last_row = problem.measure is Measure.HEIGHT
        raise BoardFileError(height if last_row else 1, 1, out_of_bounds_message(problem))
    if len(revealed) + len(mines) == width * height:
        raise BoardFileError(1, 1, _("nothing is left to play: every safe cell is uncovered"))
    return BoardFile(
        width,
        height,
        frozenset(mines),
        frozenset(revealed),
        frozenset(flagged),
        frozenset(marked),
    )


def _cells(line: str, number: int) -> list[tuple[int, str, str]]:
    """The (column, status, mine) of each cell on one line; columns are 1-based."""
    cells: list[tuple[int, str, str]] = []
    index = 0
    while index < len(line):
        char = line[index]
        if char in " \t\r":
            index += 1
            continue
        pair = line[index : index + 2]
        if char not in (UNCOVERED, COVERED, FLAGGED, MARKED):
            raise BoardFileError(
                number,
                index + 1,
                _(
                    "“{char}” is not a cell status: use 0 (uncovered), 1 (covered),"
                    " 2 (flagged) or 3 (covered, marked ?)"
                ).format(char=char),
            )
        if len(pair) < 2 or pair[1] not in "01":
            raise BoardFileError(
                number,
                index + 2,
                _("a cell's second digit says whether it holds a mine: 0 (no) or 1 (yes)"),
            )
        cells.append((index + 1, pair[0], pair[1]))
        index += 2
    if not cells:
        raise BoardFileError(number, 1, _("this row is empty"))
    return cells
