"""``help`` in words: each kind of proof read as a sentence, in both languages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from buscaminas import i18n
from buscaminas.core.engine import Minesweeper
from buscaminas.core.solver import Analysis, Position, analyze
from buscaminas.core.solver.explain import explain
from buscaminas.game import hints
from buscaminas.game.percent import percent
from buscaminas.game.view import Highlight
from buscaminas.ui.icons import highlight_style


@pytest.fixture
def spanish() -> Iterator[None]:
    i18n.use("es")
    yield
    i18n.use("en")


def hint_for(text: str, mines: int) -> hints.Hint:
    position = Position.parse(text, mines=mines)
    reason = explain(position, analyze(position))
    assert reason is not None
    return hints.told(reason, position)


def test_a_hidden_mine_is_proved_by_the_number_that_forces_it() -> None:
    hint = hint_for("1##\n111\n...", 1)
    assert hint.messages == (
        "The 1 at 1 1 has one hidden neighbour, 2 1, so it is a mine;"
        " the 1 at 2 2 already touches that mine, so 3 1 is safe.",
    )
    assert hint.safe == {(2, 0)} and hint.mines == {(1, 0)}
    assert hint.numbers == {(0, 0): 1, (1, 1): 1}
    assert hint.highlight == Highlight(
        targets=frozenset({(2, 0)}), numbers=frozenset({(0, 0), (1, 1)}), mines=frozenset({(1, 0)})
    )


def test_of_the_mines_just_proved_the_one_leaned_on_is_named() -> None:
    """“That mine” would not say which of the two just proved."""
    hint = hint_for("1#12##\n#2#222", 4)
    assert hint.messages == (
        "The 2 at 4 1 has 2 hidden neighbours, 5 1 and 3 2, so they are mines;"
        " the 1 at 3 1 already touches the mine at 3 2, so 2 1 is safe.",
    )


def test_a_flag_on_a_proved_mine_is_cited_as_the_flag() -> None:
    hint = hint_for("##1.\n#F1.\n111.\n....", 1)
    assert hint.messages == ("The 1 at 3 1 already touches the flag at 2 2, so 2 1 is safe.",)
    assert hint.mines == {(1, 1)} and hint.highlight.mines == {(1, 1)}


def test_a_flag_on_a_safe_cell_is_named_as_wrong() -> None:
    hint = hint_for("F...\n..11\n..1#", 1)
    assert hint.messages == (
        "The empty cell at 2 1 touches no mine, so the flag at 1 1 is wrong: no mine is there.",
    )
    assert hint.safe == {(0, 0)} and hint.numbers == {(1, 0): 0}


def test_one_number_with_as_many_hidden_neighbours_as_mines() -> None:
    assert hint_for("#31\n##1", 3).messages == (
        "The 3 at 2 1 has 3 hidden neighbours, 1 1, 1 2 and 2 2, so they are mines.",
    )
    hint = hint_for("F31\n##1", 3)
    assert hint.messages == (
        "The 3 at 2 1 already touches the flag at 1 1 and has 2 other hidden neighbours,"
        " 1 2 and 2 2, so they are mines.",
    )
    assert hint.targets == {(0, 1), (1, 1)} and hint.mines == {(0, 0), (0, 1), (1, 1)}


def test_two_numbers_sharing_cells_claim_the_mines_of_the_shared_cells() -> None:
    hint = hint_for("###\n111", 1)
    assert hint.messages == (
        "The 1 at 1 2 and the 1 at 2 2 together leave one mine for 1 1 and 2 1, so 3 1 is safe.",
    )
    assert hint.counts == (hints.MineCount(frozenset({(0, 0), (1, 0)}), 1),)


def test_the_whole_frontier_and_the_mine_count() -> None:
    frontier = hint_for("####\n12#1", 2)
    assert frontier.messages[0].startswith("Every way of placing mines")
    assert frontier.numbers == {(3, 1): 1}
    count = hint_for("##2\n###", 2)
    assert count.messages == (
        "Only the total of 2 mines decides it: every way of placing them agrees,"
        " so 1 1 and 1 2 are safe.",
    )
    covered = frozenset({(0, 0), (1, 0), (0, 1), (1, 1), (2, 1)})
    assert count.counts == (hints.MineCount(covered, 2),)


@pytest.mark.usefixtures("spanish")
def test_the_same_proof_in_spanish() -> None:
    assert hint_for("1##\n111\n...", 1).messages == (
        "El 1 de 1 1 tiene una sola casilla oculta alrededor, 2 1, así que es una mina;"
        " el 1 de 2 2 ya toca esa mina, así que 3 1 es segura.",
    )


def test_the_board_sets_each_kind_of_cited_cell_apart() -> None:
    highlight = hint_for("1##\n111\n...", 1).highlight
    styles = {highlight_style(highlight, cell) for cell in [(2, 0), (0, 0), (1, 0), (2, 2)]}
    assert len(styles) == 4, "target, number, mine and plain cell each look different"


@pytest.mark.parametrize(
    ("probability", "shown"),
    [(0.0, "0%"), (0.004, "<1%"), (0.125, "13%"), (0.5, "50%"), (0.996, ">99%"), (1.0, "100%")],
)
def test_percentages_never_round_a_possibility_to_a_certainty(
    probability: float, shown: str
) -> None:
    assert percent(probability) == shown


def test_before_the_first_try_every_cell_is_safe() -> None:
    game = Minesweeper(8, 8, 10)
    hint = hints.hint(game)
    assert hint.messages[0].startswith("Your first try is always safe.")
    assert hint.rescue is None
    assert hints.chance(game, (3, 3)).messages == ("4 4 is safe: the first try never hits a mine.",)


def test_help_on_a_board_left_with_flagged_mines_only_says_so() -> None:
    game = Minesweeper.from_layout(3, 1, {(0, 0)}, revealed={(1, 0), (2, 0)}, flagged={(0, 0)})
    hint = hints.hint(game)
    assert hint.messages == ("Nothing is left to find: every covered cell is a mine.",)
    assert hint.rescue is None


def test_an_estimate_is_never_called_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the solver's budget the chances are estimates, and the words say so."""
    real = analyze

    def estimated(position: Position) -> Analysis:
        counted = real(position)
        return Analysis(
            position=position,
            safe=counted.safe,
            mines=counted.mines,
            probability=counted.probability,
            constraints=counted.constraints,
            tally=counted.tally,
            exact=False,
        )

    game = Minesweeper.from_layout(3, 3, {(0, 0)}, revealed=[(1, 1)])  # each 1 in 8
    assert "about" not in hints.chance(game, (0, 0)).messages[0]
    monkeypatch.setattr(hints, "analyze", estimated)
    said = hints.chance(game, (0, 0)).messages[0]
    assert "about" in said and "estimate" in said
