"""Boards in MBF, the binary board format other Minesweeper tools exchange
(JSMinesweeper's analyser opens it, Metasweeper and Minesweeper X write it).

Four header bytes, the width, the height and the mine count (big-endian, 16
bits), then two bytes per mine, its x and its y, counted from 0.  It holds the
mines alone: a board read from it starts with every cell covered.  A file is
read only when every byte is accounted for, so that another binary file is
refused by name rather than dealt as some board.
"""

from __future__ import annotations

from ..core.grid import Point
from ..core.limits import out_of_bounds
from ..i18n import _
from .presets import out_of_bounds_message

HEADER_BYTES = 4
SUFFIX = ".mbf"


class MbfError(ValueError):
    """Bytes that are not an MBF board; ``str()`` says what is wrong, in words."""


def dump(width: int, height: int, mines: frozenset[Point]) -> bytes:
    """The board as MBF, its mines row by row, so the same board gives the same bytes."""
    data = bytearray([width, height, *len(mines).to_bytes(2, "big")])
    for x, y in sorted(mines, key=lambda cell: (cell[1], cell[0])):
        data += bytes((x, y))
    return bytes(data)


def parse(data: bytes) -> tuple[int, int, frozenset[Point]]:
    """The width, height and mines ``data`` holds; :class:`MbfError` if it is no board."""
    if len(data) < HEADER_BYTES:
        raise MbfError(
            _("an MBF board starts with four bytes (width, height, mines); this file has {count}")
            .format(count=len(data))
        )
    width, height = data[0], data[1]
    count = int.from_bytes(data[2:4], "big")
    problem = out_of_bounds(width, height, count)
    if problem is not None:
        raise MbfError(out_of_bounds_message(problem))
    expected = HEADER_BYTES + 2 * count
    if len(data) != expected:
        raise MbfError(
            _("an MBF board of {mines} mines takes {expected} bytes; this file has {count}")
            .format(mines=count, expected=expected, count=len(data))
        )
    mines: set[Point] = set()
    for index in range(count):
        x, y = data[HEADER_BYTES + 2 * index], data[HEADER_BYTES + 2 * index + 1]
        if x >= width or y >= height:
            raise MbfError(
                _(
                    "mine {number} is at x {x}, y {y} (counted from 0),"
                    " off a board of {width}×{height}"
                ).format(
                    number=index + 1, x=x, y=y, width=width, height=height
                )
            )
        if (x, y) in mines:
            raise MbfError(
                _(
                    "mine {number} is at x {x}, y {y} (counted from 0),"
                    " where another mine already is"
                ).format(
                    number=index + 1, x=x, y=y
                )
            )
        mines.add((x, y))
    return width, height, frozenset(mines)
