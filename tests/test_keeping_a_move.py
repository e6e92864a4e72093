"""Keeping a move costs the move, not the board: the journal's compact form is written
again after every move, and only the new move is encoded; what it writes is what a
journal written whole would be, through moves, undos, redos and refusals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from buscaminas.core.engine import Action, Minesweeper, Move
from buscaminas.game import journal as journal_module
from buscaminas.game.journal import Journal, loads
from tests.cells_support import picks


def dealt(width: int, height: int, mines: int, seed: int) -> Journal:
    rng = random.Random(seed)
    cells = [(x, y) for y in range(height) for x in range(width)]
    journal = Journal(width, height, mines)
    journal.deal(frozenset(rng.sample(cells, mines)))
    return journal


def play(journal: Journal, rng: random.Random, at: float) -> bool:
    """One move of a hidden cell's flag, noted in ``journal``; whether it changed the board."""
    return play_on(journal.game(), journal, rng, at)


def play_on(game: Minesweeper, journal: Journal, rng: random.Random, at: float) -> bool:
    """:func:`play` on ``game``, the game ``journal`` has noted so far, kept by the caller:
    on a big board, replaying the journal before each move would be most of the test."""
    hidden = [
        (x, y) for y in range(journal.height) for x in range(journal.width)
        if not game.is_revealed((x, y))
    ]
    outcome = game.act(Move(Action.FLAG, rng.choice(hidden)))
    return journal.note(outcome, at)


def encoding_calls(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    calls = {"_put": 0, "_put_cells": 0}
    for name in calls:
        real = getattr(journal_module, name)

        def counted(*args: object, name: str = name, real: object = real) -> None:
            calls[name] += 1
            real(*args)  # type: ignore[operator]

        monkeypatch.setattr(journal_module, name, counted)
    return calls


def test_a_move_on_a_big_board_encodes_the_move_not_the_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    journal = dealt(99, 99, 2000, seed=1)
    game = journal.game()
    rng = random.Random(2)
    for number in range(60):
        play_on(game, journal, rng, number * 0.5)
    journal.dumps()  # the game as kept so far
    calls = encoding_calls(monkeypatch)
    play_on(game, journal, rng, 31.0)
    text = journal.dumps()
    assert calls["_put_cells"] == 0, "the start's cells are not encoded again"
    assert calls["_put"] <= 10, f"a move is a few numbers, not the board: {calls}"
    assert loads(text) == journal


@settings(max_examples=40, deadline=None)
@given(picks(["move", "undo", "redo", "dump"], max_size=40), st.integers(0, 9))
def test_what_is_written_move_by_move_is_the_journal_written_whole(
    steps: list[str], seed: int
) -> None:
    journal = dealt(9, 9, 10, seed)
    rng = random.Random(seed)
    for number, step in enumerate(steps):
        if step == "move":
            play(journal, rng, number * 0.25)
        elif step == "undo":
            journal.take_back()
        elif step == "redo":
            waiting = journal.to_put_back()
            if waiting is not None:
                journal.note(journal.game().act(waiting.move), number * 0.25)
        text = journal.dumps()
        assert text == journal.copy().dumps(), step  # a copy writes everything anew
        assert loads(text) == journal
