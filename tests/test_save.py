"""``save FILE`` writes the game as a board file that ``--board`` goes on with."""

from __future__ import annotations

import os
import re
from pathlib import Path

from buscaminas.game.commands import Command, Verb
from buscaminas.game.rounds import Settings
from buscaminas.records import boardfile
from tests.terminal_support import run_piped
from tests.test_session import BOARD, session_on


def test_a_saved_game_holds_its_mines_flags_and_opened_cells(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (2, 1)))
    session.handle(Command(Verb.FLAG, (0, 0)))
    file = tmp_path / "saved.txt"
    session.handle(Command(Verb.SAVE, file=str(file)))
    assert session.view().messages == (
        f"Saved to {file}; “buscaminas --board {file}” goes on with it.",
    )
    saved = boardfile.parse(file.read_text())
    game = session.current.game
    assert saved.mines == BOARD.mines
    assert saved.flagged == game.flags == {(0, 0)}
    assert saved.revealed == {cell for cell in game.grid.cells() if game.is_revealed(cell)}


def test_there_is_nothing_to_save_before_the_mines_or_after_the_end(tmp_path: Path) -> None:
    session = session_on(tmp_path / "a", Settings(9, 9, 10))
    session.handle(Command(Verb.SAVE, file=str(tmp_path / "early.txt")))
    assert "nothing to save yet" in session.view().messages[0]
    assert not (tmp_path / "early.txt").exists()
    over = session_on(tmp_path / "b")
    over.handle(Command(Verb.TRY, (0, 0)))  # a mine
    over.handle(Command(Verb.SAVE, file=str(tmp_path / "late.txt")))
    assert over.view().messages == ("The game is over: there is nothing left to save.",)


def test_a_save_that_fails_says_why_and_never_blocks(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (2, 1)))
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for target in (fifo, tmp_path, tmp_path / "missing" / "x.txt"):
        session.handle(Command(Verb.SAVE, file=str(target)))
        (message,) = session.view().messages
        assert message.startswith(f"The game was not saved to {target}: "), message


def test_a_saved_game_goes_on_with_board(tmp_path: Path) -> None:
    data = ("--data-dir", str(tmp_path), "--lang", "en")
    file = tmp_path / "my game.txt"
    played = run_piped(
        "--preset", "expert", "--seed", "4", *data, lines=f"15 8\nflag 1 1\nsave {file}\n"
    )
    assert played.returncode == 0, played.stderr
    assert f"Saved to {file}; “buscaminas --board '{file}'” goes on with it." in played.stdout
    board = [line for line in played.stdout.splitlines() if re.fullmatch(r"[#F.1-8]{30}", line)]
    again = run_piped("--board", str(file), *data, lines="help\n")
    assert again.returncode == 0, again.stderr
    shown = [line for line in again.stdout.splitlines() if re.fullmatch(r"[#F.1-8]{30}", line)]
    assert shown[:16] == board[-16:]
