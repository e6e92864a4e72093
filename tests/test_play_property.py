"""Random sequences of valid commands through the real game loop never crash it.

A hypothesis state machine types commands of every kind into :class:`App`,
the same loop the terminal and the pipe drive, on random sizes, densities and
kinds of board.  The loop runs in a thread of its own and blocks on its
screen's ``read`` as it would on a player; each step hands it one line and
waits until it asks for the next.  After every step the engine's invariants
must hold, and everything a hint claimed (the cells it calls safe or mines,
the numbers it cites) must be true of the hidden layout.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from tests.play_support import (
    Play,
)

Play.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestPlay = pytest.mark.slow(Play.TestCase)
