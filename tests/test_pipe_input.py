"""Pipe mode reads lines with the parser's cap: a line too long is refused, never stored."""

from __future__ import annotations

import io

import pytest

from buscaminas.game.commands import MAX_LINE, LineTooLong, Verb, parse
from buscaminas.ui.pipe import PipeScreen
from tests.bounded_support import MEMORY_BOUND_KIB, run_on_dev_zero
from tests.terminal_support import KEPT, run_piped

TOO_LONG = (
    "That line is too long: a command is a verb and at most two numbers, or “save” and a file"
    " name of at most 4096 characters."
)


def reading(text: str) -> PipeScreen:
    return PipeScreen(io.StringIO(text), io.StringIO())


class CountingSource(io.StringIO):
    """Remembers how many characters each read asked for."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.requests: list[int] = []

    # typeshed's own StringIO stub overrides _IOBase.readline (bytes) the same way, and
    # ignores the same error: the clash is in the stubs, not in this class.
    def readline(self, size: int = -1, /) -> str:  # type: ignore[override]
        self.requests.append(size)
        return super().readline(size)


def test_a_long_line_is_refused_and_the_next_line_is_read_whole() -> None:
    source = CountingSource("9" * 100_000 + "\nflag 1 1\n")
    screen = PipeScreen(source, io.StringIO())
    with pytest.raises(LineTooLong):
        parse(screen.read("> "), 9, 9)
    assert parse(screen.read("> "), 9, 9).verb is Verb.FLAG
    with pytest.raises(EOFError):
        screen.read("> ")
    assert all(0 < size <= 64 * 1024 for size in source.requests)


@pytest.mark.parametrize("ending", ["\n", "\r\n"])
def test_a_line_of_exactly_the_parsers_limit_is_read_whole(ending: str) -> None:
    line = "flag 1 1".ljust(MAX_LINE)
    screen = reading(line + ending + "try 2 2")
    assert screen.read("> ") == line
    assert screen.read("> ") == "try 2 2", "the last line needs no newline"
    with pytest.raises(EOFError):
        screen.read("> ")


@pytest.mark.parametrize(
    "long_line",
    [
        "flag 1 1".ljust(MAX_LINE + 1),
        "flag 1 1".ljust(MAX_LINE + 2),
        "flag 1 1".ljust(MAX_LINE) + "\r\r\rtail",  # carriage returns never hide the length
        "flag 1 1".ljust(MAX_LINE) + "x" * 10**6,
    ],
)
def test_one_character_past_the_limit_is_too_long_whatever_follows(long_line: str) -> None:
    screen = reading(long_line + "\ntry 2 2\n")
    with pytest.raises(LineTooLong):
        parse(screen.read("> "), 9, 9)
    assert screen.read("> ") == "try 2 2"


def test_the_game_answers_the_long_line_then_the_next_command() -> None:
    result = run_piped(
        "--preset", "beginner", "--seed", "1", "--lang", "en",
        lines="4 4\n" + "z" * 1_000_000 + "\nflag 1 1\n",
    )  # fmt: skip
    lines = result.stdout.splitlines()
    assert result.returncode == 0
    assert lines.count(TOO_LONG) == 1
    assert not [line for line in lines if line.startswith("Unknown command")]
    assert lines[-2:] == [KEPT, "See you soon!"]
    assert lines[-10].startswith("F"), "the flag after the long line is on the last board"


@pytest.mark.waits
def test_endless_input_keeps_memory_bounded_and_complains_once() -> None:
    run = run_on_dev_zero("--preset", "beginner", "--lang", "en", seconds=2)
    assert run.peak_kib < MEMORY_BOUND_KIB
    assert run.stdout.splitlines().count(TOO_LONG) == 1
    assert run.stderr == ""
