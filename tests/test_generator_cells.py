"""The generator's index tables: spreading a mask by shifts is the neighbourhoods' union."""

from __future__ import annotations

import random

import pytest

from buscaminas.core.generator.cells import bits, cells_of, mask_of


@pytest.mark.parametrize(("width", "height"), [(1, 1), (1, 5), (5, 1), (3, 12), (9, 9), (30, 16)])
def test_spread_adds_exactly_the_neighbours(width: int, height: int) -> None:
    cells = cells_of(width, height)
    rng = random.Random(width * 100 + height)
    for _ in range(100):
        size = len(cells.points)
        mask = rng.getrandbits(size) & rng.getrandbits(size) & rng.getrandbits(size)
        expected = mask
        for cell in bits(mask):
            expected |= cells.masks[cell]
        assert cells.spread(mask) == expected


@pytest.mark.parametrize("size", [1, 64, 128, 129, 480, 9801])
def test_bits_lists_the_set_bits_lowest_first(size: int) -> None:
    rng = random.Random(size)
    for _ in range(20):
        dense = rng.getrandbits(size) & rng.getrandbits(size)
        sparse = sum(1 << at for at in {rng.randrange(size) for _ in range(3)})
        for mask in (dense, sparse):
            assert list(bits(mask)) == [at for at in range(size) if mask >> at & 1]


@pytest.mark.parametrize("size", [1, 64, 480, 9801])
def test_mask_of_sets_the_bits_of_the_indices_given(size: int) -> None:
    rng = random.Random(size)
    for count in (0, 1, size // 3, size):
        indices = rng.sample(range(size), count)
        assert sorted(bits(mask_of(indices))) == sorted(indices)
