"""Cutting and wrapping by terminal columns, wide characters included."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from buscaminas.game.textwidth import _NARROW, _columns, clip, width, wrap


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
    assert width("a\u0301b") == 2 and width("a\xadb") == 2 and width("界a") == 3
