"""The mines of a round, dealt around its first reveal: the one place they are chosen.

A round deals from its seed by the generator its settings name, without
guessing unless asked otherwise; a shared board is the board its code names or
none.  Nothing here asks or tells the player: the session does, from what
:func:`deal` says.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..core.board import BoardKind
from ..core.grid import Point
from ..i18n import _, ngettext
from .rounds import Round

Progress = Callable[[float], None]
"""Told how far a long search has got, from 0 to 1."""


class BoardRefused(Exception):
    """A shared board's code deals no board (its search found none): the code is
    refused, with the reason in words, rather than another board dealt under its name."""


def deal(current: Round, first: Point, progress: Callable[[], Progress]) -> str | None:
    """Lay the mines of ``current`` around ``first``, the cell about to be tried;
    ``progress`` makes what a search without guessing tells of its progress.

    None once they are laid.  A no-guess search that finds no layout, or is cancelled
    with Ctrl-C, lays nothing and says why in words, for the session to offer a
    classic board.  A shared board is the board its code names or none: it raises
    :class:`BoardRefused` (or the Ctrl-C) instead, never offering another board.
    """
    from ..core import generator

    settings = current.settings
    if settings.layout is not None:
        current.lay(settings.layout, first)
        return None
    if current.kind is BoardKind.CLASSIC:
        lay(current, first, None)
        return None
    try:
        lay(current, first, progress())
    except (generator.LayoutError, KeyboardInterrupt) as reason:
        if settings.opening is not None:
            if isinstance(reason, generator.LayoutError):
                raise BoardRefused(why_no_board(reason)) from reason
            raise
        return why_no_board(reason)
    return None


def lay(current: Round, first: Point, progress: Progress | None) -> None:
    """Deal the round's mines around ``first`` from its seed, by the generator its
    settings name; without guessing when there is a ``progress`` to tell."""
    from ..core import generator

    game = current.game
    version = current.settings.generator
    level = current.settings.logic
    if level is not None and progress is not None:
        from ..core.generator.grade import graded

        layout, seed = graded(
            game.width, game.height, game.mine_count, start=first, level=level,
            seeds=_seeds(current.seed), progress=progress,
        )
        current.lay(layout, first, seed)
        return
    layout = generator.generate(
        game.width,
        game.height,
        game.mine_count,
        start=first,
        seed=current.seed,
        no_guess=progress is not None,
        progress=progress,
        version=generator.VERSION if version is None else version,
    )
    current.lay(layout, first)


def _seeds(first: int) -> Iterator[int]:
    """The round's seed, then seeds drawn from it: each one a share code can name."""
    import random

    from ..records.sharecode import SEED_BITS

    yield first
    draw = random.Random(first)
    while True:
        yield draw.randrange(2**SEED_BITS)


def why_no_board(reason: BaseException) -> str:
    """Why no board without guessing was dealt (``reason``, the generator's error or a
    Ctrl-C), in the player's words."""
    from ..core import generator
    from ..core.generator.grade import NoBoardAtLevel

    if isinstance(reason, NoBoardAtLevel):
        return _(
            "No board without guessing that needs “{level}” was found in {tried} tries."
        ).format(level=reason.level.word, tried=reason.tried)
    if isinstance(reason, generator.SearchExhausted):
        return _("No board without guessing was found within the search's limit.")
    if isinstance(reason, generator.TooDense):
        return ngettext(
            "A board without guessing of this size holds at most {limit} mine.",
            "A board without guessing of this size holds at most {limit} mines.",
            reason.limit,
        ).format(limit=reason.limit)
    if isinstance(reason, generator.LayoutError):
        return _("No board without guessing exists with so many mines around this first cell.")
    return _("Generation cancelled.")
