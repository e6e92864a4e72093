"""The game's plain command line, read without argparse, reads as the parser reads it;
anything else is left to the parser."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from buscaminas.entry.invocation import GAME
from buscaminas.entry.parser import build_parser
from buscaminas.entry.quickread import SWITCHES, VALUES, game_flags
from tests.cells_support import picks

PLAIN = [
    [],
    ["--preset", "expert", "--legacy", "--lang", "en"],
    ["--preset=EXPERTO", "--nerd", "--lang=es"],
    ["--width", "9", "--height", "9", "--mines", "10", "--seed", "+3", "--classic"],
    ["--daily", "--no-animation", "--no-mouse", "--data-dir", "d"],
    ["--marks", "--no-marks", "--theme", "Light", "--resume"],
    ["--game", "R0SE-HS08-3GW0-A0T6-SKRA", "--board", "b.txt"],
    ["--game=", "--board="],
    ["--preset", "custom", "--width", "9"],
]
LEFT_TO_THE_PARSER = [
    ["--help"],
    ["--pre", "expert"],
    ["--preset", "colossal"],
    ["--width", "nine"],
    ["--width", "1234567890123456789"],
    ["--seed", "-3"],
    ["--board", "-"],
    ["--legacy", "--nerd"],
    ["--legacy=yes"],
    ["--lang", "xx"],
    ["--theme", "plaid"],
    ["--game"],
    ["play"],
    ["--", "--legacy"],
    ["-h"],
    ["--version"],
    ["--no-legacy"],
]


def by_the_parser(argv: list[str]) -> dict[str, object] | None:
    try:
        return vars(build_parser(GAME).parse_args(argv))
    except SystemExit:
        return None


@pytest.mark.parametrize("argv", PLAIN)
def test_a_plain_command_line_reads_as_the_parser_reads_it(argv: list[str]) -> None:
    assert game_flags(argv) is not None
    assert game_flags(argv) == by_the_parser(argv)


@pytest.mark.parametrize("argv", LEFT_TO_THE_PARSER)
def test_anything_else_is_left_to_the_parser(argv: list[str]) -> None:
    assert game_flags(argv) is None


def test_every_flag_it_reads_is_one_of_the_games() -> None:
    """A flag renamed in the parser and not here would be read here under its old name."""
    parser = build_parser(GAME)
    known = {option for action in parser._actions for option in action.option_strings}
    assert set(SWITCHES) | set(VALUES) <= known


WORDS = [*SWITCHES, *VALUES, "expert", "9", "-1", "x", "en", "es", "dark", "=", "--lang=en",
         "--width=12", "--preset=beginner", "--theme=", "--h", "stats"]


@settings(max_examples=300, deadline=None)
@given(picks(WORDS, max_size=6))
def test_whatever_it_reads_the_parser_reads_the_same(argv: list[str]) -> None:
    quick = game_flags(argv)
    if quick is not None:
        assert quick == by_the_parser(argv)
