"""The board as bitmasks, so that one-number deductions read every number at once.

Late in a 99×99 game some 5,000 numbers touch a hidden cell, nearly all of
them next to mines that a glance proves; reading them one by one, as
:func:`~.local.settle_one_number` does, costs the board.  Here the board is
a few integers, bit ``y * stride + x`` for cell ``(x, y)`` (``stride`` is
the width and one guard column, always clear, so that a shift by one never
wraps a row into the next): the covered cells, the numbers, and the bits of
what each number needs.  A round of deductions over the whole board is then
some hundred big-integer operations, and only the numbers left open at the
end, and the cells settled, are ever looked at one by one.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from functools import cached_property, lru_cache
from itertools import chain, compress
from typing import TypeVar, overload

from ..alphabet import COUNTS, COVERED, Symbol
from ..grid import Grid, Point
from .local import InconsistentPosition, Settled, merge
from .planes import PLANES, Planes, box_count, equal, less, minus, spread


def _digits_table(chosen: Iterable[str]) -> bytes:
    """Position text (as bytes) to binary digits: 1 for the ``chosen`` characters."""
    ones = {ord(char) for char in chosen}
    return bytes(ord("1") if byte in ones else ord("0") for byte in range(256))


_COVERED = _digits_table(COVERED)
_NUMBERS = _digits_table(COUNTS)
_MINES = _digits_table(Symbol.MINE.value)
_NEEDS = tuple(
    _digits_table(char for char, count in COUNTS.items() if count >> plane & 1)
    for plane in range(PLANES)
)
_READ = (_COVERED, _NUMBERS, _MINES, *_NEEDS)
_CODES = bytes(
    sum(1 << flag for flag, table in enumerate(_READ) if table[byte] == ord("1"))
    for byte in range(256)
)
"""Position text (as bytes) to the flags of a cell, bit ``flag`` for ``_READ[flag]``."""
READ_IN_PARTS = 2_000
"""Cells from which a board's masks are read in eight parts (:meth:`Masks.read`): a
mask read in binary digits costs some thirty instructions a cell, in parts some
fifteen, and some forty big-integer operations (as measured on 99×99 and expert
boards)."""
SETTLE_IN_WINDOWS = 2_000
"""Cells a turn of :meth:`Masks.settle` must leave out to read a window of the board
rather than all of it: cutting a window out costs some board-wide shifts."""
_FLAGS = bytes.maketrans(b"01", b"\x00\x01")
"""Binary digits to the bytes :func:`itertools.compress` selects by."""
_NONZERO = bytes([0] + [1] * 255)
"""Bytes to 1 when they are not nought: a byte holding a bit set."""
_PLACES = tuple(tuple(place for place in range(8) if byte >> place & 1) for byte in range(256))
"""The bits set in each byte."""
_NEED_BITS, _NEED_GATHER = 0x01010101, 0x08040201
"""A number's bit of each need plane, a byte apart from the eights up, and the
product that gathers them (no two products' bits meet) into bits 24 to 27."""
_BOX_ROWS, _BOX_GATHER = 0x701C07, 0x102040
"""A box's three rows of three cells, ten bits apart, and the product that
gathers them (no two products' bits meet) into its nine bits, from bit 20."""
_COUNTS = bytes(COUNTS.get(chr(byte), 0) for byte in range(256))
"""Position text (as bytes) to the mines around each number."""

_T = TypeVar("_T")


class Masks:
    """A board's covered cells and numbers as bitmasks (bit ``y * stride + x``).

    ``needs`` holds, for every number, how many mines its covered
    neighbours hold (the mines shown after a loss taken off), bit-sliced;
    ``shown_mines`` is how many mines the board shows.  Two boards' masks are
    equal when all of these are.
    """

    __slots__ = ("covered", "height", "needs", "numbers", "shown_mines", "stride", "width")

    def __init__(
        self,
        width: int,
        height: int,
        covered: int,
        numbers: int,
        needs: Planes,
        shown_mines: int = 0,
    ):
        self.width = width
        self.height = height
        self.stride = width + 1
        self.covered = covered
        self.numbers = numbers
        self.needs = needs
        self.shown_mines = shown_mines

    def _key(self) -> tuple[int, int, int, int, Planes, int]:
        return self.width, self.height, self.covered, self.numbers, self.needs, self.shown_mines

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Masks):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Masks{self._key()!r}"

    @property
    def grid(self) -> Grid:
        return Grid(self.width, self.height)

    @property
    def few(self) -> int:
        """Cells of a mask up to which :meth:`cells` picks them bit by bit rather
        than off the whole board: as measured, reading the board costs about a
        hundred instructions a bit of it, and picking a cell 1,300 and 7 a word."""
        return _geometry(self.width, self.height)[1]

    @property
    def board(self) -> int:
        """Every cell of the board, the guard column left out."""
        return _geometry(self.width, self.height)[0]

    @classmethod
    def read(cls, rows: tuple[str, ...]) -> Masks | None:
        """The masks of a board's rows; None when a number touches more shown
        mines than it shows, which no layout explains."""
        # A character between two rows stands for the guard column; the text is
        # read backwards, the last cell first, as the binary digits of the masks.
        # A big board's is read forwards in eight parts, every eighth byte from
        # the ``k``-th, each byte made the flags of its cell: bit ``flag`` of each
        # byte of part ``k`` is bit ``k`` of that byte of mask ``_READ[flag]``.
        text = "\n".join(rows).encode()
        codes = []
        if len(text) >= READ_IN_PARTS:
            codes = [int.from_bytes(text[k::8].translate(_CODES), "little") for k in range(8)]
            every = _every_byte(len(text) + 7 >> 3)
        else:
            text = text[::-1]

        def mask(table: bytes) -> int:
            if not codes:
                return int(text.translate(table), 2)
            flag = _READ.index(table)
            flags, value = every << flag, 0
            for part, code in enumerate(codes):
                picked = code & flags
                value |= picked << part - flag if part >= flag else picked >> flag - part
            return value

        # Each mask read costs the board: a cell that is neither covered, a mine
        # nor a wrong flag is a number, and only an 8 needs the fourth plane.
        width = len(rows[0])
        covered = mask(_COVERED)
        if b"*" in text or b"X" in text:
            numbers = mask(_NUMBERS)
        else:
            numbers = _geometry(width, len(rows))[0] & ~covered
        needs: Planes = (
            mask(_NEEDS[0]),
            mask(_NEEDS[1]),
            mask(_NEEDS[2]),
            mask(_NEEDS[3]) if b"8" in text else 0,
        )
        shown_mines = 0
        if b"*" in text:
            mines = mask(_MINES)
            shown_mines = mines.bit_count()
            needs, negative = minus(needs, box_count(mines, width + 1))
            if negative & numbers:
                return None
            needs = tuple(plane & numbers for plane in needs)
        return cls(width, len(rows), covered, numbers, needs, shown_mines)

    def reveal(self, shown: Mapping[Point, int]) -> Masks:
        """These masks with the covered cells of ``shown`` shown, needing so many mines."""
        stride = self.stride
        covered, numbers, needs = self.covered, self.numbers, list(self.needs)
        for (x, y), need in shown.items():
            bit = 1 << y * stride + x
            covered &= ~bit
            numbers |= bit
            for plane in range(PLANES):
                if need >> plane & 1:
                    needs[plane] |= bit
        return Masks(self.width, self.height, covered, numbers, tuple(needs), self.shown_mines)

    def around(self, number: Point) -> tuple[Point, ...]:
        """The covered neighbours of ``number``, in :meth:`~..grid.Grid.neighbours` order."""
        x, y = number
        box = _box(self.covered, y * self.stride + x, self.stride)
        start = y * self.width + x
        points = self.grid.points
        return tuple([points[start + step] for step in _offsets(self.width)[box]])

    def holds(self, mask: int, cell: object) -> bool:
        """Whether ``cell`` is a cell of the board set in ``mask``."""
        if not isinstance(cell, tuple) or len(cell) != 2:
            return False
        x, y = cell
        return bool(
            0 <= x < self.width and 0 <= y < self.height and mask >> y * self.stride + x & 1
        )

    def need(self, number: Point) -> int:
        """The mines ``number`` needs among its covered neighbours."""
        x, y = number
        bit = y * self.stride + x
        return sum((plane >> bit & 1) << place for place, plane in enumerate(self.needs))

    def settle(self) -> Settled[Known] | None:
        """What one-number deductions settle, as :func:`~.local.settle_one_number`
        finds it; None when the numbers contradict each other (that function
        then says how).

        One turn finds every number whose need is met by all the cells that
        may still hold one (they are all mines), the next every number whose
        need is met by the mines proved around it (its other covered cells are
        safe), each settling their cells.  A number's turn reads again only
        what the other kind of turn changed, so once the first two turns have
        read the whole board, a turn reads only the numbers next to what the
        turn before settled, and stops the deductions when that is nothing:
        they are sound and each only ever enables more, so they reach what the
        one-by-one reading reaches, in whatever order.  A contradiction (a
        number with more mines proved around it than it shows, or fewer cells
        left that may hold one) leaves a number outside its bounds at the end,
        as the bounds only ever narrow.
        """
        stride, covered, numbers, needs = self.stride, self.covered, self.numbers, self.needs
        bits = stride * self.height
        unknown = maybe = covered
        # Around each cell, the cells that may hold a mine and the mines proved,
        # counted again only when they change (None until then); the mines
        # first, as no 0 shown touches a covered cell.
        most: Planes | None = box_count(covered, stride)
        fewest: Planes | None = (0, 0, 0, 0)
        mines_turn, turn, low, high = True, 0, 0, bits
        while True:
            if bits - (high - low) < SETTLE_IN_WINDOWS:
                if mines_turn:
                    counted = most = most or box_count(maybe, stride)
                else:
                    counted = fewest = fewest or box_count(maybe ^ unknown, stride)
                new = spread(numbers & equal(needs, counted), stride) & unknown
            else:
                new = _settle_window(self, unknown, maybe, mines_turn, low, high)
            if not new and turn:
                break
            unknown ^= new
            if mines_turn:
                fewest = None if new else fewest
            elif new:
                maybe ^= new
                most = None
            if turn and new:
                low, high = _window(new, stride, bits)
            mines_turn, turn = not mines_turn, turn + 1
        mines, safe = maybe ^ unknown, covered ^ maybe
        most = most or box_count(maybe, stride)
        fewest = fewest or box_count(mines, stride)
        reading = numbers & spread(unknown, stride)
        still_needed, too_many = minus(needs, fewest)
        if numbers & (too_many | less(most, needs)):
            return None
        known = Known(self, mines, safe)
        # What each number still needs, read off the bit-planes at its bit, and
        # its open cells, off the 3×3 box of the open cells around it.  Each mask
        # is written out as bytes once, and read a byte (eight cells) at a time:
        # a shift of a mask would cost the board for every number.
        size = (stride * (self.height + 2) >> 3) + 2
        one, two, four, eight = (
            (plane & reading).to_bytes(size, "little") for plane in still_needed
        )
        # Shifted by a row and a column, so that a box's corner is never before bit 0;
        # the three rows of a box lie within ``span`` bytes of its corner's byte.
        boxes = (unknown << stride + 1).to_bytes(size, "little")
        span = (2 * stride + 10 >> 3) + 1
        # The cells of each bit, and how far in bits from a number its box's cells lie.
        at, offsets = _cell_at(self.width, self.height), _offsets(stride)
        still = []
        constraints = []
        numbers_at = reading.to_bytes(size, "little")
        found = numbers_at.translate(_NONZERO)
        byte = found.find(1)
        while byte >= 0:
            # For the byte's eight cells, their needs' bits a byte a plane, and the
            # three rows of their boxes' open cells, ten bits each (see _NEED_BITS, _BOX_ROWS).
            needs_here = eight[byte] | four[byte] << 8 | two[byte] << 16 | one[byte] << 24
            window = int.from_bytes(boxes[byte : byte + span], "little")
            rows = (
                window & 1023
                | (window >> stride & 1023) << 10
                | (window >> 2 * stride & 1023) << 20
            )
            for place in _PLACES[numbers_at[byte]]:
                bit = byte << 3 | place
                box = (rows >> place & _BOX_ROWS) * _BOX_GATHER >> 20 & 511
                still.append(at[bit])
                constraints.append(
                    (
                        [at[bit + step] for step in offsets[box]],
                        (needs_here >> place & _NEED_BITS) * _NEED_GATHER >> 24 & 15,
                    )
                )
            byte = found.find(1, byte + 1)
        try:
            merged = merge(constraints)
        except InconsistentPosition:
            return None
        outside = CellSet(self, unknown & ~spread(reading, stride))
        return Settled(known, still, merged, outside)

    def mask_of(self, cells: Iterable[Point]) -> int:
        """The mask of ``cells``."""
        if isinstance(cells, CellSet) and cells.masks is self:
            return cells.mask
        stride = self.stride
        return sum([1 << y * stride + x for x, y in cells])

    def touching(self, mask: int) -> int:
        """The numbers next to a cell of ``mask``."""
        return self.numbers & spread(mask, self.stride)

    def needing(self, mask: int) -> int:
        """The numbers that need as many mines as they have cells of ``mask`` around."""
        return self.numbers & equal(self.needs, box_count(mask, self.stride))

    def hidden_around(self) -> dict[Point, tuple[Point, ...]]:
        """For every number that touches a covered cell, those cells, row by row."""
        touching = self.numbers & spread(self.covered, self.stride)
        return {number: self.around(number) for number in self.cells(touching)}

    def cells(self, mask: int) -> Iterable[Point]:
        """The cells of ``mask``, row by row.

        A few cells are picked bit by bit; more, with C loops over the board
        (as :func:`read_cells`), which cost the board's size whatever the count.
        """
        at = _cell_at(self.width, self.height)
        mask &= self.board
        if mask.bit_count() <= self.few:
            found = []
            while mask:
                bit = mask.bit_length() - 1
                found.append(at[bit])
                mask ^= 1 << bit
            found.reverse()
            return found
        return compress(at, bin(mask)[:1:-1].encode().translate(_FLAGS))


def read_cells(rows: tuple[str, ...]) -> tuple[dict[Point, int], frozenset[Point], list[Point]]:
    """A board's numbers with the digits they show, its covered cells and its shown mines.

    Each is picked out of the text in one pass of C loops (a byte per cell
    saying whether it is one), not a cell at a time in Python: a 99×99 board
    has ten thousand cells.
    """
    text = "".join(rows).encode()
    points = Grid(len(rows[0]), len(rows)).points

    def flags(table: bytes) -> bytes:
        return text.translate(table).translate(_FLAGS)

    shown = flags(_NUMBERS)
    numbers = dict(
        zip(compress(points, shown), compress(text.translate(_COUNTS), shown), strict=True)
    )
    hidden = frozenset(compress(points, flags(_COVERED)))
    mines = list(compress(points, flags(_MINES))) if b"*" in text else []
    return numbers, hidden, mines


class CellSet(AbstractSet[Point]):
    """The cells of a mask: asked about one by one, made into cells only when listed.

    Off the frontier of a big board lie thousands of cells, all alike; a
    probability looks one up, and hardly anything lists them.
    """

    __slots__ = ("mask", "masks")

    def __init__(self, masks: Masks, mask: int):
        self.masks = masks
        self.mask = mask

    def __contains__(self, cell: object) -> bool:
        return self.masks.holds(self.mask, cell)

    def __iter__(self) -> Iterator[Point]:
        return iter(self.masks.cells(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()


class Known(Mapping[Point, bool]):
    """The cells the deductions settled, read off the board's masks: True for a
    mine.  A big board settles thousands, and most of them are only counted."""

    __slots__ = ("mines", "safe")

    def __init__(self, masks: Masks, mines: int, safe: int):
        self.mines = CellSet(masks, mines)
        self.safe = CellSet(masks, safe)

    def __getitem__(self, cell: Point) -> bool:
        if cell in self.mines:
            return True
        if cell in self.safe:
            return False
        raise KeyError(cell)

    def __contains__(self, cell: object) -> bool:
        return cell in self.mines or cell in self.safe

    def __iter__(self) -> Iterator[Point]:
        return chain(self.mines, self.safe)

    def __len__(self) -> int:
        return len(self.mines) + len(self.safe)


class NeedsOf(Mapping[Point, int]):
    """The mines each number of a board needs among its covered cells, read off
    its masks as a number is asked for."""

    __slots__ = ("_masks",)

    def __init__(self, masks: Masks):
        self._masks = masks

    def __getitem__(self, number: Point) -> int:
        if number not in self:
            raise KeyError(number)
        return self._masks.need(number)

    def __contains__(self, number: object) -> bool:
        return self._masks.holds(self._masks.numbers, number)

    def __iter__(self) -> Iterator[Point]:
        return iter(self._masks.cells(self._masks.numbers))

    def __len__(self) -> int:
        return self._masks.numbers.bit_count()


class CoveredAround(Mapping[Point, tuple[Point, ...]]):
    """:meth:`Masks.hidden_around` read a number at a time, as it is asked for.

    A move reads again only the numbers near what it changed; the whole
    table is worked out only when all of it is wanted.
    """

    def __init__(self, masks: Masks):
        self._masks = masks

    def __getitem__(self, number: Point) -> tuple[Point, ...]:
        cells = self._cells(number)
        if not cells:
            raise KeyError(number)
        return cells

    @overload
    def get(self, number: Point, /) -> tuple[Point, ...] | None: ...

    @overload
    def get(self, number: Point, /, default: tuple[Point, ...] | _T) -> tuple[Point, ...] | _T: ...

    def get(self, number: Point, /, default: object = None) -> object:
        """As ``Mapping.get``, without raising and catching a ``KeyError`` for a
        number with no covered cell around it, as most of an opening's are."""
        return self._cells(number) or default

    def __contains__(self, number: object) -> bool:
        return isinstance(number, tuple) and bool(self._cells(number))

    def _cells(self, number: Point) -> tuple[Point, ...]:
        """The covered cells around ``number``; none when it is no number."""
        masks = self._masks
        return masks.around(number) if masks.holds(masks.numbers, number) else ()

    @cached_property
    def _table(self) -> dict[Point, tuple[Point, ...]]:
        return self._masks.hidden_around()

    def __iter__(self) -> Iterator[Point]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)


def _window(new: int, stride: int, bits: int) -> tuple[int, int]:
    """The bits of a board ``bits`` long that the turn after one that settled ``new``
    reads: the numbers next to those cells, and the 3×3 boxes around them."""
    margin = 2 * stride + 2
    return max(0, (new & -new).bit_length() - 1 - margin), min(bits, new.bit_length() + margin)


def _settle_window(
    masks: Masks, unknown: int, maybe: int, mines_turn: bool, low: int, high: int
) -> int:
    """The cells a turn of :meth:`Masks.settle` settles reading bits ``low`` to
    ``high`` of the masks, cut out: the numbers there whose 3×3 boxes lie within
    them or reach past the board's edge."""
    stride = masks.stride
    cut = (1 << high - low) - 1
    unknown, maybe = unknown >> low & cut, maybe >> low & cut
    needs = tuple(plane >> low & cut for plane in masks.needs)
    first = stride + 1 if low else 0
    last = high - low - (stride + 1 if high < stride * masks.height else 0)
    counted = box_count(maybe if mines_turn else maybe ^ unknown, stride)
    ready = masks.numbers >> low & (1 << last) - (1 << first) & equal(needs, counted)
    return (spread(ready, stride) & unknown) << low


def _box(mask: int, bit: int, stride: int) -> int:
    """The 3×3 box of ``mask`` around bit ``bit``, as nine bits (``3 * row + column``)."""
    corner = bit - stride - 1
    window = mask >> corner if corner >= 0 else mask << -corner
    return window & 7 | (window >> stride & 7) << 3 | (window >> 2 * stride & 7) << 6


@lru_cache(maxsize=8)
def _geometry(width: int, height: int) -> tuple[int, int]:
    """A board's mask of every cell, and :attr:`Masks.few`."""
    stride = width + 1
    row = (1 << width) - 1
    bits = stride * height
    return sum(row << y * stride for y in range(height)), bits * 100 // (1300 + 7 * (bits >> 6))


@lru_cache(maxsize=8)
def _every_byte(size: int) -> int:
    """Bit 0 of each of ``size`` bytes."""
    return int.from_bytes(b"\x01" * size, "little")


@lru_cache(maxsize=8)
def _cell_at(width: int, height: int) -> tuple[Point, ...]:
    """The cell of each bit of a mask (the guard column's bits stand for none)."""
    points = Grid(width, height).points
    at: list[Point] = []
    for y in range(height):
        at += points[y * width : (y + 1) * width]
        at.append(points[0])  # never read: :meth:`Masks.cells` clears the guard column
    return tuple(at)


@lru_cache(maxsize=8)
def _offsets(width: int) -> tuple[tuple[int, ...], ...]:
    """For each 3×3 box of bits around a cell (bit ``3 * row + column``), how far
    from the cell lie the cells set in it, row by row, on a board ``width`` wide.

    Built at a session's first answer on each width: each box is its lowest
    cell before the box without it, made already, rather than nine bits tried."""
    steps = [(bit // 3 - 1) * width + bit % 3 - 1 for bit in range(9)]
    offsets: list[tuple[int, ...]] = [()]
    for box in range(1, 512):
        lowest = box & -box
        offsets.append((steps[lowest.bit_length() - 1], *offsets[box ^ lowest]))
    return tuple(offsets)
