"""``save FILE`` writes the game as a board file that ``--board`` goes on with."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from buscaminas.game.commands import MAX_PATH, Command, Verb
from buscaminas.game.questions import Question
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.records import boardfile
from tests.loop_support import BOARD, session_on
from tests.terminal_support import Player, run_piped, write_board


def test_a_saved_game_holds_its_mines_flags_and_opened_cells(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (2, 1)))
    session.handle(Command(Verb.FLAG, (0, 0)))
    file = tmp_path / "saved.txt"
    session.handle(Command(Verb.SAVE, file=str(file)))
    assert session.view().messages == (
        f"Saved to {file}; “buscaminas --board {file}” goes on with it. The file holds the"
        " mines: this game is practice from now on.",
    )
    assert session.current.mines_written
    saved = boardfile.parse(file.read_text())
    game = session.current.game
    assert saved.mines == BOARD.mines
    assert saved.flagged == game.flags == {(0, 0)}
    assert saved.revealed == {cell for cell in game.grid.cells() if game.is_revealed(cell)}


def test_a_name_that_starts_with_a_tilde_is_saved_in_the_home_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (2, 1)))
    session.handle(Command(Verb.SAVE, file="~/saved.txt"))
    assert (tmp_path / "home" / "saved.txt").is_file(), session.view().messages


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


OLD = "a file of the player's own\n"
PLAYED = ("--preset", "expert", "--seed", "4", "--lang", "en")
"""An expert board whose first move at 15 8 opens it: a game in progress to save."""


def saved_session(tmp_path: Path) -> tuple[Session, Path]:
    """A game in progress, and a file of the player's that ``save`` names."""
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (2, 1)))
    file = tmp_path / "saved.txt"
    file.write_text(OLD)
    return session, file


@pytest.mark.parametrize("answer", ["y", "yes", "Y", "s", "sí", "si", " Sí "])
def test_a_file_already_there_is_replaced_after_a_yes_in_either_language(
    tmp_path: Path, answer: str
) -> None:
    session, file = saved_session(tmp_path)
    reply = session.handle(Command(Verb.SAVE, file=str(file)))
    assert reply.question is session.question is Question.REPLACE
    assert session.view().messages == (f"There is already a file {file}.",)
    assert file.read_text() == OLD
    session.answer(answer)
    assert session.question is None
    assert session.view().messages[0].startswith(f"Saved to {file}; ")
    assert boardfile.load(file).mines == BOARD.mines


@pytest.mark.parametrize("answer", ["", "n", "no", "nope", "maybe", "yes please"])
def test_enter_or_anything_but_yes_keeps_the_file_as_it_was(tmp_path: Path, answer: str) -> None:
    session, file = saved_session(tmp_path)
    session.handle(Command(Verb.SAVE, file=str(file)))
    session.answer(answer)
    session.keep()  # as the loop does once the answer is drawn
    assert session.question is None
    assert session.view().messages == (f"Not saved: {file} is as it was.",)
    assert file.read_text() == OLD
    # and no temporary file beside it (the records keep the game in progress)
    assert sorted(tmp_path.iterdir()) == sorted([file, session.keeper.store.path])


def test_a_link_put_in_the_file_s_place_while_the_player_answers_is_refused(
    tmp_path: Path,
) -> None:
    session, file = saved_session(tmp_path)
    session.handle(Command(Verb.SAVE, file=str(file)))
    victim = tmp_path / "victim.txt"
    victim.write_text(OLD)
    file.unlink()
    file.symlink_to(victim)
    session.answer("y")
    assert session.view().messages == (
        f"The game was not saved to {file}: it is a symbolic link to {victim},"
        " and links are not followed; the file there is as it was.",
    )
    assert victim.read_text() == OLD


def test_a_piped_save_asks_and_the_next_line_answers(tmp_path: Path) -> None:
    file = tmp_path / "game.txt"
    file.write_text(OLD)
    data = ("--data-dir", str(tmp_path / "data"))
    question = "Replace it with this game? [y = yes, Enter = no]"
    kept = run_piped(*PLAYED, *data, lines=f"15 8\nsave {file}\n\nsave {file}\nno\n")
    assert kept.returncode == 0, kept.stderr
    lines = kept.stdout.splitlines()
    assert lines.count(f"There is already a file {file}.") == 2
    assert lines.count(question) == 2
    assert lines.count(f"Not saved: {file} is as it was.") == 2
    assert file.read_text() == OLD
    replaced = run_piped(*PLAYED, *data, lines=f"15 8\nsave {file}\nyes\n")
    assert question in replaced.stdout.splitlines()
    assert f"Saved to {file}; " in replaced.stdout
    assert boardfile.load(file).width == 30


def test_a_piped_save_in_spanish_asks_in_spanish_and_takes_si(tmp_path: Path) -> None:
    file = tmp_path / "partida.txt"
    file.write_text(OLD)
    played = run_piped(
        *PLAYED,
        "--data-dir",
        str(tmp_path / "data"),
        "--lang",
        "es",
        lines=f"15 8\nsave {file}\nsí\n",
    )
    assert f"Ya hay un archivo {file}." in played.stdout.splitlines()
    assert "¿Reemplazarlo por esta partida? [s = sí, Intro = no]" in played.stdout.splitlines()
    assert f"Guardada en {file}; " in played.stdout
    assert boardfile.load(file).width == 30


def test_a_piped_save_never_goes_through_a_link_nor_into_the_kernel_s_files(
    tmp_path: Path,
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text(OLD)
    link = tmp_path / "link.txt"
    link.symlink_to(victim)
    dangling = tmp_path / "dangling.txt"
    dangling.symlink_to(tmp_path / "created.txt")
    lines = f"15 8\nsave {link}\ny\nsave {dangling}\nsave /proc/self/mem\ny\n"
    played = run_piped(*PLAYED, "--data-dir", str(tmp_path / "data"), lines=lines)
    assert played.returncode == 0, played.stderr
    said = played.stdout.splitlines()
    for name, target in ((link, victim), (dangling, tmp_path / "created.txt")):
        assert (
            f"The game was not saved to {name}: it is a symbolic link to {target},"
            " and links are not followed." in said
        )
    assert (
        "The game was not saved to /proc/self/mem: it is one of the kernel's own files"
        " (proc), not a file on a disk." in said
    )
    assert not any(line.startswith("Replace it") for line in said)
    assert victim.read_text() == OLD
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "dangling.txt",
        "data",
        "link.txt",
        "victim.txt",
    ]


def test_a_save_the_disk_cannot_hold_leaves_the_old_board_whole(tmp_path: Path) -> None:
    old = write_board(tmp_path / "board.txt", "*#", "#.")
    before = old.read_bytes()
    played = run_piped(
        *PLAYED,
        "--data-dir",
        str(tmp_path / "data"),
        lines=f"15 8\nsave {old}\ny\n",
        file_size=1024,  # the expert board's file is 1,440 bytes
    )
    failure = re.escape(f"The game was not saved to {old}: ") + r".+; the file there is as it was\."
    assert any(re.fullmatch(failure, line) for line in played.stdout.splitlines()), played.stdout
    assert old.read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["board.txt", "data"]


def test_in_a_terminal_the_question_is_asked_on_the_game_s_screen() -> None:
    player = Player(*PLAYED, "--legacy", columns=120)
    file = Path(player.data_dir) / "board.txt"
    file.write_text(OLD)

    def shown() -> str:
        """The screen's words, a message wrapped under the board read as one line."""
        return " ".join(player.text.split())

    player.prompt_row()
    player.type("15 8")
    player.wait_for("Playing")
    player.type(f"save {file}")
    player.wait_for("Replace it with this game? [y = yes, Enter = no]")
    assert f"There is already a file {file}." in shown()
    assert file.read_text() == OLD
    player.type("")
    player.wait_until(lambda: f"Not saved: {file} is as it was." in shown())
    assert "Replace it" not in player.text
    assert file.read_text() == OLD
    player.type(f"save {file}")
    player.wait_for("Replace it with this game? [y = yes, Enter = no]")
    player.type("y")
    player.wait_until(lambda: f"Saved to {file}; " in shown())
    assert boardfile.load(file).width == 30
    player.type("quit")
    assert player.finish() == 0


OWN_FILES = {
    "the database": ("data/buscaminas.sqlite3", "the score database"),
    "another spelling": ("data/../data/./buscaminas.sqlite3", "the score database"),
    "a link to its folder": ("link/buscaminas.sqlite3", "the score database"),
    "a hard link": ("hard.sqlite3", "the score database"),
    "its journal": ("data/buscaminas.sqlite3-journal", "a file the score database keeps"),
    "a game kept pending": (
        "data/buscaminas.sqlite3.pending/1-a.json",
        "a file the score database keeps",
    ),
    "the preferences": ("data/preferences.json", "the preferences the game remembers"),
    "the settings file": ("config/config.toml", "the settings file"),
}
"""The game's own files, as a path may name them, and what the refusal calls each."""


def own_places(tmp_path: Path) -> dict[str, str]:
    """Records with a game in them under ``tmp_path/data``, a link to that folder and a
    hard link to the database beside it, and the settings file; their environment."""
    data = tmp_path / "data"
    played = run_piped(*PLAYED, "--data-dir", str(data), lines="15 8\n")
    assert played.returncode == 0, played.stderr
    (tmp_path / "link").symlink_to(data, target_is_directory=True)
    os.link(data / "buscaminas.sqlite3", tmp_path / "hard.sqlite3")
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "config.toml").write_text("marks = false\n")
    return {"BUSCAMINAS_CONFIG_DIR": str(tmp_path / "config")}


def records_whole(tmp_path: Path) -> None:
    """The game left in progress is still there to resume, the settings file as it was."""
    back = run_piped("--resume", "--data-dir", str(tmp_path / "data"), "--lang", "en")
    assert "Welcome back" in back.stdout, back.stdout + back.stderr
    assert (tmp_path / "config" / "config.toml").read_text() == "marks = false\n"


@pytest.mark.parametrize("named", OWN_FILES)
def test_save_never_writes_over_the_game_s_own_files(tmp_path: Path, named: str) -> None:
    environment = own_places(tmp_path)
    path, what = OWN_FILES[named]
    target = tmp_path / path
    played = run_piped(
        *PLAYED,
        "--data-dir",
        str(tmp_path / "data"),
        lines=f"15 8\nsave {target}\ny\n",
        env=environment,
    )
    assert played.returncode == 0, played.stderr
    assert f"{target} is {what}" in played.stdout
    assert "the game never writes over its own files. Name another." in played.stdout
    assert "Saved to" not in played.stdout
    records_whole(tmp_path)


@pytest.mark.parametrize("named", ["the database", "a link to its folder", "the settings file"])
def test_export_never_writes_over_the_game_s_own_files(tmp_path: Path, named: str) -> None:
    environment = own_places(tmp_path)
    data = tmp_path / "data"
    won = run_piped(
        "--board", str(write_board(tmp_path / "b.txt", "####*", "#####", "####*")),
        "--data-dir", str(data), lines="try 1 1\nflag 5 1\nflag 5 3\nexpand 4 1\nn\n",
    )
    assert "You won" in won.stdout
    path, what = OWN_FILES[named]
    exported = run_piped(
        "export", "1", str(tmp_path / path), "--data-dir", str(data), "--lang", "en",
        env=environment,
    )
    assert exported.returncode == 1
    assert f"{tmp_path / path} is {what}" in exported.stderr
    records_whole(tmp_path)


def test_a_save_whose_file_name_makes_the_line_too_long_says_so(tmp_path: Path) -> None:
    target = tmp_path.joinpath(*["a" * 200] * 25, "game.txt")  # past MAX_PATH characters
    data = ("--data-dir", str(tmp_path / "data"))
    played = run_piped(*PLAYED, *data, lines=f"15 8\nsave {target}\n")
    assert (
        "That line is too long: a command is a verb and at most two numbers, or “save” and a"
        f" file name of at most {MAX_PATH} characters."
    ) in played.stdout.splitlines()
    assert not (tmp_path / ("a" * 200)).exists()
