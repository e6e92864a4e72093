"""Explanations: the simplest proof first, and every proof sound."""

from __future__ import annotations

import sys
from itertools import product

import pytest
from hypothesis import event, given, settings

from benchmarks.shapes import build
from buscaminas.core.grid import Grid, Point
from buscaminas.core.solver import InconsistentPosition, Position, analyze
from buscaminas.core.solver.explain import Reason, ReasonKind, explain
from tests.solver_support import played_positions


def reason_for(text: str, mines: int) -> Reason | None:
    position = Position.parse(text, mines=mines)
    return explain(position, analyze(position))


def test_one_number_with_nothing_left_clears_its_neighbours() -> None:
    assert reason_for(".##\n#2#", 2) == Reason(
        ReasonKind.ONE_NUMBER, mine=False, targets=((1, 0), (0, 1)), numbers=((0, 0),)
    )


def test_one_number_leans_on_a_certain_mine() -> None:
    reason = reason_for("##1.\n#F1.\n111.\n....", 1)
    assert reason == Reason(
        ReasonKind.ONE_NUMBER,
        mine=False,
        targets=((1, 0),),
        numbers=((2, 0),),
        known_mines=((1, 1),),
    )


def test_a_flag_alone_proves_nothing() -> None:
    assert reason_for("F1#", 1) is None


def test_one_number_with_as_many_hidden_cells_as_mines() -> None:
    assert reason_for("#31\n##1", 3) == Reason(
        ReasonKind.ONE_NUMBER, mine=True, targets=((0, 0), (0, 1), (1, 1)), numbers=((1, 0),)
    )


def test_flagged_mines_are_no_news() -> None:
    assert reason_for("F31\n##1", 3) == Reason(
        ReasonKind.ONE_NUMBER,
        mine=True,
        targets=((0, 1), (1, 1)),
        numbers=((1, 0),),
        known_mines=((0, 0),),
    )
    assert reason_for("FF\n22\n..", 2) is None


def test_two_numbers_leave_a_cell_safe() -> None:
    assert reason_for("###\n111", 1) == Reason(
        ReasonKind.TWO_NUMBERS,
        mine=False,
        targets=((2, 0),),
        numbers=((0, 1), (1, 1)),
        group=((0, 0), (1, 0)),
        group_mines=1,
    )


def test_two_numbers_force_mines() -> None:
    assert reason_for("1##\n#3#", 3) == Reason(
        ReasonKind.TWO_NUMBERS,
        mine=True,
        targets=((2, 0), (2, 1)),
        numbers=((0, 0), (1, 1)),
        group=((1, 0), (0, 1)),
        group_mines=1,
    )


def test_the_whole_frontier_decides() -> None:
    assert reason_for("####\n12#1", 2) == Reason(
        ReasonKind.FRONTIER, mine=False, targets=((3, 0),), numbers=((3, 1),)
    )
    assert reason_for("2###\n##21", 3) == Reason(
        ReasonKind.FRONTIER, mine=True, targets=((0, 1),), numbers=((0, 0),)
    )


def test_the_mine_count_decides() -> None:
    assert reason_for("##2\n###", 2) == Reason(
        ReasonKind.MINE_COUNT, mine=False, targets=((0, 0), (0, 1))
    )
    assert reason_for("###\n2##", 4) == Reason(
        ReasonKind.MINE_COUNT, mine=True, targets=((2, 0), (2, 1))
    )


def test_a_hidden_mine_a_proof_leans_on_is_proved_first() -> None:
    # The 1 at 1 1 has one hidden neighbour, 2 1: a mine, which the 1 at
    # 2 2 already touches, so 3 1 is safe.
    mine = Reason(ReasonKind.ONE_NUMBER, mine=True, targets=((1, 0),), numbers=((0, 0),))
    assert reason_for("1##\n111\n...", 1) == Reason(
        ReasonKind.ONE_NUMBER,
        mine=False,
        targets=((2, 0),),
        numbers=((1, 1),),
        known_mines=((1, 0),),
        premises=(mine,),
    )


def test_a_flag_on_a_safe_cell_is_told_first() -> None:
    # The blank at 2 1 shows that the flag at 1 1 is on a safe cell.
    assert reason_for("F...\n..11\n..1#", 1) == Reason(
        ReasonKind.ONE_NUMBER, mine=False, targets=((0, 0),), numbers=((1, 0),)
    )


def test_nothing_certain_means_no_reason() -> None:
    assert reason_for("#1#\n###", 1) is None


# --- every proof is sound -------------------------------------------------------


def value(position: Position, cell: Point) -> int:
    char = position[cell]
    return 0 if char == "." else int(char)


def assert_local_proof(position: Position, reason: Reason) -> None:
    """Only the reason's numbers and known mines, every way to satisfy them
    settles the targets (and puts ``group_mines`` in the group)."""
    grid = Grid(position.width, position.height)
    known = set(reason.known_mines) | {c for c in grid.cells() if position[c] == "*"}
    free = sorted(
        {
            near
            for number in reason.numbers
            for near in grid.neighbours(number)
            if position[near] in "#F?" and near not in known
        }
    )
    assert set(reason.targets) <= set(free) | known
    assert len(free) <= 16
    for bits in product((False, True), repeat=len(free)):
        mines = known | {cell for cell, bit in zip(free, bits, strict=True) if bit}
        if all(
            sum(near in mines for near in grid.neighbours(number)) == value(position, number)
            for number in reason.numbers
        ):
            assert all((target in mines) == reason.mine for target in reason.targets)
            assert sum(cell in mines for cell in reason.group) == reason.group_mines


def assert_certain_whatever_the_total(position: Position, reason: Reason) -> bool:
    """Whether the targets stay certain under every mine total the numbers allow."""
    for mines in range(position.width * position.height + 1):
        try:
            result = analyze(Position(position.rows, mines))
        except InconsistentPosition:
            continue
        if not set(reason.targets) <= (result.mines if reason.mine else result.safe):
            return False
    return True


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(played_positions(max_side=7))
def test_every_reason_is_a_proof(position: Position) -> None:
    result = analyze(position)
    reason = explain(position, result)
    news = result.safe | {cell for cell in result.mines if position[cell] != "F"}
    assert (reason is None) == (not news)
    event("no reason" if reason is None else f"{reason.kind.value}, mine: {reason.mine}")
    if reason is None:
        return
    assert reason.targets
    assert set(reason.targets) <= (result.mines if reason.mine else result.safe)
    wrong_flags = {cell for cell in result.safe if position[cell] == "F"}
    if wrong_flags:
        assert set(reason.targets) <= wrong_flags, "a flag proved wrong is told first"
    grid = Grid(position.width, position.height)
    shown = {cell for cell in grid.cells() if position[cell] == "*"}
    seen = shown | {cell for cell in result.mines if position[cell] == "F"}
    assert set(reason.known_mines) <= result.mines | shown
    proved = {cell for premise in reason.premises for cell in premise.targets}
    assert set(reason.known_mines) <= seen | proved, "every hidden mine leant on is proved"
    for premise in reason.premises:
        assert premise.mine and not premise.premises
        assert set(premise.known_mines) <= seen
        assert premise.kind in (ReasonKind.ONE_NUMBER, ReasonKind.TWO_NUMBERS)
        assert_local_proof(position, premise)
    if reason.kind in (ReasonKind.ONE_NUMBER, ReasonKind.TWO_NUMBERS):
        assert len(reason.numbers) == (1 if reason.kind is ReasonKind.ONE_NUMBER else 2)
        assert_local_proof(position, reason)
    else:
        frontier = assert_certain_whatever_the_total(position, reason)
        assert frontier == (reason.kind is ReasonKind.FRONTIER)


@pytest.mark.parametrize("text", ["#1.\n#1.", "1#\n##"])
def test_safe_news_comes_before_mine_news(text: str) -> None:
    position = Position.parse(text, mines=1)
    result = analyze(position)
    reason = explain(position, result)
    if result.safe:
        assert reason is not None and not reason.mine


def test_past_its_budget_a_hint_tells_one_certain_cell_as_the_count_proves_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 19: the search for the simplest proof is bounded; past its budget the
    hint is still a proof, of one cell, by every layout agreeing."""
    position = Position.parse("1##\n111\n...", mines=1)
    analysis = analyze(position)
    simplest = explain(position, analysis)
    assert simplest is not None and simplest.kind is ReasonKind.ONE_NUMBER
    monkeypatch.setattr(sys.modules["buscaminas.core.solver.explain"], "EXPLAIN_WORK", 0)
    assert explain(position, analysis) == Reason(
        ReasonKind.FRONTIER, mine=False, targets=((2, 0),), numbers=((1, 1), (2, 1))
    )


def test_a_big_boards_one_number_proof_reads_only_the_numbers_it_needs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a 99×99 board with thousands of numbers next to covered cells, the
    simplest proof is found having read a few of them: the numbers it may stand
    on are picked out of the board whole, and read only until one proves."""
    position = build("scatter", 99, 99)
    analysis = analyze(position)
    monkeypatch.setattr(sys.modules["buscaminas.core.solver.explain"], "EXPLAIN_WORK", 400)
    reason = explain(position, analysis)
    assert reason is not None and reason.kind is ReasonKind.ONE_NUMBER


def test_past_its_budget_a_wrong_flag_still_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    position = Position.parse("F...\n..11\n..1#", mines=1)
    monkeypatch.setattr(sys.modules["buscaminas.core.solver.explain"], "EXPLAIN_WORK", 0)
    reason = explain(position, analyze(position))
    assert reason is not None and reason.targets == ((0, 0),) and not reason.mine
