"""config.toml: every setting a flag's name, the flag over the file, a bad file refused
whole with its line named, and never written by the game."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.config_support import configured, settings
from tests.terminal_support import Player, run_piped, write_board

BOARD = ("*####", "#####", "#####", "*###*")


def piped(tmp_path: Path, text: str, *flags: str, lines: str = "flag 1 2\nflag 1 2\n") -> str:
    board = write_board(tmp_path / "board.txt", *BOARD)
    result = run_piped("--board", str(board), *flags, lines=lines, env=configured(tmp_path, text))
    assert result.returncode == 0, result.stderr
    return result.stdout + result.stderr


def test_the_file_turns_marks_on_and_a_flag_turns_them_off(tmp_path: Path) -> None:
    assert "? marks are off" not in piped(tmp_path, "marks = true\n", lines="mark 1 2\n")
    refused = piped(tmp_path, "marks = true\n", "--no-marks", "--lang", "en", lines="mark 1 2\n")
    assert "? marks are off" in refused


def test_the_file_chooses_the_language_and_the_flag_wins(tmp_path: Path) -> None:
    assert "Las marcas ? están desactivadas" in piped(tmp_path, 'lang = "es"\n', lines="mark 1 1\n")
    english = piped(tmp_path, 'lang = "es"\n', "--lang", "en", lines="mark 1 1\n")
    assert "? marks are off" in english


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ('marks = true\ntheme = "light\n', 2, "this is not TOML"),
        ("marks = true\n\ncolour = 3\n", 3, "there is no setting “colour”"),
        ('marks = true\nanimation = "no"\n', 2, "“animation” is true or false"),
        ('marks = true\n# the look\ntheme = "blue"\n', 3, "“theme” cannot be “blue”"),
        ("marks = true\nlang = 1\n", 2, "“lang” is a name in quotes: “es”, “en”"),
        ("marks = true\nlegacy = true\nnerd = true\n", 3, "“legacy” and “nerd” cannot both"),
        ("marks = true\n[keys]\nup = 1\n", 3, "in [keys], “up” is a key in quotes"),
        ("marks = true\n[sound]\nvolume = 3\n", 2, "there is no setting “sound”"),
    ],
)
def test_a_bad_file_names_its_line_and_the_game_plays_the_defaults(
    tmp_path: Path, text: str, line: int, words: str
) -> None:
    environment = configured(tmp_path, text)
    path = Path(environment["BUSCAMINAS_CONFIG_DIR"]) / "config.toml"
    before = path.stat()
    board = write_board(tmp_path / "board.txt", *BOARD)
    result = run_piped("--board", str(board), "--lang", "en", lines="mark 1 2\n", env=environment)
    assert result.returncode == 0
    assert f"buscaminas: {path}, line {line}: {words}" in result.stderr
    assert "The game starts with the default settings" in result.stderr
    assert len(result.stderr.splitlines()) == 1, "one message"
    assert "? marks are off" in result.stdout, "the whole file is set aside, marks = true too"
    assert path.read_text(encoding="utf-8") == text, "never rewritten"
    assert path.stat().st_mtime_ns == before.st_mtime_ns


@pytest.mark.parametrize(
    ("make", "why"),
    [
        (Path.mkdir, "it is a directory, not a file"),
        (os.mkfifo, "it is a named pipe, not a file"),  # no “-” to give: not a board
        (lambda path: path.write_bytes(b"#" * 300_000), "it is larger than 256 KiB,"
         " more than any settings file needs"),
    ],
)
def test_what_is_no_settings_file_where_the_file_goes_is_said_and_passed_over(
    tmp_path: Path, make: Callable[[Path], object], why: str
) -> None:
    directory = tmp_path / "config"
    directory.mkdir()
    make(directory / "config.toml")
    result = run_piped(
        "--lang", "en", "config", env={"BUSCAMINAS_CONFIG_DIR": str(directory)}
    )
    assert result.returncode == 0
    assert f"config.toml: {why}. The game starts" in result.stdout


def test_config_prints_the_path_and_where_each_setting_comes_from(tmp_path: Path) -> None:
    environment = configured(tmp_path, 'theme = "light"\n\nmarks = true\n')
    data = tmp_path / "data"
    data.mkdir()
    (data / "preferences.json").write_text(json.dumps({"icons": "nerd"}))
    result = run_piped(
        "config", "--no-animation", "--lang", "en", "--data-dir", str(data), env=environment
    )
    out = settings(result.stdout)
    assert f"Settings file: {environment['BUSCAMINAS_CONFIG_DIR']}/config.toml" in out
    assert 'lang = "en" # the command line' in out
    assert 'theme = "light" # the file, line 1' in out
    assert "marks = true # the file, line 3" in out
    assert "animation = false # the command line" in out
    assert "mouse = true # the default" in out
    assert f"nerd = true # your answer to the icons question, kept in {data}" in out
    spanish = run_piped("config", "--lang", "es", env=environment)
    assert 'theme = "light" # el archivo, línea 1' in settings(spanish.stdout)
    with_icons = configured(tmp_path, "legacy = true\n")
    chosen = run_piped("config", "--lang", "en", "--data-dir", str(data), env=with_icons)
    assert "legacy = true # the file, line 1" in settings(chosen.stdout), "the file over the answer"


def test_without_an_override_the_file_is_in_the_xdg_config_directory(tmp_path: Path) -> None:
    environment = {"BUSCAMINAS_CONFIG_DIR": "", "XDG_CONFIG_HOME": str(tmp_path)}
    (tmp_path / "buscaminas").mkdir()
    (tmp_path / "buscaminas" / "config.toml").write_text("marks = true\n")
    result = run_piped("config", "--lang", "en", env=environment)
    assert f"Settings file: {tmp_path}/buscaminas/config.toml" in result.stdout
    assert "marks = true # the file, line 1" in settings(result.stdout)


def test_the_files_icons_skip_the_question_and_leave_the_answer_alone(tmp_path: Path) -> None:
    environment = configured(tmp_path, 'legacy = true\ntheme = "light"\n')
    player = Player("--preset", "beginner", "--lang", "en", env=environment)
    player.wait_for("Mines left: 10")
    assert "Which icons" not in player.text and "# # # #" in player.text
    assert b"38;5;238" in player.output, "the light theme's hidden cells"
    player.type("quit")
    assert player.finish() == 0
    assert not os.path.exists(Path(player.data_dir) / "preferences.json"), "nothing remembered"


def test_a_bad_file_is_said_under_the_board_on_a_terminal(tmp_path: Path) -> None:
    environment = configured(tmp_path, "marks = yes\n")
    player = Player("--preset", "beginner", "--legacy", "--lang", "es", env=environment)
    player.wait_for("línea 1: esto no es TOML")
    assert "El juego empieza con los ajustes por defecto" in " ".join(player.text.split())
    player.type("salir")
    assert player.finish() == 0


REMAPPED = '[keys]\nflag = "g"\nup = "up i"\n'
"""g flags instead of f and b; ↑ and i move up instead of ↑, k and w."""


def test_keys_from_the_file_are_bound_shown_and_in_the_manual(tmp_path: Path) -> None:
    board = write_board(tmp_path / "board.txt", *BOARD)
    environment = configured(tmp_path, REMAPPED)
    player = Player(
        "--board", str(board), "--lang", "en", "--legacy", "--no-animation", env=environment
    )
    player.wait_for("Mines left: 3")
    player.child.send("\t")  # the keys to the cursor, at the centre: 3 3
    player.wait_for("Cursor keys")
    legend = " ".join(player.text.split())
    assert "g: flag" in legend and "f, b: flag" not in legend, legend
    player.child.send("g")
    player.wait_until(lambda: player.board(4)[2][2] == "F")
    player.child.send("ig")  # up to 3 2, and a flag there
    player.wait_until(lambda: player.board(4)[1][2] == "F")
    player.child.send("k")  # no longer a key: typed, as a letter no key uses is
    player.wait_until(lambda: any(line.strip() == "> k" for line in player.lines))
    assert player.board(4)[0][2] == "#", "k moved nothing"
    player.child.sendcontrol("c")
    player.type("man 3")  # the page of the manual that has the keys
    player.wait_for("With the cursor keys")
    manual = " ".join(player.text.split())
    assert "g: flag" in manual and "f, b: flag" not in manual, manual
    player.type("quit")
    assert player.finish() == 0


def test_a_key_given_two_meanings_is_refused_naming_both(tmp_path: Path) -> None:
    board = write_board(tmp_path / "board.txt", *BOARD)
    environment = configured(tmp_path, '[keys]\nflag = "e"\n')
    player = Player(
        "--board", str(board), "--lang", "en", "--legacy", "--no-animation", env=environment
    )
    player.wait_for("Mines left: 3")
    said = " ".join(player.text.split())
    assert "line 2" in said and "“e” would be the key of both “flag” and “expand”" in said, said
    assert "The cursor keys are the default ones" in said
    player.child.send("\tf")  # the default keys hold: f flags
    player.wait_until(lambda: player.board(4)[2][2] == "F")
    player.child.send("\t")
    player.type("quit")
    assert player.finish() == 0
    printed = run_piped("config", "--lang", "en", env=environment).stdout
    assert "“e” would be the key of both" in printed
    assert 'flag = "f b" # the default' in settings(printed)


def test_config_lists_every_cursor_key_in_effect(tmp_path: Path) -> None:
    environment = configured(tmp_path, REMAPPED)
    printed = settings(run_piped("config", "--lang", "en", env=environment).stdout)
    assert 'flag = "g" # the file, line 2' in printed
    assert 'up = "up i" # the file, line 3' in printed
    assert 'expand = "e" # the default' in printed
    assert 'down = "down j s" # the default' in printed
    refused = run_piped("--lang", "en", env=configured(tmp_path, '[keys]\njump = "x"\n'))
    assert "there is no cursor key “jump”" in refused.stderr


@pytest.mark.parametrize(
    "nested",
    ["[" * 500 + "]" * 500, "{b = " * 400 + "1" + "}" * 400],
    ids=["500 lists", "400 inline tables"],
)
def test_a_file_nested_deeper_than_any_setting_is_one_message_and_the_defaults(
    tmp_path: Path, nested: str
) -> None:
    environment = configured(tmp_path, f"marks = true\na = {nested}\n")
    path = Path(environment["BUSCAMINAS_CONFIG_DIR"]) / "config.toml"
    board = write_board(tmp_path / "board.txt", *BOARD)
    result = run_piped("--board", str(board), "--lang", "en", lines="mark 1 2\n", env=environment)
    assert result.returncode == 0, result.stderr
    assert result.stderr.startswith(
        f"buscaminas: {path}: its lists or tables nest more than 32 deep, as no setting does."
    )
    assert "The game starts with the default settings" in result.stderr
    assert len(result.stderr.splitlines()) == 1, "one message"
    assert "? marks are off" in result.stdout


def test_a_byte_order_mark_before_the_settings_is_read_past(tmp_path: Path) -> None:
    said = piped(tmp_path, '\ufefflang = "es"\nmarks = false\n', lines="mark 1 1\n")
    assert "Las marcas ? están desactivadas" in said
    assert "TOML" not in said
