"""What players of other Minesweepers expect (issue 23): the seeds' levels, the same
board again, Spanish through and through, and the small gaps (``--version``, ``hint``,
a hint asked twice, points explained, ``--preset`` over a kept game, a default mine
count)."""

from __future__ import annotations

import argparse
import importlib.metadata
from collections.abc import Iterator
from pathlib import Path

import pytest

import buscaminas
from buscaminas import i18n
from buscaminas.core.engine import Termination
from buscaminas.core.scoring import FLOOD_POINTS, NUMBER_POINTS
from buscaminas.entry.choices import ask_settings
from buscaminas.entry.parser import build_parser
from buscaminas.game import commands
from buscaminas.game.commands import Command, ParseError, Verb, parse
from buscaminas.game.questions import Question
from buscaminas.game.settings import Settings
from buscaminas.records import presets
from buscaminas.records.presets import PRESETS
from tests.loop_support import session_on
from tests.questions_support import Answers
from tests.terminal_support import Player, rows, run_piped
from tools import catalogue

SEEDS_LEVELS = {
    "large": (50, 20, 40),
    "huge": (60, 24, 50),
    "giant": (75, 26, 70),
    "sparse": (10, 10, 2),
    "tiny": (5, 5, 4),
    "small": (10, 10, 10),
}
"""The seeds' levels by their names, and their sizes."""
FIRST_NAMES = {
    "facil": "large",
    "fácil": "large",
    "media": "huge",
    "dificil": "giant",
    "difícil": "giant",
    "misteriosa": "sparse",
    "easy": "tiny",
    "normal": "small",
}
"""The names the seeds' levels were offered by first, in scripts and in the records."""


@pytest.fixture
def spanish() -> Iterator[None]:
    i18n.use("es")
    yield
    i18n.use("en")


# --- the seeds' levels ------------------------------------------------------------------


@pytest.mark.parametrize("name", SEEDS_LEVELS)
def test_each_seed_level_deals_its_board_without_guessing(name: str) -> None:
    width, height, mines = SEEDS_LEVELS[name]
    result = run_piped("--preset", name, "--seed", "1", "--lang", "en", lines="2 2\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "This board can be solved without guessing." in result.stdout
    assert len(rows(result.stdout, width)) == height
    key = presets.board_named(name)
    assert key is not None
    settings = Settings.from_preset(key)
    assert (settings.width, settings.height, settings.mines) == (width, height, mines)


@pytest.mark.parametrize(("first", "name"), FIRST_NAMES.items())
def test_a_seed_level_s_first_name_is_still_its_board(first: str, name: str) -> None:
    assert presets.board_named(first) == presets.board_named(name)
    assert build_parser().parse_args(["--preset", first]).preset == presets.board_named(name)


def test_a_seed_level_is_classic_with_classic_and_named_in_the_records(tmp_path: Path) -> None:
    data = ("--data-dir", str(tmp_path), "--lang", "es")
    classic = run_piped(
        "--preset", "fácil", "--classic", "--seed", "1", *data, lines="2 2\nnueva\ns\n"
    )
    assert "sin adivinar" not in classic.stdout
    run_piped("--preset", "easy", "--seed", "1", *data, lines="1 1\nnueva\ns\n")
    stats = run_piped("stats", *data).stdout
    assert "Diminuto 5×5" in stats and "Grande 50×20" in stats
    english = run_piped("stats", "--data-dir", str(tmp_path), "--lang", "en").stdout
    assert "Tiny 5×5" in english and "Large 50×20" in english


def test_the_board_menu_offers_the_seeds_levels_by_number_and_name() -> None:
    screen = Answers("3")
    assert ask_settings(screen, seed=None, no_guess=True).preset == "misteriosa"  # type: ignore[arg-type]
    menu = [line.split() for line in screen.screens[0]]
    assert ["3.", "Sparse", "10×10,", "2", "mines"] in menu
    assert ["10.", "Custom", "a", "size", "of", "your", "own"] in menu
    for typed, name in (("difícil", "dificil"), ("SMALL", "normal"), ("enorme", "media")):
        assert ask_settings(Answers(typed), seed=None, no_guess=True).preset == name  # type: ignore[arg-type]
    assert {presets.board_named(name) for name in SEEDS_LEVELS} <= set(PRESETS)


def test_a_custom_size_offers_the_density_of_the_nearest_ranked_size() -> None:
    screen = Answers("10", "10", "10", "")
    settings = ask_settings(screen, seed=None, no_guess=True)  # type: ignore[arg-type]
    assert settings.mines == 16, "100 cells, nearest beginner's 64 with 10 mines"
    asked = Answers("10", "30", "17", "")
    larger = ask_settings(asked, seed=None, no_guess=True)  # type: ignore[arg-type]
    assert larger.mines == 105, "510 cells, nearest expert's 480 with 99 mines"
    typed = ask_settings(Answers("10", "10", "10", "3"), seed=None, no_guess=True)  # type: ignore[arg-type]
    assert typed.mines == 3, "a number typed is taken"


def test_the_mine_question_says_what_enter_gives() -> None:
    player = Player("--legacy", "--lang", "es", columns=140)
    player.wait_for("Tablero [Intro = 2]")
    player.type("10")
    player.wait_for("Ancho")
    player.type("16")
    player.wait_for("Alto")
    player.type("16")
    player.wait_for("Minas, de 1 a 255 [Intro = 40, tan denso como Intermedio]:")
    player.type("")
    player.wait_for("Personalizado 16×16, 40 minas")
    player.type("salir")
    assert player.finish() == 0


# --- the same board again ---------------------------------------------------------------


def test_again_at_play_again_deals_the_same_mines_opened_at_the_same_cell(
    tmp_path: Path,
) -> None:
    session = session_on(tmp_path, Settings.from_preset("beginner", seed=5))
    session.handle(Command(Verb.TRY, (3, 3)))
    played = session.current
    start = played.journal.start
    assert start is not None
    mine = min(start.mines)
    session.handle(Command(Verb.TRY, mine))
    assert played.game.end is Termination.LOST and session.question is Question.AGAIN
    session.answer("otra")
    again = session.current
    assert again is not played and again.journal.start is not None
    assert again.journal.start.mines == start.mines and again.first == played.first
    assert again.seen and again.board_name().endswith(", no-guess, again")
    assert str(again.code()) == str(played.code()), "the same board, the same code"
    assert not again.in_progress, "the clock starts with the player's first move"
    session.handle(Command(Verb.NEW))
    assert not session.current.seen and session.current.journal.start is None


def test_again_in_a_game_asks_first_and_deals_the_same_board(tmp_path: Path) -> None:
    result = run_piped(
        *("--preset", "beginner", "--seed", "1", "--lang", "en"),
        lines="4 4\nagain\n\nagain\ny\n",
    )
    out = result.stdout
    assert out.count("Abandon this game? It counts as lost.") == 2
    assert "The game goes on." in out, "Enter keeps the game"
    assert "The same board again: its mines are where they were." in out
    boards = [line for line in out.splitlines() if len(line) == 8]
    assert boards[:8] == boards[-8:], "opened as it was first opened"


def test_again_before_any_board_is_dealt_says_why(tmp_path: Path) -> None:
    result = run_piped("--preset", "beginner", "--lang", "es", lines="otra\n")
    assert "Aún no hay tablero que volver a jugar" in result.stdout


def test_again_on_a_board_file_starts_from_the_file(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    first = session.current
    session.handle(Command(Verb.TRY, (2, 1)))
    moved = session.view().rows
    session.handle(Command(Verb.AGAIN))
    assert session.question is Question.ABANDON
    session.answer("y")
    assert session.current is not first and session.current.seen
    assert session.view().rows != moved and session.current.journal.start == first.journal.start


# --- Spanish ----------------------------------------------------------------------------


def test_the_unknown_command_message_lists_the_verbs_in_spanish() -> None:
    result = run_piped("--preset", "beginner", "--lang", "es", lines="zoom\n")
    assert (
        "Orden desconocida «zoom». Las órdenes son: probar, bandera, quitar, expandir, marcar,"
        " ayuda, auto, pausa, manual, estadísticas, deshacer, rehacer, guardar, revisar, leer,"
        " alrededor, nueva,"
        " otra, salir."
    ) in result.stdout


def test_the_spanish_manual_leads_with_the_spanish_forms(spanish: None) -> None:
    manual = commands.manual()
    assert any(line.startswith("  probar ") for line in manual)
    assert "(probar, p, try, t)" in " ".join(manual)
    assert "(bandera, b, flag, f)" in " ".join(manual)
    assert not any(line.startswith("  try ") for line in manual)
    assert commands.manual(Verb.HELP)[0].startswith("ayuda  /  ayuda 3 4")
    assert commands.example(Verb.MAN) == "manual  /  manual 2  /  manual bandera"


def test_the_english_manual_leads_with_the_english_forms() -> None:
    manual = " ".join(commands.manual())
    assert "(try, t, probar, p)" in manual and "(undo, u, deshacer, d)" in manual


def test_spanish_one_letter_forms_clash_with_no_english_one() -> None:
    assert parse("p 5 5", 9, 9) == Command(Verb.TRY, (4, 4))
    assert parse("b 1 1", 9, 9) == Command(Verb.FLAG, (0, 0))
    assert parse("d", 9, 9) == Command(Verb.UNDO)
    assert not set(commands.SPANISH_SHORT) & set(commands.SHORT)
    english_starts = {verb.value[0] for verb in Verb if verb is not Verb.PAUSE}
    assert not set(commands.SPANISH_SHORT) & english_starts, "no English verb's first letter"
    # “pause”, like its Spanish “pausa”, starts with p but takes no letter: p alone, taken
    # for it, asks for a cell and does nothing.
    with pytest.raises(ParseError):
        parse("p", 9, 9)


def test_help_is_spanish_when_the_language_is() -> None:
    spanish = run_piped("--lang", "es", "--help").stdout
    assert spanish.startswith("uso: buscaminas")
    assert "muestra esta ayuda y sale" in spanish and "un tablero por su nombre" in spanish
    assert run_piped("--lang=es", "stats", "--help").stdout.startswith("uso: buscaminas stats")


def test_every_help_line_of_the_parser_is_translated() -> None:
    """Each option's words, argparse's own included, differ in Spanish."""

    def helps(language: str) -> set[str]:
        i18n.use(language)
        try:
            parser = build_parser()
            found = {action.help or "" for action in parser._actions}
            found |= {group.title or "" for group in parser._action_groups}
            for tool in tools_of(parser):
                found |= {action.help or "" for action in tool._actions}
            return found - {""}
        finally:
            i18n.use("en")

    english, spanish = helps("en"), helps("es")
    assert english and not english & spanish, english & spanish


def tools_of(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found: list[argparse.ArgumentParser] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found += list(action.choices.values())
    return found


SAME_IN_BOTH = {
    "3BV/s {value}",
    "IOE {value}",
    "RQP {value}",
    "{rank}. {seconds} s  {date}  3BV/s {speed}",
    "{verdict}. {reason}",
}
"""Messages whose Spanish is their English: the figures' names, two sentences joined."""


def test_no_spanish_entry_is_left_in_english() -> None:
    spanish = catalogue.parse_po(catalogue.po_file("es").read_text(encoding="utf-8"))
    same = {key for key in catalogue.message_ids() if spanish.get(key) == key}
    assert same == SAME_IN_BOTH, f"untranslated in es: {sorted(same - SAME_IN_BOTH)}"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_no_catalogue_keeps_a_message_the_game_no_longer_says(language: str) -> None:
    entries = catalogue.parse_po(catalogue.po_file(language).read_text(encoding="utf-8"))
    assert set(entries) - {""} == catalogue.message_ids()


# --- the small gaps ---------------------------------------------------------------------


def test_version_is_the_packages() -> None:
    result = run_piped("--version")
    assert result.stdout == f"buscaminas {buscaminas.__version__}\n"
    assert importlib.metadata.version("buscaminas") == buscaminas.__version__, "as installed"


def test_hint_and_pista_ask_like_help() -> None:
    for word in ("hint", "pista", "HINT"):
        assert parse(f"{word} 2 3", 9, 9) == Command(Verb.HELP, (1, 2))
    result = run_piped("--preset", "beginner", "--seed", "1", "--lang", "en", lines="4 4\nhint\n")
    assert "Unknown command" not in result.stdout
    assert "so it is a mine" in result.stdout


def test_a_hint_asked_again_of_the_same_position_counts_once(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (2, 1)))
    for _ in range(12):
        session.handle(Command(Verb.HELP))
    assert session.current.hints == 1
    for _ in range(3):
        session.handle(Command(Verb.HELP, (0, 0)))
    assert session.current.hints == 2, "another question: another hint"
    session.handle(Command(Verb.FLAG, (0, 0)))
    session.handle(Command(Verb.HELP))
    assert session.current.hints == 3, "a new position: a new hint"


def test_the_manual_explains_the_points() -> None:
    manual = " ".join(commands.manual())
    assert f"Points, as the original game counted them: {NUMBER_POINTS} for each number" in manual
    assert f"{FLOOD_POINTS} for each cell an opening reveals" in manual


def test_stats_name_an_undo_apart_from_the_ai(tmp_path: Path) -> None:
    data = ("--data-dir", str(tmp_path), "--lang", "en")
    run_piped("--preset", "beginner", "--seed", "1", *data, lines="4 4\nflag 1 1\nu\nnew\ny\n")
    stats = run_piped("stats", *data).stdout
    assert "  With a move undone: played 1, won 0." in stats
    assert "With AI moves" not in stats
    run_piped("--preset", "beginner", "--seed", "2", *data, lines="4 4\nauto 1\nnew\ny\n")
    stats = run_piped("stats", *data).stdout
    assert "  With AI moves (assisted): played 1, won 0." in stats
    assert "  With a move undone: played 1, won 0." in stats
    games = run_piped("games", *data).stdout
    assert "abandoned, with undo" in games and "abandoned, assisted" in games


def test_a_preset_on_the_command_line_wins_over_a_kept_game(tmp_path: Path) -> None:
    data = ("--data-dir", str(tmp_path), "--lang", "en")
    left = run_piped("--preset", "intermediate", "--seed", "3", *data, lines="8 8\n")
    player = Player("--legacy", "--preset", "expert", *data, columns=120, rows=40)
    player.wait_for("A game you left unfinished waits: “buscaminas --resume” goes on with it.")
    assert "You left a game unfinished" not in player.text
    player.wait_for("Expert 30×16")
    player.type("new")
    player.wait_for("Expert 30×16")
    player.type("quit")
    assert player.finish() == 0
    back = run_piped("--resume", *data)
    assert "Welcome back" in back.stdout
    assert rows(back.stdout, 16) == rows(left.stdout, 16), "the kept game stays kept"
