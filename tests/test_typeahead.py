"""The keys read ahead: in order, a step at a time, plain text cheap, Ctrl-C at once.

:class:`~buscaminas.ui.typeahead.Typeahead` is read here as the application would
read it, through prompt_toolkit's pipe input (the bytes a terminal sends), and
taken from as the terminal front end takes.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys

from buscaminas.ui.typeahead import Typeahead


@contextmanager
def reading() -> Iterator[tuple[PipeInput, Typeahead, list[int]]]:
    """A pipe, the typeahead that reads it, and how many times it told of keys."""
    arrived: list[int] = []
    HANDED.clear()
    with create_pipe_input() as pipe:
        yield pipe, Typeahead(pipe, lambda: arrived.append(1), HANDED.extend), arrived


HANDED: list[KeyPress] = []
"""What the typeahead being read handed over at once."""


def read_all(typeahead: Typeahead) -> list[KeyPress]:
    """Read what the pipe holds (less than one read's worth), then what a pause in the
    input flushes; what was handed over at once (the application's processor gets
    nothing)."""
    assert typeahead.read_keys() + typeahead.flush_keys() == []
    handed = HANDED.copy()
    HANDED.clear()
    return handed


def taken(typeahead: Typeahead, *, typing: bool) -> list[KeyPress]:
    steps = []
    while typeahead.waiting:
        steps += typeahead.take(typing=typing)
    return steps


def test_typed_characters_are_one_step_for_the_line_and_keys_one_by_one_for_the_cursor() -> None:
    with reading() as (pipe, typeahead, arrived):
        pipe.send_text("flag 3 3\r\x1b[Ahj")
        assert read_all(typeahead) == []
        assert arrived
        assert taken(typeahead, typing=True) == [
            KeyPress(Keys.BracketedPaste, "flag 3 3"),
            KeyPress(Keys.ControlM, "\r"),
            KeyPress(Keys.Up, "\x1b[A"),
            KeyPress(Keys.BracketedPaste, "hj"),
        ]
        pipe.send_text("flag 3 3\r\x1b[Ahj")
        read_all(typeahead)
        assert taken(typeahead, typing=False) == [
            *map(KeyPress, "flag 3 3"),
            KeyPress(Keys.ControlM, "\r"),
            KeyPress(Keys.Up, "\x1b[A"),
            *map(KeyPress, "hj"),
        ]


def test_a_bracketed_paste_is_one_step_and_a_mouse_report_one_key() -> None:
    with reading() as (pipe, typeahead, _arrived):
        pipe.send_text("\x1b[200~try 1 1\ntry 2 2\x1b[201~" + "\x1b[<2;10;5M" + "x")
        read_all(typeahead)
        assert taken(typeahead, typing=True) == [
            KeyPress(Keys.BracketedPaste, "try 1 1\ntry 2 2"),
            KeyPress(Keys.Vt100MouseEvent, "\x1b[<2;10;5M"),
            KeyPress(Keys.BracketedPaste, "x"),
        ]


def test_ctrl_c_is_handed_over_at_once_and_drops_only_what_came_before_it() -> None:
    with reading() as (pipe, typeahead, _arrived):
        pipe.send_text("abc\rdef\x03xy")
        assert read_all(typeahead) == [KeyPress(Keys.ControlC, "\x03")]
        assert typeahead.waiting
        ahead = typeahead.ahead_of_ctrl_c()
        assert ahead == 3, "abc, Enter, def"
        assert typeahead.ahead_of_ctrl_c() == 0, "each Ctrl-C asks once"
        typeahead.drop(ahead)
        assert taken(typeahead, typing=True) == [KeyPress(Keys.BracketedPaste, "xy")]


def test_a_key_put_back_is_taken_first() -> None:
    with reading() as (pipe, typeahead, _arrived):
        pipe.send_text("lag")
        read_all(typeahead)
        typeahead.put_back([KeyPress("f")])
        assert taken(typeahead, typing=False) == list(map(KeyPress, "flag"))


def test_a_megabyte_of_plain_text_is_read_at_the_speed_of_a_string() -> None:
    """Not a character at a time through the escape-sequence parser: a terminal that
    does not bracket a paste hands a megabyte over as plain text."""
    with reading() as (pipe, typeahead, _arrived):
        began = time.perf_counter()
        for _piece in range(1024):
            pipe.send_text("z" * 1024)
            typeahead.read_keys()
        read_all(typeahead)
        assert time.perf_counter() - began < 2.0
        (pasted,) = taken(typeahead, typing=True)
        assert pasted == KeyPress(Keys.BracketedPaste, "z" * 2**20)


def test_the_end_of_the_input_is_told() -> None:
    with reading() as (pipe, typeahead, _arrived):
        pipe.send_text("q")
        read_all(typeahead)
        pipe.close()
        typeahead.read_keys()
        assert typeahead.closed


def test_a_mouse_report_the_toolkit_cannot_read_never_reaches_it() -> None:
    """prompt_toolkit's mouse binding raises on these, which would end the game."""
    with reading() as (pipe, typeahead, _arrived):
        pipe.send_text("\x1b[<1;2M\x1b[M" + chr(48) + "**\x1b[<0;3;4M")
        read_all(typeahead)
        assert taken(typeahead, typing=False) == [KeyPress(Keys.Vt100MouseEvent, "\x1b[<0;3;4M")]
