"""Cutting and wrapping by terminal columns, wide characters included."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import wcwidth
from hypothesis import given
from hypothesis import strategies as st

from buscaminas import i18n
from buscaminas.game.textwidth import _NARROW, _columns, around, clip, fitting, width, wrap
from buscaminas.ui.icons import LEGACY, NERD
from tests.cells_support import picks
from tools import catalogue

HEART = "\u2764\ufe0f"  # ❤ made an emoji by its variation selector
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"  # joined by ZWJs
FLAG = "\U0001f1ea\U0001f1f8"  # two regional indicators: Spain's flag


@contextmanager
def measuring(*, with_wcwidth: bool) -> Iterator[None]:
    """Text measured as in the game (wcwidth loaded by prompt_toolkit) or as in the
    tools that start without it."""
    with pytest.MonkeyPatch.context() as patch:
        if with_wcwidth:
            patch.setitem(sys.modules, "wcwidth", wcwidth)
        else:
            patch.delitem(sys.modules, "wcwidth", raising=False)
        yield


def test_wide_characters_count_two_columns() -> None:
    assert width("🙂a") == 3
    assert clip("🙂" * 10, 7) == "🙂🙂🙂…"
    assert clip("short", 7) == "short"


def test_wrap_keeps_the_leading_spaces_and_hangs_the_rest() -> None:
    assert wrap("  expand  On a number whose flags are all placed", 28, " " * 10) == [
        "  expand  On a number whose",
        "          flags are all",
        "          placed",
    ]


@given(
    st.text(st.sampled_from("ab 🙂界"), max_size=80),
    st.integers(3, 40),
    st.sampled_from(["", "  ", "    "]),
)
def test_no_wrapped_line_is_wider_than_asked_and_nothing_is_lost(
    text: str, columns: int, indent: str
) -> None:
    lines = wrap(text, columns, indent)
    assert all(width(line) <= max(columns, width(indent) + 2) for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


@given(st.text(st.sampled_from("ab/ 🙂界"), max_size=80), st.integers(3, 40))
def test_unsplit_a_word_wider_than_a_line_stands_whole_on_its_own(text: str, columns: int) -> None:
    lines = wrap(text, columns, split_long=False)
    assert [word for line in lines for word in line.split()] == text.split()
    for line in lines:
        assert width(line) <= columns or len(line.split()) == 1, line


def test_a_cell_is_never_split_across_lines() -> None:
    assert wrap("so 5 4 is safe", 5) == ["so", "5 4", "is", "safe"]


def test_the_quick_measure_of_narrow_text_agrees_with_each_characters_width() -> None:
    """Text matched whole as narrow is measured by its length: every character it may
    hold must take exactly one column by the character-by-character rule."""
    narrow = [chr(code) for code in range(0x3000) if _NARROW.fullmatch(chr(code))]
    assert len(narrow) > 700
    assert all(_columns(char) == 1 for char in narrow)
    assert "\xad" not in narrow and "\u0301" not in narrow and "\t" not in narrow
    assert width("x 21–58, y 1–16 of 99×99 · “…”") == len("x 21–58, y 1–16 of 99×99 · “…”")
    with measuring(with_wcwidth=False):
        assert width("a\u0301b") == 2 and width("a\xadb") == 2 and width("界a") == 3


def test_with_wcwidth_an_emoji_sequence_is_one_cluster_of_two_columns() -> None:
    with measuring(with_wcwidth=True):
        assert (width(HEART), width(FAMILY), width(FLAG)) == (2, 2, 2)
        assert width(f"a{FAMILY}b") == 4
        text = f"ab{FAMILY}{HEART}c{FLAG}"
        for columns in range(width(text) + 1):
            cut = fitting(text, columns)
            assert width(cut) <= columns
            assert text.startswith(cut) and wcwidth.width(text[len(cut) :]) == width(text) - width(
                cut
            ), f"{columns} columns cut inside a cluster: {cut!r}"
        assert clip(f"ab{FAMILY}cd", 4) == "ab…"


@given(
    picks(["ab", " ", HEART, FAMILY, FLAG, "界"], max_size=40).map("".join),
    st.integers(3, 30),
)
def test_with_wcwidth_no_wrapped_line_is_wider_than_asked_nor_cuts_a_cluster(
    text: str, columns: int
) -> None:
    with measuring(with_wcwidth=True):
        lines = wrap(text, columns)
        assert all(width(line) <= columns for line in lines)
        clusters = [cluster for line in lines for cluster in wcwidth.iter_graphemes(line)]
        assert "".join(clusters).replace(" ", "") == text.replace(" ", "")
        assert [c for c in clusters if c != " "] == [
            c for c in wcwidth.iter_graphemes(text) if c != " "
        ]


def drawn_text() -> list[str]:
    """Everything the game draws: both icon sets and every message in both languages."""
    icons = [
        glyph for icons in (LEGACY, NERD) for glyph in (*icons.glyphs.values(), icons.exploded)
    ]
    messages = [
        text
        for language in i18n.LANGUAGES
        for pair in catalogue.parse_po(catalogue.po_file(language).read_text("utf-8")).items()
        for text in pair
        if text
    ]
    return [*icons, "12345678", *messages]


def test_without_wcwidth_the_widths_agree_with_it_on_everything_the_game_draws() -> None:
    drawn = drawn_text()
    glyphs = sorted(set("".join(drawn)))
    assert len(glyphs) > 100 and NERD.hidden in glyphs and "¿" in glyphs
    texts = [*drawn, *glyphs]
    with measuring(with_wcwidth=False):
        without = [width(text) for text in texts]
    with measuring(with_wcwidth=True):
        with_it = [width(text) for text in texts]
    assert without == with_it
    assert with_it == [wcwidth.width(text) for text in texts]


def test_without_wcwidth_the_tools_measure_character_by_character() -> None:
    """The tools' own measure: right on what the game draws, not on emoji sequences."""
    with measuring(with_wcwidth=False):
        assert width(HEART) == 1 and width("🙂") == 2


def around_by_hand(text: str, cursor: int, columns: int) -> tuple[int, int]:
    """The part of ``text`` to show around ``cursor``, found one character at a time:
    what the prompt's row did before it read only what can show."""
    start = 0
    while width(text[start:cursor]) >= columns:
        start += 1
    return start, start + len(fitting(text[start:], columns))


PIECES = ["a", "z ", "ñ", "中", "🙂", "e\u0301", HEART, FLAG, "1 2"]


@pytest.mark.parametrize("with_wcwidth", [True, False])
@given(pieces=picks(PIECES, max_size=60), place=st.floats(0, 1), columns=st.integers(1, 40))
def test_around_the_cursor_is_what_a_character_at_a_time_finds(
    with_wcwidth: bool, pieces: list[str], place: float, columns: int
) -> None:
    text = "".join(pieces)
    boundaries = [sum(map(len, pieces[:n])) for n in range(len(pieces) + 1)]
    cursor = boundaries[int(place * (len(boundaries) - 1))]
    with measuring(with_wcwidth=with_wcwidth):
        start, end = around(text, cursor, columns)
        assert width(text[start:cursor]) < columns, "a column left for the cursor"
        assert width(text[start:end]) <= columns and start <= cursor <= end
        if text.isascii():
            assert (start, end) == around_by_hand(text, cursor, columns)


def test_around_reads_only_what_can_show() -> None:
    """A line of a million characters is laid out as fast as a short one."""
    long, short = "z" * 10**6, "z" * 100
    assert around(long, len(long), 79) == (len(long) - 78, len(long))
    timed = []
    for text in (short, long):
        began = time.perf_counter()
        for _ in range(200):
            around(text, len(text) // 2, 79)
        timed.append(time.perf_counter() - began)
    assert timed[1] < 20 * timed[0] + 0.05
