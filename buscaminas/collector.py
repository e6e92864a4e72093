"""A command starts with the cycle collector held, and lets it go once it is up.

Starting the game loads prompt_toolkit and the game's own modules: some
hundred thousand objects, none of them garbage, and CPython's cycle collector,
set off by every few hundred allocations, walks them again and again as they
pile up (a tenth of the game's start).  So the entry point holds the collector
until the command is ready for its player, its first screen drawn (or it is
done); what the start built then lives as long as the program, and is frozen
out of every later collection rather than walked at each one.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_held = False
"""Whether :func:`hold` stopped the collector, so that only it is undone."""


def hold() -> None:
    """Stop the cycle collector until :func:`release`, unless someone else already has."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def release() -> None:
    """The command is up: freeze what it built and start collecting again.  Only a
    collector :func:`hold` stopped is started, and only once."""
    global _held
    if _held:
        _held = False
        gc.freeze()
        gc.enable()


@contextmanager
def working() -> Iterator[None]:
    """Hold the collector while one command works, a hint or an AI move.

    The solver builds tens of thousands of short-lived containers on a big
    board, freed as it goes; the collector, set off by their number, walked
    them again and again, doubling a 99×99 hint's time and tripling its worst.
    What a command leaves behind is collected after it.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
