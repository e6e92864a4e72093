"""Why a cell is certain, as the simplest proof the solver can find.

The UI turns a :class:`Reason` into a sentence (through gettext), so this
module returns structure only.  Proofs are tried from the simplest a player
would follow to the most demanding: one number, two numbers, the whole
frontier, the mine count.  A mine a proof leans on is always one the analysis
proves, never merely a cell the player flagged; unless the player can see it
(a flag on a proved mine, or a mine shown after a loss), the proof carries
the proof of that mine as a premise, so that nothing is asked on faith.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from enum import Enum
from itertools import chain

from ..alphabet import COUNTS, COVERED, Cell
from ..grid import Grid, Point
from .analysis import Analysis
from .counting import frontier_certain
from .position import Position


class ReasonKind(Enum):
    ONE_NUMBER = "one-number"
    """A number whose certain mines already match it, or whose hidden cells must all be mines."""
    TWO_NUMBERS = "two-numbers"
    """Two numbers sharing cells: the shared cells' mines settle one number's other cells."""
    FRONTIER = "frontier"
    """Every arrangement of mines that satisfies the numbers agrees."""
    MINE_COUNT = "mine-count"
    """Only the total number of mines decides."""


@dataclass(frozen=True)
class Reason:
    """A proof that every cell of ``targets`` is a mine (``mine``) or safe.

    ``numbers`` are the revealed numbers the proof reads; ``known_mines`` the
    certain mines it leans on; for two numbers, ``group`` is the cells both
    touch and ``group_mines`` how many mines they must hold.  ``premises``
    prove the known mines the player cannot see: each is a one- or
    two-number proof of mines that leans only on what is shown.
    """

    kind: ReasonKind
    mine: bool
    targets: tuple[Point, ...]
    numbers: tuple[Point, ...] = ()
    known_mines: tuple[Point, ...] = ()
    group: tuple[Point, ...] = ()
    group_mines: int = 0
    premises: tuple[Reason, ...] = ()


@dataclass(frozen=True)
class _Clue:
    """A revealed number as a proof reads it: what it touches that is still open."""

    cell: Point
    open: frozenset[Point]
    """Covered neighbours not proved to be mines."""
    known_mines: tuple[Point, ...]
    need: int
    """Mines still to find among ``open``."""


def explain(position: Position, analysis: Analysis) -> Reason | None:
    """The simplest proof of something the player does not know yet, or None.

    A flag on a cell proved safe comes first: the player believes a mine is
    there, and the next ``expand`` beside it would explode.  Otherwise a
    proof is as hard as its own step or the hardest premise it needs,
    whichever is harder; among proofs as hard, safe cells come first (they
    are what lets the game go on), and a mine the player has already flagged
    is no news.
    """
    grid = Grid(position.width, position.height)
    shown_mines = frozenset(
        cell
        for cell in grid.cells()
        if position[cell] == Cell.MINE or (position[cell] == Cell.FLAG and cell in analysis.mines)
    )
    # A safe cell's proof may lean on any certain mine it can prove on the
    # way; a mine's proof leans only on shown ones, so it needs no premise.
    # Proofs leaning on no hidden mine are sought too: they may be the simpler.
    towards_safe = _clues(position, grid, analysis.mines | shown_mines)
    towards_mines = _clues(position, grid, shown_mines)
    one_mine = list(_one_number(towards_mines, mine=True))
    two_mines = list(_two_numbers(towards_mines, mine=True))
    proof_of: dict[Point, Reason] = {}
    for reason in chain(one_mine, two_mines):
        for cell in reason.targets:
            proof_of.setdefault(cell, reason)

    def proved(reason: Reason) -> Reason | None:
        """The reason with the proofs of the hidden mines it leans on; None if one has none."""
        unseen = [cell for cell in reason.known_mines if cell not in shown_mines]
        if any(cell not in proof_of for cell in unseen):
            return None
        premises = tuple(dict.fromkeys(proof_of[cell] for cell in unseen))
        return replace(reason, premises=premises)

    def hardness(reason: Reason) -> tuple[int, bool, int]:
        steps = [_step(reason), *(_step(premise) for premise in reason.premises)]
        return max(steps), reason.mine, len(reason.premises)

    candidates = (
        proved(reason)
        for reason in chain(
            _one_number(towards_safe, mine=False),
            one_mine,
            _two_numbers(towards_mines, mine=False),
            _two_numbers(towards_safe, mine=False),
            two_mines,
        )
    )
    simple = sorted((reason for reason in candidates if reason is not None), key=hardness)
    wrong_flags = frozenset(cell for cell in analysis.safe if position[cell] == Cell.FLAG)
    proofs = chain(simple, _beyond_pairs(position, grid, analysis))
    news = (_news_of(reason, position, wrong_flags) for reason in proofs)
    return next((reason for reason in news if reason.targets), None)


def _step(reason: Reason) -> int:
    return 1 if reason.kind is ReasonKind.ONE_NUMBER else 2


def _clues(position: Position, grid: Grid, certain_mines: frozenset[Point]) -> list[_Clue]:
    """The revealed numbers that still touch an open cell."""
    clues = [_clue(position, grid, cell, certain_mines) for cell in grid.cells()]
    return [clue for clue in clues if clue is not None and clue.open]


def _clue(
    position: Position, grid: Grid, cell: Point, certain_mines: frozenset[Point]
) -> _Clue | None:
    value = COUNTS.get(position[cell])
    if value is None:
        return None
    around = grid.neighbours(cell)
    known = tuple(near for near in around if near in certain_mines)
    unsettled = frozenset(
        near for near in around if position[near] in COVERED and near not in certain_mines
    )
    return _Clue(cell, unsettled, known, value - len(known))


def _news_of(reason: Reason, position: Position, wrong_flags: frozenset[Point]) -> Reason:
    """The reason with only the targets worth telling: while a flag is proved wrong,
    only that; otherwise no mine the player has flagged."""
    if wrong_flags:
        targets = () if reason.mine else tuple(c for c in reason.targets if c in wrong_flags)
    elif reason.mine:
        targets = tuple(cell for cell in reason.targets if position[cell] != Cell.FLAG)
    else:
        return reason
    return replace(reason, targets=targets)


def _in_reading_order(cells: Iterable[Point]) -> tuple[Point, ...]:
    return tuple(sorted(cells, key=lambda cell: (cell[1], cell[0])))


def _one_number(clues: list[_Clue], *, mine: bool) -> Iterator[Reason]:
    for clue in clues:
        if clue.need == (len(clue.open) if mine else 0):
            yield Reason(
                ReasonKind.ONE_NUMBER,
                mine,
                _in_reading_order(clue.open),
                (clue.cell,),
                clue.known_mines,
            )


def _two_numbers(clues: list[_Clue], *, mine: bool) -> Iterator[Reason]:
    """Subset reasoning: the first number fixes the mines in the cells it shares
    with the second, which settles the second's other cells."""
    touching: dict[Point, list[_Clue]] = {}
    for clue in clues:
        for cell in clue.open:
            touching.setdefault(cell, []).append(clue)
    for first in clues:
        partners = {id(other): other for cell in first.open for other in touching[cell]}
        for second in partners.values():
            shared = first.open & second.open
            rest = second.open - shared
            if first is second or not rest:
                continue
            # The fewest and most mines ``first`` allows in the shared cells.
            fewest = max(0, first.need - len(first.open - shared))
            most = min(first.need, len(shared))
            group_mines = second.need - len(rest) if mine else second.need
            if (most if mine else fewest) == group_mines:
                yield Reason(
                    ReasonKind.TWO_NUMBERS,
                    mine,
                    _in_reading_order(rest),
                    (first.cell, second.cell),
                    tuple(dict.fromkeys(first.known_mines + second.known_mines)),
                    _in_reading_order(shared),
                    group_mines,
                )


def _beyond_pairs(position: Position, grid: Grid, analysis: Analysis) -> Iterator[Reason]:
    """Certain cells no one or two numbers prove: the frontier's, then the count's."""
    by_numbers = frontier_certain(analysis.constraints)
    for mine in (False, True):
        certain = analysis.mines if mine else analysis.safe
        targets = _in_reading_order(cell for cell in certain if cell in by_numbers)
        if targets:
            numbers = {
                near
                for cell in targets
                for near in grid.neighbours(cell)
                if position[near] in COUNTS
            }
            yield Reason(ReasonKind.FRONTIER, mine, targets, _in_reading_order(numbers))
    for mine in (False, True):
        certain = analysis.mines if mine else analysis.safe
        targets = _in_reading_order(cell for cell in certain if cell not in by_numbers)
        if targets:
            yield Reason(ReasonKind.MINE_COUNT, mine, targets)
