"""What a move did, in words: only what it did."""

from __future__ import annotations

from buscaminas.core.engine import Action, Minesweeper, Move, Termination
from buscaminas.game import narration


def test_an_expand_that_wins_does_not_claim_the_mines_the_win_flags() -> None:
    """Mines at 1 1 and 3 1 of a 3×3 board: with 1 1 flagged, expanding the 1 at 1 2
    reveals 2 1 and wins, and the win flags 3 1, which that 1 never touched."""
    game = Minesweeper.from_layout(3, 3, {(0, 0), (2, 0)})
    game.act(Move(Action.TRY, (1, 2)))
    game.act(Move(Action.FLAG, (0, 0)))
    done = game.act(Move(Action.EXPAND, (0, 1)))
    assert done.end is Termination.WON and done.flagged == ((2, 0),)
    assert not any("Flagged" in line for line in narration.outcome(done, game, 3.0))
