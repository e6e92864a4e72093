"""Games left in progress: the newest found, described, taken up again or given up.

A game the player leaves unfinished, however they leave (a crash and a power cut
too), is in the records: every move is written before the next is read
(:meth:`buscaminas.game.session.Session.handle`).  At the next start the
front end finds it here, asks, and either takes it up (claims it: it stays in
the records, in this process's name, until it ends) or gives it up, recorded as
abandoned: played and not won, so that leaving never protects a win rate.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..i18n import _
from ..records.storage import Claim, Store
from .journal import JournalError
from .rounds import Kept, Round
from .textwidth import clock_time


def newest(store: Store, clock: Callable[[], float]) -> Kept | None:
    """The newest game left in progress.  Every one kept is read, and those that are
    damaged are set aside, not offered."""
    restored: list[Kept] = []

    def restore(identity: str, snapshot: dict[str, Any]) -> None:
        kept = Round.from_snapshot(snapshot, clock)
        if kept.round.identity != identity:
            # Taken up by its own identity, it could never leave the records: offered forever.
            raise JournalError(f"the snapshot's identity is {kept.round.identity!r}")
        restored.append(kept)

    store.unfinished(restore)
    return restored[0] if restored else None


def take_up(store: Store, kept: Kept) -> Claim:
    """Claim the game to play it, unless another game took it first or the records
    cannot be written (said in a warning).  It stays in the records, written again at
    every move, so that a crash loses nothing."""
    claimed = store.claim(kept.round.identity)
    if claimed is Claim.TAKEN:
        kept.round.carry_on()
    return claimed


def give_up(store: Store, kept: Kept) -> None:
    """Record the game as abandoned, once: a game another terminal took is not ours.
    One whose clock never started (flags alone) is only taken out: there is no game
    to record."""
    left = kept.round
    if store.claim(left.identity) is Claim.TAKEN:
        if not left.in_progress:
            store.forget(left.identity)
            return
        left.carry_on()  # the time spent deciding is not the game's
        store.add_game(left.as_record(abandoned=True))


def question(kept: Kept) -> str:
    """The question that offers the game again, with what the player needs to recognise it."""
    left = kept.round
    game = left.game
    safe = game.width * game.height - game.mine_count
    cleared = (safe - game.hidden_safe) / safe
    return _(
        "You left a game unfinished: {board}, {time} on the clock, {cleared}% cleared;"
        " given up, it counts as lost. Resume it? [Enter = yes, n = no] "
    ).format(
        board=left.board_name(),
        time=clock_time(left.elapsed() or 0.0),
        cleared=int(cleared * 100),
    )
