"""Proofs from one number or two, the reasoning a player does at a glance.

They come before any counting: every cell they settle is one the counting
need not enumerate, and they cost little whatever the frontier's shape.  So
they are also what the solver still proves when a frontier is too wide to
count (see :mod:`.budget`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Generic, NamedTuple, TypeVar

from ..grid import Point
from .budget import Budget, OverBudget

PAIR_WORK = 60
"""Units of :mod:`.budget` one look at a pair of numbers costs, as measured (about
3 µs on 99×99 stripes of 1s and scatters, where twenty million units take a second)."""

Constraint = tuple[frozenset[Point], int]
"""An open number as the counting reads it: its unsettled hidden cells and
the mines they hold."""


class InconsistentPosition(ValueError):
    """A position that no layout of its mines can produce."""


_Known = TypeVar("_Known", bound=Mapping[Point, bool], covariant=True)


class Settled(NamedTuple, Generic[_Known]):
    """What one-number deductions leave: the cells they settle and the numbers still open."""

    known: _Known
    """The cells settled: True for a mine."""
    open_numbers: list[Point]
    """The numbers that still touch an unsettled cell."""
    constraints: list[Constraint]
    """Those numbers as the counting reads them, identical cell sets merged."""
    outside: Collection[Point] | None = None
    """The hidden cells no open number touches, when the deductions know them."""


def settle_one_number(
    numbers: Mapping[Point, int],
    hidden_around: Mapping[Point, tuple[Point, ...]],
    earlier: Settled[Mapping[Point, bool]] | None = None,
    revealed: Mapping[Point, int] | None = None,
) -> Settled[dict[Point, bool]]:
    """Apply one-number deductions until none is left.

    ``numbers`` holds what each revealed number still needs, ``hidden_around``
    its hidden neighbours.  A number is looked at again only when one of its
    cells is settled, so a long cascade of deductions costs its length, not
    its length times the frontier's.

    ``earlier`` is what the deductions found on a board this one only
    reveals more of, ``revealed`` the numbers it has that the earlier board
    did not: the earlier deductions hold here too (the numbers they read are
    all still here), so only the numbers the earlier board left open and
    the new ones are read, and a move costs what it changes, not the size
    of the frontier.
    """
    if earlier is None or revealed is None:
        known: dict[Point, bool] = {}
        added: Iterable[Point] = numbers
        reading: Iterable[Point] = hidden_around
    else:
        known = dict(earlier.known)
        for cell in revealed:
            if known.pop(cell, False):
                raise InconsistentPosition("a cell proved to be a mine is shown safe")
        added = revealed
        reading = dict.fromkeys([*earlier.open_numbers, *revealed])
    for number in added:
        if numbers[number] and number not in hidden_around:
            x, y = number
            raise InconsistentPosition(f"the number at ({x}, {y}) cannot be satisfied")
    cells_of: dict[Point, tuple[Point, ...]] = {}
    need_of: dict[Point, int] = {}
    left: dict[Point, int] = {}
    touching: dict[Point, list[Point]] = {}
    for number in reading:
        around = hidden_around.get(number, ())
        need = numbers[number]
        unknown: Sequence[Point] = around
        if known:
            need -= sum(known[cell] for cell in around if cell in known)
            unknown = [cell for cell in around if cell not in known]
        if not 0 <= need <= len(unknown):
            x, y = number
            raise InconsistentPosition(f"the number at ({x}, {y}) cannot be satisfied")
        if unknown:
            cells_of[number], need_of[number], left[number] = around, need, len(unknown)
            for cell in unknown:
                touching.setdefault(cell, []).append(number)
    ready = [number for number, need in need_of.items() if need in (0, left[number])]
    while ready:
        number = ready.pop()
        if not left[number]:
            continue
        mine = need_of[number] > 0
        for cell in cells_of[number]:
            if cell in known:
                continue
            known[cell] = mine
            for other in touching[cell]:
                left[other] -= 1
                need_of[other] -= mine
                if not 0 <= need_of[other] <= left[other]:
                    raise InconsistentPosition("the numbers contradict each other")
                if need_of[other] in (0, left[other]):
                    ready.append(other)
    still = [number for number, rest in left.items() if rest]
    return Settled(
        known,
        still,
        merge(
            ([cell for cell in cells_of[number] if cell not in known], need_of[number])
            for number in still
        ),
    )


def merge(constraints: Iterable[tuple[Iterable[Point], int]]) -> list[Constraint]:
    """The constraints with identical cell sets kept once; raise if they disagree."""
    merged: dict[frozenset[Point], int] = {}
    for cells, need in constraints:
        if merged.setdefault(frozenset(cells), need) != need:
            raise InconsistentPosition("two numbers disagree about the same cells")
    return list(merged.items())


def settle_pairs(
    known: dict[Point, bool], constraints: list[Constraint], budget: Budget
) -> list[Constraint]:
    """Apply two-number deductions, and the one-number ones they lead to,
    until none is left; ``known`` gains the cells they settle.

    Two numbers sharing cells bound how many mines the shared cells hold,
    which may fill or empty the cells only one of them touches.  Returns the
    numbers still open.  Past ``budget`` it stops where it is: what it has
    settled is proved all the same.
    """
    cells_of = {index: set(cells) for index, (cells, _) in enumerate(constraints)}
    need_of = {index: need for index, (_, need) in enumerate(constraints)}
    touching: dict[Point, set[int]] = {}
    for index, cells in cells_of.items():
        for cell in cells:
            touching.setdefault(cell, set()).add(index)
    queue = deque(cells_of)
    queued = set(cells_of)
    # A pair is looked at again only when one of its numbers has changed since.
    version = dict.fromkeys(cells_of, 0)
    looked_at: dict[tuple[int, int], tuple[int, int]] = {}

    def settle(cells: Iterable[Point], mine: bool) -> None:
        for cell in list(cells):
            known[cell] = mine
            for index in touching.pop(cell):
                cells_of[index].discard(cell)
                need_of[index] -= mine
                version[index] += 1
                if not 0 <= need_of[index] <= len(cells_of[index]):
                    raise InconsistentPosition("the numbers contradict each other")
                if index not in queued:
                    queue.append(index)
                    queued.add(index)

    try:
        while queue:
            first = queue.popleft()
            queued.discard(first)
            cells, need = cells_of[first], need_of[first]
            if not cells:
                continue
            if need in (0, len(cells)):
                settle(cells, need > 0)
                continue
            for second in {index for cell in cells for index in touching[cell]} - {first}:
                pair = (first, second) if first < second else (second, first)
                versions = (version[pair[0]], version[pair[1]])
                if looked_at.get(pair) == versions:
                    continue
                looked_at[pair] = versions
                budget.spend(PAIR_WORK)
                if _pair(first, second, cells_of, need_of, settle):
                    break
    except OverBudget:
        pass
    return merge((cells, need_of[index]) for index, cells in cells_of.items() if cells)


def _pair(
    first: int,
    second: int,
    cells_of: dict[int, set[Point]],
    need_of: dict[int, int],
    settle: Callable[[Iterable[Point], bool], None],
) -> bool:
    """Settle what two numbers prove together; whether anything was settled."""
    one, other = cells_of[first], cells_of[second]
    shared = len(one & other)
    need_one, need_other = need_of[first], need_of[second]
    only_one, only_other = len(one) - shared, len(other) - shared
    fewest = max(0, need_one - only_one, need_other - only_other)
    most = min(shared, need_one, need_other)
    if fewest > most:
        raise InconsistentPosition("the numbers contradict each other")
    for cells, rest, only, need in (
        (one, other, only_one, need_one),
        (other, one, only_other, need_other),
    ):
        if only and need - most == only:
            settle(cells - rest, True)
            return True
        if only and need == fewest:
            settle(cells - rest, False)
            return True
    return False
