"""A recorded loss taken back: what tells that loss made again (``redo``) from any
other end of the game that went on from it."""

import math
from typing import Any, NamedTuple

from ..core.engine import Move
from .journal import Journal, JournalError


class LossTakenBack(NamedTuple):
    """The loss as the records keep it: its name, its moves and its time."""

    identity: str
    moves: tuple[Move, ...]
    seconds: float
    went_on_for: float | None = None
    """Once made again: the time the game that went on from it had reached, where its
    clock goes on if the loss is taken back once more."""

    def reopened_at(self, identity: str, ended: float) -> float:
        """Where the clock goes on when the game ``identity``, ended at ``ended``, is
        reopened: if it is this loss, made again, the time the game that went on from
        it had reached; else its time at its end."""
        if identity == self.identity and self.went_on_for is not None:
            return self.went_on_for
        return ended

    def kept(self) -> list[Any]:
        """As a snapshot keeps it: its moves by their count, being those played and those
        redo would put back, for as long as they can come back."""
        return [self.identity, len(self.moves), self.seconds]

    @classmethod
    def read(cls, kept: Any, journal: Journal) -> "LossTakenBack | None":
        """The loss a snapshot kept (:meth:`kept`) beside ``journal``, if its moves are
        still those played and those to put back; :class:`JournalError` if damaged."""
        if kept is None:
            return None
        identity, count, seconds = str(kept[0]), int(kept[1]), float(kept[2])
        if not 0 <= seconds < math.inf:
            raise JournalError(f"{seconds!r} seconds for the loss taken back")
        ahead = [played.move for played in reversed(journal.redo_stack)]
        moves = (*(played.move for played in journal.moves), *ahead)[:count]
        return cls(identity, moves, seconds) if len(moves) == count else None
