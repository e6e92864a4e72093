"""The rules, driven through ``Minesweeper.act`` as the game, the AI and the benchmarks do."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from buscaminas.core.engine import Action, BoardError, Minesweeper, Move, Notice, Termination
from tests.cells_support import picks
from tests.play_support import assert_engine_invariants, play

TRY, FLAG, EXPAND = Action.TRY, Action.FLAG, Action.EXPAND


def board(*rows: str) -> Minesweeper:
    """A game from a picture: ``*`` is a mine, anything else a safe hidden cell."""
    mines = {(x, y) for y, row in enumerate(rows) for x, char in enumerate(row) if char == "*"}
    return Minesweeper.from_layout(len(rows[0]), len(rows), mines)


def test_first_try_is_never_a_mine_and_opens_when_density_allows() -> None:
    for seed in range(200):
        game = Minesweeper(9, 9, 10)
        outcome = play(game, Move(TRY, (4, 4)), seed)
        assert outcome.end is None
        assert game.number((4, 4)) == 0


def test_first_try_is_safe_even_when_the_board_is_nearly_full() -> None:
    for seed in range(50):
        game = Minesweeper(3, 3, 8)
        outcome = play(game, Move(TRY, (0, 0)), seed)
        assert outcome.end is Termination.WON
        assert game.number((0, 0)) == 3


def test_same_seed_and_first_cell_give_the_same_board() -> None:
    first, second, other = (Minesweeper(16, 16, 40) for _ in range(3))
    play(first, Move(TRY, (3, 3)), 7)
    play(second, Move(TRY, (3, 3)), 7)
    assert first.rows() == second.rows()
    play(other, Move(TRY, (3, 3)), 8)
    assert other.rows() != first.rows()


def test_flood_reveals_in_breadth_first_waves_and_stops_at_numbers() -> None:
    game = board(
        ".....",
        ".....",
        ".....",
        "....*",
    )
    outcome = game.act(Move(TRY, (0, 0)))
    assert outcome.waves[0] == ((0, 0),)
    assert set(outcome.waves[1]) == {(1, 0), (0, 1), (1, 1)}
    distances = {cell: index for index, wave in enumerate(outcome.waves) for cell in wave}
    assert all(distances[cell] == max(cell) for cell in distances)
    assert outcome.end is Termination.WON
    assert game.rows() == (".....", ".....", "...11", "...1F")


def test_flood_does_not_reveal_flagged_cells() -> None:
    game = board("....", "....", "...*")
    game.act(Move(FLAG, (1, 1)))
    game.act(Move(TRY, (0, 0)))
    assert game.rows()[1][1] == "F"


def test_trying_a_flag_changes_nothing_and_says_so() -> None:
    game = board("*..", "...", "...")
    game.act(Move(FLAG, (2, 2)))
    outcome = game.act(Move(TRY, (2, 2)))
    assert outcome.notice is Notice.FLAGGED
    assert not outcome.changed_board
    assert game.rows()[2][2] == "F"


def test_flag_toggles_and_counts_against_mines_left() -> None:
    game = board("*..", "...", "..*")
    assert game.mines_left == 2
    assert game.act(Move(FLAG, (1, 1))).flagged == ((1, 1),)
    assert game.mines_left == 1
    assert game.act(Move(FLAG, (1, 1))).unflagged == ((1, 1),)
    assert game.mines_left == 2


def test_flag_on_a_revealed_cell_is_refused() -> None:
    game = board("*.*", "...", "...")
    game.act(Move(TRY, (1, 2)))
    outcome = game.act(Move(FLAG, (1, 2)))
    assert outcome.notice is Notice.ALREADY_REVEALED
    assert game.flags == frozenset()


def test_expand_reveals_the_rest_when_flags_match_the_number() -> None:
    game = board("*..", "...", "...", "...")
    game.act(Move(TRY, (1, 1)))
    game.act(Move(FLAG, (0, 0)))
    outcome = game.act(Move(EXPAND, (1, 1)))
    assert set(outcome.revealed) >= {(1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)}
    assert outcome.end is Termination.WON


def test_expand_with_a_wrong_flag_loses_and_says_why() -> None:
    game = board("*..", "...", "...")
    game.act(Move(TRY, (1, 1)))
    game.act(Move(FLAG, (2, 0)))
    outcome = game.act(Move(EXPAND, (1, 1)))
    assert outcome.end is Termination.LOST
    assert outcome.notice is Notice.WRONG_FLAG
    assert game.exploded == (0, 0)
    assert game.rows()[0] == "*#X"


def test_expand_flags_every_hidden_neighbour_when_they_must_all_be_mines() -> None:
    game = board("**.", "...", "...")
    game.act(Move(TRY, (2, 2)))
    assert game.rows()[0] == "###"
    outcome = game.act(Move(EXPAND, (0, 1)))
    assert set(outcome.flagged) == {(0, 0), (1, 0)}
    assert game.mines_left == 0


def test_expand_explains_when_nothing_can_be_expanded() -> None:
    game = board("*..", "*..", "...")
    game.act(Move(TRY, (1, 1)))
    assert game.act(Move(EXPAND, (1, 1))).notice is Notice.UNDECIDED
    assert game.act(Move(EXPAND, (2, 2))).notice is Notice.NOT_REVEALED
    for cell in ((1, 0), (2, 0), (2, 1)):
        game.act(Move(FLAG, cell))
    assert game.act(Move(EXPAND, (1, 1))).notice is Notice.TOO_MANY_FLAGS
    game.act(Move(TRY, (2, 2)))
    assert game.act(Move(EXPAND, (2, 2))).notice is Notice.TOO_MANY_FLAGS, "a flag by a 0"
    game.act(Move(FLAG, (2, 1)))
    assert game.act(Move(EXPAND, (2, 2))).notice is Notice.NOTHING_AROUND


def test_losing_shows_every_mine_and_marks_wrong_flags() -> None:
    game = board("*.*", "...", "...")
    game.act(Move(TRY, (1, 2)))
    game.act(Move(FLAG, (1, 0)))
    outcome = game.act(Move(TRY, (0, 0)))
    assert outcome.end is Termination.LOST
    assert game.exploded == (0, 0)
    assert game.rows()[0] == "*X*"
    assert game.act(Move(TRY, (1, 1))).notice is Notice.GAME_OVER


def test_winning_flags_the_mines_left_bare() -> None:
    game = board("*..", "...", "...")
    outcome = game.act(Move(TRY, (2, 2)))
    assert outcome.end is Termination.WON
    assert outcome.flagged == ((0, 0),)
    assert game.mines_left == 0


def test_rescue_reveals_only_a_safe_cell() -> None:
    game = board("*.*.")
    game.act(Move(TRY, (3, 0)))
    assert game.rescue([(0, 0), (2, 0)]) == ()
    (outcome,) = game.rescue([(0, 0), (3, 0), (2, 0), (1, 0)])
    assert outcome.revealed == ((1, 0),)


def test_rescue_takes_a_wrong_flag_off_before_revealing_the_cell_under_it() -> None:
    game = board("*.*.", "....")
    game.act(Move(TRY, (3, 1)))
    game.act(Move(FLAG, (0, 0)))
    game.act(Move(FLAG, (1, 0)))
    unflag, reveal = game.rescue([(0, 0), (1, 0)])
    assert unflag.move == Move(FLAG, (1, 0)) and unflag.unflagged == ((1, 0),)
    assert reveal.move == Move(TRY, (1, 0)) and reveal.revealed == ((1, 0),)
    assert game.flags == {(0, 0)}, "only the wrong flag the reveal needed is taken off"
    assert game.rows() == ("F2##", "###1")


def test_impossible_mine_counts_are_refused() -> None:
    with pytest.raises(BoardError, match="from 1 to 8 mines, not 9"):
        Minesweeper(3, 3, 9)
    with pytest.raises(BoardError):
        Minesweeper(3, 3, 0)


def test_the_engine_never_chooses_mines_a_reveal_needs_them_laid() -> None:
    """Dealing is the session's: a reveal on a board with no mines laid is refused,
    while a flag, which needs no mines, is a move like any other."""
    game = Minesweeper(4, 4, 3)
    assert game.act(Move(FLAG, (0, 0))).flagged == ((0, 0),)
    with pytest.raises(BoardError, match="no mines are laid"):
        game.act(Move(TRY, (2, 2)))
    assert not game.started and game.rescue([(2, 2)]) == ()


def test_a_layout_that_does_not_fit_is_refused_by_the_engine() -> None:
    game = Minesweeper(3, 3, 2)
    with pytest.raises(BoardError, match="a layout of 2 mines"):
        game.lay(frozenset({(0, 0)}))
    with pytest.raises(BoardError, match="cannot hold a mine"):
        Minesweeper.from_layout(3, 3, {(0, 0)}, revealed={(0, 0)})


moves = picks(list(itertools.product(Action, range(6), range(5))), max_size=40)
"""Up to forty moves, each any action on any cell of the 6×5 board."""


def moves_keep_the_invariants(seed: int, mines: int, script: list[tuple[Action, int, int]]) -> None:
    game = Minesweeper(6, 5, mines)
    for action, x, y in script:
        before = game.rows()
        outcome = play(game, Move(action, (x, y)), seed)
        rows = game.rows()
        assert_engine_invariants(game)
        if outcome.notice is not None and outcome.end is None:
            assert rows == before, "a refused move changed the board"
        cells = "".join(rows)
        assert game.mines_left == mines - cells.count("F") - cells.count("X")
        if game.end is not Termination.LOST:
            assert "*" not in cells and "X" not in cells
        hidden_safe = game.hidden_safe
        assert (game.end is Termination.WON) == (game.started and hidden_safe == 0)
        if game.end is not None:
            break


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**6), mines=st.integers(1, 29), script=moves)
def test_any_sequence_of_moves_keeps_the_invariants(
    seed: int, mines: int, script: list[tuple[Action, int, int]]
) -> None:
    moves_keep_the_invariants(seed, mines, script)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**6), mines=st.integers(1, 29), script=moves)
def test_three_hundred_sequences_of_moves_keep_the_invariants(
    seed: int, mines: int, script: list[tuple[Action, int, int]]
) -> None:
    moves_keep_the_invariants(seed, mines, script)
