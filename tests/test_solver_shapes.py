"""Components of one shape in a reading are counted once, each keeping its own cells."""

from __future__ import annotations

from typing import Any

import pytest

from buscaminas.core.solver import Position, analyze, component, frontier
from buscaminas.core.solver.budget import Budget
from buscaminas.core.solver.counting import forget
from tests.solver_support import draw_position


def _nine_openings() -> Position:
    """Nine openings alike, a strip of numbers 1 1 2 between two covered rows:
    as scattered openings of a big board leave, each a component of three numbers."""
    mines: set[tuple[int, int]] = set()
    revealed: list[tuple[int, int]] = []
    for left in range(0, 36, 12):
        for top in range(0, 36, 12):
            mines |= {(left, top), (left + 4, top), (left + 3, top + 2)}
            revealed += [(left + x, top + 1) for x in range(1, 4)]
    return draw_position(36, 36, mines, revealed=revealed)


def test_components_of_one_shape_are_counted_once_each_with_its_own_cells(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    position = _nine_openings()
    counted: list[Any] = []
    run = component._Counting.run

    def counting(self: Any, budget: Budget) -> component.Component:
        counted.append(self)
        return run(self, budget)

    monkeypatch.setattr(component._Counting, "run", counting)
    forget()
    shared = analyze(position)
    assert len(counted) == 1
    forget()
    monkeypatch.setattr(frontier, "ALIKE_COMPONENTS", 10)
    alone = analyze(position)
    assert len(counted) == 10
    assert shared.layouts == alone.layouts
    assert shared.tally.mine_layouts == alone.tally.mine_layouts
    assert shared.probability[(1, 0)] == alone.probability[(1, 0)] < 1
    assert shared.probability[(25, 26)] == alone.probability[(25, 26)] > 0
