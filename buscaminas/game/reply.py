"""What a command did, beyond the view: the session's answer to the loop."""

from typing import NamedTuple

from ..core.engine import Outcome
from .questions import Question


class Reply(NamedTuple):
    """What a command did, beyond the view: what to animate, ask, or whether to leave."""

    before: tuple[str, ...] | None = None
    """The board before a move whose reveal waves are worth replaying."""
    outcome: Outcome | None = None
    question: Question | None = None
    new_round: bool = False
    """A new game began: the front end draws it from scratch."""
    leave: bool = False
    note: str | None = None
    """A line said beside the board (a reminder), not a change to it."""
    changed: bool = True
    """False when nothing on the board or in its messages changed."""
