"""What the solver keeps of the components it counted, for the positions that follow.

A game's positions follow one another, each most often the last with a few
cells more revealed: most of a position's components are the last one's, and
the boards the AI weighs share most of theirs with the position weighed.  A
component is counted once and looked up after that, for as long as it may be
asked for again: by the position read now, or by the next one.  A component of
an older position that the last one no longer had touches a cell revealed since,
or a number shown since: only an undo asks for it again, and counts it again.
It is let go when the next position is read (:meth:`Remembered.next_position`),
so that a long game keeps what its last two positions use, not its whole history.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")


class Remembered(Generic[_K, _V]):
    """Values by key, the least recently used first, each stamped with the position
    that last used it; at most ``most`` of them whatever the positions."""

    def __init__(self, most: int) -> None:
        self._most = most
        self._found: OrderedDict[_K, _V] = OrderedDict()
        self._used: dict[_K, int] = {}
        """The position that last asked for or found each key: the order of
        :attr:`_found` is theirs, the oldest first."""
        self._position = 0

    def __len__(self) -> int:
        return len(self._found)

    def get(self, key: _K) -> _V | None:
        """What was found for ``key``, kept on as the position read now uses it."""
        found = self._found.get(key)
        if found is not None:
            self._found.move_to_end(key)
            self._used[key] = self._position
        return found

    def put(self, key: _K, value: _V) -> None:
        """Keep ``value`` for ``key``; past ``most``, the least recently used goes."""
        self._found[key] = value
        self._found.move_to_end(key)
        self._used[key] = self._position
        if len(self._found) > self._most:
            self._forget_one()

    def next_position(self) -> None:
        """Another position is read: what neither it nor the one before it used goes.
        They are the oldest, so only those are looked at."""
        self._position += 1
        while self._found and self._used[next(iter(self._found))] < self._position - 1:
            self._forget_one()

    def clear(self) -> None:
        self._found.clear()
        self._used.clear()

    def _forget_one(self) -> None:
        key, _value = self._found.popitem(last=False)
        del self._used[key]
