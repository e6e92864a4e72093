"""``help``: the solver's findings put into the player's words.

The solver proves; this module speaks.  It reads the game only as the player
sees it (:meth:`Position.from_game`), so a hint never leaks the layout; the
one thing it asks of the engine is to reveal a safe cell when nothing is
certain, which only the engine can know.
"""

from __future__ import annotations

from dataclasses import dataclass

from .commands import label as at
from .engine import Minesweeper
from .grid import Point
from .i18n import _
from .solver import Analysis, Position, analyze


@dataclass(frozen=True)
class Hint:
    """What ``help`` says, which cells it marks, and the cells to rescue the player with."""

    messages: tuple[str, ...]
    marked: frozenset[Point] = frozenset()
    rescue: tuple[Point, ...] | None = None


def percent(probability: float) -> str:
    """A probability as a player reads it; never rounds a possibility to 0 % or 100 %."""
    value = probability * 100
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{value:.0f}%"


def hint(game: Minesweeper) -> Hint:
    """A certain cell and why; failing that, the safest cell and a rescue."""
    if not game.started:
        first = analyze(Position.from_game(game)).best_move
        return Hint(
            (_("Your first try is always safe. A good start: {cell}.").format(cell=at(first)),),
            frozenset({first}),
        )
    analysis = analyze(Position.from_game(game))
    safe = sorted(analysis.safe - game.flags, key=lambda cell: (cell[1], cell[0]))
    if safe:
        cell = safe[0]
        return Hint((_("{cell} is safe.").format(cell=at(cell)),), frozenset({cell}))
    mines = sorted(analysis.mines - game.flags, key=lambda cell: (cell[1], cell[0]))
    if mines:
        cell = mines[0]
        return Hint(
            (_("{cell} is certainly a mine: flag it.").format(cell=at(cell)),), frozenset({cell})
        )
    return _rescue(analysis, game)


def _rescue(analysis: Analysis, game: Minesweeper) -> Hint:
    ranked = sorted(
        (cell for cell in analysis.probability if cell not in game.flags),
        key=lambda cell: (analysis.probability[cell], cell[1], cell[0]),
    )
    best = analysis.best_move
    if best in ranked:
        ranked.remove(best)
        ranked.insert(0, best)
    message = _(
        "Nothing is certain now: the safest cell is {cell}, with a {chance} chance of a mine."
    ).format(cell=at(best), chance=percent(analysis.probability[best]))
    return Hint((message,), frozenset({best}), tuple(ranked))


def chance(game: Minesweeper, cell: Point) -> str:
    """``help x y``: the exact chance that ``cell`` hides a mine."""
    if game.is_revealed(cell):
        return _("{cell} is already revealed.").format(cell=at(cell))
    if not game.started:
        return _("{cell} is safe: the first try never hits a mine.").format(cell=at(cell))
    probability = analyze(Position.from_game(game)).probability[cell]
    if probability == 0:
        return _("{cell} is safe: no possible layout puts a mine there.").format(cell=at(cell))
    if probability == 1:
        return _("{cell} is a mine in every possible layout.").format(cell=at(cell))
    return _("{cell} hides a mine with a chance of {chance}.").format(
        cell=at(cell), chance=percent(probability)
    )
