"""The boards named for what they are (issue 27): one name for each in each language,
taken by the menu and by ``--preset`` alike whatever its case and accents, with its size
and mines beside it; ``custom`` a preset too; the names they had first still theirs, in
scripts and in the records."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from buscaminas import i18n
from buscaminas.entry.boards import settings_from_flags
from buscaminas.entry.choices import ask_settings
from buscaminas.entry.invocation import read
from buscaminas.entry.parser import build_parser
from buscaminas.game.questions import Custom, Leave
from buscaminas.game.settings import Settings
from buscaminas.records import presets
from buscaminas.records.config import ConfigFile
from buscaminas.records.presets import PRESETS
from tests.questions_support import Answers
from tests.terminal_support import run_piped


@pytest.fixture(params=i18n.LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.use(request.param)
    yield request.param
    i18n.use("en")


def menu_names(screen: Answers) -> dict[str, str]:
    """The menu's entries as shown: each board's number, then its name."""
    entries = (re.match(r"\s*(\d+)\. (\S+)\s", line) for line in screen.screens[0])
    return {entry[1]: entry[2] for entry in entries if entry}


def test_each_board_has_one_name_a_language_and_no_name_is_two_boards() -> None:
    for preset in PRESETS.values():
        for name in (preset.key, preset.english, preset.spanish):
            assert presets.board_named(name) == preset.key, name
            assert not re.search(r"UTN|terminal", name)


def test_every_name_the_menu_shows_is_a_name_the_flag_takes(language: str) -> None:
    """Whatever language the menu speaks, and whatever language the command line is
    in: a name read off the menu, typed to ``--preset``, is that entry's board."""
    screen = Answers("q")
    with pytest.raises(Leave):
        ask_settings(screen, seed=None, no_guess=True)  # type: ignore[arg-type]
    shown = menu_names(screen)
    assert len(shown) == len(PRESETS) + 1
    keys = [*PRESETS, presets.CUSTOM[0]]
    for number, name in shown.items():
        for typed in (name, name.upper(), name.lower()):
            parsed = build_parser().parse_args(["--preset", typed]).preset
            assert parsed == keys[int(number) - 1], typed


@pytest.mark.parametrize(
    ("typed", "board"),
    [
        ("EXPERT", "expert"),
        ("experto", "expert"),
        ("Experto", "expert"),
        ("fácil", "facil"),
        ("facil", "facil"),
        ("FÁCIL", "facil"),
        ("pequeño", "normal"),
        ("pequeno", "normal"),
        ("Principiante", "beginner"),
        ("custom", "custom"),
        ("Personalizado", "custom"),
    ],
)
def test_the_flag_ignores_case_and_accents(typed: str, board: str) -> None:
    assert build_parser().parse_args(["--preset", typed]).preset == board


def test_the_menu_gives_each_board_its_size_and_mines(language: str) -> None:
    screen = Answers("")
    assert ask_settings(screen, seed=None, no_guess=True).preset == "beginner"  # type: ignore[arg-type]
    for preset in PRESETS.values():
        entry = next(line for line in screen.screens[0] if f" {preset.label()} " in line)
        assert entry.split(preset.label(), 1)[1].split() == preset.size().split()
    assert all(preset.size() in "\n".join(screen.screens[0]) for preset in PRESETS.values())


def test_the_menu_marks_the_boards_wider_than_the_terminal() -> None:
    def marked(columns: int) -> set[str]:
        screen = Answers("")
        ask_settings(screen, seed=None, no_guess=True, columns=columns)  # type: ignore[arg-type]
        return {
            preset.key
            for preset in PRESETS.values()
            for line in screen.screens[0]
            if f" {preset.english} " in line and line.rstrip().endswith("↔")
        }

    assert marked(80) == {"facil", "media", "dificil"}
    assert marked(40) == {"expert", "facil", "media", "dificil"}
    assert marked(200) == set()
    screen = Answers("")
    ask_settings(screen, seed=None, no_guess=True, columns=80)  # type: ignore[arg-type]
    assert "↔ wider than the terminal: it scrolls" in screen.screens[0]


def test_custom_is_a_preset_that_asks_its_size_or_takes_the_flags() -> None:
    nothing = ConfigFile(Path("config.toml"), {}, {})
    assert settings_from_flags(read(["--preset", "custom"], nothing).board) == Custom()
    given = read(
        ["--preset", "personalizado", "--width", "9", "--height", "7", "--mines", "5"], nothing
    )
    assert settings_from_flags(given.board) == Settings(9, 7, 5)
    asked = run_piped(
        "--preset", "custom", "--seed", "1", "--lang", "en", lines="9\n7\n5\n1 1\nquit\n"
    )
    assert asked.returncode == 0, asked.stderr
    assert "Width, from 3 to 99:" in asked.stdout and "Mines, from 1 to 62" in asked.stdout
    board = re.findall(r"(?m)^[#.0-9]+$", asked.stdout)
    assert {len(row) for row in board} == {9} and len(board) % 7 == 0 and board, asked.stdout


def test_a_board_s_first_name_keeps_its_games_with_its_new_one(tmp_path: Path) -> None:
    """The records keep a preset's games under its first name: a game played by the
    old name and one by the new are the same board's."""
    data = ("--data-dir", str(tmp_path), "--lang", "en", "--seed", "1")
    for name in ("facil", "large", "GRANDE"):
        played = run_piped("--preset", name, *data, lines="2 2\nauto\nn\n")
        assert played.returncode == 0, played.stderr
    stats = run_piped("stats", "--data-dir", str(tmp_path), "--lang", "en").stdout
    assert stats.count("50×20") == stats.count("Large 50×20") == 1, stats
    assert re.search(r"(?m)^Large 50×20\n.*played 3, won 3", stats), stats
