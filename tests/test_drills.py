"""Drills (``--drill``): small boards built around the patterns a player missed in
their recorded games, each dealt again until it is solved without a mistake; with no
game missed, the patterns in turn."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from buscaminas.core.generator.grade import grade
from buscaminas.core.grid import Grid
from buscaminas.game import drills
from buscaminas.game.drills import Pattern, found
from tests.terminal_support import Player, run_piped, scratch_directory, write_board


@pytest.mark.parametrize(
    ("rows", "patterns"),
    [
        ((".121..", "######"), {Pattern.ONE_TWO_ONE}),
        (("######", ".121.."), {Pattern.ONE_TWO_ONE}),
        (("#.", "#1", "#2", "#1", "#."), {Pattern.ONE_TWO_ONE}),
        ((".1221.", "######"), {Pattern.ONE_TWO_TWO_ONE}),
        ((".#", "1#", "2#", "2#", "1#", ".#"), {Pattern.ONE_TWO_TWO_ONE}),
        (("..111..", "..###..", "..1#1..", "......."), {Pattern.T_SHAPE}),
        ((".121..", "##.###"), set()),  # the 2 sees two hidden cells, not three
        (("#.....", ".121..", "######"), set()),  # the first 1 sees a cell on its other side
        ((".111..", "######"), set()),
        (("..11#..", "..###..", "..1#1..", "......."), set()),  # the stem's 1 sees a fifth
    ],
)
def test_the_patterns_are_found_where_they_stand(
    rows: tuple[str, ...], patterns: set[Pattern]
) -> None:
    assert found(rows) == patterns


@settings(max_examples=15, deadline=None)
@given(pattern=st.sampled_from(Pattern), seed=st.integers(0, 2**30 - 1))
def test_a_drill_board_needs_its_pattern_and_no_guess(pattern: Pattern, seed: int) -> None:
    dealt = drills.board(pattern, seed)
    assert dealt.layout is not None and dealt.opening is not None
    grid = Grid(dealt.width, dealt.height)
    met: set[Pattern] = set()
    assert grade(grid, dealt.layout, dealt.opening, lambda rows: met.update(found(rows))).solved
    assert pattern in met
    assert (dealt.width, dealt.height, len(dealt.layout)) == (8, 6, 9)


def test_the_rotation_puts_the_patterns_missed_most_first() -> None:
    assert drills.rotation(Counter()) == list(Pattern)
    missed = Counter({Pattern.T_SHAPE: 3, Pattern.ONE_TWO_TWO_ONE: 1})
    assert drills.rotation(missed) == [
        Pattern.T_SHAPE, Pattern.ONE_TWO_TWO_ONE, Pattern.ONE_TWO_ONE
    ]


def drill_line(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines() if line.startswith("Drill: ")]


def test_with_no_game_recorded_the_drill_starts_with_the_first_pattern() -> None:
    played = run_piped("--drill", "--seed", "4", "--lang", "en", lines="quit\n")
    assert played.returncode == 0, played.stderr
    assert drill_line(played.stdout)[0].startswith("Drill: this board needs the 1-2-1 pattern.")


def test_a_pattern_missed_in_a_recorded_game_is_drilled_first(tmp_path: Path) -> None:
    data = scratch_directory()
    # A T of hidden cells whose middle is the mine; the player tries it and loses.
    board = write_board(tmp_path / "t.txt", ".........", ".........", "..#*#....", "...#.....")
    lost = run_piped(
        "--board", str(board), "--lang", "en", lines="4 3\nn\n",
        env={"BUSCAMINAS_DATA_DIR": data},
    )
    assert "Boom!" in lost.stdout, lost.stdout
    played = run_piped(
        "--drill", "--seed", "4", "--lang", "en", lines="quit\n",
        env={"BUSCAMINAS_DATA_DIR": data},
    )
    assert drill_line(played.stdout)[0].startswith("Drill: this board needs the T pattern.")


def test_a_board_comes_again_until_solved_without_a_mistake_then_the_next() -> None:
    first = drills.Drill(list(Pattern), 4).settings
    assert first.layout is not None
    mine = min(first.layout)
    safe = sorted(
        cell for cell in Grid(first.width, first.height).points if cell not in first.layout
    )
    clean = "".join(f"{x + 1} {y + 1}\n" for x, y in safe)
    lines = f"{mine[0] + 1} {mine[1] + 1}\n\n{clean}\nquit\n"  # lose, again, win, next
    played = run_piped("--drill", "--seed", "4", "--lang", "en", "--reader", lines=lines)
    assert played.returncode == 0, played.stderr
    said = drill_line(played.stdout)
    assert [line.split(" pattern")[0] for line in said] == [
        "Drill: this board needs the 1-2-1",
        "Drill: this board needs the 1-2-1",
        "Drill: this board needs the 1-2-2-1",
    ], played.stdout
    assert played.stdout.count("Boom!") == 1


def test_a_drill_game_is_counted_apart_as_a_drill_not_as_a_board_of_its_size() -> None:
    data = {"BUSCAMINAS_DATA_DIR": scratch_directory()}
    first = drills.Drill(list(Pattern), 4).settings
    assert first.layout is not None
    clean = "".join(
        f"{x + 1} {y + 1}\n"
        for x, y in sorted(Grid(first.width, first.height).points)
        if (x, y) not in first.layout
    )
    won = run_piped("--drill", "--seed", "4", "--lang", "en", lines=clean + "quit\n", env=data)
    assert "You won" in won.stdout, won.stdout
    named = (("en", "Drill 8×6", "Custom"), ("es", "Ejercicio 8×6", "Personal"))
    for language, drill, custom in named:
        stats = run_piped("stats", "--lang", language, env=data)
        assert drill in stats.stdout and custom not in stats.stdout, stats.stdout


def test_drill_is_refused_beside_a_board_of_its_own() -> None:
    refused = run_piped("--drill", "--preset", "beginner", "--lang", "en")
    assert refused.returncode == 2
    assert "--drill deals its own boards" in refused.stderr


def test_a_drill_on_the_full_screen_opens_its_board_and_names_its_pattern() -> None:
    player = Player("--drill", "--seed", "4", "--lang", "en", "--legacy")
    player.wait_for("Drill: this board needs the 1-2-1 pattern.")
    assert "Drill 8×6, no-guess" in player.text
    assert any(char.isdigit() for line in player.board(6) for char in line), player.text
    player.type("quit")
    assert player.finish() == 0
