"""Moving mines where a proof-only player is stuck, so that a proof appears.

When the replay of a layout finds nothing certain, the open number on the
frontier with the most hidden neighbours (the group) is picked, one at
random among equals, and the group is made all safe,
their mines moved elsewhere, or all mines, mines brought in from elsewhere;
the total stays the same.  Then that number alone settles the group and the
replay goes on.  This is the idea of Simon Tatham's Mines (``mineperturb``).

What keeps the boards natural, measured against plain random layouts (see
the generator tests): whichever of clearing and filling moves fewer mines is
done, so the layout changes as little as it can; and the other end of each
move is a hidden cell on the frontier when there is one, as in Tatham's
Mines, so the part of the board the player has not reached keeps its random
layout instead of collecting every mine moved away (which packs the far
corners).  Among the frontier's hidden cells, those beside no number a proof
has read are taken first: a move beside one may void proofs, and the replay
must go back to before them (:meth:`.proof_player.ProofPlayer.repair`).  Cells the
player already knows change only when the hidden cells cannot make the move;
the replay then goes back to before they were known.
"""

from __future__ import annotations

import random

from .cells import bits
from .proof_player import ProofPlayer

POCKET = 8
"""The most hidden cells, walled in by proved mines, that are cleared or filled
as a whole, like the group of one number; a larger walled-in area is breached."""


def perturb(replay: ProofPlayer, rng: random.Random, protected: int) -> int | None:
    """The cells (a mask) whose mine to toggle to clear or fill the largest group
    of a frontier number of the stuck ``replay``, or None when no cells can
    take or give the mines: the layout must then be laid afresh.

    ``protected`` (a mask) is never given a mine: the start and, when there
    is room, its neighbours.
    """
    masks, mines, unknown = replay.cells.masks, replay.mines, replay.unknown
    frontier = replay.frontier
    if frontier:
        # The largest group settles the most at once: fewer repairs, measured
        # (a quarter fewer on dense boards), and no more mines in the corners.
        groups = [masks[number] & unknown for number in bits(frontier)]
        most = max(map(int.bit_count, groups))
        group = rng.choice([group for group in groups if group.bit_count() == most])
    elif unknown.bit_count() <= POCKET:
        group = unknown
    else:
        return _breach(replay, rng)
    tiers = other_ends(replay, frontier, group)
    near = tiers[0] | tiers[1]
    full, empty = group & mines, group & ~mines
    # Filling the last group on the border would wall the player in.
    clear = (
        full.bit_count() < empty.bit_count()
        or (not near and bool(tiers[2]))
        or (full.bit_count() == empty.bit_count() and rng.random() < 0.5)
    )
    moved = _swap(rng, mines, full, empty, tiers, clear)
    if moved is None:
        known = replay.cells.full & ~unknown & ~protected
        moved = _swap(rng, mines, full, empty, [*tiers, known], clear)
    return moved


def other_ends(replay: ProofPlayer, frontier: int, group: int) -> list[int]:
    """Where the mines moved in or out of ``group`` go, as masks, first choice
    first: the hidden cells on the ``frontier`` (a mask of numbers) beside no
    number a proof has read; those beside one (a move there voids the replay's
    proofs); the hidden cells off the frontier."""
    spread, unknown = replay.cells.spread, replay.unknown
    border, read = spread(frontier), spread(frontier & replay.used)
    near = border & unknown & ~group
    return [near & ~read, near & read, unknown & ~border & ~group]


def _swap(
    rng: random.Random,
    mines: int,
    full: int,
    empty: int,
    tiers: list[int],
    clear: bool,
) -> int | None:
    """The cells (a mask) whose mine to toggle to clear (or else fill) a group,
    the other ends of the moves taken from the first of the ``tiers`` (masks)
    that have them; None if they are too few."""
    for clearing in (clear, not clear):
        inside = full if clearing else empty
        wanted = inside.bit_count()
        chosen = 0
        for tier in tiers:
            if not wanted:
                break
            fitting = tier & ~mines if clearing else tier & mines
            if fitting.bit_count() <= wanted:
                chosen |= fitting
                wanted -= fitting.bit_count()
            else:
                chosen |= sum(1 << cell for cell in rng.sample(list(bits(fitting)), wanted))
                wanted = 0
        if not wanted:
            return inside | chosen
    return None


def _breach(replay: ProofPlayer, rng: random.Random) -> int | None:
    """The open area is walled in by proved mines: move one wall mine into the
    hidden area, so that the replay, gone back, finds a way through."""
    spread, unknown = replay.cells.spread, replay.unknown
    wall = replay.flagged & spread(unknown) & spread(replay.numbers)
    receivers = unknown & ~replay.mines
    if not wall or not receivers:
        return None
    return 1 << rng.choice(list(bits(wall))) | 1 << rng.choice(list(bits(receivers)))
