"""Moving mines where a proof-only player is stuck, so that a proof appears.

When the replay of a layout finds nothing certain, one open number on the
frontier is picked and its hidden neighbours are made all safe (their mines
moved elsewhere) or all mines (mines brought in from elsewhere), keeping the
total: then that number alone settles them, and the replay goes on.  This is
the idea of Simon Tatham's Mines (``mineperturb``).

To keep boards natural, the mines come from and go to hidden cells picked
uniformly at random, and clearing or filling is chosen with the odds that
leave the density of the rest of the board unchanged on average: a group of
``size`` cells holding ``mines`` is cleared with probability
``(size - mines) / size``, which is also the cheaper move most of the time.
Cells the player already knows change only when the hidden ones cannot make
the move; then the replay has to start again.
"""

from __future__ import annotations

import random
from enum import Enum

from .cells import bits
from .replay import Replay


class Perturbed(Enum):
    """What a perturbation did to the replay that asked for it."""

    HIDDEN_ONLY = "hidden-only"
    """Only hidden cells changed: the replay may go on."""
    KNOWN_CHANGED = "known-changed"
    """Cells the player knew changed: the replay must start again."""
    IMPOSSIBLE = "impossible"
    """No cells could take or give the mines: the layout must be laid afresh."""


def perturb(replay: Replay, rng: random.Random, protected: int) -> Perturbed:
    """Clear or fill the hidden neighbours of a random frontier number.

    ``protected`` (a mask) is never given a mine: the start and, when there
    is room, its neighbours.
    """
    mines, unknown = replay.mines, replay.unknown
    frontier = replay.frontier()
    # With no number touching the hidden cells, they form pockets walled in by
    # proved mines: then the whole hidden area is the group.
    group = replay.cells.masks[rng.choice(frontier)] & unknown if frontier else unknown
    inside = list(bits(group))
    full = [cell for cell in inside if mines[cell]]
    empty = [cell for cell in inside if not mines[cell]]
    clear = rng.random() * len(inside) < len(empty)
    hidden_elsewhere = list(bits(unknown & ~group))
    for known_too in (False, True):
        elsewhere = hidden_elsewhere
        if known_too:
            kept = group | protected
            elsewhere = [cell for cell in range(len(mines)) if not kept >> cell & 1]
        receivers = [cell for cell in elsewhere if not mines[cell]]
        donors = [cell for cell in elsewhere if mines[cell]]
        for clearing in (clear, not clear):
            if clearing and len(receivers) >= len(full):
                moved = full + rng.sample(receivers, len(full))
            elif not clearing and len(donors) >= len(empty):
                moved = empty + rng.sample(donors, len(empty))
            else:
                continue
            if known_too:
                for cell in moved:
                    mines[cell] ^= 1
                return Perturbed.KNOWN_CHANGED
            for cell in moved:
                replay.toggle(cell)
            return Perturbed.HIDDEN_ONLY
    return Perturbed.IMPOSSIBLE

