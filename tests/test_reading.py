"""Nothing the player must read is cut: words too long for the screen are paged.

The real program runs in a small pseudo-terminal (``pyte`` reads its screen);
the same game in a pipe prints every line whole, and the words read page by
page on the terminal, Page Down after Page Up, must be those words, in order,
with none left out, cut, or broken inside (a word broken across two lines would
read as two).
"""

from __future__ import annotations

import re
from functools import partial

import pytest

from tests.terminal_support import Player, run_piped

SIZES = [(12, 40), (24, 80)]
LANGUAGES = ["en", "es"]
ENTER = {"en": "Enter", "es": "Intro"}
"""The Enter key as each language names it in a question's answers."""
MANUAL = {"en": "man", "es": "manual"}
"""The manual's verb in each language, as its footer names it."""
STATUS = re.compile(r"Mines left|Minas restantes")
BOARD_ROW = re.compile(r"[#F.1-8*X?]{8}")
SECONDS = re.compile(r"^[0-9]+\.[0-9]{2}$")
"""A time in seconds, a word as the end of a game says it."""
MANUAL_FOOTER = re.compile(r"(Page|Página) \d+ (of|de) (\d+)")
PAGE_DOWN, PAGE_UP = "\x1b[6~", "\x1b[5~"


def said_before_the_last_board(stdout: str) -> list[str]:
    """The words a pipe printed between the last two boards: what the last move said."""
    lines = stdout.splitlines()
    last = max(n for n, line in enumerate(lines) if BOARD_ROW.fullmatch(line)) - 7
    start = last
    while start > 0 and not BOARD_ROW.fullmatch(lines[start - 1]):
        start -= 1
    return " ".join(lines[start:last]).split()


def timeless(words: list[str]) -> list[str]:
    """The words with the game's time in seconds left out: two games the AI played at
    its own pace took their own time."""
    return [SECONDS.sub("<seconds>", word) for word in words]


def under_the_status(player: Player) -> tuple[list[str], str | None]:
    """The words under the status line, down to the row that pages them (or to the
    prompt's row when they all fit), and that row."""
    lines = player.lines
    status = next(n for n, line in enumerate(lines) if STATUS.search(line))
    below = range(status + 1, len(lines))
    footer = next((n for n in below if lines[n].strip().startswith("—")), None)
    end = footer if footer is not None else player.screen.cursor.y
    words = [word for line in lines[status + 1 : end] for word in line.split()]
    return words, None if footer is None else lines[footer].strip()


def read_every_page(player: Player) -> tuple[list[str], int]:
    """Every word under the board, paging with Page Down to the end, and the pages."""
    words, footer = under_the_status(player)
    pages = 1
    while footer is not None and re.search(r"\d", footer):
        player.child.send(PAGE_DOWN)
        player.wait_until(partial(_footer_is_not, player, footer))
        more, footer = under_the_status(player)
        words += more
        pages += 1
    return words, pages


def under_the_footer(player: Player) -> list[str]:
    """The words from the row under the one that pages the words down to the prompt's."""
    lines = player.lines
    footer = next(n for n, line in enumerate(lines) if line.strip().startswith("—"))
    prompt = player.screen.cursor.y
    return [word for line in lines[footer + 1 : prompt + 1] for word in line.split()]


def _footer_is_not(player: Player, footer: str) -> bool:
    return under_the_status(player)[1] != footer


def assert_fits(player: Player, columns: int) -> None:
    """No line past the edge, and none of the words under the status line cut short."""
    assert all(len(line.rstrip()) <= columns for line in player.lines)
    status = next((n for n, line in enumerate(player.lines) if STATUS.search(line)), -1)
    assert "…" not in "\n".join(player.lines[status + 1 :]), player.text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("rows", "columns"), SIZES)
def test_the_end_of_a_game_with_its_share_code_is_read_whole(
    rows: int, columns: int, language: str
) -> None:
    game = ("--lang", language, "--preset", "beginner", "--seed", "1", "--legacy")
    piped = run_piped(*game, lines="4 4\nauto\nn\n")
    expected = said_before_the_last_board(piped.stdout)
    enter = ENTER[language]
    question = next(line for line in piped.stdout.splitlines() if f"[{enter} =" in line).split()
    assert any(re.fullmatch(r"[0-9A-Z]{4}(-[0-9A-Z]{4}){4,}:?", word) for word in expected)
    player = Player(*game, "--no-animation", rows=rows, columns=columns)  # the AI at once
    player.wait_until(lambda: STATUS.search(player.text) is not None)
    player.type("4 4")
    player.type("auto")
    player.wait_for(f"{enter} =", timeout=60)
    assert_fits(player, columns)
    words, pages = read_every_page(player)
    assert timeless(words[: len(expected)]) == timeless(expected), player.text
    rest = words[len(expected) :]
    assert rest == question[: len(rest)], "only the question's first lines follow the words"
    if rows == 12:
        assert pages > 1, "a 40×12 terminal cannot hold the summary on one page"
        player.child.send(PAGE_UP)  # back a page: words are left below it again
        player.wait_until(lambda: re.search(r"\d", under_the_status(player)[1] or "") is not None)
        if language == "en":  # one line above the prompt's: it and a line of words fit
            assert under_the_footer(player) == question, "the question in sight, words paged"
    player.type("n")
    assert player.finish() == 0


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_long_hint_is_read_whole_on_a_small_terminal(language: str) -> None:
    game = ("--lang", language, "--preset", "beginner", "--seed", "2", "--legacy")
    expected = said_before_the_last_board(run_piped(*game, lines="4 4\nhelp\n").stdout)
    player = Player(*game, rows=12, columns=40)
    player.wait_until(lambda: STATUS.search(player.text) is not None)
    player.type("4 4")
    player.wait_until(lambda: "#2111" in player.text.replace(" ", ""))
    player.type("help")
    player.wait_until(lambda: under_the_status(player)[0][:2] == expected[:2])
    assert_fits(player, 40)
    words, pages = read_every_page(player)
    assert pages > 1
    assert words == expected, player.text
    player.type("quit")
    assert player.finish() == 0


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("rows", "columns"), SIZES)
def test_every_page_of_the_manual_is_read_whole(rows: int, columns: int, language: str) -> None:
    game = ("--lang", language, "--preset", "beginner", "--seed", "1", "--legacy")
    expected = " ".join(run_piped(*game, lines="man\n").stdout.splitlines()[:-1]).split()
    player = Player(*game, rows=rows, columns=columns)
    player.wait_until(lambda: STATUS.search(player.text) is not None)
    words: list[str] = []
    number = pages = 1
    while number <= pages:
        player.type(f"man {number}")
        player.wait_until(partial(_manual_page_is, player, number))
        footer, pages = _manual_footer(player)
        assert_fits(player, columns)
        row = player.row_of(footer)
        words += [word for line in player.lines[:row] for word in line.split()]
        said = " ".join(" ".join(player.lines[row : row + 2]).split())
        after = number + 1 if number < pages else 1
        manual = MANUAL[language]  # the footer names the verb in the player's language
        assert re.search(rf"[“«]{manual} {after}[”»] [^.]+\.", said), said  # read whole
        number += 1
    assert words == expected
    player.type("quit")
    assert player.finish() == 0


def _manual_page_is(player: Player, number: int) -> bool:
    return f" {number} " in _manual_footer(player)[0]


def _manual_footer(player: Player) -> tuple[str, int]:
    """The row that says which page of the manual is shown, and how many there are."""
    for line in player.lines:
        match = MANUAL_FOOTER.match(line.strip())
        if match:
            return match.group(0), int(match.group(3))
    raise LookupError("no page footer")
