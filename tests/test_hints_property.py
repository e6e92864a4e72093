"""Every hint is true: random play, right and wrong flags, and each claim held to the layout.

The game is driven through the engine and :mod:`buscaminas.game.hints` directly,
with a deal that remembers the layout, so that every claim a hint makes
(cells safe, cells mines, the numbers it cites, the mines a group holds)
can be checked against the mines themselves, and its words against its claims.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from buscaminas.core import generator
from buscaminas.core.engine import Action, Minesweeper, Move, Termination
from buscaminas.core.grid import Point
from buscaminas.game import hints
from tests.cells_support import some_of
from tests.play_support import assert_hint_true, hidden_layout, play


class RandomPlay(RuleBasedStateMachine):
    """A player who tries, flags (rightly or not), expands and asks for help at random."""

    def __init__(self) -> None:
        super().__init__()
        self.game = Minesweeper(3, 3, 1)
        self.seed = 0

    @property
    def layout(self) -> frozenset[Point]:
        """The mines dealt from the seed at the first ``try``."""
        return hidden_layout(self.game)

    @initialize(data=st.data())
    def first_game(self, data: st.DataObject) -> None:
        self.new_game(data)

    @rule(data=st.data())
    def new_game(self, data: st.DataObject) -> None:
        width = data.draw(st.integers(3, 9), label="width")
        height = data.draw(st.integers(3, 9), label="height")
        low, high = generator.mine_range(width, height)
        mines = data.draw(st.integers(low, min(high, width * height // 3)), label="mines")
        self.seed = data.draw(st.integers(0, 2**32), label="seed")
        self.game = Minesweeper(width, height, mines)

    def cells(self, data: st.DataObject, which: str) -> Point | None:
        game = self.game
        every = [(x, y) for y in range(game.height) for x in range(game.width)]
        if which == "hidden":
            pool = [c for c in every if not game.is_revealed(c) and c not in game.flags]
        elif which == "covered":
            pool = [c for c in every if not game.is_revealed(c)]
        else:
            pool = [c for c in every if game.number(c)]
        return data.draw(st.sampled_from(pool), label=which) if pool else None

    @precondition(lambda self: self.game.end is None)
    @rule(data=st.data())
    def try_a_cell(self, data: st.DataObject) -> None:
        cell = self.cells(data, "hidden")
        if cell is not None:
            play(self.game, Move(Action.TRY, cell), self.seed)

    @precondition(lambda self: self.game.end is None)
    @rule(data=st.data())
    def flag_a_cell(self, data: st.DataObject) -> None:
        cell = self.cells(data, "covered")
        if cell is not None:
            self.game.act(Move(Action.FLAG, cell))

    @precondition(lambda self: self.game.end is None and self.game.started)
    @rule(data=st.data())
    def expand_a_number(self, data: st.DataObject) -> None:
        cell = self.cells(data, "number")
        if cell is not None:
            self.game.act(Move(Action.EXPAND, cell))

    @precondition(lambda self: self.game.end is None)
    @rule(rescue=st.booleans())
    def ask_for_help(self, rescue: bool) -> None:
        hint = hints.hint(self.game)
        if not self.game.started:
            (first,) = hint.targets
            play(self.game, Move(Action.TRY, first), self.seed)
            assert self.game.end is not Termination.LOST, "the first try hint hit a mine"
        assert_hint_true(hint, self.game, self.layout)
        if rescue and hint.rescue is not None:
            for outcome in self.game.rescue(hint.rescue):
                assert outcome.end is not Termination.LOST

    @precondition(lambda self: self.game.end is None)
    @rule(data=st.data())
    def ask_about_a_cell(self, data: st.DataObject) -> None:
        cell = self.cells(data, "covered")
        if cell is None:
            return
        hint = hints.chance(self.game, cell)
        if self.game.started:
            assert_hint_true(hint, self.game, self.layout)

    @invariant()
    def a_lost_game_shows_the_mine_it_hit(self) -> None:
        if self.game.end is Termination.LOST:
            assert self.game.exploded in self.layout


RandomPlay.TestCase.settings = settings(max_examples=150, stateful_step_count=40, deadline=None)
TestRandomPlay = pytest.mark.slow(RandomPlay.TestCase)


@st.composite
def flagged_everywhere(draw: st.DrawFn) -> tuple[Minesweeper, frozenset[Point]]:
    """A game in progress whose every covered cell carries a flag, right or wrong."""
    width = draw(st.integers(2, 6), label="width")
    height = draw(st.integers(2, 6), label="height")
    every = [(x, y) for y in range(height) for x in range(width)]
    layout = draw(some_of(every, at_least=1, at_most=len(every) - 1), label="mines")
    safe = [cell for cell in every if cell not in layout]
    # At least one safe cell stays covered, or the game would be over.
    shown = draw(some_of(safe, at_most=len(safe) - 1), label="shown")
    covered = [cell for cell in every if cell not in shown]
    game = Minesweeper.from_layout(width, height, layout, revealed=shown, flagged=covered)
    return game, layout


@settings(max_examples=60, deadline=None)
@given(flagged_everywhere())
def test_help_when_every_covered_cell_is_flagged(
    case: tuple[Minesweeper, frozenset[Point]],
) -> None:
    assert_help_keeps_the_game_going(case)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(flagged_everywhere())
def test_help_when_every_covered_cell_is_flagged_in_300_games(
    case: tuple[Minesweeper, frozenset[Point]],
) -> None:
    assert_help_keeps_the_game_going(case)


def assert_help_keeps_the_game_going(case: tuple[Minesweeper, frozenset[Point]]) -> None:
    """Whatever the flags, help says something true and keeps the game going: a proof,
    or a wrong flag taken off and the safe cell under it revealed."""
    game, layout = case
    assert game.end is None and game.started
    hint = hints.hint(game)
    assert_hint_true(hint, game, layout)
    if hint.rescue is None:
        assert hint.safe or hint.mines, "no proof and no rescue: the game would be stuck"
        return
    assert "at least one of your flags is wrong" in hint.messages[0]
    *taken_off, revealed = game.rescue(hint.rescue)
    assert revealed.end is not Termination.LOST and revealed.revealed
    (flag,) = taken_off
    assert flag.unflagged == (revealed.move.cell,) and revealed.move.cell not in layout
