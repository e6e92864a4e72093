"""``help``: the solver's findings put into the player's words.

The solver proves; this module speaks.  It reads the game only as the player
sees it (:meth:`Position.from_game`), so a hint never leaks the layout; the
one thing it asks of the engine is to reveal a safe cell when nothing is
certain, which only the engine can know.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .commands import label, labels
from .engine import Minesweeper
from .grid import Point
from .i18n import _
from .solver import Analysis, Position, analyze
from .solver.explain import Reason, ReasonKind, explain


@dataclass(frozen=True)
class Hint:
    """What ``help`` says, which cells it marks, and the cells to rescue the player with."""

    messages: tuple[str, ...]
    marked: frozenset[Point] = frozenset()
    rescue: tuple[Point, ...] | None = None


def percent(probability: float) -> str:
    """A probability as a player reads it; never rounds a possibility to 0 % or 100 %."""
    value = probability * 100
    if 0 < value < 0.5:
        return "<1%"
    if 99.5 <= value < 100:
        return ">99%"
    return f"{int(value + 0.5)}%"  # half up: 1 in 8 reads 13%, as a person rounds


def hint(game: Minesweeper) -> Hint:
    """A certain cell and why; failing that, the safest cell and a rescue."""
    position = Position.from_game(game)
    analysis = analyze(position)
    if not game.started:
        first = analysis.best_move
        return Hint(
            (_("Your first try is always safe. A good start: {cell}.").format(cell=label(first)),),
            frozenset({first}),
        )
    reason = explain(position, analysis)
    if reason is None:
        return _rescue(analysis, game, position)
    return Hint((because(reason, position),), frozenset(reason.targets))


def because(reason: Reason, position: Position) -> str:
    """One or two sentences saying why ``reason.targets`` are safe or mines."""
    single = len(reason.targets) == 1
    targets = labels(reason.targets)
    if reason.mine:
        conclusion = (_("so {cells} is a mine.") if single else _("so {cells} are mines.")).format(
            cells=targets
        )
    else:
        conclusion = (_("so {cells} is safe.") if single else _("so {cells} are safe.")).format(
            cells=targets
        )
    numbers = [
        _("the {number} at {cell}").format(number=_number(position, cell), cell=label(cell))
        for cell in reason.numbers
    ]
    if reason.kind is ReasonKind.ONE_NUMBER and reason.mine:
        premise = _("{number} has nowhere else for its mines,").format(number=numbers[0])
    elif reason.kind is ReasonKind.ONE_NUMBER:
        premise = _("{number} already touches {mines},").format(
            number=numbers[0], mines=_known(reason.known_mines, position)
        )
    elif reason.kind is ReasonKind.TWO_NUMBERS:
        mines = (
            _("one mine")
            if reason.group_mines == 1
            else _("{count} mines").format(count=reason.group_mines)
        )
        premise = _("{first} and {second} together leave {mines} for {group},").format(
            first=numbers[0], second=numbers[1], mines=mines, group=labels(reason.group)
        )
        if reason.known_mines:
            premise = _("Counting {mines} as known, {rest}").format(
                mines=_known(reason.known_mines, position), rest=premise
            )
    elif reason.kind is ReasonKind.FRONTIER:
        premise = _("Every way of placing mines that fits all the numbers agrees,")
    else:
        premise = _(
            "Only the number of mines left ({count}) decides it: every way of placing them agrees,"
        ).format(count=position.mines)
    sentence = f"{premise} {conclusion}"
    return sentence[0].upper() + sentence[1:]


def _number(position: Position, cell: Point) -> str:
    char = position[cell]
    return char if char.isdigit() else "0"


def _known(mines: Sequence[Point], position: Position) -> str:
    """The certain mines a proof leans on: flags if the player put them, else mines."""
    if len(mines) == 1:
        cell = mines[0]
        if position[cell] == "F":
            return _("the flag at {cell}").format(cell=label(cell))
        return _("the mine at {cell}").format(cell=label(cell))
    return _("its mines at {cells}").format(cells=labels(mines))


def _rescue(analysis: Analysis, game: Minesweeper, position: Position) -> Hint:
    """Nothing is certain: rank the cells for the engine to reveal the first safe one.

    Cells go safest first, and cells equally safe go in an order drawn from the
    position itself: were it reading order, revealing the second of two equal
    cells would tell the player that the first is a mine.  No cell is named
    before the reveal, for the same reason.
    """
    shuffled = random.Random(position.format())
    hidden = [cell for cell in analysis.probability if cell not in game.flags]
    tiebreak = {cell: shuffled.random() for cell in hidden}
    ranked = sorted(
        hidden, key=lambda cell: (round(analysis.probability[cell], 12), tiebreak[cell])
    )
    safest = analysis.probability[ranked[0]]
    message = _("Nothing is certain now: even the safest cells hide a mine {chance} of the time.")
    return Hint((message.format(chance=percent(safest)),), rescue=tuple(ranked))


def chance(game: Minesweeper, cell: Point) -> str:
    """``help x y``: the exact chance that ``cell`` hides a mine."""
    if game.is_revealed(cell):
        return _("{cell} is already revealed.").format(cell=label(cell))
    if not game.started:
        return _("{cell} is safe: the first try never hits a mine.").format(cell=label(cell))
    probability = analyze(Position.from_game(game)).probability[cell]
    if probability == 0:
        return _("{cell} is safe: no possible layout puts a mine there.").format(cell=label(cell))
    if probability == 1:
        return _("{cell} is a mine in every possible layout.").format(cell=label(cell))
    return _("{cell} hides a mine with a chance of {chance}.").format(
        cell=label(cell), chance=percent(probability)
    )
