"""Random valid play through the real game loop: sessions, commands and hints checked.

The suite's state machine (``tests/test_play_property.py``) runs a few dozen
sessions each time; this runs as many as asked and counts what was covered,
for the figures a closing note reports.
"""

from __future__ import annotations

import argparse
import time

from hypothesis import settings
from hypothesis.stateful import invariant, run_state_machine_as_test

from tests.play_support import Play


class Counted(Play):
    """The suite's machine, counting sessions, commands typed and hints checked."""

    sessions = 0
    commands = 0
    hints_checked = 0

    def __init__(self) -> None:
        super().__init__()
        Counted.sessions += 1

    def type(self, line: str) -> None:
        Counted.commands += 1
        super().type(line)

    @invariant()
    def every_hint_is_true(self) -> None:
        Counted.hints_checked += len(self.hints.heard)
        super().every_hint_is_true()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--examples", type=int, default=300, help="sessions to generate")
    parser.add_argument("--steps", type=int, default=30, help="most commands per session")


def run(args: argparse.Namespace) -> int:
    began = time.perf_counter()
    checks = settings(
        max_examples=args.examples, stateful_step_count=args.steps, deadline=None, database=None
    )
    run_state_machine_as_test(Counted, settings=checks)  # raises on the first failure
    print(
        f"{Counted.sessions} sessions, {Counted.commands} commands, {Counted.hints_checked} hints"
        f" checked against the layout, 0 failures, {time.perf_counter() - began:.0f} s"
    )
    return 0
