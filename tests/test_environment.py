"""What the game reads from its environment: ``--help`` ends with every variable and
file, and colour follows NO_COLOR, FORCE_COLOR, CLICOLOR_FORCE and CLICOLOR in the
conventions' precedence, on a terminal and in a pipe."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from buscaminas.entry.colours import Colour, colour
from tests.terminal_support import Player, run_piped, write_board

SGR_COLOUR = re.compile(r"\x1b\[[0-9;]*38;5;[0-9]+m")
"""A 256-colour foreground: the themes' inks (bold and dim are no colour)."""

PRECEDENCE = [
    # (environment, on a terminal, in a pipe, the variable that decided)
    ({}, True, False, None),
    ({"NO_COLOR": "1"}, False, False, "NO_COLOR"),
    ({"NO_COLOR": ""}, True, False, None),
    ({"FORCE_COLOR": "1"}, True, True, "FORCE_COLOR"),
    ({"FORCE_COLOR": "true"}, True, True, "FORCE_COLOR"),
    ({"FORCE_COLOR": "0"}, True, False, None),
    ({"FORCE_COLOR": ""}, True, False, None),
    ({"CLICOLOR_FORCE": "1"}, True, True, "CLICOLOR_FORCE"),
    ({"CLICOLOR_FORCE": "0"}, True, False, None),
    ({"CLICOLOR": "0"}, False, False, "CLICOLOR=0"),
    ({"CLICOLOR": "1"}, True, False, None),
    ({"NO_COLOR": "1", "FORCE_COLOR": "1"}, False, False, "NO_COLOR"),
    ({"NO_COLOR": "1", "CLICOLOR_FORCE": "1"}, False, False, "NO_COLOR"),
    ({"CLICOLOR": "0", "FORCE_COLOR": "1"}, True, True, "FORCE_COLOR"),
    ({"CLICOLOR": "0", "CLICOLOR_FORCE": "1"}, True, True, "CLICOLOR_FORCE"),
    ({"NO_COLOR": "x", "CLICOLOR": "0", "CLICOLOR_FORCE": "1"}, False, False, "NO_COLOR"),
]


@pytest.mark.parametrize(
    ("environ", "terminal", "pipe", "because"),
    PRECEDENCE,
    ids=[" ".join(f"{k}={v}" for k, v in row[0].items()) or "nothing" for row in PRECEDENCE],
)
def test_colour_follows_the_conventions_precedence(
    environ: dict[str, str], terminal: bool, pipe: bool, because: str | None
) -> None:
    assert colour(environ, terminal=True) == Colour(terminal, because)
    assert colour(environ, terminal=False) == Colour(pipe, because)


# --- in a pipe ----------------------------------------------------------------------


def piped_board(env: dict[str, str]) -> str:
    result = run_piped(
        "--preset", "beginner", "--seed", "1", "--lang", "en", lines="4 4\n", env=env
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("variable", ["FORCE_COLOR", "CLICOLOR_FORCE"])
def test_a_forcing_variable_colours_the_board_in_a_pipe_and_nothing_else(variable: str) -> None:
    out = piped_board({variable: "1"})
    coloured = [line for line in out.splitlines() if SGR_COLOUR.search(line)]
    assert len(coloured) == 8, "every row of the board"
    plain = [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in coloured]
    assert plain == [line for line in piped_board({}).splitlines() if len(line) == 8]
    assert all(line.endswith("\x1b[0m") for line in coloured), "each row ends plain"


@pytest.mark.parametrize(
    "env",
    [{}, {"NO_COLOR": "1", "FORCE_COLOR": "1"}, {"FORCE_COLOR": "0"}, {"CLICOLOR": "1"}],
    ids=["nothing", "NO_COLOR beats FORCE_COLOR", "FORCE_COLOR=0", "CLICOLOR=1"],
)
def test_a_pipe_gets_no_escape_unless_colour_is_forced(env: dict[str, str]) -> None:
    assert "\x1b" not in piped_board(env)


def test_a_dumb_terminal_is_read_to_without_colour_even_when_forced() -> None:
    """A screen reader would speak the escape sequences: forced colour stays off."""
    player = Player("--lang", "en", "--preset", "beginner", "--seed", "1",
                    env={"TERM": "dumb", "FORCE_COLOR": "1"})
    player.type("4 4")
    player.wait_for("This board can be solved without guessing.")
    player.wait_until(lambda: "10 mines left." in player.text)
    player.type("quit")
    assert player.finish() == 0
    assert b"\x1b" not in player.output


# --- on a terminal ------------------------------------------------------------------


def drawn(tmp_path: Path, env: dict[str, str]) -> str:
    """What the game writes to a terminal for one move on a small board."""
    board = write_board(tmp_path / "board.txt", "*####", "#####", "#####", "*###*")
    player = Player("--board", str(board), "--lang", "en", "--legacy", env=env)
    player.wait_for("Mines left: 3")
    player.type("3 2")
    player.wait_until(lambda: "Playing" in player.text)
    player.type("quit")
    assert player.finish() == 0
    return player.output.decode("utf-8", "replace")


@pytest.mark.parametrize(
    ("env", "coloured"),
    [
        ({"CLICOLOR": "0"}, False),
        ({"CLICOLOR": "0", "CLICOLOR_FORCE": "1"}, True),
        ({"NO_COLOR": "1", "FORCE_COLOR": "1"}, False),
        ({"FORCE_COLOR": "1"}, True),
    ],
    ids=["CLICOLOR=0", "CLICOLOR_FORCE beats CLICOLOR=0", "NO_COLOR beats FORCE_COLOR",
         "FORCE_COLOR"],
)
def test_the_terminal_draws_in_colour_as_the_variables_say(
    tmp_path: Path, env: dict[str, str], coloured: bool
) -> None:
    shown = drawn(tmp_path, env)
    assert bool(SGR_COLOUR.search(shown)) is coloured
    assert "\x1b[1m" in shown or "\x1b[1;" in shown, "numbers are bold either way"


def test_config_says_which_variable_turns_colour_off() -> None:
    for env, said in (({"CLICOLOR": "0"}, "CLICOLOR=0"), ({"NO_COLOR": "1"}, "NO_COLOR")):
        out = run_piped("config", "--lang", "en", env=env).stdout
        theme = next(line for line in out.splitlines() if line.startswith("theme ="))
        assert theme.endswith(f"the default; {said} turns colour off")
    out = run_piped("config", "--lang", "en", env={"CLICOLOR": "0", "FORCE_COLOR": "1"}).stdout
    assert "turns colour off" not in out


# --- --help -------------------------------------------------------------------------

VARIABLES = (
    "BUSCAMINAS_DATA_DIR", "BUSCAMINAS_CONFIG_DIR", "XDG_DATA_HOME", "XDG_CONFIG_HOME",
    "NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE", "CLICOLOR", "TERM", "LANGUAGE", "LC_ALL",
    "LC_MESSAGES", "LANG",
)


def test_help_ends_with_the_environment_and_the_files_where_they_are(tmp_path: Path) -> None:
    data, settings = tmp_path / "data", tmp_path / "settings"
    result = run_piped(
        "--help", "--lang", "en",
        env={"BUSCAMINAS_DATA_DIR": str(data), "BUSCAMINAS_CONFIG_DIR": str(settings),
             "COLUMNS": "80"},
    )
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    environment = lines.index("environment:")
    files = lines.index("files:")
    assert lines[environment - 1] == "" and environment < files
    listed = " ".join(lines[environment:files])
    assert all(re.search(rf"\b{name}\b", listed) for name in VARIABLES)
    kept = [line.strip() for line in lines[files + 1 :] if line.startswith("  /")]
    assert kept == [
        str(data / "buscaminas.sqlite3"),
        str(data / "preferences.json"),
        str(settings / "config.toml"),
    ]
    assert all(len(line) <= 80 for line in lines[environment:] if "/" not in line)
    assert "never written" in result.stdout


def test_help_in_spanish_names_the_same_variables(tmp_path: Path) -> None:
    result = run_piped("--help", "--lang", "es")
    assert "entorno:" in result.stdout and "archivos:" in result.stdout
    assert all(name in result.stdout for name in VARIABLES)
