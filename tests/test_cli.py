"""The command line: flags, the startup questions, and the tools beside the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from buscaminas.entry.boards import settings_from_flags
from buscaminas.entry.choices import ask_settings
from buscaminas.entry.invocation import read
from buscaminas.entry.parser import build_parser
from buscaminas.records.config import ConfigFile
from tests.questions_support import Answers
from tests.terminal_support import run_piped

NO_FILE = ConfigFile(Path("config.toml"), {}, {})
"""A settings file that says nothing."""


def test_bad_answers_are_asked_again_never_a_crash() -> None:
    screen = Answers(
        "²", "11", "custom?", "10", "+-5", "²", "2", "100", "6", "", "5", "0", "30", "4"
    )
    settings = ask_settings(screen, seed=3, no_guess=True)  # type: ignore[arg-type]
    assert (settings.width, settings.height, settings.mines, settings.seed) == (6, 5, 4, 3)
    complaint = "Type 1 to 10, or a board's name."
    assert [complaint in shown for shown in screen.screens[:4]] == [False, True, True, True]
    assert ["Type a whole number from 3 to 99." in shown for shown in screen.screens[4:7]] == [
        False,
        True,
        True,
    ], "any size, whatever the terminal"
    assert "Type a whole number from 1 to 29." in screen.screens[-1]
    assert not screen.answers


def test_presets_by_number_name_or_spanish_name() -> None:
    for answer, preset in (
        ("", "beginner"),
        ("5", "intermediate"),
        ("experto", "expert"),
        ("Intermediate", "intermediate"),
        ("PRINCIPIANTE", "beginner"),
    ):
        screen = Answers(answer)
        settings = ask_settings(screen, seed=None, no_guess=False)  # type: ignore[arg-type]
        assert settings.preset == preset
        assert not settings.no_guess


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--width", "9"], "--width, --height and --mines go together"),
        (
            ["--width", "2", "--height", "9", "--mines", "3"],
            "the width is 2; it must be from 3 to 99",
        ),
        (
            ["--width", "9", "--height", "100", "--mines", "3"],
            "the height is 100; it must be from 3 to 99",
        ),
        (
            ["--width", "9", "--height", "9", "--mines", "81"],
            "there are 81 mines; there must be from 1 to 80",
        ),
        (
            ["--width", "9", "--height", "9", "--mines", "0"],
            "there are 0 mines; there must be from 1 to 80",
        ),
        (["--preset", "expert", "--mines", "3"], "give either --preset or"),
        (["--board", "b.txt", "--preset", "expert"], "--board brings its own size"),
    ],
)
def test_flags_that_do_not_fit_together_are_refused(
    flags: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as leaving:
        settings_from_flags(read(flags, NO_FILE).board)
    assert leaving.value.code == 2
    assert words in capsys.readouterr().err


def test_shared_options_count_before_and_after_a_tool(tmp_path: Path) -> None:
    before = run_piped("--lang", "en", "--data-dir", str(tmp_path), "stats")
    after = run_piped("stats", "--lang", "en", "--data-dir", str(tmp_path))
    assert before.stdout == after.stdout == "No games recorded yet.\n"
    assert not any(tmp_path.iterdir()), "a look at no records creates nothing"
    spanish = run_piped("--lang", "es", "stats", "--data-dir", str(tmp_path))
    assert spanish.stdout == "Todavía no hay partidas registradas.\n"


def test_ctrl_c_in_a_tool_ends_with_the_conventional_status_and_no_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from buscaminas.entry import cli, tools

    def interrupted(*_: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(tools, "show_stats", interrupted)
    assert cli.main(["stats", "--lang", "en"]) == 130
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv", [["replay", "--legacy"], ["--legacy", "replay"], ["--legacy", "replay", "2"]]
)
def test_the_icons_of_a_replay_count_before_and_after_its_name(argv: list[str]) -> None:
    args = build_parser().parse_args(argv)
    assert args.tool == "replay" and args.legacy and not args.nerd


def test_a_replay_without_icon_flags_asks_for_none() -> None:
    args = build_parser().parse_args(["replay"])
    assert not args.legacy and not args.nerd
