"""A recorded game as an EVF replay, the video format Metasweeper writes and
ms_toollib reads and scores (version 0.3 of the format, as its own white paper,
``evf标准.md`` in github.com/eee555/ms_toollib, lays it out).

EVF records mouse buttons, not commands, so each move of the journal becomes
the clicks a mouse player would have made on its cell, at the move's own time:
a reveal is a left click, a flag a right click, and a chord (``expand``) both
buttons pressed and released together.  An ``expand`` that flagged the hidden
neighbours of a number, which no mouse chord does, becomes a right click on
each.  Refused commands are not in the journal, so the replay's clicks are the
ones that changed the board.  A no-guess board is EVF's mode 5, *竞速无猜*:
every position can be solved by logic, and a safe cell that was a guess
carries on the game; a classic board is the standard mode, 0.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

from .. import __version__
from ..core.board import BoardKind
from ..core.engine import Action, Termination
from ..core.grid import Point
from ..i18n import _
from .journal import Journal

VERSION = 3
CELL_PIXELS = 16
"""The side of a cell, in the replay's pixels: the size Minesweeper has always drawn."""
STANDARD_MODE = 0
NO_GUESS_MODE = 5
MOST_MILLISECONDS = 2**24 - 1
"""The longest game the format's three-byte times hold: 4 h 39 min."""
NO_CHECKSUM = 255
"""The byte that ends the events of a replay no checksum signs."""
SOFTWARE = f"buscaminas {__version__}"

_COMPLETED, _OFFICIAL, _FAIR, _NO_FLAGS = 0x80, 0x40, 0x20, 0x10
LEFT_DOWN, LEFT_UP, RIGHT_DOWN, RIGHT_UP = 2, 3, 4, 5
"""The event codes of the buttons' presses and releases."""


class EvfError(ValueError):
    """A game the format cannot hold; ``str()`` says why, in words."""


def dumps(
    journal: Journal,
    *,
    kind: BoardKind,
    three_bv: int,
    seconds: float,
    started_at: datetime,
    fair: bool,
) -> bytes:
    """The finished game ``journal`` holds as an EVF replay.

    ``fair``: won by the player alone, on a board nobody had shown them (no hint,
    no AI, no undo, no board file, not practice); a fair no-guess win is fair and
    not official, since only the standard mode is (the format's own rule).
    Raises :class:`EvfError` for a game it cannot hold.
    """
    start = journal.start
    if start is None:
        raise EvfError(_("its mines were never dealt"))
    if start.revealed or start.flagged:
        raise EvfError(
            _(
                "it began from a board file with cells already open or flagged,"
                " which a replay cannot show"
            )
        )
    game, outcomes = journal.rebuild()
    if game.end is None:
        raise EvfError(_("it is not over, and a replay holds a finished game"))
    milliseconds = round(seconds * 1000)
    if max([milliseconds, *(_ms(played.at) for played in journal.moves)]) > MOST_MILLISECONDS:
        raise EvfError(_("it lasted longer than the format's 4 h 39 min"))
    won = game.end is Termination.WON
    summary = (
        (_COMPLETED if won else 0)
        | (_OFFICIAL if won and fair and kind is BoardKind.CLASSIC else 0)
        | (_FAIR if won and fair else 0)
        | (0 if any(played.move.action is Action.FLAG for played in journal.moves) else _NO_FLAGS)
    )
    begun = _microseconds(started_at)
    header = bytes([VERSION, summary, 0, journal.height, journal.width])
    header += len(start.mines).to_bytes(2, "big") + bytes([CELL_PIXELS])
    header += (NO_GUESS_MODE if kind is BoardKind.NO_GUESS else STANDARD_MODE).to_bytes(2, "big")
    header += three_bv.to_bytes(2, "big") + milliseconds.to_bytes(3, "big")
    texts = [
        SOFTWARE,
        "",  # the player's name: the game keeps none
        "",  # a race's
        "",  # what tells two players of one name apart
        str(begun),
        str(begun + milliseconds * 1000),
        "",  # the country
        "",  # the device: nothing that follows the player about
    ]
    strings = b"".join(text.encode("utf-8") + b"\0" for text in texts)
    events = bytearray()
    for played, outcome in zip(journal.moves, outcomes, strict=True):
        at = _ms(played.at)
        proved = () if outcome.revealed else outcome.flagged  # a win flags the mines left too
        clicks = _clicks(played.move.action, played.move.cell, proved, bool(outcome.unflagged))
        for code, cell in clicks:
            x, y = cell
            events += bytes([code]) + at.to_bytes(3, "big")
            events += (x * CELL_PIXELS + CELL_PIXELS // 2).to_bytes(2, "big")
            events += (y * CELL_PIXELS + CELL_PIXELS // 2).to_bytes(2, "big")
    return header + strings + _mines(journal.width, journal.height, start.mines) + events + bytes(
        [NO_CHECKSUM]
    )


def _clicks(
    action: Action, cell: Point, proved: tuple[Point, ...], unflagged: bool
) -> Iterator[tuple[int, Point]]:
    """The button events of one move, in order; ``proved``, the mines an ``expand``
    flagged instead of revealing; ``unflagged``: the move took a flag off.  A ``?``
    is the player's note, which the format does not hold: a mark is no click, but
    one that takes a flag off is the right click that does so."""
    if action is Action.TRY:
        yield from ((LEFT_DOWN, cell), (LEFT_UP, cell))
    elif action is Action.MARK:
        if unflagged:
            yield from ((RIGHT_DOWN, cell), (RIGHT_UP, cell))
    elif action is Action.FLAG:
        yield from ((RIGHT_DOWN, cell), (RIGHT_UP, cell))
    elif proved:  # a right click on each mine
        for mine in proved:
            yield from ((RIGHT_DOWN, mine), (RIGHT_UP, mine))
    else:  # a chord: both buttons down, then both up
        yield from ((LEFT_DOWN, cell), (RIGHT_DOWN, cell), (LEFT_UP, cell), (RIGHT_UP, cell))


def _mines(width: int, height: int, mines: frozenset[Point]) -> bytes:
    """One bit per cell, row by row, the first cell in the first byte's highest bit."""
    bits = bytearray((width * height + 7) // 8)
    for x, y in mines:
        index = y * width + x
        bits[index // 8] |= 0x80 >> (index % 8)
    return bytes(bits)


def _ms(seconds: float) -> int:
    return round(seconds * 1000)


def _microseconds(moment: datetime) -> int:
    """Microseconds since 1970 in UTC, as the format recommends for its timestamps."""
    return (moment - datetime(1970, 1, 1, tzinfo=UTC)) // timedelta(microseconds=1)
