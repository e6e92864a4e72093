"""The session alone, driven by commands as any front end would: no screen at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from buscaminas.core import generator
from buscaminas.core.engine import Termination
from buscaminas.game.commands import Command, Verb
from buscaminas.game.keeper import Keeper
from buscaminas.game.questions import Question
from buscaminas.game.screen import Audience
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.records.storage import Store
from tests.loop_support import BOARD, no_guess_fails, session_on


def test_the_cursor_starts_at_the_centre_and_follows_moves_hints_and_the_ai(
    tmp_path: Path,
) -> None:
    session = session_on(tmp_path)
    assert session.view().cursor == (2, 2)
    session.handle(Command(Verb.TRY, (2, 1)))
    assert session.view().cursor == (2, 1)
    session.handle(Command(Verb.HELP))
    assert session.view().highlight.targets == {(4, 3)}, "the hint proves 5 4 a mine"
    assert session.view().cursor == (2, 1), "a key at the cursor must never open a mine"
    session.handle(Command(Verb.FLAG, (4, 3)))
    session.handle(Command(Verb.HELP))
    targets = session.view().highlight.targets
    assert targets and session.view().cursor in targets, "the cell the hint says to open"
    assert session.view().cursor not in session.current.journal.start.mines  # type: ignore[union-attr]
    session.handle(Command(Verb.AUTO, number=1))
    assert session.ai_playing
    session.ai_step()
    assert session.view().cursor in session.view().highlight.targets
    assert not session.ai_playing


def test_steering_stops_at_the_edges(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    for _ in range(9):
        session.steer((-1, 1))
    assert session.view().cursor == (0, 3)


def test_the_deal_waits_for_the_first_try_and_a_failed_search_asks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_guess_fails(monkeypatch, generator.SearchExhausted("too slow"))
    session = session_on(tmp_path, Settings(3, 3, 8, seed=1, no_guess=True))
    assert not session.current.game.started
    reply = session.handle(Command(Verb.TRY, (1, 1)))
    assert reply.question is Question.CLASSIC and not session.current.game.started
    reply = session.answer("")
    assert session.current.game.started and session.current.game.end is not None
    assert reply.question is Question.AGAIN
    assert session.answer("n").leave


def test_a_try_on_a_flag_deals_nothing_so_the_first_reveal_stays_safe(tmp_path: Path) -> None:
    for seed in range(40):
        session = session_on(tmp_path, Settings(9, 9, 10, seed=seed, no_guess=True))
        session.handle(Command(Verb.FLAG, (4, 4)))
        session.handle(Command(Verb.TRY, (4, 4)))  # refused: it has a flag
        assert not session.current.game.started
        session.handle(Command(Verb.TRY, (0, 0)))
        assert session.current.game.end is not Termination.LOST, f"seed {seed}"


def test_a_finished_game_is_recorded_once_and_the_ai_declines_it(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    for cell in [(2, 1), (0, 1), (0, 2), (4, 0), (4, 1), (4, 2), (1, 3), (2, 3), (3, 3)]:
        if session.current.game.end is None:
            session.handle(Command(Verb.TRY, cell))
    assert session.current.game.end is Termination.WON
    assert session.question is Question.AGAIN and len(session.records) == 1
    session.handle(Command(Verb.AUTO))
    assert not session.ai_playing and "game is over" in session.view().messages[0]
    session.handle(Command(Verb.TRY, (0, 0)))
    assert len(session.records) == 1


def test_at_play_again_a_page_looked_at_gives_way_to_the_board_at_what_is_not_an_answer(
    tmp_path: Path,
) -> None:
    """A page at the end says any command returns to the board: so does a word that is
    not an answer, with the question still put."""
    store = Store(tmp_path / "games.sqlite3", on_warning=print)
    settings = Settings(5, 4, 3, board_file=BOARD)
    session = Session(settings, Keeper(store), legend=[], audience=Audience.VIEWER)
    session.handle(Command(Verb.TRY, (0, 0)))  # the board file's mine: lost at once
    assert session.question is Question.AGAIN
    session.answer("stats")
    assert session.view().page is not None and session.question is Question.AGAIN
    assert session.view().messages == ("Type any command to return to the board.",)
    session.answer("bogus")
    view = session.view()
    assert view.page is None and session.question is Question.AGAIN
    assert view.messages == ("Press Enter to play again, or type n to leave.",)
    assert view.rows[0][0] == "*", "the board as the loss left it"


def test_a_non_answer_after_other_words_at_play_again_says_again_what_to_type(
    tmp_path: Path,
) -> None:
    """A refused ``save`` left its words under the board: a word that is no answer then
    would seem to get them for an answer."""
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (0, 0)))  # the board file's mine: lost at once
    reminder = "Press Enter to play again, or type n to leave."
    session.answer("help")
    assert session.view().messages[-1] == reminder
    session.answer(f"save {tmp_path / 'x.txt'}")
    assert session.view().messages == ("The game is over: there is nothing left to save.",)
    session.answer("auto")
    assert session.view().messages[-1] == reminder and session.question is Question.AGAIN
    session.answer("xyz")
    assert session.view().messages.count(reminder) == 1, "said once, not piled up"


def test_a_games_time_is_its_last_moves_as_a_review_shows_it(tmp_path: Path) -> None:
    """The clock read to the millisecond, then to the hundredth: 4.7449 s is 4.745, shown
    4.75 beside the last move and as the game's time alike."""
    clock = [100.0]
    settings = Settings(5, 4, 3, board_file=BOARD)
    store = Store(tmp_path / "games.sqlite3", on_warning=print)
    session = Session(settings, Keeper(store), legend=[], clock=lambda: clock[0])
    session.handle(Command(Verb.TRY, (2, 1)))
    clock[0] += 4.7449
    session.handle(Command(Verb.TRY, (0, 0)))
    (game,) = store.games() or []
    last = session.current.journal.moves[-1]
    assert f"{game.seconds:.2f}" == f"{last.at:.2f}" == "4.75"
    assert f"{session.view().elapsed:.2f}" == "4.75", "the status line's time is the same"


def test_play_again_takes_every_spelling_of_new_and_quit(tmp_path: Path) -> None:
    for answer, leaves in (("nueva", False), ("new", False), ("salir", True), ("q", True)):
        session = session_on(tmp_path)
        session.handle(Command(Verb.TRY, (0, 1)))  # the board file's mine: lost at once
        session.handle(Command(Verb.TRY, (0, 0)))
        assert session.question is Question.AGAIN
        reply = session.answer(answer)
        assert reply.leave is leaves and reply.new_round is not leaves
