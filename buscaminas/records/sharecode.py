"""Share codes: sixteen letters that name a board exactly, so two players can race on it.

A board is its size, mine count, kind (no-guess or classic), the seed its
layout is dealt from and the first cell tried: the generator deals the same
mines from the same five.  They are packed into 76 bits with a 3-bit format
version in front and a 4-bit check behind (fifteen mistyped letters in sixteen
are caught, not dealt as another board), then written in Douglas Crockford's base 32, which
has no I, L, O or U to misread: ``1G4Z-7KQ2-M0XA-93TC``.
"""

from __future__ import annotations

import zlib
from typing import NamedTuple

from ..core.grid import Point
from ..core.limits import MIN_SIDE, out_of_bounds
from ..core.scoring import BoardKind

VERSION = 4
"""Raised whenever the generator deals other mines from the same request: a code
names a board only together with the generator that dealt it (2: the mask replay;
3: replays that go back to the last proof a repair leaves standing; 4: the mine
total read against numbers apart, no longer by searching every layout)."""
SEED_BITS = 30
"""Seeds are drawn below 2**30: a billion boards of each size is plenty, and short."""
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ_AS = {"I": "1", "L": "1", "O": "0"}
"""What Crockford's base 32 reads for the letters it leaves out."""
_FIELDS = (("version", 3), ("kind", 1), ("width", 7), ("height", 7), ("mines", 14),
           ("x", 7), ("y", 7), ("seed", SEED_BITS))
_CHECK_BITS = 4
_LETTERS = 16
_GROUP = 4


class CodeError(ValueError):
    """A string that is not a share code this version can deal."""


class MalformedCode(CodeError):
    """Wrong letters, wrong length, a failed check or a board that cannot exist."""


class NewerCode(CodeError):
    """A code written by a newer version of the game."""


class OlderCode(CodeError):
    """A code written by an earlier version, whose generator dealt other mines from it."""


class ShareCode(NamedTuple):
    """A board named exactly: what the generator needs to deal the same mines."""

    width: int
    height: int
    mines: int
    kind: BoardKind
    seed: int
    first: Point

    def __str__(self) -> str:
        values = {
            "version": VERSION,
            "kind": 1 if self.kind is BoardKind.NO_GUESS else 0,
            "width": self.width - MIN_SIDE,
            "height": self.height - MIN_SIDE,
            "mines": self.mines,
            "x": self.first[0],
            "y": self.first[1],
            "seed": self.seed % 2**SEED_BITS,
        }
        packed = _pack(values)
        number = (packed << _CHECK_BITS) | _check(packed)
        letters = "".join(
            _ALPHABET[(number >> (5 * place)) & 31] for place in reversed(range(_LETTERS))
        )
        return "-".join(letters[i : i + _GROUP] for i in range(0, _LETTERS, _GROUP))


def parse(text: str) -> ShareCode:
    """The board ``text`` names; a :class:`CodeError` that says why if none."""
    letters = "".join(text.split()).replace("-", "").upper()
    letters = "".join(_READ_AS.get(letter, letter) for letter in letters)
    if len(letters) != _LETTERS or any(letter not in _ALPHABET for letter in letters):
        raise MalformedCode(text)
    number = 0
    for letter in letters:
        number = (number << 5) | _ALPHABET.index(letter)
    check, number = number & ((1 << _CHECK_BITS) - 1), number >> _CHECK_BITS
    values: dict[str, int] = {}
    for name, bits in reversed(_FIELDS):
        values[name], number = number & ((1 << bits) - 1), number >> bits
    if check != _check(_pack(values)):
        raise MalformedCode(text)
    if values["version"] > VERSION:
        raise NewerCode(text)
    if values["version"] == 0:
        raise MalformedCode(text)
    if values["version"] < VERSION:
        raise OlderCode(text)
    width, height = values["width"] + MIN_SIDE, values["height"] + MIN_SIDE
    first = (values["x"], values["y"])
    if out_of_bounds(width, height, values["mines"]) is not None:
        raise MalformedCode(text)
    if not (first[0] < width and first[1] < height):
        raise MalformedCode(text)
    kind = BoardKind.NO_GUESS if values["kind"] else BoardKind.CLASSIC
    return ShareCode(width, height, values["mines"], kind, values["seed"], first)


def _pack(values: dict[str, int]) -> int:
    number = 0
    for name, bits in _FIELDS:
        number = (number << bits) | values[name]
    return number


def _check(number: int) -> int:
    return zlib.crc32(number.to_bytes(10, "big")) & ((1 << _CHECK_BITS) - 1)
