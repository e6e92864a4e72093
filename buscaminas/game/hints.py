"""``help``: the solver's findings put into the player's words.

The solver proves; this module speaks.  It reads the game only as the player
sees it (:meth:`Position.from_game`), so a hint never leaks the layout; the
one thing it asks of the engine is to reveal a safe cell when nothing is
certain, which only the engine can know.

Every :class:`Hint` carries, beside its words, the claims they make (cells
safe, cells mines, the numbers cited, how many mines a group holds), so that
a test can hold each sentence to the hidden layout and the board can show
what the sentence cites.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import NamedTuple

from ..core.alphabet import COUNTS, COVERED, Symbol
from ..core.engine import Minesweeper
from ..core.grid import Point
from ..core.solver import Analysis, Position, analyze
from ..core.solver.explain import Reason, ReasonKind, explain
from ..i18n import _, ngettext
from . import guessing
from .commands import label, labels, listing
from .percent import percent
from .view import Highlight


class MineCount(NamedTuple):
    """A claim that ``cells`` hold exactly ``mines`` mines."""

    cells: frozenset[Point]
    mines: int


class Hint(NamedTuple):
    """What ``help`` says, what it claims, and the cells to rescue the player with.

    ``targets`` are the cells the hint is about; ``safe`` and ``mines`` every
    cell its words call safe or a mine; ``numbers`` every number they cite,
    with the value they give it; ``counts`` the groups they give a mine count.
    """

    messages: tuple[str, ...]
    targets: frozenset[Point] = frozenset()
    safe: frozenset[Point] = frozenset()
    mines: frozenset[Point] = frozenset()
    numbers: Mapping[Point, int] = MappingProxyType({})
    counts: tuple[MineCount, ...] = ()
    rescue: tuple[Point, ...] | None = None

    @property
    def highlight(self) -> Highlight:
        """What the board sets apart: the targets, the cited numbers, the cited mines."""
        return Highlight(self.targets, frozenset(self.numbers), self.mines - self.targets)


def hint(game: Minesweeper) -> Hint:
    """A certain cell and why; failing that, the safest cell and a rescue."""
    position = Position.from_game(game)
    analysis = analyze(position)
    if not game.started:
        first = frozenset({analysis.best_move})
        message = _("Your first try is always safe. A good start: {cell}.")
        return Hint((message.format(cell=label(analysis.best_move)),), first, safe=first)
    reason = explain(position, analysis)
    if reason is None:
        return _rescue(analysis, game, position)
    return told(reason, position)


def told(reason: Reason, position: Position) -> Hint:
    """The hint that tells ``reason``: its sentence, and every claim the sentence makes."""
    proofs = [*reason.premises, reason]
    safe = {cell for proof in proofs if not proof.mine for cell in proof.targets}
    mines = {cell for proof in proofs for cell in proof.known_mines}
    mines |= {cell for proof in proofs if proof.mine for cell in proof.targets}
    numbers = {cell: COUNTS[position[cell]] for proof in proofs for cell in proof.numbers}
    counts = [
        MineCount(frozenset(proof.group), proof.group_mines)
        for proof in proofs
        if proof.kind is ReasonKind.TWO_NUMBERS
    ]
    if reason.kind is ReasonKind.MINE_COUNT:
        covered = frozenset(_cells(position, COVERED))
        shown = len(list(_cells(position, {Symbol.MINE})))
        counts.append(MineCount(covered, position.mines - shown))
    return Hint(
        (because(reason, position),),
        frozenset(reason.targets),
        frozenset(safe),
        frozenset(mines),
        numbers,
        tuple(counts),
    )


def because(reason: Reason, position: Position) -> str:
    """The sentence that proves ``reason``: first the mines it leans on that the
    player cannot see, each with the number that forces it, then its own step."""
    proved = frozenset(cell for premise in reason.premises for cell in premise.targets)
    steps = [_step(premise, position, frozenset()) for premise in reason.premises]
    steps.append(_step(reason, position, proved))
    sentence = "; ".join(steps) + "."
    return sentence[0].upper() + sentence[1:]


def _step(reason: Reason, position: Position, proved: frozenset[Point]) -> str:
    """One step of a proof: its premise, then its conclusion; ``proved`` are the mines
    the sentence has just proved, which it may call “that mine”."""
    numbers = [_number(position, cell) for cell in reason.numbers]
    count = len(reason.targets)
    cells = labels(reason.targets)
    if reason.kind is ReasonKind.ONE_NUMBER and reason.mine:
        if reason.known_mines:
            return ngettext(
                "{number} already touches {mines} and has one other hidden neighbour, {cells},"
                " so it is a mine",
                "{number} already touches {mines} and has {count} other hidden neighbours,"
                " {cells}, so they are mines",
                count,
            ).format(
                number=numbers[0],
                mines=_mines(reason.known_mines, position, proved),
                count=count,
                cells=cells,
            )
        return ngettext(
            "{number} has one hidden neighbour, {cells}, so it is a mine",
            "{number} has {count} hidden neighbours, {cells}, so they are mines",
            count,
        ).format(number=numbers[0], count=count, cells=cells)
    if reason.kind is ReasonKind.ONE_NUMBER:
        if reason.known_mines:
            premise = _("{number} already touches {mines}").format(
                number=numbers[0], mines=_mines(reason.known_mines, position, proved)
            )
        else:
            premise = _("{number} touches no mine").format(number=numbers[0])
    elif reason.kind is ReasonKind.TWO_NUMBERS:
        mines = (
            _("one mine")
            if reason.group_mines == 1
            else _("{count} mines").format(count=reason.group_mines)
        )
        premise = _("{first} and {second} together leave {mines} for {group}").format(
            first=numbers[0], second=numbers[1], mines=mines, group=labels(reason.group)
        )
        if reason.known_mines:
            premise = _("counting {mines}, {rest}").format(
                mines=_mines(reason.known_mines, position, proved), rest=premise
            )
    elif reason.kind is ReasonKind.FRONTIER:
        premise = _("every way of placing mines that fits all the numbers agrees")
    else:
        premise = _(
            "only the total of {count} mines decides it: every way of placing them agrees"
        ).format(count=position.mines)
    return f"{premise}, {_conclusion(reason, position)}"


def _conclusion(reason: Reason, position: Position) -> str:
    count = len(reason.targets)
    cells = labels(reason.targets)
    if reason.mine:
        return ngettext("so {cells} is a mine", "so {cells} are mines", count).format(cells=cells)
    if all(position[cell] == Symbol.FLAG for cell in reason.targets):
        return ngettext(
            "so the flag at {cells} is wrong: no mine is there",
            "so the flags at {cells} are wrong: no mine is there",
            count,
        ).format(cells=cells)
    return ngettext("so {cells} is safe", "so {cells} are safe", count).format(cells=cells)


def _number(position: Position, cell: Point) -> str:
    if position[cell] == Symbol.EMPTY:
        return _("the empty cell at {cell}").format(cell=label(cell))
    return _("the {number} at {cell}").format(number=position[cell], cell=label(cell))


def _mines(mines: Sequence[Point], position: Position, proved: frozenset[Point]) -> str:
    """The certain mines a step leans on: the ones just proved, when they are all it
    leans on and all it proved (of two proved, “that mine” would not say which), else
    each as the player sees it."""
    if frozenset(mines) == proved:
        return ngettext("that mine", "those mines", len(mines))
    return listing(
        [
            (
                _("the flag at {cell}")
                if position[cell] == Symbol.FLAG
                else _("the mine at {cell}")
            ).format(cell=label(cell))
            for cell in mines
        ]
    )


def _cells(position: Position, chars: frozenset[str] | set[str]) -> Iterator[Point]:
    return (
        (x, y) for y, row in enumerate(position.rows) for x, char in enumerate(row) if char in chars
    )


def _rescue(analysis: Analysis, game: Minesweeper, position: Position) -> Hint:
    """Nothing is certain: rank the cells for the engine to reveal the first safe one.

    Cells go safest first, and cells equally safe go in an order drawn from the
    position itself: were it reading order, revealing the second of two equal
    cells would tell the player that the first is a mine.  No cell is named
    before the reveal, for the same reason.  Flagged cells come after every
    unflagged one (the player believes them mines), but they come: when a flag
    covers every cell that may be safe, one of those flags is wrong, and only
    taking one off lets the game go on.
    """
    shuffled = random.Random(position.format())
    probability = analysis.probability
    flags = game.flags
    undecided = [cell for cell in probability if probability[cell] < 1]
    tiebreak = {cell: shuffled.random() for cell in undecided}
    ranked = sorted(
        undecided,
        key=lambda cell: (cell in flags, round(probability[cell], 12), tiebreak[cell]),
    )
    if not ranked:
        return Hint((_("Nothing is left to find: every covered cell is a mine."),))
    safest = percent(probability[ranked[0]])
    if ranked[0] not in flags:
        message = (
            _("Nothing is certain now: even the safest cells hide a mine {chance} of the time.")
            if analysis.exact
            else _(
                "Nothing I can prove is certain now: the safest cells hide a mine about {chance}"
                " of the time (an estimate: too many layouts to count)."
            )
        )
    else:
        message = (
            _(
                "Nothing is certain now, and a flag covers every cell that may be safe, so at"
                " least one of your flags is wrong: even the safest of them hides a mine"
                " {chance} of the time."
            )
            if analysis.exact
            else _(
                "Nothing I can prove is certain now, and a flag covers every cell that may be"
                " safe, so at least one of your flags is wrong: the safest of them hides a mine"
                " about {chance} of the time (an estimate: too many layouts to count)."
            )
        )
    advice = _("The AI would guess {reason}").format(reason=guessing.why(guessing.of(analysis)))
    return Hint((message.format(chance=safest), advice), rescue=tuple(ranked))


def chance(game: Minesweeper, cell: Point) -> Hint:
    """``help x y``: the chance that ``cell`` hides a mine, exact unless the position has
    too many layouts to count, and then said to be an estimate."""
    asked = frozenset({cell})
    name = label(cell)
    if game.is_revealed(cell):
        return Hint((_("{cell} is already revealed.").format(cell=name),), asked)
    if cell in game.flags:  # its chance would say whether the flag is right: a hint unasked
        message = _(
            "{cell} has your flag: take it off (“unflag {cell}”) to ask its chance,"
            " or type “help” to have every flag checked."
        )
        return Hint((message.format(cell=name),), asked)
    if not game.started:
        message = _("{cell} is safe: the first try never hits a mine.")
        return Hint((message.format(cell=name),), asked, safe=asked)
    analysis = analyze(Position.from_game(game))
    probability = analysis.probability[cell]
    if probability == 0:
        message = _("{cell} is safe: no possible layout puts a mine there.")
        return Hint((message.format(cell=name),), asked, safe=asked)
    if probability == 1:
        message = _("{cell} is a mine in every possible layout.")
        return Hint((message.format(cell=name),), asked, mines=asked)
    message = (
        _("{cell} hides a mine with a chance of {chance}.")
        if analysis.exact
        else _(
            "{cell} hides a mine with a chance of about {chance}"
            " (an estimate: too many layouts to count)."
        )
    )
    return Hint((message.format(cell=name, chance=percent(probability)),), asked)
