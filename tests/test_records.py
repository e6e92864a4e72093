"""What the game loop records of who played: the AI, a script, or the player alone."""

from __future__ import annotations

from collections.abc import Callable
from itertools import count
from pathlib import Path

from buscaminas.core import generator
from buscaminas.core.scoring import GameRecord, three_bv
from buscaminas.game.app import App
from buscaminas.game.keeper import Keeper
from buscaminas.game.screen import Audience
from buscaminas.game.settings import Settings
from buscaminas.game.view import State
from buscaminas.records.storage import DATABASE_NAME, Store, database_in
from tests import forkstart_support
from tests.loop_support import ScriptedScreen, clicks_that_win
from tests.terminal_support import run_piped

AI_PLAYED = (
    "The AI played in this game: it is kept in your statistics as assisted, not as a best time."
)
SCRIPTED = "Played from a pipe: it is kept in your statistics as scripted, not as a best time."


def ticking() -> Callable[[], float]:
    """A clock five seconds further on at every look, so that every game takes time."""
    ticks = count(0, 5)
    return lambda: float(next(ticks))


def play(
    screen: ScriptedScreen, tmp_path: Path, settings: Settings, *, scripted: bool = False
) -> GameRecord:
    """Play the screen's lines; the one game recorded."""
    keeper = Keeper.open(database_in(tmp_path))
    app = App(settings, screen, legend=[], keeper=keeper, clock=ticking(), scripted=scripted)
    app.run()
    assert screen.last.state in (State.WON, State.LOST)
    games = Store(tmp_path / DATABASE_NAME, on_warning=print).games()
    assert games is not None
    (game,) = games
    assert app.session.records == [game]
    return game


def test_a_game_the_ai_played_is_assisted_and_says_so(tmp_path: Path) -> None:
    screen = ScriptedScreen("1 1", "auto", "n", audience=Audience.VIEWER)
    game = play(screen, tmp_path, Settings(6, 6, 5, seed=5))
    assert game.won and game.assisted and not game.scripted
    assert game.points == 0
    assert AI_PLAYED in screen.last.messages
    assert "You won in" not in screen.said(), "a game the AI played is not the player's win"
    assert f"Game won in {game.seconds:.2f} s." in screen.last.messages, "but it is won"
    assert "New best time!" not in screen.said()


def test_one_move_of_the_ai_makes_the_game_assisted(tmp_path: Path) -> None:
    settings = Settings(6, 6, 5, seed=5)
    first, *rest = clicks_that_win(settings, (0, 0))
    screen = ScriptedScreen(first, "auto 1", *rest, "n", audience=Audience.VIEWER)
    game = play(screen, tmp_path, settings)
    assert game.won and game.assisted
    assert AI_PLAYED in screen.last.messages


def test_the_players_own_clean_win_is_a_new_best(tmp_path: Path) -> None:
    settings = Settings(6, 6, 5, seed=4)
    screen = ScriptedScreen(*clicks_that_win(settings, (0, 0)), "n", audience=Audience.VIEWER)
    game = play(screen, tmp_path, settings)
    assert game.own and game.clean and game.points > 0
    assert "New best time!" in screen.last.messages


def test_a_scripted_win_is_kept_out_of_the_best_times(tmp_path: Path) -> None:
    settings = Settings(6, 6, 5, seed=4)
    screen = ScriptedScreen(*clicks_that_win(settings, (0, 0)), "n")
    game = play(screen, tmp_path, settings, scripted=True)
    assert game.won and game.scripted and not game.assisted and not game.clean
    assert game.points == 0
    assert SCRIPTED in screen.last.messages
    assert "New best time!" not in screen.said()


def test_a_win_by_the_first_click_makes_no_best_time_and_no_rate(tmp_path: Path) -> None:
    """One mine in a corner of 3 × 3: the first click's flood opens every safe cell."""
    seed = next(
        seed
        for seed in count()
        if three_bv(3, 3, generator.generate(3, 3, 1, start=(0, 0), seed=seed, no_guess=True)) == 1
    )
    screen = ScriptedScreen("1 1", "n", audience=Audience.VIEWER)
    game = play(screen, tmp_path, Settings(3, 3, 1, seed=seed))
    assert game.won and game.own and game.three_bv == 1 and not game.clean
    assert screen.last.messages[-2:] == (
        f"You won in {game.seconds:.2f} s.",
        f"This board's code is {game.code}: “buscaminas --game {game.code}” deals it again.",
    )
    assert "3BV/s" not in screen.said()
    assert "New best time!" not in screen.said()


def test_a_game_from_a_pipe_is_recorded_as_scripted(tmp_path: Path) -> None:
    settings = Settings.from_preset("beginner", seed=3)
    data = ["--data-dir", str(tmp_path), "--lang", "en"]
    lines = "\n".join([*clicks_that_win(settings, (3, 3)), "n", ""])
    result = run_piped("--preset", "beginner", "--seed", "3", *data, lines=lines)
    assert result.returncode == 0, result.stderr
    assert SCRIPTED in result.stdout.splitlines()
    assert "New best time!" not in result.stdout
    assert "played from a pipe (scripted, no points)" in result.stdout
    games = Store(tmp_path / DATABASE_NAME, on_warning=print).games()
    assert games is not None
    (game,) = games
    assert game.won and game.scripted and not game.assisted
    stats = run_piped("stats", *data).stdout.splitlines()
    assert stats[1:] == ["Beginner 8×8", "  Played from a pipe (scripted): played 1, won 1."]


def test_typed_at_a_terminal_into_a_pipe_is_a_program_s_audience_and_the_player_s_game(
    tmp_path: Path,
) -> None:
    """Standard input a terminal, standard output a pipe: what is written goes to a
    program (no board question, the board in the position format), and the moves,
    typed by a person, are the person's own (not scripted)."""
    import os
    import subprocess
    import sys

    from tests.terminal_support import ROOT

    settings = Settings.from_preset("beginner", seed=3)
    typed, terminal = os.openpty()
    game = forkstart_support.popen(
        [sys.executable, "-m", "buscaminas", "--seed", "3", "--data-dir", str(tmp_path),
         "--lang", "en"],
        stdin=terminal,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color"},
        text=True,
    )
    os.close(terminal)
    try:
        os.write(typed, "".join(line + "\n" for line in clicks_that_win(settings, (3, 3))).encode())
        os.write(typed, b"n\n")
        out, err = game.communicate(timeout=60)
    finally:
        os.close(typed)
    assert game.returncode == 0, err
    lines = out.splitlines()
    assert "Board [Enter = 2]:" not in out, "a program is given the beginner board unasked"
    assert "\x1b" not in out, "no escape sequence for a program"
    rows = [line for line in lines if len(line) == 8 and set(line) <= set("#.F*12345678")]
    assert len(rows) % 8 == 0 and rows, "the board in the position format, no coordinates"
    assert SCRIPTED not in lines
    games = Store(tmp_path / DATABASE_NAME, on_warning=print).games()
    assert games is not None
    (played,) = games
    assert played.won and not played.scripted
