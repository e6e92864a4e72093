"""Random valid sessions through the installed program in pipe mode: never a crash.

Slower than the in-process state machine (a process per session), so fewer
examples; it covers what only the real program has: argument parsing, the
pipe front end, the records on disk, and the exit status.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.terminal_support import run_piped

COMMANDS = (
    "{x} {y}",
    "try {x} {y}",
    "t {x} {y}",
    "flag {x} {y}",
    "expand {x} {y}",
    "help",
    "help {x} {y}",
    "auto {n}",
    "man",
    "stats",
    "new",
)


@st.composite
def sessions(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    width = draw(st.integers(3, 16), label="width")
    height = draw(st.integers(3, 12), label="height")
    mines = draw(st.integers(1, max(1, width * height // 4)), label="mines")
    options = [
        "--width", str(width), "--height", str(height), "--mines", str(mines),
        "--seed", str(draw(st.integers(0, 10**6))), "--lang", draw(st.sampled_from(["en", "es"])),
    ]
    if draw(st.booleans()):
        options.append("--classic")
    lines = [
        draw(st.sampled_from(COMMANDS)).format(
            x=draw(st.integers(1, width)), y=draw(st.integers(1, height)), n=draw(st.integers(1, 3))
        )
        for _ in range(draw(st.integers(1, 40)))
    ]
    return options, lines


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions())
def test_random_valid_sessions_end_cleanly(session: tuple[list[str], list[str]]) -> None:
    options, lines = session
    result = run_piped(*options, lines="\n".join(lines) + "\n")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout  # it answered
