"""The order a parallel run deals the tests in."""

from __future__ import annotations

from typing import Protocol, TypeVar


class Marked(Protocol):
    def get_closest_marker(self, name: str) -> object | None: ...


Item = TypeVar("Item", bound=Marked)


def waiting_first(items: list[Item], workers: int) -> list[Item]:
    """``items`` with those marked ``waits`` at the heads of the shares that xdist's
    ``worksteal`` deals ``workers`` workers at the start (each the first of its
    share's size, in order): their seconds of waiting overlap the others' work from
    the first second, rather than one of them, met last, waiting alone at the end
    while the other workers have nothing left to do."""
    waiting: list[Item] = []
    rest: list[Item] = []
    for item in items:
        (waiting if item.get_closest_marker("waits") else rest).append(item)
    ordered: list[Item] = []
    left = len(items)
    for share in range(workers):
        size = left // (workers - share)  # as worksteal sizes its first shares
        heads = waiting[share::workers]
        taken = max(0, size - len(heads))
        ordered += heads + rest[:taken]
        del rest[:taken]
        left -= size
    return ordered + rest
