"""A hint is counted only when it tells the player something of a hidden cell, and the
AI's moves are counted apart from the hints: on the status line and in the records."""

from __future__ import annotations

import re
from pathlib import Path

from buscaminas.game.commands import Command, Verb
from tests.loop_support import session_on
from tests.terminal_support import Player, run_piped

BEGINNER_SEED_1 = ("--legacy", "--preset", "beginner", "--seed", "1", "--lang", "en")
SEED_1_WIN = [
    *("5 5", "1 1", "6 1", "7 1", "1 4", "1 5", "1 6", "1 7", "1 8"),
    *("2 6", "2 7", "3 7", "3 8", "4 8", "8 2", "8 3"),
]
"""The beginner board of ``--seed 1``, won; 2 8 is one of its mines."""


def status_line(player: Player) -> str:
    return next(line for line in player.lines if "Mines left:" in line)


def test_help_on_a_revealed_or_flagged_cell_counts_nothing(tmp_path: Path) -> None:
    """The board is 5×4 with mines at 1 1, 1 4 and 5 4 (1-based)."""
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (2, 1)))
    session.handle(Command(Verb.FLAG, (4, 3)))
    for cell, answer in [
        ((2, 1), "3 2 is already revealed."),
        ((4, 3), "5 4 has your flag: take it off (“unflag 5 4”) to ask its chance,"
         " or type “help” to have every flag checked."),
    ]:
        session.handle(Command(Verb.HELP, cell))
        assert session.view().messages == (answer,)
        assert session.current.hints == 0 and session.view().hints == 0
    session.handle(Command(Verb.HELP, (0, 0)))
    assert session.view().messages == ("1 1 is a mine in every possible layout.",)
    assert session.current.hints == 1, "a hidden cell's chance is a hint"


def test_the_issues_help_on_a_revealed_cell_leaves_the_win_clean() -> None:
    """Was: “5 5 is already revealed.”, “Hints: 1” on the status line, and the win under
    “Other wins (classic boards or hints)”.  Asking of a flagged cell, or off the
    board, counts nothing either."""
    player = Player(*BEGINNER_SEED_1)
    player.wait_for("Mines left: 10")
    player.type("5 5")
    player.wait_for("Playing")
    player.type("flag 2 8")
    for asked, answer in [
        ("help 5 5", "5 5 is already revealed."),
        ("help 2 8", "2 8 has your flag"),
        ("help 9 9", "Column 9 is off the board"),
    ]:
        player.type(asked)
        player.wait_for(answer)
        assert "Hints" not in status_line(player)
    for move in SEED_1_WIN[1:]:
        player.type(move)
    player.wait_for("New best time!")
    player.type("n")
    assert player.finish() == 0
    stats = run_piped("stats", env={"BUSCAMINAS_DATA_DIR": player.data_dir}).stdout
    assert "Best times (no-guess boards, no hints):" in stats and "Other wins" not in stats


def test_the_ais_moves_are_counted_apart_from_the_hints(tmp_path: Path) -> None:
    """Was: every AI move counted as a hint (“Hints: 186” after ``auto``)."""
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (2, 1)))
    session.handle(Command(Verb.AUTO))
    while session.ai_playing:
        session.ai_step()
    assert session.current.game.end is not None
    moves = sum(played.by_ai for played in session.current.journal.moves)
    assert moves > 1
    assert (session.current.hints, session.current.ai_moves) == (0, moves)
    assert (session.view().hints, session.view().ai_moves) == (0, moves)
    (game,) = session.keeper.store.games() or []
    assert (game.hints, game.ai_moves, game.assisted) == (0, moves, True)


def test_a_redo_puts_back_the_ais_move_without_counting_it_again(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (2, 1)))
    session.handle(Command(Verb.AUTO, number=1))
    session.ai_step()
    assert session.current.ai_moves == 1
    session.handle(Command(Verb.UNDO))
    session.handle(Command(Verb.REDO))
    assert session.current.journal.moves[-1].by_ai, "still the AI's move"
    assert session.current.ai_moves == 1


def test_the_status_line_and_the_records_say_the_ais_moves() -> None:
    player = Player(*BEGINNER_SEED_1, "--no-animation")  # the AI's moves at once
    player.wait_for("Mines left: 10")
    player.type("5 5")
    player.wait_for("Playing")
    player.type("auto 3")
    player.wait_until(lambda: "AI moves: 3" in status_line(player))
    assert "Hints" not in status_line(player)
    player.type("help")
    player.wait_until(lambda: re.search(r"Hints: 1 +AI moves: 3", status_line(player)) is not None)
    player.type("auto")
    player.wait_for("You won!")
    shown = re.search(r"AI moves: (\d+)", status_line(player))
    assert shown is not None
    player.type("n")
    assert player.finish() == 0
    data = {"BUSCAMINAS_DATA_DIR": player.data_dir}
    assert "With AI moves (assisted): played 1, won 1." in run_piped("stats", env=data).stdout

