"""Every pinned share code deals exactly the mines it dealt when it was pinned.

The pins (``tests/data/share_codes.txt``, written by ``python -m
tools.share_codes``) only ever grow: a change that deals other mines from a
pinned code is a bug, or a new generator version that must keep the earlier
path for the codes already shared (:data:`buscaminas.core.generator.VERSIONS`).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from buscaminas.records import sharecode
from tools.share_codes import AT_LEAST, PINS, bitmap, dealt, kind_of, read_pins

PINNED = read_pins()
CHUNKS = 8


def test_every_kind_of_code_has_its_pins() -> None:
    """Layout codes and seed codes, each on no-guess and classic boards, and seed codes
    of every generator version the game deals."""
    from buscaminas.core import generator
    from buscaminas.core.board import BoardKind

    counts = Counter(kind_of(sharecode.parse(code)) for code, _mines in PINNED)
    groups = [f"layout {kind.value}" for kind in BoardKind]
    groups += [
        f"seed {kind.value} generator {version}"
        for kind in BoardKind
        for version in generator.VERSIONS
    ]
    for group in groups:
        assert counts[group] >= AT_LEAST, (group, counts)
    assert len({code for code, _mines in PINNED}) == len(PINNED), "each code pinned once"
    assert PINS.read_text().endswith("\n")


@pytest.mark.parametrize(
    "chunk",
    # The quick suite deals every eighth pin, some of every kind; the full one, all.
    [0, *(pytest.param(chunk, marks=pytest.mark.slow) for chunk in range(1, CHUNKS))],
)
def test_a_pinned_code_deals_its_pinned_mines(chunk: int, tmp_path: Path) -> None:
    for code, mines in PINNED[chunk::CHUNKS]:
        board = sharecode.parse(code)
        assert str(board) == code, "a code reads back and is written the same"
        assert bitmap(board.width, board.height, dealt(board, tmp_path)) == mines, code
