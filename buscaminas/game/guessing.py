"""Why a guess is this cell, in words a player can follow.

The solver's choice (:class:`~buscaminas.core.solver.strategy.Choice`)
keeps what it weighed; this module says it: the cell's chance of a mine,
the lowest chance and where, and, when the cell is not the safest, what it
gives for the extra risk.  The AI's moves, ``help`` when nothing is certain
and ``review`` all speak through :func:`why`, so a guess reads the same
wherever it is judged.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from ..core.grid import Point
from ..core.solver import Analysis
from ..core.solver.endgame import Searched
from ..core.solver.strategy import Choice, Weighed, Why
from ..i18n import _
from .commands import label, labels
from .percent import percent


class Guess(NamedTuple):
    """What the words of one guess rest on: the cell tried and the analysis before it.

    ``weighed`` holds the figures of the cell and of the safest, when known.
    """

    cell: Point
    chance: float
    safest: Point | None
    lowest: float | None
    why: Why
    exact: bool
    weighed: Mapping[Point, Weighed]
    group: frozenset[Point] = frozenset()
    searched: Searched | None = None


def of(analysis: Analysis, choice: Choice | None = None) -> Guess:
    """The guess ``choice`` (the AI's own by default) on ``analysis``'s position."""
    choice = choice or analysis.choice
    probability = analysis.probability
    safest = choice.safest
    return Guess(
        choice.cell,
        probability[choice.cell],
        safest,
        None if safest is None else probability[safest],
        choice.why,
        analysis.exact,
        choice.weighed,
        choice.group,
        choice.searched,
    )


def why(guess: Guess) -> str:
    """The sentence that says why ``guess.cell``, every figure in it from the analysis."""
    name = label(guess.cell)
    chance = percent(guess.chance)
    if guess.why is Why.FORCED:
        if len(guess.group) == 2 and guess.chance == 0.5:
            return _(
                "{cell}: a forced 50/50: no move can ever tell {cells} apart, so guess now."
            ).format(cell=name, cells=labels(sorted(guess.group)))
        return _(
            "{cell}: {chance} chance of a mine, a forced guess: no move can ever tell more"
            " about {cells}, so guess now."
        ).format(cell=name, chance=chance, cells=labels(sorted(guess.group)))
    if not guess.exact:
        return _(
            "{cell}: about {chance} chance of a mine, the lowest the estimate finds"
            " (too many layouts to count exactly)."
        ).format(cell=name, chance=chance)
    safest, lowest = guess.safest, guess.lowest
    if safest is None or lowest is None or guess.why is Why.SAFE:
        return _("{cell}: {chance} chance of a mine.").format(cell=name, chance=chance)
    lowest_words = percent(lowest)
    is_lowest = guess.chance <= lowest
    if guess.searched is not None and guess.searched.cell == guess.cell:
        searched = guess.searched
        said = (
            _(
                "{cell}: {chance} chance of a mine, the lowest there is; searching every way the"
                " game can go on, it wins {wins} of the {layouts} layouts left ({rate}), the"
                " most of any move."
            )
            if is_lowest
            else _(
                "{cell}: {chance} chance of a mine; the lowest is {lowest} at {safest}, but"
                " searching every way the game can go on, {cell} wins {wins} of the {layouts}"
                " layouts left ({rate}), the most of any move."
            )
        )
        return said.format(
            cell=name,
            chance=chance,
            lowest=lowest_words,
            safest=label(safest),
            wins=searched.wins,
            layouts=searched.layouts,
            rate=percent(searched.wins / searched.layouts),
        )
    mine, theirs = guess.weighed.get(guess.cell), guess.weighed.get(safest)
    if is_lowest:
        if mine is None:
            return _("{cell}: {chance} chance of a mine, the lowest there is.").format(
                cell=name, chance=chance
            )
        return _(
            "{cell}: {chance} chance of a mine, the lowest there is; when safe, it leaves a"
            " safe move next in {progress} of cases."
        ).format(cell=name, chance=chance, progress=percent(mine.progress))
    if mine is None or theirs is None:
        return _("{cell}: {chance} chance of a mine; the lowest is {lowest} at {safest}.").format(
            cell=name, chance=chance, lowest=lowest_words, safest=label(safest)
        )
    if mine.survival <= theirs.survival:
        said = _(
            "{cell}: {chance} chance of a mine; the lowest is {lowest} at {safest}, which also"
            " survives this move and the next in {their_survival} against {survival}."
        )
    elif mine.progress > theirs.progress:
        said = _(
            "{cell}: {chance} chance of a mine; the lowest is {lowest} at {safest}, but {cell}"
            " leaves a safe move next in {progress} of cases against {their_progress}, so it"
            " survives this move and the next in {survival} against {their_survival}."
        )
    else:
        said = _(
            "{cell}: {chance} chance of a mine; the lowest is {lowest} at {safest}, but the"
            " move after {cell} is safer: it survives this move and the next in {survival}"
            " against {their_survival}."
        )
    return said.format(
        cell=name,
        chance=chance,
        lowest=lowest_words,
        safest=label(safest),
        progress=percent(mine.progress),
        their_progress=percent(theirs.progress),
        survival=percent(mine.survival),
        their_survival=percent(theirs.survival),
    )
