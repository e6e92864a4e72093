"""A guess explained where the player reads it: the AI's move and ``help``, in both languages."""

from __future__ import annotations

from pathlib import Path

from tests.terminal_support import run_piped

FIFTY_FIFTY = "11 11 00\n10 00 00\n11 00 00\n"
"""1 1 and 2 1 mines beside a 3; 1 2 and 1 3 hold one mine, and nothing can ever tell
which (1 3 holds it)."""
LONE_ONE = "11 10 10\n10 00 10\n10 10 10\n"
"""A lone 1 in the middle: each of its eight neighbours hides the mine 1 time in 8."""


def said(tmp_path: Path, board: str, lines: str, language: str) -> str:
    path = tmp_path / "board.txt"
    path.write_text(board)
    result = run_piped("--board", str(path), "--lang", language, lines=lines)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return " ".join(result.stdout.split())


def test_the_ai_says_a_forced_50_50_is_a_guess_no_move_can_spare(tmp_path: Path) -> None:
    words = said(tmp_path, FIFTY_FIFTY, "auto 1\n", "en")
    assert (
        "AI: guessing 1 2: a forced 50/50: no move can ever tell 1 2 and 1 3 apart, so guess now."
    ) in words


def test_la_ia_dice_por_que_apuesta_en_castellano(tmp_path: Path) -> None:
    words = said(tmp_path, FIFTY_FIFTY, "auto 1\n", "es")
    assert (
        "IA: apuesta por 1 2: un 50/50 forzoso: ninguna jugada podrá nunca distinguir"
        " 1 2 y 1 3, así que mejor apostar ya."
    ) in words


def test_help_with_nothing_certain_says_which_cell_the_ai_would_guess_and_why(
    tmp_path: Path,
) -> None:
    words = said(tmp_path, LONE_ONE, "help\n", "en")
    assert "Nothing is certain now: even the safest cells hide a mine 13% of the time." in words
    assert (
        "The AI would guess 1 1: 13% chance of a mine, the lowest there is; searching every"
        " way the game can go on, it wins 7 of the 8 layouts left (88%), the most of any move."
    ) in words


def test_review_says_why_of_a_player_guess_in_the_ai_words(tmp_path: Path) -> None:
    words = said(tmp_path, LONE_ONE, "3 1\nreview\n", "en")
    assert (
        "forced guess: nothing was certain; 13% risk of a mine, the safest there was."
        " 3 1: 13% chance of a mine, the lowest there is; when safe, it leaves a safe move"
        " next in 100% of cases."
    ) in words
    spanish = said(tmp_path, LONE_ONE, "3 1\nreview\n", "es")
    assert (
        "3 1: 13% de probabilidad de mina, la más baja que hay; si es segura, deja una jugada"
        " segura a continuación en el 100% de los casos."
    ) in spanish
