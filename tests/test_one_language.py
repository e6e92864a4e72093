"""One language per screen (issue 27): under ``--lang es`` every word the program prints
is Spanish, argparse's and the system's included.

The check reads every message path (argparse's refusals and ``--help``, the tools and
their errors, a game in a pipe, the start-up questions, the manual's pages) and looks
each word up in the English catalogue's words: the game's own sentences and argparse's.
Words both languages write are listed apart (:data:`SHARED`) and kept few: a Spanish
word that is English too, a tool's or a program's name. The English verbs a Spanish
player may type are not among them: they may show only in the lists of a verb's
spellings, which are taken out before the check, so that «flag 3 3» in a Spanish
sentence is caught.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from buscaminas import i18n
from buscaminas.entry import cli
from buscaminas.entry.invocation import TOOLS
from buscaminas.game import commands
from tests.terminal_support import Player, run_piped, scratch_directory, write_board
from tools import catalogue

_WORD = re.compile(r"(?<![\w/.\-])[^\W\d_]+(?:'[^\W\d_]+)?(?![\w/\-]|\.\w)")
"""A word of prose: no flag (``--marks``), path, file's suffix or name with ``_``."""
_FIELD = re.compile(r"\{[^}]*\}|%\(\w+\)[a-z]|%[a-z]")


def _words(text: str) -> set[str]:
    return {word.lower() for word in _WORD.findall(_FIELD.sub(" ", text.replace("\0", " ")))}


@functools.cache  # read when a test asks, not as each test process collects the tests
def forbidden() -> frozenset[str]:
    """Every word of the game's English sentences and of argparse's, but for the words
    both languages write (:data:`SHARED`)."""
    english = {
        word
        for source in (
            catalogue.parse_po(catalogue.po_file("en").read_text(encoding="utf-8")),
            catalogue.parse_po(
                catalogue.po_file("es", i18n.ARGPARSE_DOMAIN).read_text(encoding="utf-8")
            ),
        )
        for message in source
        if message
        for word in _words(message)
        if len(word) > 1  # one letter is a key, a coordinate or an answer (s, n, x, y)
        and word not in commands.SPANISH  # the English manual names the Spanish verbs
    }
    return frozenset(english - SHARED)


SHARED = {
    # Spanish words that English writes too
    "no", "error", "has", "decide", "control", "cursor", "terminal", "original", "total",
    "manual", "auto", "reproducible", "global",
    # names: the program, its tools (typed as they are), formats, a font, keys
    "buscaminas", "stats", "games", "replay", "review", "export", "config", "manpage",
    "completion",
    # the levels of --logic, typed as they are
    "single", "pair", "subset",
    "evf", "mbf", "roff", "sqlite", "nerd", "font", "tab", "esc",
    # a figure players rank efficiency by, named as they name it
    "zini",
    # a system and a terminal's name in `--help`'s environment
    "linux", "dumb",
}  # fmt: skip
"""Words the Spanish screens may show that the English catalogue has too."""

SPELLINGS = {*commands.ALIASES, *(verb.value for verb in commands.Verb)}
_LIST = re.compile(r"\(([^()]*)\)")
_SETTING = re.compile(r"(?m)^(?:# )?[\w/ ]+ = [^#\n]*|^\[keys\]$|«\w+ = \w+»")
"""A line of ``config.toml`` as ``buscaminas config`` prints it, or quoted in a
sentence: the file's own syntax, whose names are the flags'."""


def english_in(text: str) -> dict[str, str]:
    """The words of ``text`` from the English catalogue, each with where it was found."""
    text = _LIST.sub(
        lambda listed: (
            "" if set(listed[1].split(", ")) <= SPELLINGS else listed[0]
        ),  # a verb's spellings: the words the player may type
        text,
    )
    text = _SETTING.sub("", text)
    found: dict[str, str] = {}
    for match in _WORD.finditer(text):
        word = match[0].lower()
        if match[0].isupper() and len(word) > 1:
            continue  # a name in capitals: an environment variable (LANG), a standard (POSIX)
        if word in forbidden() and word not in found:
            found[word] = text[max(0, match.start() - 50) : match.end() + 20].replace("\n", "⏎")
    return found


@pytest.fixture
def places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    """Files and directories for the paths to name: a position, a board file that
    is wrong, a directory, a data directory; the configuration directory empty."""
    monkeypatch.setenv("BUSCAMINAS_CONFIG_DIR", str(tmp_path / "config"))
    (tmp_path / "position.txt").write_text("####\n#1##\n####\n", encoding="utf-8")
    (tmp_path / "wrong.txt").write_text("10 10\n10\n", encoding="utf-8")
    yield {
        "position": str(tmp_path / "position.txt"),
        "wrong": str(tmp_path / "wrong.txt"),
        "directory": str(tmp_path),
        "missing": str(tmp_path / "missing" / "file.txt"),
        "data": str(tmp_path / "data"),
    }
    i18n.use("en")


COMMAND_LINES = [
    ["--help"],
    *([tool, "--help"] for tool in TOOLS),
    ["--preset", "foo"],
    ["--theme", "blue"],
    ["--width", "nine"],
    ["--seed", "x"],
    ["--bogus"],
    ["statz"],
    ["--legacy", "--nerd"],
    ["--lang"],
    ["--m", "3"],
    ["--daily=3"],
    ["--width", "3"],
    ["--preset", "expert", "--width", "9"],
    ["--preset", "custom", "--width", "9"],
    ["--width", "2", "--height", "3", "--mines", "1"],
    ["--width", "9", "--height", "9", "--mines", "81"],
    ["--game", "XXXX"],
    ["--game", "R0SE-HS08-3GW0-A0T6-SKRB"],
    ["--daily", "--seed", "3"],
    ["--board", "{missing}"],
    ["--board", "{directory}"],
    ["--board", "{wrong}"],
    ["--board", "{position}", "--preset", "tiny"],
    ["games", "x"],
    ["games", "--all", "3"],
    ["analyze"],
    ["analyze", "{missing}", "--mines", "3"],
    ["analyze", "{directory}", "--mines", "3"],
    ["analyze", "{position}", "--mines", "x"],
    ["analyze", "{position}", "--mines", "3"],
    ["stats"],
    ["games"],
    ["replay", "3"],
    ["review", "3"],
    ["export", "3", "{missing}"],
    ["config"],
]
"""argparse's refusals and help, the flags' own refusals, the tools with no records."""


def said_by_the_command_lines(
    language: str, places: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> dict[str, str]:
    """What each command line prints, in ``language``, run as ``buscaminas`` runs it."""
    said = {}
    for arguments in COMMAND_LINES:
        argv = ["--lang", language, "--data-dir", places["data"]]
        argv += [argument.format(**places) for argument in arguments]
        with contextlib.suppress(SystemExit):  # argparse's way out
            cli.main(argv)
        out, err = capsys.readouterr()
        said[" ".join(arguments)] = out + err
    return said


def test_every_command_line_answers_in_spanish(
    places: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    said = said_by_the_command_lines("es", places, capsys)
    assert said["--help"].startswith("uso: buscaminas")
    assert "argumentos no reconocidos: --bogus" in said["--bogus"]
    assert "no existe el archivo o el directorio" in said["--board {missing}"]
    english = {line: english_in(words) for line, words in said.items()}
    assert {line: found for line, found in english.items() if found} == {}


def test_the_check_finds_english_where_there_is_english(
    places: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The word list is the English catalogue's: the same paths in English are full of
    its words, argparse's and the system's among them."""
    found = english_in("\n".join(said_by_the_command_lines("en", places, capsys).values()))
    assert len(forbidden()) > 500
    assert {"usage", "unrecognized", "required", "invalid", "such", "directory"} <= set(found)
    assert len(found) > 100


BOARD = ("*###", "####", "###*")


def test_a_game_in_a_pipe_speaks_spanish(tmp_path: Path) -> None:
    board = write_board(tmp_path / "board.txt", *BOARD)
    data = ("--data-dir", str(tmp_path / "data"), "--lang", "es")
    script = [
        "foo", "probar", "probar 99 1", "probar x 1", "bandera 1", "\x01", "#" * 300,
        "manual", "manual 2", "manual bandera", "manual foo", "estadisticas 0",
        "ayuda", "ayuda 2 2", "2 2", "bandera 1 1", "bandera 1 1", "quitar 3 3",
        "marcar 2 2", "expandir 2 2", "pausa", "estadísticas",
        f"guardar {tmp_path / 'missing' / 'game.txt'}", f"guardar {tmp_path}",
        f"guardar {tmp_path / 'saved.txt'}", f"guardar {tmp_path / 'saved.txt'}", "x",
        "deshacer", "rehacer", "deshacer", "deshacer", "deshacer", "rehacer", "revisar",
        "nueva", "x", "otra", "s", "4 3", "x", "revisar", "deshacer", "4 3", "otra",
        "1 2", "auto", "", "auto 2", "n",
    ]  # fmt: skip
    played = run_piped("--board", str(board), "--seed", "3", *data, lines="\n".join(script))
    assert played.returncode == 0, played.stderr
    assert "¡Bum!" in played.stdout and "¡Hasta luego!" in played.stdout
    tools = [
        run_piped(*arguments, *data)
        for arguments in (
            ["stats"],
            ["games"],
            ["review", "1"],
            ["review", "2"],
            ["export", "1", str(tmp_path / "missing" / "game.evf")],
            ["export", "1", str(tmp_path / "game.zip")],
            ["--resume", "--preset", "expert"],
        )
    ]
    sized = run_piped(
        "--preset", "personalizado", *data, lines="x\n0\n5\n5\n99\n\n1 1\nsalir\n"
    )
    said = "\n".join(
        [played.stdout, played.stderr, sized.stdout, sized.stderr]
        + [tool.stdout + tool.stderr for tool in tools]
    )
    assert "Ancho, de 3 a 99:" in said and "Jugada  Tiempo" in said
    assert english_in(said) == {}


def test_the_screens_of_a_first_run_speak_spanish() -> None:
    """The questions on a full screen and on a dumb terminal, the board, the cursor's
    keys, the manual page by page with its footers, the pause, the goodbye."""
    seen: list[str] = []
    player = Player("--lang", "es", "--seed", "2", rows=24, columns=80)
    player.wait_for("Iconos [Intro = 1, 2 = Nerd Font]:")
    seen.append(player.text)
    player.type("tal vez")
    player.wait_for("Escribe 1 (o pulsa Intro)")
    seen.append(player.text)
    player.type("")
    player.wait_for("Tablero [Intro = 2]:")
    player.type("0")
    player.wait_for("Escribe del 1 al 10")
    seen.append(player.text)
    player.type("2")
    player.wait_for("Minas restantes: 10")
    seen.append(player.text)
    page = 1
    while True:
        player.type(f"manual {page}")
        player.wait_for(f"Página {page} de ")
        seen.append(player.text)
        if "para la primera" in player.text:
            break
        assert f"«manual {page + 1}»" in player.text, player.text
        page += 1
    assert page > 2
    player.type("4 4")
    player.wait_for("Jugando")
    player.child.send("\t")
    player.wait_for("TECLAS")
    seen.append(player.text)
    player.child.send("\t")
    player.type("pausa")
    player.wait_for("En pausa")
    seen.append(player.text)
    player.child.send(" ")
    player.type("salir")
    player.finish()
    seen.append(player.text)
    assert "¡Hasta luego!" in player.text
    reader = Player(
        "--lang", "es", env={"TERM": "dumb", "BUSCAMINAS_DATA_DIR": scratch_directory()}
    )
    reader.wait_for("Tablero [Intro = 2]?")
    reader.type("veinte")  # a wrong answer, in a word no English sentence has
    reader.wait_for("Escribe del 1 al 10")
    reader.type("personalizado")
    reader.wait_for("Ancho, de 3 a 99?")
    reader.type("5")
    reader.type("5")
    reader.wait_for("Minas, de 1 a 24")
    reader.type("")
    reader.wait_for("quedan 4 minas")
    reader.type("q")
    reader.finish()
    seen.append(reader.text)
    assert english_in("\n".join(seen)) == {}


def test_a_byte_order_mark_starting_piped_input_is_not_part_of_the_first_line() -> None:
    """A Windows editor starts a UTF-8 file with one; it is no control character."""
    played = run_piped(
        "--preset", "beginner", "--seed", "1", "--lang", "en", lines="\ufeff4 4\nquit\n"
    )
    assert played.returncode == 0, played.stderr
    assert "control characters" not in played.stdout
    assert re.search(r"(?m)^[.0-9#]*\.[.0-9#]*$", played.stdout), "4 4 opened the board"
    analysed = run_piped("analyze", "-", "--mines", "3", lines="\ufeff####\n#1##\n####\n")
    assert analysed.returncode == 0, analysed.stderr
    mid = "\ufeffmid-file"
    refused = run_piped("--preset", "beginner", "--lang", "en", lines=f"4 4\n{mid}\nquit\n")
    assert "control characters" in refused.stdout, "only the first one is the file's"


def test_spanish_has_one_word_for_a_cell_and_names_keys_as_its_keyboards_do() -> None:
    spanish = catalogue.parse_po(catalogue.po_file("es").read_text(encoding="utf-8"))
    said = "\n".join(value for key, value in spanish.items() if key)
    assert not re.search(r"\bceldas?\b", said, re.IGNORECASE)
    assert "casilla" in said
    assert not re.search(r"\b(Enter|Home|End|Space|Shift|Page (Up|Down))\b", said)
