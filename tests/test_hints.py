"""``help`` in words: each kind of proof read as a sentence, in both languages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from buscaminas import hints, i18n
from buscaminas.engine import Minesweeper
from buscaminas.solver import Position
from buscaminas.solver.explain import Reason, ReasonKind

POSITION = Position.parse("#F1\n#21\n#1.", mines=2)


@pytest.fixture
def spanish() -> Iterator[None]:
    i18n.use("es")
    yield
    i18n.use("en")


def test_one_number_leaning_on_a_flag() -> None:
    reason = Reason(ReasonKind.ONE_NUMBER, False, ((0, 0),), ((2, 0),), ((1, 0),))
    assert hints.because(reason, POSITION) == (
        "The 1 at 3 1 already touches the flag at 2 1, so 1 1 is safe."
    )


def test_one_number_with_nowhere_else_for_its_mines() -> None:
    reason = Reason(ReasonKind.ONE_NUMBER, True, ((0, 1), (0, 2)), ((1, 1),))
    assert hints.because(reason, POSITION) == (
        "The 2 at 2 2 has nowhere else for its mines, so 1 2 and 1 3 are mines."
    )


def test_two_numbers_sharing_cells() -> None:
    reason = Reason(
        ReasonKind.TWO_NUMBERS, False, ((0, 0),), ((1, 2), (1, 1)), (), ((0, 1), (0, 2)), 1
    )
    assert hints.because(reason, POSITION) == (
        "The 1 at 2 3 and the 2 at 2 2 together leave one mine for 1 2 and 1 3, so 1 1 is safe."
    )


def test_the_whole_frontier_and_the_mine_count() -> None:
    frontier = Reason(ReasonKind.FRONTIER, True, ((0, 0),))
    assert hints.because(frontier, POSITION).startswith("Every way of placing mines")
    count = Reason(ReasonKind.MINE_COUNT, False, ((0, 0), (0, 1), (0, 2)))
    assert hints.because(count, POSITION) == (
        "Only the number of mines left (2) decides it: every way of placing them agrees,"
        " so 1 1, 1 2 and 1 3 are safe."
    )


@pytest.mark.usefixtures("spanish")
def test_the_same_proof_in_spanish() -> None:
    reason = Reason(ReasonKind.ONE_NUMBER, False, ((0, 0),), ((2, 0),), ((1, 0),))
    assert hints.because(reason, POSITION) == (
        "El 1 de 3 1 ya toca la bandera de 2 1, así que 1 1 es segura."
    )


@pytest.mark.parametrize(
    ("probability", "shown"),
    [(0.0, "0%"), (0.004, "<1%"), (0.125, "13%"), (0.5, "50%"), (0.996, ">99%"), (1.0, "100%")],
)
def test_percentages_never_round_a_possibility_to_a_certainty(
    probability: float, shown: str
) -> None:
    assert hints.percent(probability) == shown


def test_before_the_first_try_every_cell_is_safe() -> None:
    game = Minesweeper(8, 8, 10, seed=1)
    hint = hints.hint(game)
    assert hint.messages[0].startswith("Your first try is always safe.")
    assert hint.rescue is None
    assert hints.chance(game, (3, 3)) == "4 4 is safe: the first try never hits a mine."
