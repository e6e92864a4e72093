"""The colour the environment asks for.

Colour follows the conventions' precedence (https://no-color.org,
https://bixense.com/clicolors, https://force-color.org): ``NO_COLOR`` beats
everything, as the clicolors page and CMake read it, for it is the player's
plain refusal (force-color.org's own example lets ``FORCE_COLOR`` win instead;
the two pages disagree and the refusal is the safer reading); then
``FORCE_COLOR`` or ``CLICOLOR_FORCE`` turn colour on wherever the game writes
a board, a pipe included; then ``CLICOLOR=0`` turns it off; else a terminal
that can move its cursor gets colour, a pipe or a dumb terminal none.

Read at every start on a terminal, and so kept apart from the tables of
:mod:`buscaminas.entry.environment`, which only ``--help`` and the manual need.
"""

from collections.abc import Mapping
from typing import NamedTuple

NO_COLOUR = "NO_COLOR"
FORCING = ("FORCE_COLOR", "CLICOLOR_FORCE")
CLICOLOUR = "CLICOLOR"


class Colour(NamedTuple):
    """Whether to draw in colour, and the variable that decided it (None: the kind of
    output did, by default)."""

    on: bool
    because: str | None = None


def colour(environ: Mapping[str, str], *, terminal: bool) -> Colour:
    """The colour ``environ`` asks for, where ``terminal`` says whether the board is
    drawn on a terminal that can move its cursor (else a pipe, a file or a dumb
    terminal).  A variable set to the empty string counts as unset, as every one of
    the conventions says; ``FORCE_COLOR=0`` and ``CLICOLOR_FORCE=0`` force nothing."""
    if environ.get(NO_COLOUR):
        return Colour(False, NO_COLOUR)
    for name in FORCING:
        if environ.get(name, "") not in ("", "0"):
            return Colour(True, name)
    if environ.get(CLICOLOUR) == "0":
        return Colour(False, f"{CLICOLOUR}=0")
    return Colour(terminal)
