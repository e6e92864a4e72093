"""Games left in progress: the newest found, described, taken up again or given up.

A game the player leaves unfinished, however they leave, is kept in the
records (:meth:`buscaminas.session.Session.put_away`).  At the next start the
front end finds it here, asks, and either takes it up (it leaves the records
until it is left again or ends) or gives it up, recorded as abandoned: played
and not won, so that leaving never protects a win rate.
"""

from __future__ import annotations

from collections.abc import Callable

from .i18n import _
from .journal import JournalError
from .rounds import Round
from .storage import Store
from .text import clock_time


def newest(store: Store, clock: Callable[[], float]) -> Round | None:
    """The newest game left in progress; one that is damaged is set aside, not offered."""
    for identity, snapshot in store.unfinished():
        try:
            kept = Round.restore(snapshot, clock)
        except JournalError as why:
            store.set_aside(identity, str(why))
            continue
        if kept.identity == identity:
            return kept
        # Taken up by its own identity, it could never leave the records: offered forever.
        store.set_aside(identity, f"the snapshot's identity is {kept.identity!r}")
    return None


def take_up(store: Store, kept: Round) -> bool:
    """Take the game out of the records to play it: False if another game took it first."""
    if not store.take(kept.identity):
        return False
    kept.carry_on()
    return True


def give_up(store: Store, kept: Round) -> None:
    """Record the game as abandoned, once: a game another terminal took is not ours."""
    if store.take(kept.identity):
        kept.carry_on()  # the time spent deciding is not the game's
        store.save(kept.as_record(scripted=kept.scripted, abandoned=True))


def question(kept: Round) -> str:
    """The question that offers the game again, with what the player needs to recognise it."""
    game = kept.game
    safe = game.width * game.height - game.mine_count
    cleared = (safe - game.hidden_safe) / safe
    return _(
        "You left a game unfinished: {board}, {time} on the clock, {cleared}% cleared."
        " Resume it? [Enter = yes, n = no] "
    ).format(
        board=kept.board_name(),
        time=clock_time(kept.elapsed() or 0.0),
        cleared=int(cleared * 100),
    )
