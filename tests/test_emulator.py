"""The emulator the tests read the screen through shows what ``pyte`` would."""

from __future__ import annotations

import pyte
from hypothesis import given
from hypothesis import strategies as st

from tests.emulator_support import Screen

WRITES = st.lists(
    st.one_of(
        st.text(st.sampled_from("ab ¿ñ\u0301\r\n\b\t"), max_size=40),
        st.sampled_from(
            [
                *("\x1b[2J", "\x1b[1J", "\x1b[K", "\x1b[H", "\x1b[3;5H", "\x1bM", "\x1b[6;1H"),
                *("\x1b[M", "\x1b[L", "\x1b[2P", "\x1b[2@", "\x1b[3X"),
            ]
        ),
        st.tuples(st.integers(1, 12), st.integers(1, 30)),
    ),
    max_size=30,
)
"""Text (a combining accent among it), wrapped and scrolled both ways, erasures,
moves, insertions and deletions, and resizes."""


@given(WRITES)
def test_the_screen_read_after_each_change_is_pytes_own(
    writes: list[str | tuple[int, int]],
) -> None:
    kept, fresh = Screen(20, 6), pyte.Screen(20, 6)
    streams = [pyte.Stream(kept), pyte.Stream(fresh)]
    for write in writes:
        for screen, stream in zip((kept, fresh), streams, strict=True):
            if isinstance(write, tuple):
                screen.resize(*write)
            else:
                stream.feed(write)
        assert kept.display == fresh.display


def test_a_wide_character_covers_the_cell_to_its_right_as_in_pytes_own() -> None:
    """Even where something was written on that cell since.  Not among the writes
    above: ``pyte``'s own reading fails on a wide character written over."""
    kept, fresh = Screen(9, 3), pyte.Screen(9, 3)
    for screen in (kept, fresh):
        pyte.Stream(screen).feed("a世b\r\n世世世世x\r\nñ\u0301世\x1b[1;3Hz")
    assert kept.display == fresh.display == ["a世b     ", "世世世世x", "ñ\u0301世      "]
