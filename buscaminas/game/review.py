"""A finished (or unfinished) game judged move by move, as the player could have known.

Each move of a :class:`~buscaminas.game.journal.Journal` is judged on the
position the player saw just before it (:meth:`Position.from_game`), with the
exact solver: was the move proved by the visible numbers, a guess nothing
better could replace, a guess while a proof was on the board, or a move
against a proof?  The result is plain data (:class:`Review`); the words are
:mod:`buscaminas.game.commentary`'s.

Risks are the chance that the move loses the game, over every mine layout
that agrees with what was visible (the solver's exact counts, or its
estimates past its work budget, which the judgement then says it used).
Most moves are proved by the numbers right beside them: those are judged
at a glance (:func:`_proved_nearby`), and only the others need the full
analysis.  Flags are only the player's opinion to the solver, so a flag
changes no analysis: one analysis serves every move until the next reveal.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum

from ..core.alphabet import Symbol
from ..core.engine import Action, Minesweeper, Move, Outcome, Termination
from ..core.grid import Point
from ..core.solver import Analysis, Position, analyze
from ..core.solver.budget import Budget
from ..core.solver.local import PAIR_WORK, settle_one_number, settle_pairs
from ..core.solver.strategy import weigh_beside_safest
from . import guessing
from .guessing import Guess
from .journal import Journal, Played

NEARBY = 3
"""How far from a move the numbers read at a glance reach (see :func:`_proved_nearby`)."""
GLANCE_WORK = 100 * PAIR_WORK
"""The most work a glance at the numbers near a move may take before the full analysis."""
PROGRESS_EVERY = 20
"""Moves judged between two reports of progress."""
TIE = 1e-9
"""Risks this close are the same risk: a guess this close to the safest is the safest."""


class Verdict(Enum):
    FIRST = "first"
    """The first reveal of a dealt board: the mines were laid around it, so it was free."""
    CERTAIN = "certain"
    """The visible numbers proved it: a safe cell revealed, a mine flagged."""
    FORCED_GUESS = "forced-guess"
    """A reveal that could lose, when no cell was proved safe anywhere."""
    AVOIDABLE_GUESS = "avoidable-guess"
    """A reveal that could lose, while a proved safe cell waited elsewhere."""
    BLUNDER = "blunder"
    """A reveal of a proved mine, or a flag on a proved safe cell."""
    FLAG_GUESS = "flag-guess"
    """A flag the numbers did not prove: a guess, but one that cannot lose the game."""
    UNFLAG = "unflag"
    """A flag taken off: it reveals nothing, so it risks nothing."""
    MARK = "mark"
    """A ``?`` put on or taken off: a note to oneself, which risks nothing."""


@dataclass(frozen=True)
class Judgement:
    """One move, and what the position before it said of it."""

    number: int
    """The move's place in the game, from 1."""
    played: Played
    verdict: Verdict
    risk: float
    """The chance, as the player could know it, that this move lost the game."""
    cells: tuple[Point, ...] = ()
    """What the move put at stake: the cell tried, or the cells an expand opened."""
    safest: float | None = None
    """For a reveal when nothing was proved safe: the least risk any reveal carried then."""
    certain: Point | None = None
    """For an avoidable guess: a cell proved safe at that moment."""
    estimated: bool = False
    """The position was too wide to count: the risks are the solver's estimates."""
    lost: bool = False
    """This move ended the game with a mine."""
    flagging: bool = False
    """The move put flags (a flag, or an expand that flagged) rather than revealing."""
    reasons: Guess | None = None
    """For a forced guess of one cell: what the words of its reasons rest on."""

    @property
    def guess(self) -> bool:
        """A reveal the numbers did not prove: the moves that can lose a game by chance."""
        return self.verdict in (Verdict.FORCED_GUESS, Verdict.AVOIDABLE_GUESS)

    @property
    def was_safest(self) -> bool:
        """A forced guess that took the least risk there was."""
        return self.safest is not None and self.risk <= self.safest + TIE


@dataclass(frozen=True)
class Review:
    """Every move judged, and the game's end."""

    judgements: tuple[Judgement, ...]
    end: Termination | None
    least: float
    """The least chance of losing on the positions the player faced: the safest guess
    wherever one of their reveals had nothing proved safe, nothing elsewhere."""
    whose_known: bool = True
    """The journal said which moves the AI played (every journal but the oldest)."""

    @property
    def players(self) -> tuple[Judgement, ...]:
        """The moves the player chose: the summary judges them, not the AI's."""
        return tuple(judgement for judgement in self.judgements if not judgement.played.by_ai)

    @property
    def ai_moves(self) -> int:
        return len(self.judgements) - len(self.players)

    @property
    def guesses(self) -> int:
        return sum(judgement.guess for judgement in self.players)

    @property
    def avoidable(self) -> int:
        return sum(j.verdict is Verdict.AVOIDABLE_GUESS for j in self.players)

    @property
    def flag_guesses(self) -> int:
        return sum(j.verdict is Verdict.FLAG_GUESS for j in self.players)

    @property
    def blunders(self) -> int:
        return sum(j.verdict is Verdict.BLUNDER for j in self.players)

    @property
    def accepted(self) -> float:
        """The chance of losing the player took on, all their moves together: 1 − Π(1 − risk)."""
        return 1 - math.prod(1 - judgement.risk for judgement in self.players)

    @property
    def losing(self) -> Judgement | None:
        """The move that lost the game, if one did."""
        return next((judgement for judgement in self.judgements if judgement.lost), None)

    @property
    def estimated(self) -> bool:
        return any(judgement.estimated for judgement in self.judgements)


def review(
    journal: Journal, *, dealt: bool, progress: Callable[[float], None] | None = None
) -> Review:
    """Judge every move of ``journal``.

    ``dealt``: the game laid its mines around the first cell tried (every game
    but one from a board file), so that first reveal could not lose.
    ``progress`` hears the share of the moves judged so far, now and then: a
    long game on a big board takes a while.
    """
    game = journal.game(0)
    judgements: list[Judgement] = []
    least_kept = 1.0
    analysis: Analysis | None = None
    free = dealt
    for number, played in enumerate(journal.moves, start=1):
        if progress is not None and number % PROGRESS_EVERY == 0:
            progress(number / len(journal.moves))
        move = played.move
        if free and move.action is Action.TRY:
            free = False
            outcome = game.act(move)
            judgements.append(
                Judgement(number, played, Verdict.FIRST, 0.0, (move.cell,), lost=_lost(outcome))
            )
            analysis = None
            continue
        stake = _stake(game, move)
        if stake is None:
            unstaked = Verdict.MARK if move.action is Action.MARK else Verdict.UNFLAG
            judgement = Judgement(number, played, unstaked, 0.0, (move.cell,))
        elif _proved_nearby(game, *stake):
            cells, flagging = stake
            judgement = Judgement(number, played, Verdict.CERTAIN, 0.0, cells, flagging=flagging)
        else:
            if analysis is None:
                analysis = analyze(Position.from_game(game))
            cells, flagging = stake
            if flagging:
                judgement = _judge_flags(number, played, cells, analysis)
            else:
                judgement = _judge_reveal(number, played, cells, game, analysis)
        outcome = game.act(move)
        if outcome.waves or outcome.end is not None:
            analysis = None  # the board shows more now; flags alone change no analysis
        if judgement.safest is not None and not played.by_ai:
            least_kept *= 1 - judgement.safest
        if _lost(outcome):
            judgement = replace(judgement, lost=True)
        judgements.append(judgement)
    return Review(tuple(judgements), game.end, 1 - least_kept, journal.whose_known)


def _stake(game: Minesweeper, move: Move) -> tuple[tuple[Point, ...], bool] | None:
    """The cells ``move`` puts at stake, and whether it flags them rather than opens
    them; None for a flag taken off or a ``?`` mark, which put nothing at stake."""
    cell = move.cell
    if move.action is Action.MARK:
        return None
    if move.action is Action.FLAG:
        return None if cell in game.flags else ((cell,), True)
    if move.action is Action.TRY:
        return (cell,), False
    opened = tuple(
        near
        for near in game.grid.neighbours(cell)
        if not game.is_revealed(near) and near not in game.flags
    )
    # An expand whose number lacks flags has as many hidden neighbours as mines: it flags.
    return opened, game.around(cell)[0] < (game.number(cell) or 0)


def _proved_nearby(game: Minesweeper, cells: tuple[Point, ...], mines: bool) -> bool:
    """Whether the numbers near ``cells``, one or two at a time, prove them all mines
    (``mines``) or all safe.

    Most moves are proved this way, at a glance, without reading the whole
    board; a proof from a few numbers holds on the whole board, since every
    number is read with all of its hidden neighbours (flags are only opinions).
    Any other move is left to the full analysis.
    """
    reach = range(-NEARBY, NEARBY + 1)
    numbers: dict[Point, int] = {}
    hidden_around: dict[Point, tuple[Point, ...]] = {}
    for x, y in cells:
        for place in ((x + dx, y + dy) for dx in reach for dy in reach):
            shown = game.number(place) if place in game.grid else None
            if shown and place not in numbers:
                hidden = tuple(n for n in game.grid.neighbours(place) if not game.is_revealed(n))
                if hidden:
                    numbers[place], hidden_around[place] = shown, hidden
    settled = settle_one_number(numbers, hidden_around)
    settle_pairs(settled.known, settled.constraints, Budget(GLANCE_WORK))
    return all(settled.known.get(cell) is mines for cell in cells)


def _judge_flags(
    number: int, played: Played, cells: tuple[Point, ...], analysis: Analysis
) -> Judgement:
    """Flags cannot lose the game: proved mines are certain, proved safe cells a blunder,
    anything else a guess that risks nothing."""
    if any(cell in analysis.safe for cell in cells):
        verdict = Verdict.BLUNDER
    elif all(cell in analysis.mines for cell in cells):
        verdict = Verdict.CERTAIN
    else:
        verdict = Verdict.FLAG_GUESS
    estimated = not analysis.exact
    return Judgement(number, played, verdict, 0.0, cells, estimated=estimated, flagging=True)


def _judge_reveal(
    number: int,
    played: Played,
    cells: tuple[Point, ...],
    game: Minesweeper,
    analysis: Analysis,
) -> Judgement:
    estimated = not analysis.exact
    if all(cell in analysis.safe for cell in cells):
        return Judgement(number, played, Verdict.CERTAIN, 0.0, cells)
    # Where nothing was proved safe, the safest reveal is the least this move could risk.
    safest = None if analysis.safe else min(analysis.probability.values())
    if any(cell in analysis.mines for cell in cells):
        return Judgement(number, played, Verdict.BLUNDER, 1.0, cells, safest, estimated=estimated)
    if len(cells) == 1:
        risk = analysis.probability[cells[0]]
    else:
        risk, exact = _expand_risk(played.move.cell, game, analysis)
        estimated = estimated or not exact
        if exact and risk >= 1 - TIE:  # a flag around it was proved wrong
            return Judgement(
                number, played, Verdict.BLUNDER, 1.0, cells, safest, estimated=estimated
            )
    certain = _a_safe_cell(analysis, game.flags)
    if certain is not None:
        return Judgement(
            number,
            played,
            Verdict.AVOIDABLE_GUESS,
            risk,
            cells,
            certain=certain,
            estimated=estimated,
        )
    return Judgement(
        number,
        played,
        Verdict.FORCED_GUESS,
        risk,
        cells,
        safest=safest,
        estimated=estimated,
        reasons=_weighed(cells, analysis),
    )


def _weighed(cells: tuple[Point, ...], analysis: Analysis) -> Guess | None:
    """A guess of one cell weighed as the AI weighs its own, for the same words: the AI's
    own reasons when it is the AI's cell, else beside the safest cell.  None for an
    expand or a position too wide to count exactly."""
    if len(cells) != 1 or not analysis.exact:
        return None
    cell = cells[0]
    if cell == analysis.best_move:
        return guessing.of(analysis)
    return guessing.of(analysis, weigh_beside_safest(analysis.constraints, analysis.tally, cell))


def _expand_risk(cell: Point, game: Minesweeper, analysis: Analysis) -> tuple[float, bool]:
    """The chance that an expand of the number at ``cell`` opens a mine, and whether
    it is exact.

    The number's hidden neighbours hold exactly its count of mines, and as many
    of them are flagged as the count: its other neighbours are all safe just
    when every flagged one is a mine.  That joint chance is a product of
    conditional chances, each read from the position with the flags before it
    shown as known mines (``*``), so the answer is as exact as the solver's
    counts, not a guess from each cell's own chance.
    """
    flagged = [near for near in game.grid.neighbours(cell) if near in game.flags]
    rows = [list(row) for row in game.rows()]
    all_mines = 1.0
    exact = analysis.exact
    for index, flag in enumerate(flagged):
        if index:
            x, y = flagged[index - 1]
            rows[y][x] = Symbol.MINE
            analysis = analyze(Position(tuple("".join(row) for row in rows), game.mine_count))
            exact = exact and analysis.exact
        all_mines *= analysis.probability[flag]
        if all_mines == 0:
            break
    return 1 - all_mines, exact


def _a_safe_cell(analysis: Analysis, flags: frozenset[Point]) -> Point | None:
    """A cell proved safe, first in reading order, one without a flag if there is one."""
    if not analysis.safe:
        return None
    return min(analysis.safe, key=lambda cell: (cell in flags, cell[1], cell[0]))


def _lost(outcome: Outcome) -> bool:
    return outcome.end is Termination.LOST
