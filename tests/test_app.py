"""The game loop with a scripted front end: what each command shows, and what it records."""

from __future__ import annotations

import io
import os
import signal
from pathlib import Path
from typing import Any

import pytest

from buscaminas.core import generator
from buscaminas.core.board import BoardKind
from buscaminas.game import narration
from buscaminas.game.app import App
from buscaminas.game.keeper import Keeper
from buscaminas.game.keys import Act
from buscaminas.game.screen import Audience
from buscaminas.game.settings import Settings
from buscaminas.game.view import Highlight, State
from buscaminas.records.boardfile import parse
from buscaminas.records.storage import DATABASE_NAME, Store, database_in
from buscaminas.ui.icons import LEGACY, icon_legend
from buscaminas.ui.pipe import PipeScreen
from tests.loop_support import BOARD, ScriptedScreen, clicks_that_win, no_guess_fails
from tests.terminal_support import run_piped


def app_for(screen: ScriptedScreen, tmp_path: Path, settings: Settings | None = None) -> App:
    settings = settings or Settings(5, 4, 3, board_file=BOARD)
    keeper = Keeper.open(database_in(tmp_path))
    return App(settings, screen, legend=icon_legend(LEGACY), keeper=keeper)


def test_a_won_game_is_recorded_and_reported(tmp_path: Path) -> None:
    screen = ScriptedScreen("3 2", "1 2", "1 3", "n")
    app = app_for(screen, tmp_path)
    app.run()
    assert screen.last.state is State.WON
    assert "You won in" in screen.said()
    games = Store(tmp_path / DATABASE_NAME, on_warning=print).games()
    assert games is not None and len(games) == 1
    assert games[0].won and games[0].kind is BoardKind.CLASSIC and games[0].hints == 0
    assert games[0].board_commands == 3
    assert app.goodbye()[0] == "Your game this session:", "one game: no ranking to read"


def test_a_clean_no_guess_win_can_be_a_new_best_but_an_ai_win_cannot(tmp_path: Path) -> None:
    settings = Settings(6, 6, 5, seed=4)
    ticks = iter(range(0, 10**6, 5))
    screen = ScriptedScreen(*clicks_that_win(settings, (0, 0)), "n")
    keeper = Keeper.open(database_in(tmp_path))
    App(settings, screen, legend=[], keeper=keeper, clock=lambda: next(ticks)).run()
    assert screen.last.state is State.WON
    assert "New best time!" in screen.said()

    screen = ScriptedScreen("1 1", "auto", "n")
    app_for(screen, tmp_path, Settings(6, 6, 5, seed=5)).run()
    assert screen.last.state is State.WON
    assert "New best time!" not in screen.said(), "an AI win is not a clean win"


def test_help_explains_and_marks_a_safe_cell(tmp_path: Path) -> None:
    screen = ScriptedScreen("3 2", "help")
    with pytest.raises(EOFError):
        app_for(screen, tmp_path).run()
    view = screen.last
    assert view.messages == ("The 1 at 4 3 has one hidden neighbour, 5 4, so it is a mine.",)
    assert view.highlight == Highlight(frozenset({(4, 3)}), numbers=frozenset({(3, 2)}))
    assert view.rows[3][4] == "#", "help marks, it does not play"


def test_help_with_a_cell_gives_its_probability(tmp_path: Path) -> None:
    screen = ScriptedScreen("3 2", "help 5 4", "help 1 2", "help 3 2")
    with pytest.raises(EOFError):
        app_for(screen, tmp_path).run()
    said = screen.said()
    assert "5 4 hides a mine with a chance of 100%" not in said
    assert "5 4 is a mine in every possible layout." in said
    assert "1 2 is safe: no possible layout puts a mine there." in said
    assert "3 2 is already revealed." in said


def test_help_rescues_the_player_when_nothing_is_certain(tmp_path: Path) -> None:
    # A lone 1 in the middle: each of its eight neighbours hides the mine 1 time in 8.
    board = parse("11 10 10\n10 00 10\n10 10 10\n")
    screen = ScriptedScreen("help")
    app = app_for(screen, tmp_path, Settings(3, 3, 1, board_file=board))
    with pytest.raises(EOFError):
        app.run()
    said = screen.said()
    assert "Nothing is certain now: even the safest cells hide a mine 13% of the time." in said
    assert "I revealed" in said
    assert screen.last.state is not State.LOST
    assert sum(row.count("#") for row in screen.last.rows) < 8


def test_help_in_a_pipe_with_every_covered_cell_flagged(tmp_path: Path) -> None:
    """Issue 19: a 50/50 whose two cells the player flagged, beside two flagged mines.
    Nothing is certain and no cell is left unflagged: help says a flag is wrong, takes
    the one over a safe cell off and reveals it, and the game goes on to its end."""
    board = tmp_path / "board.txt"
    board.write_text("11 00 00\n10 00 00\n21 21 00\n")
    result = run_piped(
        "--board", str(board), "--lang", "en", lines="flag 1 1\nflag 1 2\nhelp\n"
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    said = " ".join(result.stdout.split())
    assert (
        "Nothing is certain now, and a flag covers every cell that may be safe, so at least"
        " one of your flags is wrong: even the safest of them hides a mine 50% of the time."
    ) in said
    assert "To keep the game going, I took the flag off 1 2 and revealed it: it was safe." in said
    assert "You won" in said


def test_auto_plays_a_number_of_moves_and_a_key_stops_it(tmp_path: Path) -> None:
    screen = ScriptedScreen("auto 1")
    with pytest.raises(EOFError):
        app_for(screen, tmp_path, Settings(9, 9, 10, seed=2)).run()
    assert screen.last.state is State.PLAYING
    assert screen.last.messages[0].startswith("AI: ")

    screen = ScriptedScreen("auto", audience=Audience.VIEWER)
    screen.keys_after = 2
    with pytest.raises(EOFError):
        app_for(screen, tmp_path, Settings(16, 16, 40, seed=2)).run()
    assert screen.last.messages == ("The AI stopped after 3 moves.",)


def test_ctrl_c_during_auto_in_a_pipe_stops_the_ai_after_a_whole_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19: SIGINT stops ``auto``, not the game, and never between a move and its
    record.  The signal lands just after the AI's second move is played and recorded,
    where a KeyboardInterrupt would cut the move off from the AI's own count."""
    words = narration.outcome
    calls = 0

    def interrupted(*args: Any) -> tuple[str, ...]:
        nonlocal calls
        calls += 1
        if calls == 2:
            os.kill(os.getpid(), signal.SIGINT)
        return words(*args)

    monkeypatch.setattr(narration, "outcome", interrupted)
    sink = io.StringIO()
    screen = PipeScreen(io.StringIO("auto\nundo\n"), sink)
    keeper = Keeper.open(database_in(tmp_path))
    app = App(Settings(16, 16, 40, seed=2), screen, legend=[], keeper=keeper)
    with pytest.raises(EOFError):
        app.run()
    said = sink.getvalue()
    assert "The AI stopped after 2 moves." in said
    assert "Took back" in said.split("The AI stopped")[1], "the game went on"
    current = app.session.current
    assert [played.by_ai for played in current.journal.moves] == [True]
    replayed, _ = current.journal.rebuild()
    assert replayed.rows() == current.game.rows(), "every move played is in the record"


def test_a_generation_timeout_offers_a_classic_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_guess_fails(monkeypatch, generator.SearchExhausted("too slow"))
    screen = ScriptedScreen("5 5", "", "n")
    with pytest.raises(EOFError):
        app_for(screen, tmp_path, Settings(9, 9, 10, seed=1)).run()
    assert "No board without guessing was found within the search's limit." in screen.said()
    assert "solved without guessing" not in screen.said()  # never promised, never broken
    assert screen.prompts[1].startswith("Play a classic board instead?")
    assert "classic" in screen.last.board_name
    assert screen.last.state is not State.READY

    screen = ScriptedScreen("5 5", "n")
    with pytest.raises(EOFError):
        app_for(screen, tmp_path, Settings(9, 9, 10, seed=1)).run()
    assert screen.last.state is State.READY
    assert "No mines were laid" in screen.said()


def test_bad_lines_change_nothing(tmp_path: Path) -> None:
    screen = ScriptedScreen("3 2", "flag 9 9", "tyr 1 1", "", "\x1b[A")
    with pytest.raises(EOFError):
        app_for(screen, tmp_path).run()
    rows = [view.rows for view in screen.views[-4:]]
    assert all(row == rows[0] for row in rows)
    assert len({view.messages for view in screen.views[-4:]}) == 4


def test_stats_page_and_back_to_the_board(tmp_path: Path) -> None:
    screen = ScriptedScreen("stats", "man", "man flag", "1 1")
    with pytest.raises(EOFError):
        app_for(screen, tmp_path).run()
    pages = [view.page for view in screen.views[1:4]]
    assert pages[0] == ("No games recorded yet.",)
    assert pages[1] is not None and "Icons:" in pages[1]
    assert pages[2] is None, "one command's entry is shown under the board"
    assert screen.views[3].messages[0].startswith("flag 3 4")
    assert screen.last.page is None


def test_play_again_asks_and_new_starts_afresh(tmp_path: Path) -> None:
    screen = ScriptedScreen("1 1", "what", "", "new", "quit", audience=Audience.VIEWER)
    app = app_for(screen, tmp_path)
    app.run()
    assert screen.prompts[1].startswith("Play again")
    assert screen.prompts[2].startswith("Play again"), "an unclear answer asks again"
    assert "Press Enter to play again, or type n to leave." in screen.said()
    assert app.session.round_number == 2, "Enter and new each began a game"
    assert screen.last.state is State.READY
    assert screen.last.messages == (
        "You have played this board before: this game is practice, kept apart in your"
        " statistics (no points, no best time, no streak).",
    ), "the board file's board, lost in the first game: said as the game begins"


def test_a_density_with_no_no_guess_board_offers_a_classic_one(tmp_path: Path) -> None:
    screen = ScriptedScreen("5 5", "")
    with pytest.raises(EOFError):
        app_for(screen, tmp_path, Settings(9, 9, 74, seed=1)).run()
    assert "No board without guessing exists" in screen.said()
    assert screen.last.state is not State.READY
    assert screen.last.board_name.endswith("classic")


def test_ctrl_c_during_generation_cancels_it_without_leaving_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_guess_fails(monkeypatch, KeyboardInterrupt())
    screen = ScriptedScreen("5 5", "n", "flag 1 1")
    with pytest.raises(EOFError):
        app_for(screen, tmp_path, Settings(9, 9, 10, seed=1)).run()
    assert "Generation cancelled." in screen.said()
    assert screen.last.state is State.READY
    assert screen.last.rows[0][0] == "F", "the game goes on after the cancel"


def test_ctrl_c_during_auto_stops_the_ai_not_the_game(tmp_path: Path) -> None:
    class CtrlC(ScriptedScreen):
        def key_pressed_within(self, seconds: float) -> Act | None:
            raise KeyboardInterrupt

    screen = CtrlC("auto", "flag 1 1", audience=Audience.VIEWER)
    with pytest.raises(EOFError):
        app_for(screen, tmp_path, Settings(16, 16, 40, seed=2)).run()
    assert "The AI stopped after 1 move." in screen.said()
    assert screen.last.state is State.PLAYING


def test_a_no_guess_board_is_announced_once_it_exists(tmp_path: Path) -> None:
    screen = ScriptedScreen("flag 1 1", "5 5")
    with pytest.raises(EOFError):
        app_for(screen, tmp_path, Settings(9, 9, 10, seed=1)).run()
    announced = [view for view in screen.views if "without guessing" in " ".join(view.messages)]
    assert announced, "the board was dealt: say it needs no guessing"
    assert announced[0].state is not State.READY
