"""The win-rate benchmark: its dealer, its statistics, its resumable, paired command line."""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import pytest

from benchmarks.__main__ import main
from benchmarks.referee import Board, deal, play
from benchmarks.winrate import board_argument, mcnemar, paired
from buscaminas.core.grid import Grid


@pytest.mark.parametrize("game", range(20))
def test_the_opening_start_keeps_the_block_around_4_4_free(game: int) -> None:
    layout = deal(Board(9, 9, 60, "opening"), 0, game)
    assert len(layout) == 60
    assert not layout & set(Grid(9, 9).neighbourhood((3, 3)))


def test_the_corner_start_keeps_only_1_1_free() -> None:
    layouts = [deal(Board(9, 9, 60, "corner"), 0, game) for game in range(20)]
    assert all(len(layout) == 60 and (0, 0) not in layout for layout in layouts)
    assert any(layout & set(Grid(9, 9).neighbours((0, 0))) for layout in layouts)


def test_the_dealer_is_seeded_by_board_seed_and_game_alone() -> None:
    board = Board(30, 16, 99, "opening")
    assert deal(board, 3, 7) == deal(board, 3, 7)
    assert len({deal(board, seed, game) for seed in range(3) for game in range(3)}) == 9


def test_the_dealer_spreads_mines_evenly() -> None:
    board = Board(9, 9, 10, "opening")
    seen = [0] * 81
    for game in range(3000):
        for x, y in deal(board, 0, game):
            seen[y * 9 + x] += 1
    allowed = [count for count in seen if count]
    assert len(allowed) == 81 - 9
    expected = 3000 * 10 / 72
    assert all(abs(count - expected) < 5 * math.sqrt(expected) for count in allowed)


def test_a_board_without_guesses_is_won_without_one() -> None:
    won, guesses = play(Board(9, 9, 1, "opening"), 0, 0)
    assert won and guesses == 0


def test_mcnemar_is_the_exact_binomial_test() -> None:
    assert mcnemar(0, 0) == 1.0
    assert mcnemar(10, 0) == pytest.approx(2 / 1024)
    assert mcnemar(3, 5) == pytest.approx(2 * (1 + 8 + 28 + 56) / 256)
    assert mcnemar(5, 3) == mcnemar(3, 5)


def test_a_paired_comparison_counts_the_boards_where_the_arms_part() -> None:
    mine = {0: True, 1: True, 2: False, 3: True}
    theirs = {0: True, 1: False, 2: False, 3: False, 9: True}
    lines = paired(mine, theirs)
    assert "paired on 4 boards: this 75.00%, the other 25.00%" in lines[0]
    assert "difference +50.00%" in lines[1] and "only here 2, only there 0" in lines[1]
    assert "McNemar p = 0.5" in lines[1]


@pytest.mark.parametrize("text", ["30x16", "3x3/1", "9x9/0", "9x9/73", "nine"])
def test_a_board_the_rules_cannot_deal_is_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        board_argument(text)


def test_a_run_is_written_as_it_goes_and_resumed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "results.jsonl"
    common = ["winrate", "--board", "9x9/10", "--jobs", "2"]
    assert main([*common, "--games", "5", "--results", str(results)]) == 0
    first = capsys.readouterr().out
    assert "board 9x9/10, first click at 4 4, its 3x3 free, 5 games" in first
    assert "± " in first and "95% interval" in first and "guesses per game" in first
    assert "published, same rules: PSEQ 96.85%" in first
    assert len(results.read_text().splitlines()) == 5
    assert main([*common, "--games", "8", "--resume", str(results)]) == 0
    games = [json.loads(line)["game"] for line in results.read_text().splitlines()]
    assert sorted(games) == list(range(8))
    assert ", 8 games" in capsys.readouterr().out


def test_the_same_tree_against_itself_agrees_game_for_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = Path(__file__).resolve().parent.parent
    results = tmp_path / "results.jsonl"
    argv = ["winrate", "--board", "8x8/12", "--games", "6", "--jobs", "1"]
    assert main([*argv, "--against", str(root), "--results", str(results)]) == 0
    out = capsys.readouterr().out
    assert "paired on 6 boards" in out and "McNemar p = 1" in out
    by_arm: dict[str, dict[int, bool]] = {}
    for line in results.read_text().splitlines():
        result = json.loads(line)
        by_arm.setdefault(result["arm"], {})[result["game"]] = result["won"]
    assert by_arm["this"] == by_arm["against"] and len(by_arm["this"]) == 6
    assert main([*argv, "--compare", str(results)]) == 0
    assert "paired on 6 boards" in capsys.readouterr().out
