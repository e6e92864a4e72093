"""Themes: every palette legible on the background it names, by WCAG's own arithmetic."""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

import pyte
import pytest

from buscaminas.game.view import State, View
from buscaminas.ui.icons import LEGACY
from buscaminas.ui.renderer import Renderer
from buscaminas.ui.themes import COLOUR_BLIND, THEMES, Ink, Theme
from tests.terminal_support import Player, cell_on_screen, run_piped, write_board

AA = 4.5
"""WCAG 2 AA: the least contrast for text."""
CUBE = (0, 95, 135, 175, 215, 255)


def xterm_rgb(index: int) -> tuple[int, int, int]:
    """An xterm 256-colour index's RGB, as xterm's 256colres.pl defines it."""
    assert 16 <= index <= 255, "the first 16 are the terminal's own: no known RGB"
    if index < 232:
        index -= 16
        return CUBE[index // 36], CUBE[index // 6 % 6], CUBE[index % 6]
    grey = 8 + 10 * (index - 232)
    return grey, grey, grey


def luminance(index: int) -> float:
    """WCAG 2's relative luminance of a colour."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(channel) for channel in xterm_rgb(index))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: int, second: int) -> float:
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def inks(theme: Theme) -> dict[str, Ink]:
    """What the issue holds to AA: every number, the flag, the mine, and the cursor; and
    what reads like them: a hidden cell, a ``?``, a wrong flag."""
    named = {str(count): ink for count, ink in enumerate(theme.numbers, start=1)}
    return named | {
        "flag": theme.flag,
        "mine": theme.mine,
        "cursor": theme.cursor,
        "hidden": theme.hidden,
        "maybe": theme.maybe,
        "wrong flag": theme.wrong_flag,
    }


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_every_ink_reads_at_aa_on_the_themes_background(theme: Theme) -> None:
    low = {
        name: round(contrast(ink.colour, theme.background), 2)
        for name, ink in inks(theme).items()
        if contrast(ink.colour, theme.background) < AA
    }
    assert not low, f"{theme.name}: under {AA}:1 on {xterm_rgb(theme.background)}: {low}"
    assert contrast(theme.exploded.colour, theme.exploded_background) >= AA
    assert contrast(theme.empty.colour, theme.background) >= 3, "an empty cell still shows"


def test_the_dark_and_light_themes_assume_opposite_backgrounds() -> None:
    assert luminance(THEMES["dark"].background) < 0.05 < 0.5 < luminance(THEMES["light"].background)


def test_the_colour_blind_numbers_differ_by_more_than_hue() -> None:
    """Two numbers alike in weight and underline are far apart in lightness: a player
    who cannot tell their hues still tells them apart."""
    for (first, one), (second, other) in combinations(enumerate(COLOUR_BLIND.numbers, 1), 2):
        same_attributes = (one.bold, one.underline) == (other.bold, other.underline)
        assert not same_attributes or contrast(one.colour, other.colour) >= 1.5, (first, second)


def test_the_light_theme_is_not_the_dark_one_lifted() -> None:
    """A theme is its own palette, not one palette for every background."""
    dark, light = THEMES["dark"], THEMES["light"]
    assert all(a.colour != b.colour for a, b in zip(dark.numbers, light.numbers, strict=True))


def pyte_colour(index: int) -> str:
    return "{:02x}{:02x}{:02x}".format(*xterm_rgb(index))


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_the_renderer_draws_each_cell_in_its_themes_ink(theme: Theme) -> None:
    row = "12345678F?*"
    view = View(rows=(row,), mines_left=2, state=State.PLAYING, cursor=(0, 0))
    text, frame = Renderer.draw(view, (60, 20), LEGACY.with_theme(theme.name), None)
    screen = pyte.Screen(60, 20)
    pyte.Stream(screen).feed(text)
    assert frame.board is not None
    line, left = frame.board
    cells = [screen.buffer[line][left + 2 * x] for x in range(len(row))]
    assert "".join(cell.data for cell in cells) == row
    expected = [*theme.numbers, theme.flag, theme.maybe, theme.mine]
    assert [cell.fg for cell in cells] == [pyte_colour(ink.colour) for ink in expected]
    assert [cell.underscore for cell in cells] == [ink.underline for ink in expected]
    bracket = screen.buffer[line][left - 1]
    assert bracket.data == "[" and bracket.fg == pyte_colour(theme.cursor.colour)


def test_a_theme_is_a_flag_and_no_colour_still_wins(tmp_path: Path) -> None:
    board = write_board(tmp_path / "board.txt", "*####", "#####", "#####", "*###*")
    args = ("--board", str(board), "--lang", "en", "--legacy", "--no-animation")
    light = Player(*args, "--theme", "light")
    light.wait_for("Mines left: 3")
    light.type("3 2")
    light.wait_until(lambda: "Playing" in light.text)
    row, column = cell_on_screen(light, 2, 1)
    one = light.screen.buffer[row - 1][column - 1]
    assert one.data == "1" and one.fg == pyte_colour(THEMES["light"].numbers[0].colour)
    light.type("quit")
    assert light.finish() == 0
    plain = Player(*args, "--theme", "light", env={"NO_COLOR": "1"})
    plain.wait_for("Mines left: 3")
    plain.type("3 2")
    plain.wait_until(lambda: "Playing" in plain.text)
    assert b"38;5;" not in plain.output, "NO_COLOR: not one colour, whatever the theme"
    plain.type("quit")
    assert plain.finish() == 0


def test_an_unknown_theme_is_refused_with_the_names() -> None:
    result = run_piped("--theme", "blue", "--lang", "en")
    assert result.returncode == 2
    assert (
        "argument --theme: there is no theme “blue”; the themes are dark, light, colour-blind"
        in result.stderr
    )


@pytest.mark.parametrize("spelled", ["color-blind", "colour-blind", "Color-Blind"])
def test_the_colour_blind_theme_takes_either_spelling(spelled: str, tmp_path: Path) -> None:
    directory = tmp_path / "config"
    directory.mkdir()
    (directory / "config.toml").write_text(f'theme = "{spelled.lower()}"\n', encoding="utf-8")
    from_file = run_piped("config", "--lang", "en", env={"BUSCAMINAS_CONFIG_DIR": str(directory)})
    assert from_file.returncode == 0, from_file.stderr
    assert re.search(r'theme = "colour-blind" +# the file, line 1', from_file.stdout)
    from_flag = run_piped("config", "--theme", spelled, "--lang", "en")
    assert from_flag.returncode == 0, from_flag.stderr
    assert re.search(r'theme = "colour-blind" +# the command line', from_flag.stdout)
