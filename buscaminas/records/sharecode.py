"""Share codes: letters that name a board exactly, so two players can race on it.

A code must deal the same board for as long as anyone keeps it.  Two kinds
do that, both written in Douglas Crockford's base 32 (no I, L, O or U to
misread) in groups of four, ``1G4Z-7KQ2-M0XA-93TC-8PQW``:

- A *layout code* carries the mines themselves, as their rank among all the
  ways to lay that many mines on the cells other than the first: nothing
  but this module decides what it deals, so no change to the generator can
  change it.  It is used wherever it takes at most :data:`LAYOUT_LETTERS`
  letters: beginner and the small boards, where most of a code's letters
  would be spent on the seed anyway.
- A *seed code* names the size, mines, kind, first cell and seed, and the
  generator version that deals from them (twenty letters): larger boards'
  layouts take too many letters to type.  The generator keeps the path of
  every version it has named (:data:`buscaminas.core.generator.VERSION`), and a
  test pins what each version deals from hundreds of codes.

Three check letters end every code: a Reed–Solomon code over GF(32), so
any one, two or three letters changed (a typo, two neighbours swapped) fail
the check, and a single wrong letter can be located and put right.

The codes of earlier versions had sixteen letters and a check of four bits
that let one typo in sixteen deal another board; they are refused with a
message of their own (:class:`OlderCode`).
"""

import math
import unicodedata
from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import NamedTuple

from ..core.board import BoardKind
from ..core.grid import Point
from ..core.limits import MIN_SIDE, out_of_bounds

SEED_BITS = 30
"""Seeds are drawn below 2**30: a billion boards of each size is plenty, and short."""
LAYOUT_LETTERS = 24
"""The longest layout code: at most one group longer than a seed code.  Beyond it a
board's layout takes too many letters to type, and its code is a seed code."""
SHORTEST = 20
"""Every code has at least five groups, so that none has the sixteen letters of the
codes of earlier versions."""
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_SYMBOLS = {letter: symbol for symbol, letter in enumerate(_ALPHABET)}
_READ_AS = str.maketrans({"I": "1", "L": "1", "O": "0"})
"""What Crockford's base 32 reads for the letters it leaves out."""
_GROUP = 4
_CHECK_LETTERS = 3
_OLDER_LETTERS = 16
"""The length of every code written before layout codes and the strong check."""


class Form(IntEnum):
    """What a code carries, in its lowest three bits; the other values are kept for
    forms to come, and a code with one is from a newer version of the game."""

    SEED = 1
    LAYOUT = 2


_FORM_BITS = 3
_BOARD = (("kind", 1), ("width", 7), ("height", 7), ("mines", 14), ("x", 7), ("y", 7))
"""Both forms' board, after the form, lowest bits first."""
_SEED = (("generator", 9), ("seed", SEED_BITS))
"""A seed code's bits after the board: 3 + 43 + 39 = 85, seventeen letters."""


class CodeError(ValueError):
    """A string that is not a share code this version can deal."""


class MalformedCode(CodeError):
    """Not a code: wrong characters, a length no code has, or a board that cannot exist.
    ``fix``: the code meant, when punctuation other than a hyphen is all that is wrong
    (``R0SE.HS08_3GW0``), or that and a slip :class:`MistypedCode` puts right."""

    def __init__(self, text: object, fix: str | None = None) -> None:
        super().__init__(text)
        self.fix = fix


class MistypedCode(CodeError):
    """A code with a letter wrong, swapped, missing or extra: it fails the check."""

    def __init__(self, text: str, letters: str) -> None:
        super().__init__(text)
        self._letters = letters

    @property
    def fix(self) -> str | None:
        """The one code a single letter changed, two neighbours swapped, a letter left out
        or put in makes of the text, when there is exactly one; None otherwise.  Looked
        for when asked (some hundreds of candidates), not whenever a check fails."""
        return _fix(self._letters)


class NewerCode(CodeError):
    """A code written by a newer version of the game."""


class OlderCode(CodeError):
    """A code of the sixteen-letter form of earlier versions, no longer dealt."""


class ShareCode(NamedTuple):
    """A board named exactly: its mines (``layout``), or what the generator of version
    ``generator`` needs to deal them again (``seed``)."""

    width: int
    height: int
    mines: int
    kind: BoardKind
    seed: int
    first: Point
    generator: int
    """The generator version that deals from the seed; 0 in a layout code, which needs none."""
    layout: frozenset[Point] | None = None

    def __str__(self) -> str:
        number, letters = self._packed()
        return _written(_checked(_digits(number, letters - _CHECK_LETTERS)))

    def _packed(self) -> tuple[int, int]:
        """The code's number and its length in letters."""
        board = {
            "kind": 1 if self.kind is BoardKind.NO_GUESS else 0,
            "width": self.width - MIN_SIDE,
            "height": self.height - MIN_SIDE,
            "mines": self.mines,
            "x": self.first[0],
            "y": self.first[1],
        }
        if self.layout is not None:
            number = _pack(_BOARD, board, Form.LAYOUT)
            rank = _rank(_cells_but_first(self), self.layout)
            return number | rank << _LAYOUT_HEADER, _layout_letters(self)
        values = {**board, "generator": self.generator, "seed": self.seed % 2**SEED_BITS}
        return _pack(_BOARD + _SEED, values, Form.SEED), SHORTEST

    def with_layout(self, mines: Iterable[Point]) -> "ShareCode":
        """The code carrying ``mines`` when it stays short enough to type, else this one."""
        carried = self._replace(seed=0, generator=0, layout=frozenset(mines))
        return carried if _layout_letters(carried) <= LAYOUT_LETTERS else self


_LAYOUT_HEADER = _FORM_BITS + sum(bits for _name, bits in _BOARD)


def _layout_letters(code: ShareCode) -> int:
    """How long the layout code of ``code``'s board is: every one of its size and mine
    count has the same length, so a letter more or less is always a typo."""
    cells = code.width * code.height - 1
    if _log2_comb(cells, code.mines) > LAYOUT_LETTERS * 5:
        return LAYOUT_LETTERS + _GROUP  # far too long: no need to count it exactly
    bits = _LAYOUT_HEADER + max(math.comb(cells, code.mines) - 1, 1).bit_length()
    data = -(-bits // 5)
    return max(SHORTEST, -(-(data + _CHECK_LETTERS) // _GROUP) * _GROUP)


def _log2_comb(total: int, chosen: int) -> float:
    """About log₂ C(total, chosen), at once however big."""
    lgamma = math.lgamma
    return (lgamma(total + 1) - lgamma(chosen + 1) - lgamma(total - chosen + 1)) / math.log(2)


def parse(text: str) -> ShareCode:
    """The board ``text`` names; a :class:`CodeError` that says why if none."""
    letters = "".join(text.split()).replace("-", "").upper()
    letters = letters.translate(_READ_AS)
    if not letters.isascii() or not letters.isalnum():
        raise MalformedCode(text, _without_punctuation(text))
    if len(letters) == _OLDER_LETTERS:
        raise OlderCode(text)
    lengths = range(SHORTEST, LAYOUT_LETTERS + 1, _GROUP)
    if len(letters) in lengths:
        code = _read(letters)
        if code is not None:
            return code
    elif not any(abs(len(letters) - length) == 1 for length in lengths):
        raise MalformedCode(text)
    raise MistypedCode(text, letters)


def _without_punctuation(text: str) -> str | None:
    """The code ``text`` names once its punctuation and symbols (a dot, a comma, an
    underscore, a long dash) are taken out, if it then names one, a slip put right
    included."""
    kept = "".join(
        character for character in text if unicodedata.category(character)[0] not in "PS"
    )
    if kept == text:
        return None
    try:
        return str(parse(kept))
    except MistypedCode as mistyped:
        return mistyped.fix
    except CodeError:
        return None


def _read(letters: str) -> ShareCode | None:
    """The code ``letters`` spell, or None when they fail the check; a code that passes
    it but names what cannot be dealt raises :class:`NewerCode` or :class:`MalformedCode`."""
    if len(letters) % _GROUP or not SHORTEST <= len(letters) <= LAYOUT_LETTERS:
        return None
    if not _SYMBOLS.keys() >= set(letters):
        return None
    symbols = [_SYMBOLS[letter] for letter in letters]
    if not _valid(symbols):
        return None
    number = 0
    for symbol in symbols[:-_CHECK_LETTERS]:
        number = number << 5 | symbol
    form = number & (1 << _FORM_BITS) - 1
    if form not in set(Form):
        raise NewerCode(letters)
    fields = _BOARD if form == Form.LAYOUT else _BOARD + _SEED
    values, rest = _unpack(fields, number >> _FORM_BITS)
    width, height = values["width"] + MIN_SIDE, values["height"] + MIN_SIDE
    first, mines = (values["x"], values["y"]), values["mines"]
    if out_of_bounds(width, height, mines) is not None or not (
        first[0] < width and first[1] < height
    ):
        raise MalformedCode(letters)
    kind = BoardKind.NO_GUESS if values["kind"] else BoardKind.CLASSIC
    code = ShareCode(width, height, mines, kind, values.get("seed", 0), first, 0)
    if form == Form.SEED:
        if rest or len(letters) != SHORTEST:
            raise MalformedCode(letters)
        return code._replace(generator=values["generator"])
    cells = _cells_but_first(code)
    if rest >= math.comb(len(cells), mines) or len(letters) != _layout_letters(code):
        raise MalformedCode(letters)
    return code._replace(layout=_unrank(cells, mines, rest))


def _fix(letters: str) -> str | None:
    """The one code that a single letter changed, two neighbours swapped, or a letter
    left out or put in makes of ``letters``; None when none does, or more than one."""
    found = set()
    for candidate in _one_slip_away(letters):
        try:
            if _read(candidate) is not None:
                found.add(candidate)
        except CodeError:
            continue
        if len(found) > 1:
            return None
    return _written([_SYMBOLS[letter] for letter in found.pop()]) if found else None


def _one_slip_away(letters: str) -> Iterator[str]:
    """Every string one slip from ``letters``: a letter changed or two neighbours swapped
    when it has a code's length, a letter left out or put in when it is one off."""
    for place in range(len(letters) + 1):
        before, after = letters[:place], letters[place:]
        if len(letters) % _GROUP == 1 and after:
            yield before + after[1:]
        elif len(letters) % _GROUP == _GROUP - 1:
            yield from (before + letter + after for letter in _ALPHABET)
        elif len(letters) % _GROUP == 0 and after:
            yield from (before + letter + after[1:] for letter in _ALPHABET if letter != after[0])
            if len(after) > 1 and after[0] != after[1]:
                yield before + after[1] + after[0] + after[2:]


# --- the numbers ---------------------------------------------------------------------


def _pack(fields: tuple[tuple[str, int], ...], values: dict[str, int], form: Form) -> int:
    number, place = int(form), _FORM_BITS
    for name, bits in fields:
        number |= values[name] << place
        place += bits
    return number


def _unpack(fields: tuple[tuple[str, int], ...], number: int) -> tuple[dict[str, int], int]:
    """The fields' values, lowest first, and the number left above them."""
    values = {}
    for name, bits in fields:
        values[name], number = number & (1 << bits) - 1, number >> bits
    return values, number


def _cells_but_first(code: ShareCode) -> list[Point]:
    """The cells a layout code's mines may be on, in reading order: all but the first
    cell, which is never a mine."""
    return [
        (x, y) for y in range(code.height) for x in range(code.width) if (x, y) != code.first
    ]


def _rank(cells: list[Point], mines: frozenset[Point]) -> int:
    """The rank of ``mines`` among the sets of that many ``cells`` (the combinatorial
    number system): every rank below the number of such sets names one."""
    places = sorted(cells.index(mine) for mine in mines)
    return sum(math.comb(place, order + 1) for order, place in enumerate(places))


def _unrank(cells: list[Point], count: int, rank: int) -> frozenset[Point]:
    mines = []
    place = len(cells)
    for order in range(count, 0, -1):
        place -= 1
        while math.comb(place, order) > rank:
            place -= 1
        rank -= math.comb(place, order)
        mines.append(cells[place])
    return frozenset(mines)


def _digits(number: int, count: int) -> list[int]:
    return [number >> 5 * place & 31 for place in reversed(range(count))]


def _written(symbols: list[int]) -> str:
    letters = "".join(_ALPHABET[symbol] for symbol in symbols)
    return "-".join(letters[i : i + _GROUP] for i in range(0, len(letters), _GROUP))


# --- the check: Reed–Solomon over GF(32) ---------------------------------------------------

_EXP = [1] * 62
for _power in range(1, 62):
    _EXP[_power] = _EXP[_power - 1] << 1
    if _EXP[_power] & 32:
        _EXP[_power] ^= 0b100101  # x⁵ + x² + 1, primitive
_LOG = {_EXP[power]: power for power in range(31)}


def _times(a: int, b: int) -> int:
    return 0 if a == 0 or b == 0 else _EXP[_LOG[a] + _LOG[b]]


def _generator_polynomial() -> list[int]:
    """(x − α)(x − α²)(x − α³), highest power first: its roots make any three letters
    changed show, and any one locatable, in a code of up to 31 letters."""
    polynomial = [1]
    for power in range(1, _CHECK_LETTERS + 1):
        root = _EXP[power]
        shifted, scaled = [*polynomial, 0], [0, *polynomial]
        polynomial = [high ^ _times(root, low) for high, low in zip(shifted, scaled, strict=True)]
    return polynomial


_GENERATOR = _generator_polynomial()


def _checked(symbols: list[int]) -> list[int]:
    """``symbols`` followed by their check letters: the remainder of dividing them,
    shifted by three places, by the generator polynomial."""
    remainder = [0] * _CHECK_LETTERS
    for symbol in symbols:
        feedback = symbol ^ remainder[0]
        remainder = [*remainder[1:], 0]
        remainder = [
            value ^ _times(coefficient, feedback)
            for value, coefficient in zip(remainder, _GENERATOR[1:], strict=True)
        ]
    return symbols + remainder


_ROOT_TIMES = [
    [_times(value, _EXP[power]) for value in range(32)] for power in range(1, _CHECK_LETTERS + 1)
]
"""Every symbol times α, α² and α³, looked up: a fix tries hundreds of codes."""


def _valid(symbols: list[int]) -> bool:
    """Whether the code's polynomial vanishes at α, α² and α³, as only an unchanged
    code's (or one at least four letters away) does."""
    for times in _ROOT_TIMES:
        value = 0
        for symbol in symbols:
            value = times[value] ^ symbol
        if value:
            return False
    return True
