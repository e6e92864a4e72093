"""3BV, ZiNi and the player's clicks side by side after a win, and ``review --clicks`` on the
game's own records: where a chord or a flag left out would have saved clicks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from buscaminas.core import generator
from buscaminas.core.scoring import three_bv
from buscaminas.core.zini import zini
from tests.record_support import run
from tests.terminal_support import run_piped, write_board
from tests.toollib_support import in_ms_toollib, needs_ms_toollib

ZINI = """
import json, sys
import ms_toollib

for line in sys.stdin:
    print(json.dumps({"zini": ms_toollib.cal_zini(json.loads(line)["board"])}), flush=True)
"""


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "en",
            "3BV {b}, ZiNi {z}, your clicks {c}. “buscaminas review --clicks” shows where"
            " clicks could be saved.",
        ),
        (
            "es",
            "3BV {b}, ZiNi {z}, tus clics {c}. «buscaminas review --clicks» muestra dónde"
            " ahorrar clics.",
        ),
    ],
)
@needs_ms_toollib
def test_a_win_sets_the_players_clicks_beside_3bv_and_zini(
    tmp_path: Path, language: str, words: str
) -> None:
    mines = generator.generate(8, 8, 10, start=(3, 3), seed=1, no_guess=True)
    safe = [f"{x + 1} {y + 1}" for y in range(8) for x in range(8) if (x, y) not in mines]
    # Every safe cell tried, the ones an opening already showed too: refused, but clicks.
    played = run_piped(
        "--preset",
        "beginner",
        "--seed",
        "1",
        "--data-dir",
        str(tmp_path),
        "--lang",
        language,
        lines="\n".join(["4 4", *safe, "n"]) + "\n",
    )
    board = [[-1 if (x, y) in mines else 0 for x in range(8)] for y in range(8)]
    for y, row in enumerate(board):
        for x, cell in enumerate(row):
            if cell == 0:
                row[x] = sum((x + dx, y + dy) in mines for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    (theirs,) = in_ms_toollib(ZINI, [{"board": board}])
    listed = json.loads(run(tmp_path, "games", "--json")[1])
    clicks = listed["games"][0]["clicks"]
    expected = words.format(b=three_bv(8, 8, mines), z=theirs["zini"], c=clicks)
    assert expected in played.stdout.splitlines(), played.stdout
    assert theirs["zini"] == zini(8, 8, mines) < clicks


def test_a_win_in_no_more_clicks_than_zini_needs_no_advice(tmp_path: Path) -> None:
    board = write_board(tmp_path / "corner.txt", "*##", "###", "###")
    played = run_piped("--board", str(board), "--data-dir", str(tmp_path), lines="3 3\nn\n")
    assert "3BV 1, ZiNi 1, your clicks 1." in played.stdout.splitlines()
    assert "review --clicks" not in played.stdout


def test_a_win_the_ai_helped_gives_the_figures_without_calling_the_clicks_the_players(
    tmp_path: Path,
) -> None:
    board = write_board(tmp_path / "strip.txt", "*####", "#####", "####*")
    played = run_piped("--board", str(board), "--data-dir", str(tmp_path), lines="auto\nn\n")
    figures = [line for line in played.stdout.splitlines() if line.startswith("3BV ")]
    assert len(figures) == 1 and re.fullmatch(
        r"3BV \d+, ZiNi \d+, clicks \d+, the AI's among them\.", figures[0]
    )
    assert "your clicks" not in played.stdout and "review --clicks" not in played.stdout
    for review in (["review", "--clicks"], ["review"]):
        status, out, _err = run(tmp_path, *review)
        assert status == 0 and figures[0] in out.splitlines() and "your clicks" not in out


def test_review_clicks_reads_the_games_own_records(tmp_path: Path) -> None:
    board = write_board(tmp_path / "cross.txt", "###", "#*#", "###")
    moves = ["try 1 1", "flag 3 3", "flag 3 3", "flag 2 2", "expand 1 1"]
    moves += ["3 1", "3 2", "1 3", "2 3", "3 3", "n"]
    run_piped("--board", str(board), "--data-dir", str(tmp_path), lines="\n".join(moves) + "\n")
    status, out, _err = run(tmp_path, "review", "--clicks")
    lines = out.splitlines()
    assert status == 0 and re.match(r"Game 1: Custom 3×3, 1 mine, classic", lines[0])
    assert lines[1:] == [
        "3BV 8, ZiNi 5, your clicks 10.",
        "Move 2: flag 3 3, a flag no chord used, taken off again: 2 clicks for nothing.",
        "Move 6: a chord on the 1 at 2 1 opens 3 1 and 3 2 in 1 click instead of 2.",
        "Move 8: a chord on the 1 at 1 2 opens 1 3 and 2 3 in 1 click instead of 2.",
        "In all, 4 clicks could have been saved: 6 instead of 10.",
    ]
    reviewed = run(tmp_path, "review")[1].splitlines()
    assert reviewed[-1] == "3BV 8, ZiNi 5, your clicks 10."


def test_review_clicks_counts_the_commands_that_did_nothing_among_those_to_save(
    tmp_path: Path,
) -> None:
    board = write_board(tmp_path / "cross.txt", "###", "#*#", "###")
    moves = ["try 1 1", "try 1 1", "flag 1 1", "3 1", "3 2", "1 2", "1 3", "2 3", "3 3"]
    moves += ["2 1", "n"]
    run_piped("--board", str(board), "--data-dir", str(tmp_path), lines="\n".join(moves) + "\n")
    status, out, _err = run(tmp_path, "review", "--clicks")
    lines = out.splitlines()
    assert status == 0 and lines[1] == "3BV 8, ZiNi 5, your clicks 10."
    assert "2 commands did nothing (a cell already open, a flag on a number…)." in lines
    assert lines[-1].endswith(" instead of 10.")
    saved = int(lines[-1].split("In all, ")[1].split(" ")[0])
    assert saved >= 2, "the two that did nothing could have been saved"
