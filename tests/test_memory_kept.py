"""What a game keeps as it goes and once it is over: the solver's counts are bounded by
the positions read now, not by how long the game has gone on; a finished game keeps
nothing of its analysis; and its record is scored move by move, not by playing the
whole game again at its end."""

from __future__ import annotations

import itertools
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from buscaminas.core.scoring import Score
from buscaminas.core.solver import component, counting
from buscaminas.core.solver.remembered import Remembered
from buscaminas.game.commands import Command, Verb
from buscaminas.game.journal import Journal
from buscaminas.game.keeper import Keeper
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.records.storage import Store
from tests.cells_support import picks
from tests.loop_support import session_on

MINES = {(0, 0), (0, 3), (4, 3)}
"""The mines of :func:`~tests.loop_support.session_on`'s board."""

LONG_GAME_MOVES = 1500
"""AI moves of a 99×99/2000 game: a third of it, past hundreds of components."""
MOST_REMEMBERED = 128
"""The component counts kept between the position read now and the one before it: their
components and those of the boards the AI weighed beside them (52 at most in this game),
never the game's history (some 600 after these moves when nothing was let go)."""


def session_of(width: int, height: int, mines: int, seed: int, data: Path) -> Session:
    warnings: list[str] = []
    store = Store(data / "games.sqlite3", on_warning=warnings.append)
    settings = Settings(width, height, mines, seed=seed, no_guess=False)
    return Session(settings, Keeper(store), legend=[])


def replayed_score(session: Session) -> Score:
    """The score of the session's game as its journal plays it again from the start."""
    game, outcomes = session.current.journal.rebuild()
    return Score.of(outcomes, game.number)


# --- the solver's counts ----------------------------------------------------------------


def test_counts_neither_of_the_last_two_positions_used_are_let_go() -> None:
    kept: Remembered[str, int] = Remembered(most=100)
    kept.put("gone", 1)
    kept.put("used again", 2)
    kept.next_position()
    assert kept.get("used again") == 2
    kept.put("new", 3)
    kept.next_position()  # "gone" was used by neither this position nor the one before
    assert kept.get("gone") is None
    assert (kept.get("used again"), kept.get("new"), len(kept)) == (2, 3, 2)


def test_within_a_position_the_least_recently_used_count_goes_first() -> None:
    kept: Remembered[str, int] = Remembered(most=2)
    kept.put("first", 1)
    kept.put("second", 2)
    assert kept.get("first") == 1  # used again: the second is now the oldest
    kept.put("third", 3)
    assert (kept.get("first"), kept.get("second"), kept.get("third")) == (1, None, 3)


@pytest.mark.slow
def test_the_counts_kept_stay_bounded_over_a_long_ai_game(tmp_path: Path) -> None:
    counting.forget()
    session = session_of(99, 99, 2000, 3, tmp_path)
    session.handle(Command(Verb.TRY, (49, 49)))
    session.handle(Command(Verb.AUTO))
    most = 0
    for _move in range(LONG_GAME_MOVES):
        assert session.ai_playing
        session.ai_step()
        most = max(most, len(component._counted), len(component._too_wide))
    assert most <= MOST_REMEMBERED


# --- a game over ------------------------------------------------------------------------


def test_a_finished_game_keeps_nothing_of_its_analysis(tmp_path: Path) -> None:
    session = session_of(16, 16, 40, 5, tmp_path)
    session.handle(Command(Verb.TRY, (8, 8)))
    session.handle(Command(Verb.AUTO))
    while session.ai_playing:
        session.ai_step()
        if session.ai_playing:
            assert counting._last_read, "the AI's analysis is kept while the game goes on"
    assert session.current.game.end is not None
    assert not counting._last_read
    assert (len(component._counted), len(component._too_wide)) == (0, 0)


def test_a_finished_game_is_recorded_without_playing_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = session_on(tmp_path)  # 5×4, mines at 1 1, 1 4 and 5 4 (1-based)
    game = session.current.game
    session.handle(Command(Verb.FLAG, (0, 0)))
    session.handle(Command(Verb.FLAG, (0, 0)))  # put and taken off: two board commands
    safe = [(x, y) for y in range(4) for x in range(5) if (x, y) not in MINES]

    def refused(journal: Journal, moves: int | None = None) -> object:
        raise AssertionError("the game was played again to record it")

    for cell in safe:
        if game.is_revealed(cell):
            continue
        if game.hidden_safe == 1:  # the winning move: recorded with the journal untouched
            monkeypatch.setattr(Journal, "rebuild", refused)
        session.handle(Command(Verb.TRY, cell))
    monkeypatch.undo()
    assert game.end is not None
    record = session.records[-1]
    assert record.won
    assert (record.board_commands, record.points) == replayed_score(session)
    assert record.points > 0  # played by hand: the points are the player's


VERBS = [Verb.TRY, Verb.FLAG, Verb.EXPAND, Verb.UNDO, Verb.REDO, Verb.HELP]
moves = picks(list(itertools.product(VERBS, range(8), range(7))), min_size=1, max_size=30)
"""From one to thirty commands, each any of the verbs on any cell of the 8×7 board."""


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 1000), moves)
def test_the_score_kept_move_by_move_is_the_replays(
    seed: int, script: list[tuple[Verb, int, int]]
) -> None:
    with tempfile.TemporaryDirectory() as data:
        session = session_of(8, 7, 9, seed, Path(data))
        for verb, x, y in script:
            cell = None if verb in (Verb.UNDO, Verb.REDO, Verb.HELP) else (x, y)
            reply = session.handle(Command(verb, cell))
            assert session.current.score == replayed_score(session)
            if reply.question is not None:
                break
