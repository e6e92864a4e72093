"""The solver's answer about a position: what is certain, what is likely, what to play."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property

from ..grid import Point
from .counting import Constraints, Tally, tally
from .position import Position
from .strategy import Choice, choose_move


class Analysis:
    """The facts about one position: proofs, probabilities and the move to play.

    ``probability`` covers every hidden, flagged or marked cell (flags and
    marks are only the player's opinion); ``safe`` and ``mines`` are the
    cells whose probability is exactly 0 or 1, so each is a proof.  Unless
    given, they are listed off the tally when first asked for: on a big board
    the cells the numbers clear run to thousands, and an AI move reads none.  After a
    loss, shown mines (``*``) count as known mines and wrong flags (``X``)
    as known safe cells, so a lost board can still be analysed.

    When ``exact`` is False the position's layouts were too many to count
    within the solver's budget (:mod:`.budget`).  Then ``safe`` and
    ``mines`` hold what cheaper reasoning proves (one number, two numbers,
    the components small enough to count, the mine total when it settles
    every cell left), still each a proof but perhaps not all there is;
    ``probability`` is an estimate for every other cell, never 0 or 1; and
    ``layouts`` is None.
    """

    def __init__(
        self,
        *,
        position: Position,
        safe: frozenset[Point] | None = None,
        mines: frozenset[Point] | None = None,
        probability: Mapping[Point, float],
        constraints: Constraints,
        tally: Tally,
        exact: bool = True,
        opening_start: bool = True,
    ) -> None:
        self.position = position
        self._safe = safe
        self._mines = mines
        self.probability = probability
        self.constraints = constraints
        self.tally = tally
        self.exact = exact
        """Whether every probability is exact and ``safe`` and ``mines`` are complete."""
        self.opening_start = opening_start
        """Whether the game's first click is always an opening, which decides where
        the AI clicks first on a blank board."""

    @property
    def safe(self) -> frozenset[Point]:
        if self._safe is None:
            self._safe = frozenset(self.tally.safe())
        return self._safe

    @property
    def mines(self) -> frozenset[Point]:
        if self._mines is None:
            self._mines = frozenset(self.tally.mines())
        return self._mines

    @property
    def layouts(self) -> int | None:
        """How many mine layouts agree with the position, when they could be counted:
        worked out when asked (the counting keeps them in proportion)."""
        return self.tally.total if self.exact else None

    @cached_property
    def choice(self) -> Choice:
        """The AI's move and why: what the words of a guess cite."""
        return choose_move(self.constraints, self.tally, opening_start=self.opening_start)

    @property
    def best_move(self) -> Point:
        """The cell the AI reveals next: a safe one whenever one exists."""
        return self.choice.cell


def analyze(position: Position, *, opening_start: bool = True) -> Analysis:
    """Everything certain and every probability in ``position``.

    ``opening_start`` tells the rule of the game's first click (the game's
    own rule keeps the cells around it free too); it matters only to the
    first click's ``best_move``.  Raises :class:`InconsistentPosition` when
    no layout agrees with the position (when the position is too wide to
    count, only as far as the cheaper reasoning can tell).
    """
    board = Constraints.of(position)
    counted = tally(board)
    return Analysis(
        position=position,
        probability=counted.chances(),
        constraints=board,
        tally=counted,
        exact=counted.exact,
        opening_start=opening_start,
    )
