"""How many clicks a game took against how few it needed: 3BV, ZiNi and the player's
clicks side by side, and the coach that ``review --clicks`` reads out, each place
where a chord or a flag left out would have saved clicks.

A flag pays only when a chord uses it: one no chord used cost a click for
nothing (two when it was taken off again).  And numbers opened one by one
around a number already open could have been opened at once: flag its mines
still unflagged, chord it, and those clicks become the flags and the chord.
Where several numbers could have been chorded for the same clicks, the one
that saves most is taken first, and no click is counted twice.  Only the
player's moves are coached, not the AI's.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import NamedTuple

from ..core.engine import Action, Minesweeper
from ..core.grid import Point
from ..core.scoring import three_bv
from ..core.zini import zini
from ..i18n import _, ngettext
from .commands import label, labels, said
from .journal import Journal, Played


class Chord(NamedTuple):
    """Clicks one by one around ``number`` that a chord there would have made at once."""

    first: int
    """The move, from 1, where the chord would have come."""
    number: Point
    opened: tuple[Point, ...]
    """The cells the player then opened one by one around it."""
    flags: int
    """The mines around it still to flag first."""
    shows: int
    """The number it shows."""

    @property
    def saved(self) -> int:
        return len(self.opened) - self.flags - 1


class Flag(NamedTuple):
    """A flag no chord used."""

    number: int
    """Its move, from 1."""
    played: Played
    taken_off: bool
    """Taken off again later: that click was spent for nothing too."""

    @property
    def saved(self) -> int:
        return 2 if self.taken_off else 1


class Coach(NamedTuple):
    """A game's clicks against the fewest its board needs."""

    three_bv: int
    zini: int
    clicks: int
    chords: tuple[Chord, ...]
    flags: tuple[Flag, ...]
    assisted: bool = False
    """The AI made some of the moves: the clicks are not all the player's."""
    refused: int = 0
    """Commands that did nothing (a cell already open, say): each a click to save."""

    @property
    def saved(self) -> int:
        chorded = sum(chord.saved for chord in self.chords)
        return chorded + sum(flag.saved for flag in self.flags) + self.refused


class _Click(NamedTuple):
    """A reveal of the player's that opened something, and the board just before it."""

    number: int
    """Its move, from 1."""
    cell: Point
    numbers: tuple[Point, ...]
    """The numbers open around it."""
    flags: frozenset[Point]


def side_by_side(three_bv_count: int, zini_count: int, clicks: int, *, assisted: bool) -> str:
    """``3BV 31, ZiNi 24, your clicks 35.``; ``assisted``: some clicks were the AI's."""
    if assisted:
        words = _("3BV {three_bv}, ZiNi {zini}, clicks {clicks}, the AI's among them.")
    else:
        words = _("3BV {three_bv}, ZiNi {zini}, your clicks {clicks}.")
    return words.format(three_bv=three_bv_count, zini=zini_count, clicks=clicks)


def after_win(game: Minesweeper, clicks: int, *, assisted: bool = False) -> str:
    """What a won ``game`` needed against the ``clicks`` it took, and where to learn more
    when it took more than ZiNi; ``assisted``: the AI made some of them, so they are not
    all the player's and there is no advice to give."""
    layout = game.layout
    fewest = zini(game.width, game.height, layout)
    figures = side_by_side(
        three_bv(game.width, game.height, layout), fewest, clicks, assisted=assisted
    )
    if assisted or clicks <= fewest:
        return figures
    return _("{figures} “buscaminas review --clicks” shows where clicks could be saved.").format(
        figures=figures
    )


def coach(journal: Journal, mines: frozenset[Point], clicks: int | None = None) -> Coach:
    """The figures and the places a game on ``mines`` could have saved clicks; ``clicks``
    as the game counted them (the refused ones too), by default the journal's."""
    game = journal.game(0)
    reveals: list[_Click] = []
    flagging: list[tuple[int, Played, frozenset[Point]]] = []
    chorded: dict[Point, list[int]] = {}
    """Each cell, and the moves that chorded a number beside it and opened something."""
    unflagged: dict[Point, list[int]] = {}
    """Each cell, and the moves that took a flag off it."""
    for number, played in enumerate(journal.moves, start=1):
        cell = played.move.cell
        numbers = tuple(near for near in game.grid.neighbours(cell) if game.number(near))
        flags = game.flags
        outcome = game.act(played.move)
        if outcome.waves and played.move.action is Action.EXPAND:
            for near in game.grid.neighbours(cell):
                chorded.setdefault(near, []).append(number)
        for off in outcome.unflagged:
            unflagged.setdefault(off, []).append(number)
        if played.by_ai:
            continue
        if outcome.waves and played.move.action is Action.TRY:
            reveals.append(_Click(number, cell, numbers, flags))
        elif outcome.flagged and not outcome.waves:
            flagging.append((number, played, frozenset(outcome.flagged)))
    width, height = journal.width, journal.height
    counted = journal.clicks if clicks is None else clicks
    made = len(journal.moves)
    return Coach(
        three_bv(width, height, mines),
        zini(width, height, mines),
        made if counted is None else counted,
        _chords(reveals, mines, game.grid.neighbours),
        _idle_flags(flagging, chorded, unflagged),
        any(played.by_ai for played in journal.moves),
        0 if counted is None else max(0, counted - made),
    )


def _chords(
    reveals: list[_Click], mines: frozenset[Point], neighbours: Callable[[Point], tuple[Point, ...]]
) -> tuple[Chord, ...]:
    """The chords that would have saved clicks, the biggest saving first (of equal ones,
    the number opened first), each click counted once.  A chord taken spends its
    clicks, which changes the chords of the numbers around them: those are counted
    again, and a heap keeps the best."""
    around: dict[Point, list[_Click]] = {}
    """Each open number, and the reveals that then opened a neighbour of it one by one."""
    for click in reveals:
        for number in click.numbers:
            around.setdefault(number, []).append(click)
    rank = {number: index for index, number in enumerate(around)}
    spent: set[int] = set()
    chorded: set[Point] = set()
    best: dict[Point, Chord] = {}
    heap: list[tuple[int, int, Point]] = []

    def count(number: Point) -> None:
        left = [click for click in around[number] if click.number not in spent]
        chord = _chord(number, left, mines, neighbours(number))
        best.pop(number, None)
        if chord is not None:
            best[number] = chord
            heapq.heappush(heap, (-chord.saved, rank[number], number))

    for number in around:
        count(number)
    found: list[Chord] = []
    while heap:
        saving, _rank, number = heapq.heappop(heap)
        chord = best.get(number)
        if chord is None or chord.saved != -saving:
            continue  # counted again since
        found.append(chord)
        del best[number]
        chorded.add(number)
        taken = [click for click in around[number] if click.number not in spent]
        spent.update(click.number for click in taken)
        for touched in {near for click in taken for near in click.numbers} - chorded:
            count(touched)
    return tuple(sorted(found))


def _chord(
    number: Point, clicks: list[_Click], mines: frozenset[Point], around: tuple[Point, ...]
) -> Chord | None:
    """A chord on ``number`` at the first of ``clicks``, if it saves clicks and no flag
    around it then was wrong (that chord would have lost)."""
    if not clicks:
        return None
    flags = clicks[0].flags
    if any(near in flags and near not in mines for near in around):
        return None
    to_flag = sum(1 for near in around if near in mines and near not in flags)
    shows = sum(1 for near in around if near in mines)
    chord = Chord(clicks[0].number, number, tuple(click.cell for click in clicks), to_flag, shows)
    return chord if chord.saved > 0 else None


def _idle_flags(
    flagging: list[tuple[int, Played, frozenset[Point]]],
    chorded: dict[Point, list[int]],
    unflagged: dict[Point, list[int]],
) -> tuple[Flag, ...]:
    """The player's flags that no chord stood on before they were taken off, if they were."""
    idle: list[Flag] = []
    for number, played, flags in flagging:
        off = min(
            (at for cell in flags for at in unflagged.get(cell, ()) if at > number), default=None
        )
        used = any(
            number < at and (off is None or at < off)
            for cell in flags
            for at in chorded.get(cell, ())
        )
        if not used:
            idle.append(Flag(number, played, off is not None))
    return tuple(idle)


def advice(found: Coach) -> list[str]:
    """``review --clicks``: the figures, then each place clicks could have been saved."""
    places = [(chord.first, _chord_words(chord)) for chord in found.chords]
    places += [(flag.number, _flag_words(flag)) for flag in found.flags]
    lines = [side_by_side(found.three_bv, found.zini, found.clicks, assisted=found.assisted)]
    lines += [words for _number, words in sorted(places)]
    if found.refused:
        lines.append(
            ngettext(
                "{count} command did nothing (a cell already open, a flag on a number…).",
                "{count} commands did nothing (a cell already open, a flag on a number…).",
                found.refused,
            ).format(count=found.refused)
        )
    if not places and not found.refused:
        return [*lines, _("No chord or flag left out would have saved a click.")]
    total = ngettext(
        "In all, {saved} click could have been saved: {fewer} instead of {clicks}.",
        "In all, {saved} clicks could have been saved: {fewer} instead of {clicks}.",
        found.saved,
    )
    return [
        *lines,
        total.format(saved=found.saved, fewer=found.clicks - found.saved, clicks=found.clicks),
    ]


def _chord_words(chord: Chord) -> str:
    """``Move 12: a flag and a chord on the 2 at 4 4 open 3 4, 5 5 and 3 5 in 2 clicks
    instead of 3.``"""
    values = {
        "number": chord.first,
        "value": chord.shows,
        "cell": label(chord.number),
        "cells": labels(chord.opened),
        "cost": chord.flags + 1,
        "clicks": len(chord.opened),
        "count": chord.flags,
    }
    if not chord.flags:
        words = _(
            "Move {number}: a chord on the {value} at {cell} opens {cells} in 1 click"
            " instead of {clicks}."
        )
    else:
        words = ngettext(
            "Move {number}: {count} flag and a chord on the {value} at {cell} open {cells}"
            " in {cost} clicks instead of {clicks}.",
            "Move {number}: {count} flags and a chord on the {value} at {cell} open {cells}"
            " in {cost} clicks instead of {clicks}.",
            chord.flags,
        )
    return words.format(**values)


def _flag_words(flag: Flag) -> str:
    if flag.taken_off:
        words = _(
            "Move {number}: {move}, a flag no chord used, taken off again: 2 clicks for nothing."
        )
    else:
        words = _("Move {number}: {move}, a flag no chord used: 1 click for nothing.")
    return words.format(number=flag.number, move=said(flag.played.move))
