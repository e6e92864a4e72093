"""The game says what it did: ``undo`` and ``redo`` name the move as it was made, the
AI says each of its moves, and the status line's time at the end is the one the end's
words give."""

from __future__ import annotations

import re
from itertools import count
from pathlib import Path

import pytest

from buscaminas.core.engine import Action
from buscaminas.game.commands import Command, Verb, label
from buscaminas.game.keeper import Keeper
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.records.storage import Store
from buscaminas.ui.renderer import Renderer
from tests.loop_support import BOARD, session_on
from tests.terminal_support import Player, run_piped, write_board

BEGINNER_SEED_1 = ("--legacy", "--preset", "beginner", "--seed", "1", "--lang", "en")


def took_back(move: str) -> tuple[str]:
    return (f"Took back “{move}”. Type “redo” to put it back.",)


def test_undo_and_redo_name_each_move_as_it_was_made(tmp_path: Path) -> None:
    """The board is 5×4 with mines at 1 1, 1 4 and 5 4 (1-based)."""
    session = session_on(tmp_path)
    session.marks = True
    for command, named in [
        (Command(Verb.TRY, (2, 1)), "try 3 2"),
        (Command(Verb.FLAG, (0, 0)), "flag 1 1"),
        (Command(Verb.TRY, (1, 0)), "expand 2 1"),  # a 1 with its flag: a chord
        (Command(Verb.UNFLAG, (0, 0)), "unflag 1 1"),
        (Command(Verb.MARK, (4, 3)), "mark 5 4"),
        (Command(Verb.FLAG, (0, 3)), "flag 1 4"),
        (Command(Verb.FLAG, (0, 3)), "mark 1 4"),  # with marks, a flag becomes a ?
    ]:
        session.handle(command)
        session.handle(Command(Verb.UNDO))
        assert session.view().messages == took_back(named)
        session.handle(Command(Verb.REDO))
        assert session.view().messages[0] == f"Put back “{named}”."
        assert session.current.journal.moves[-1].move.cell == command.cell


def test_the_issues_unflag_is_taken_back_as_an_unflag() -> None:
    """Was: “Took back "flag 1 3"” while the flag came back."""
    result = run_piped(*BEGINNER_SEED_1, lines="5 5\nflag 1 3\nunflag 1 3\nu\nr\nq\n")
    assert "Took back “unflag 1 3”. Type “redo” to put it back." in result.stdout
    assert "Put back “unflag 1 3”." in result.stdout
    assert "flag 1 3”" not in result.stdout.replace("unflag 1 3”", "")


def test_the_ai_says_the_flag_it_takes_off_and_undo_names_its_moves(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (2, 1)))
    for safe in [(0, 1), (0, 2)]:  # the only safe cells left: wrong flags, both
        session.handle(Command(Verb.FLAG, safe))
    session.handle(Command(Verb.AUTO, number=1))
    session.ai_step()
    *_before, unflag, reveal = session.current.journal.moves
    cell = label(reveal.move.cell)
    assert (unflag.move, unflag.by_ai) == (reveal.move._replace(action=Action.FLAG), True)
    assert session.view().messages[:2] == (
        f"AI: took the flag off {cell}, to reveal it.",
        f"AI: {cell} is safe.",
    )
    assert session.current.ai_moves == 2
    session.handle(Command(Verb.UNDO))
    assert session.view().messages == took_back(f"AI: try {cell}")
    session.handle(Command(Verb.UNDO))
    assert session.view().messages == took_back(f"AI: unflag {cell}")


def test_the_ais_moves_are_counted_as_the_game_keeps_them_through_undo_and_redo(
    tmp_path: Path,
) -> None:
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (2, 1)))
    session.handle(Command(Verb.AUTO, number=1))
    session.ai_step()
    assert session.current.ai_moves == 1 == session.view().ai_moves
    session.handle(Command(Verb.UNDO))
    assert session.view().ai_moves == 0, "taken back: not in the game"
    session.handle(Command(Verb.REDO))
    assert session.view().ai_moves == 1, "put back"
    session.handle(Command(Verb.UNDO))
    session.handle(Command(Verb.FLAG, (0, 0)))  # the player's own: nothing left to redo
    assert session.view().ai_moves == 0
    assert session.current.assisted, "the AI played in this game, taken back or not"


def test_the_ai_stopped_counts_its_moves_as_the_status_line_does(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (2, 1)))
    for safe in [(0, 1), (0, 2)]:  # wrong flags: the AI takes one off to reveal it
        session.handle(Command(Verb.FLAG, safe))
    session.handle(Command(Verb.AUTO))
    session.ai_step()
    session.stop_ai()
    assert session.current.ai_moves == 2 == session.view().ai_moves
    assert session.view().messages == ("The AI stopped after 2 moves.",)


@pytest.mark.parametrize("size", [(6, 6, 5), (9, 9, 10), (16, 16, 40)])
def test_the_ais_first_try_is_said_safe_as_every_first_try_is(
    tmp_path: Path, size: tuple[int, int, int]
) -> None:
    """The mines are laid around the first try: the AI quotes no chance of one there."""
    store = Store(tmp_path / f"{size}.sqlite3", on_warning=print)
    session = Session(Settings(*size, seed=3), Keeper(store), legend=[])
    session.handle(Command(Verb.AUTO, number=1))
    session.ai_step()
    (first,) = session.current.journal.moves
    assert f"AI: {label(first.move.cell)} is safe." in session.view().messages
    assert not any("chance" in line for line in session.view().messages)


def test_the_issues_ai_after_a_wrong_flag_says_both_its_moves(tmp_path: Path) -> None:
    """Was: only “AI: 1 2 is safe.”, though the AI took a flag off first."""
    board = write_board(tmp_path / "board.txt", "*####", "#####", "#####", "*###*")
    lines = "3 2\nflag 1 2\nflag 1 3\nauto 1\nq\n"
    said = run_piped("--board", str(board), "--lang", "en", lines=lines).stdout
    took_off = re.search(r"AI: took the flag off (1 [23]), to reveal it\.\n(.*)\n", said)
    assert took_off is not None, said
    assert took_off.group(2) == f"AI: {took_off.group(1)} is safe."


def test_the_status_line_gives_the_end_time_the_words_give(tmp_path: Path) -> None:
    """Was: “Time: 0 s” on the status line, 0.94 s in the words."""
    ticks = count()
    store = Store(tmp_path / "games.sqlite3", on_warning=print)
    board = Settings(5, 4, 3, board_file=BOARD)
    session = Session(board, Keeper(store), legend=[], clock=lambda: 0.0641 * next(ticks))
    for cell in [(2, 1), (0, 1), (0, 2), (4, 0), (4, 1), (4, 2), (1, 3), (2, 3), (3, 3)]:
        if session.current.game.end is None:
            session.handle(Command(Verb.TRY, cell))
    won = session.view()
    seconds = session.records[-1].seconds
    assert 0 < seconds < 1
    assert won.messages[0] == "3BV 3, ZiNi 3, your clicks 3."  # what the board needed
    assert won.messages[1].startswith(f"You won in {seconds:.2f} s: ")
    assert f"Time: {seconds:.2f} s" in Renderer.status(won)


def test_the_issues_loss_shows_one_time_on_the_status_line_and_in_the_words() -> None:
    player = Player(*BEGINNER_SEED_1)
    player.wait_for("Mines left: 10")
    player.type("5 5")
    player.wait_for("Playing")
    player.type("2 8")
    player.wait_for("Boom!")
    said = re.search(r"Time: (\d+\.\d\d) s\.", player.text)
    assert said is not None
    status = next(line for line in player.lines if "Mines left:" in line)
    assert f"Time: {said.group(1)} s " in status
    player.type("n")
    assert player.finish() == 0
