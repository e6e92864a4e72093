"""Drills: small boards built around the patterns a player missed, each dealt again
until it is solved without a mistake.

A pattern is a shape of numbers and hidden cells that one number alone does not
settle but a few numbers read together do:

``1-2-1``
    Three numbers in a line, needing 1, 2 and 1 more mines, whose hidden
    neighbours all lie in the line of cells along one side of them, the 2's three
    all hidden: the mines are under the 1s, the cell under the 2 is safe.
``1-2-2-1``
    The same with four numbers: the mines are under the 2s, the cells under the
    1s are safe.
``T``
    Four hidden cells in the shape of a T (three in a line and one beside the
    middle) whose stem points at a number with no other hidden neighbour: that
    number and the ones along the bar settle it together.

The patterns a player missed are read from their recorded games, reviewed now
(:mod:`.review`): the board before each guess taken while a proof was on the board,
each move against a proof, and each losing move.  The drill deals the patterns
missed most first, then the others; with none missed, all of them in turn.  A
drill board is a small no-guess board whose proof-only replay
(:func:`~buscaminas.core.generator.grade.grade`) meets the pattern where one
number alone is stuck, so that the board cannot be solved without reading it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import Enum
from functools import partial

from ..core.alphabet import COVERED, NUMBERS, Symbol
from ..core.engine import Termination
from ..core.grid import Grid, Point
from ..core.scoring import GameRecord
from ..i18n import _
from ..records.presets import DRILL
from .journal import Journal, JournalError, loads
from .review import Verdict, review
from .rounds import Round
from .settings import Settings

WIDTH, HEIGHT, MINES = 8, 6, 9
"""A drill board's size: big enough for the patterns to come up, small enough to
play in a minute."""
ATTEMPTS = 300
"""Boards tried for one with the pattern.  The rarest, 1-2-2-1, came up in one board
in 15 of a drill's size, 1-2-1 in one in 5 and the T in two in 5 (measured on 1,000
seeds), so a drill finds its board in a fraction of a second."""
GAMES = 20
"""The recorded games read for the patterns missed: the latest ones."""


class Pattern(Enum):
    ONE_TWO_ONE = "1-2-1"
    ONE_TWO_TWO_ONE = "1-2-2-1"
    T_SHAPE = "T"


_LINES = {Pattern.ONE_TWO_ONE: (1, 2, 1), Pattern.ONE_TWO_TWO_ONE: (1, 2, 2, 1)}


class NoDrillBoard(Exception):
    """No board of a drill's size met the pattern among the seeds tried."""


def found(rows: Sequence[str]) -> set[Pattern]:
    """The patterns on the board ``rows`` (the position text)."""
    patterns = set()
    columns = ["".join(row[x] for row in rows) for x in range(len(rows[0]))]
    for view in (rows, columns):
        for pattern, needs in _LINES.items():
            if _along_a_line(view, needs):
                patterns.add(pattern)
    if _t_pocket(rows):
        patterns.add(Pattern.T_SHAPE)
    return patterns


def _along_a_line(rows: Sequence[str], needs: tuple[int, ...]) -> bool:
    """Whether numbers needing ``needs`` stand in a row with every hidden neighbour in
    the row beside them, on one side, and every 2's three cells there hidden."""
    grid = Grid(len(rows[0]), len(rows))
    hidden = _hidden(rows)

    def need(cell: Point) -> int | None:
        char = rows[cell[1]][cell[0]]
        if char not in NUMBERS:
            return None
        flags = sum(rows[y][x] == Symbol.FLAG for x, y in grid.neighbours(cell))
        return int(char) - flags

    # each cell's need read once, not once for every run and side it is in
    needed = [[need((x, y)) for x in range(grid.width)] for y in range(grid.height)]
    pattern = list(needs)
    for y in range(grid.height):
        for side in (y - 1, y + 1):
            if not 0 <= side < grid.height:
                continue
            for start in range(grid.width - len(needs) + 1):
                if needed[y][start : start + len(needs)] != pattern:
                    continue
                run = [(start + step, y) for step in range(len(needs))]
                beside = [{n for n in grid.neighbours(cell) if n in hidden} for cell in run]
                if any(near[1] != side for cells in beside for near in cells):
                    continue
                twos = [cell for cell, need_of in zip(run, needs, strict=True) if need_of == 2]
                if all(
                    len(cells) == 3 for cell, cells in zip(run, beside, strict=True) if cell in twos
                ):
                    return True
    return False


def _t_pocket(rows: Sequence[str]) -> bool:
    """Whether four hidden cells make a T whose stem points at a number: the centre's
    three other sides hidden, nothing hidden beside the stem's number but the T."""
    grid = Grid(len(rows[0]), len(rows))
    hidden = _hidden(rows)
    for x, y in hidden:
        sides = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
        arms = [cell for cell in sides if cell in hidden]
        stem = [cell for cell in sides if cell in grid and cell not in hidden]
        if len(arms) != 3 or len(stem) != 1 or rows[stem[0][1]][stem[0][0]] not in NUMBERS:
            continue
        pocket = {(x, y), *arms}
        if {near for near in grid.neighbours(stem[0]) if near in hidden} <= pocket:
            return True
    return False


def _hidden(rows: Sequence[str]) -> set[Point]:
    """The cells still hidden, flags apart: a flag is a mine to the patterns."""
    return {
        (x, y)
        for y, row in enumerate(rows)
        for x, char in enumerate(row)
        if char in COVERED and char != Symbol.FLAG
    }


def missed(journals: Iterable[tuple[Journal, bool]]) -> Counter[Pattern]:
    """How often each pattern was on the board when a proof was missed, over the
    ``journals`` (each with whether its mines were dealt around its first reveal)."""
    counted: Counter[Pattern] = Counter()
    for journal, dealt in journals:
        for judgement in review(journal, dealt=dealt).players:
            slip = judgement.verdict in (Verdict.AVOIDABLE_GUESS, Verdict.BLUNDER)
            if slip or judgement.lost:
                counted.update(found(journal.game(judgement.number - 1).rows()))
    return counted


def journals(games: Iterable[GameRecord]) -> Iterator[tuple[Journal, bool]]:
    """The recorded ``games``' moves that can be read, each with whether its mines were
    dealt around its first reveal."""
    for game in games:
        if game.journal is not None:
            try:
                yield loads(game.journal), game.code is not None
            except JournalError:
                continue  # damaged moves: `review` says so; a drill reads the others


def rotation(counted: Counter[Pattern]) -> list[Pattern]:
    """The patterns missed, most often first, then the others in their order."""
    first = [pattern for pattern, _times in counted.most_common()]
    return first + [pattern for pattern in Pattern if pattern not in first]


def board(pattern: Pattern, seed: int) -> Settings:
    """A drill board that needs ``pattern``, dealt and opened at once: the first of
    the boards drawn from ``seed`` whose replay meets it where one number is stuck."""
    from ..core.generator import generate
    from ..core.generator.grade import grade

    grid, draw = Grid(WIDTH, HEIGHT), random.Random(seed)
    start = (WIDTH // 2, HEIGHT // 2)
    for _attempt in range(ATTEMPTS):
        mines = generate(
            WIDTH, HEIGHT, MINES, start=start, seed=draw.getrandbits(30), no_guess=True
        )
        met: set[Pattern] = set()
        if grade(grid, mines, start, partial(_meet, met)).solved and pattern in met:
            return Settings(WIDTH, HEIGHT, MINES, DRILL, layout=mines, opening=start)
    raise NoDrillBoard(pattern.value)


def _meet(met: set[Pattern], rows: tuple[str, ...]) -> None:
    met.update(found(rows))


class Drill:
    """The patterns in turn, each board dealt again until it is solved cleanly."""

    def __init__(self, patterns: list[Pattern], seed: int) -> None:
        self.patterns = patterns
        self.seed = seed
        self.place = 0
        self.settings = board(patterns[0], seed)

    @property
    def pattern(self) -> Pattern:
        return self.patterns[self.place % len(self.patterns)]

    def about(self) -> str:
        """The drill's words for the board it deals."""
        return _(
            "Drill: this board needs the {pattern} pattern. Solve it without a mistake to"
            " go on to the next."
        ).format(pattern=self.pattern.value)

    def next_round(self, played: Round, clock: Callable[[], float]) -> Round:
        """The board ``played`` again, unless it was won without a mistake, an undo, a
        hint or the AI's help: then the next pattern's board, opened at once."""
        clean = played.game.end is Termination.WON and not (
            played.took_back or played.hints or played.assisted
        )
        if not clean:
            return played.dealt_again()
        self.place += 1
        self.settings = board(self.pattern, self.seed + self.place)
        return Round.numbered(self.settings, 0, clock)
