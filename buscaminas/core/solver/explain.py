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

from collections.abc import Callable, Iterable, Iterator
from enum import Enum
from itertools import chain
from typing import NamedTuple, TypeVar, cast

from ..alphabet import COUNTS, COVERED, Symbol
from ..grid import Grid, Point
from .analysis import Analysis
from .budget import EXPLAIN_WORK, Budget, OverBudget
from .counting import frontier_certain
from .masks import Masks
from .position import Position

CELLS_AROUND = 8
"""The units a number read costs: a unit per cell around it."""


class ReasonKind(Enum):
    ONE_NUMBER = "one-number"
    """A number whose certain mines already match it, or whose hidden cells must all be mines."""
    TWO_NUMBERS = "two-numbers"
    """Two numbers sharing cells: the shared cells' mines settle one number's other cells."""
    FRONTIER = "frontier"
    """Every arrangement of mines that satisfies the numbers agrees."""
    MINE_COUNT = "mine-count"
    """Only the total number of mines decides."""


class Reason(NamedTuple):
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


class _Clue(NamedTuple):
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
    is no news.  Among proofs alike in all that, the first in reading order
    (of the number read first) is told.

    The proofs are sought from the simplest kind up, and a kind is only
    looked for when every simpler one has nothing to tell: late on a 99×99
    board thousands of numbers touch a mine nobody flagged, and reading
    every pair of them would take seconds.  A safe cell's one-number proof
    is read only off the numbers next to cells not proved to be mines, and
    the proof of a mine it leans on off the numbers around that mine.  The
    search is bounded all the same (:data:`~.budget.EXPLAIN_WORK`, so that a
    hint answers at once on any board): past its budget, the first certain
    cell is told as the count proves it, still a proof.
    """
    grid = Grid(position.width, position.height)
    shown_mines = _shown_mines(position, analysis)
    wrong_flags = frozenset(cell for cell in analysis.safe if position[cell] == Symbol.FLAG)
    budget = Budget(EXPLAIN_WORK)
    try:
        return _simplest(position, analysis, grid, shown_mines, wrong_flags, budget)
    except OverBudget:
        return _first_by_count(position, grid, analysis, wrong_flags)


def _simplest(
    position: Position,
    analysis: Analysis,
    grid: Grid,
    shown_mines: frozenset[Point],
    wrong_flags: frozenset[Point],
    budget: Budget,
) -> Reason | None:
    """:func:`explain`'s search, charging every number it reads and every pair of
    numbers it compares to ``budget``."""
    # A safe cell's proof may lean on any certain mine it can prove on the
    # way; a mine's proof leans only on shown ones, so it needs no premise.
    # Proofs leaning on no hidden mine are sought too: they may be the simpler.
    towards_safe = _Clues(position, grid, analysis.mines | shown_mines, budget)
    towards_mines = _Clues(position, grid, shown_mines, budget)
    proof_of: dict[Point, Reason | None] = {}

    def proof_of_mine(cell: Point) -> Reason | None:
        """The first proof of the mine at ``cell`` from one number, else from two."""
        if cell not in proof_of:
            seconds = towards_mines.touching(cell)
            firsts = towards_mines.touching_any(near for clue in seconds for near in clue.open)
            proof_of[cell] = next(
                (
                    reason
                    for reason in chain(
                        _one_number(seconds, mine=True),
                        _two_numbers(firsts, towards_mines, mine=True),
                    )
                    if cell in reason.targets
                ),
                None,
            )
        return proof_of[cell]

    def proved(reason: Reason) -> Reason | None:
        """The reason with the proofs of the hidden mines it leans on; None if one has none."""
        unseen = [cell for cell in reason.known_mines if cell not in shown_mines]
        premises = [proof_of_mine(cell) for cell in unseen]
        if any(premise is None for premise in premises):
            return None
        return reason._replace(premises=tuple(dict.fromkeys(filter(None, premises))))

    def hardness(reason: Reason) -> tuple[int, bool, int]:
        steps = [_step(reason), *(_step(premise) for premise in reason.premises)]
        return max(steps), reason.mine, len(reason.premises)

    def first_news(reasons: Iterable[Reason]) -> Reason | None:
        news = (_news_of(reason, position, wrong_flags) for reason in reasons)
        return next((reason for reason in news if reason.targets), None)

    # The numbers a one-number proof may stand on are found a whole board at
    # a time, and only they are read: the numbers next to a covered cell not
    # proved a mine (covered cells no number touches are far from every
    # proof) and, for a safe cell, those whose mines are all proved.
    board = Masks.read(position.rows)
    assert board is not None, "a position the analysis read"
    certain = board.mask_of(analysis.mines)
    beyond = board.mask_of(analysis.constraints.frontier().outside)
    near_safe_numbers = board.touching(board.covered & ~certain & ~beyond)
    one_number_safe = _Replayed(
        _one_number(
            towards_safe.each(board.cells(near_safe_numbers & board.needing(certain))), mine=False
        )
    )
    # A mine's: every covered cell around it is a mine (but flags proved mines).
    flagged = board.mask_of(shown_mines) & board.covered
    every_mine_numbers = board.touching(board.covered & ~flagged) & board.needing(board.covered)

    def simplest_one_number() -> Iterator[Reason]:
        """The one-number proofs of safe cells whose premises are one-number proofs
        too, fewest premises first and in reading order, each premise sought only
        when no proof with fewer can come before it: late on a big board thousands
        of safe cells each lean on mines whose own proofs take pairs of numbers."""

        def unseen(reason: Reason) -> bool:
            return any(cell not in shown_mines for cell in reason.known_mines)

        # Read as far as asked: the first proof leaning on nothing hidden is often
        # among the first numbers, and the rest are then never read.
        yield from (reason for reason in one_number_safe if not unseen(reason))
        later: dict[int, list[Reason]] = {}
        for reason in one_number_safe:
            found = proved(reason) if unseen(reason) else None
            if found is None or hardness(found)[0] != 1:
                continue
            if len(found.premises) == 1:
                yield found  # none with fewer premises is left to come
            else:
                later.setdefault(len(found.premises), []).append(found)
        for premises in sorted(later):
            yield from later[premises]

    def by_step_two() -> list[Reason]:
        one_safe = sorted(filter(None, map(proved, one_number_safe)), key=hardness)
        return [reason for reason in one_safe if hardness(reason)[0] == 2]

    every_clue = towards_mines.in_reading_order
    stages: tuple[Callable[[], Iterable[Reason]], ...] = (
        # One number: safe cells, then mines.
        simplest_one_number,
        lambda: _one_number(towards_mines.each(board.cells(every_mine_numbers)), mine=True),
        # Two numbers: safe cells leaning on shown mines only (no premise), then
        # the rest as hard as they are; then mines.
        lambda: _two_numbers(every_clue(), towards_mines, mine=False),
        lambda: sorted(
            chain(
                by_step_two(),
                filter(
                    None,
                    map(
                        proved,
                        _two_numbers(
                            towards_safe.each(board.cells(near_safe_numbers)),
                            towards_safe,
                            mine=False,
                        ),
                    ),
                ),
            ),
            key=hardness,
        ),
        lambda: _two_numbers(every_clue(), towards_mines, mine=True),
        lambda: _beyond_pairs(position, grid, analysis),
    )
    return next((found for stage in stages if (found := first_news(stage())) is not None), None)


_T = TypeVar("_T")


class _Replayed(Iterable[_T]):
    """The items of an iterator, each made once, however often they are gone through."""

    def __init__(self, items: Iterator[_T]):
        self._items = items
        self._made: list[_T] = []

    def __iter__(self) -> Iterator[_T]:
        made = self._made
        index = 0
        while True:
            if index == len(made):
                item = next(self._items, _DONE)
                if item is _DONE:
                    return
                made.append(cast(_T, item))
            yield made[index]
            index += 1


_DONE = object()


def _step(reason: Reason) -> int:
    return 1 if reason.kind is ReasonKind.ONE_NUMBER else 2


def _shown_mines(position: Position, analysis: Analysis) -> frozenset[Point]:
    """The mines the player sees: shown after a loss, or flagged where a mine is proved."""
    shown = [
        (x, y)
        for y, row in enumerate(position.rows)
        if Symbol.MINE in row
        for x, char in enumerate(row)
        if char == Symbol.MINE
    ]
    flagged = (cell for cell in analysis.mines if position[cell] == Symbol.FLAG)
    return frozenset(chain(shown, flagged))


class _Clues:
    """The revealed numbers that still touch an open cell, each read when first asked for."""

    def __init__(
        self, position: Position, grid: Grid, certain_mines: frozenset[Point], budget: Budget
    ):
        self._position = position
        self._grid = grid
        self._certain_mines = certain_mines
        self._read: dict[Point, _Clue | None] = {}
        self.budget = budget
        """Charged a unit for every cell a clue is read from, and by the pairs compared."""

    def at(self, cell: Point) -> _Clue | None:
        """The clue of the number at ``cell``; None when there is none there."""
        if cell not in self._read:
            self.budget.spend(CELLS_AROUND)
            clue = _clue(self._position, self._grid, cell, self._certain_mines)
            self._read[cell] = clue if clue is not None and clue.open else None
        return self._read[cell]

    def touching(self, cell: Point) -> list[_Clue]:
        """The clues whose open cells hold ``cell``, in reading order."""
        if self._position[cell] not in COVERED or cell in self._certain_mines:
            return []
        self.budget.spend(CELLS_AROUND)
        return [clue for near in self._grid.neighbours(cell) if (clue := self.at(near))]

    def touching_any(self, cells: Iterable[Point]) -> list[_Clue]:
        """The clues whose open cells hold any of ``cells``, in reading order."""
        found = {clue.cell: clue for cell in cells for clue in self.touching(cell)}
        return [found[cell] for cell in _in_reading_order(found)]

    def each(self, numbers: Iterable[Point]) -> Iterator[_Clue]:
        """The clues of ``numbers``, in their order, each read as the iteration reaches it."""
        return (clue for cell in numbers if (clue := self.at(cell)))

    def in_reading_order(self) -> Iterator[_Clue]:
        """Every clue, in reading order, read as the iteration reaches it."""
        return (clue for cell in self._grid.cells() if (clue := self.at(cell)))


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
        targets = tuple(cell for cell in reason.targets if position[cell] != Symbol.FLAG)
    else:
        return reason
    return reason._replace(targets=targets)


def _in_reading_order(cells: Iterable[Point]) -> tuple[Point, ...]:
    return tuple(sorted(cells, key=lambda cell: (cell[1], cell[0])))


def _one_number(clues: Iterable[_Clue], *, mine: bool) -> Iterator[Reason]:
    for clue in clues:
        if clue.need == (len(clue.open) if mine else 0):
            yield Reason(
                ReasonKind.ONE_NUMBER,
                mine,
                _in_reading_order(clue.open),
                (clue.cell,),
                clue.known_mines,
            )


def _two_numbers(firsts: Iterable[_Clue], clues: _Clues, *, mine: bool) -> Iterator[Reason]:
    """Subset reasoning: the first number fixes the mines in the cells it shares
    with the second, which settles the second's other cells."""
    for first in firsts:
        partners = {id(other): other for cell in first.open for other in clues.touching(cell)}
        clues.budget.spend(len(partners) * CELLS_AROUND)
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


def _first_by_count(
    position: Position, grid: Grid, analysis: Analysis, wrong_flags: frozenset[Point]
) -> Reason | None:
    """Past the search's budget: one certain cell, told as the count proved it.

    Still a proof (every layout agrees), though perhaps not the simplest; the
    first cell in reading order that is news, as :func:`explain` would rank it
    (a wrong flag first, safe cells before mines).
    """
    for reason in _beyond_pairs(position, grid, analysis):
        news = _news_of(reason, position, wrong_flags)
        if news.targets:
            first = news.targets[0]
            numbers = (near for near in grid.neighbours(first) if position[near] in COUNTS)
            return news._replace(targets=(first,), numbers=_in_reading_order(numbers))
    return None


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
