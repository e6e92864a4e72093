"""The moves of one game with their times: what undo, resume, replay and review share.

A :class:`Journal` holds the board as the game began (its mines, and what a
board file already showed) and every move that changed the board, in order,
each with the clock's reading when it was made.  Any earlier position of the
game is the start with the first k moves applied again (:meth:`Journal.game`),
so undo, a resumed game, a replay and a review all rebuild the same game the
same way instead of keeping copies of the board.

It is written in a compact form (:meth:`Journal.dumps`: a few bytes a move) for
the records, and read back (:func:`loads`, which reads the JSON of earlier
versions too) with every field checked, since the database is a file anyone can
edit.  The form is the journal's own, here: the records keep it as text, and know
of it no more than a game's board fingerprint, which the game hands them.
"""

import math
from collections.abc import Iterable
from functools import partial
from typing import NamedTuple

from ..core.engine import Action, Minesweeper, Move, Notice, Outcome
from ..core.grid import Point
from ..core.limits import out_of_bounds
from ..records.boardfile import BoardFile

FORMAT = 3
"""The journal's layout; a newer one is refused rather than misread.  Format 3 is
compact (:func:`_compact`); formats 1 and 2 were JSON, and are still read.  Format 1
did not say which moves the AI played."""
JSON_FORMATS = (1, 2)
BY_THE_AI = "ai"
"""The mark after a move's time that says the AI played it (JSON formats)."""
COMPACT = "~"
"""The first character of a compact journal: a JSON one begins with ``{``."""
_ACTIONS = (Action.TRY, Action.FLAG, Action.EXPAND, Action.MARK)
"""Each action's number in a compact move."""


class Played(NamedTuple):
    """A move that changed the board, and when: seconds on the game's clock."""

    move: Move
    at: float
    by_ai: bool = False
    """The AI chose it (``auto``): a review judges the player on their own moves."""


class Journal:
    """A game's start and moves; ``start`` is None until the mines are dealt.

    ``whose_known`` is False for a journal of format 1, whose moves do not say whether
    the AI played them.  ``refused`` counts the board commands that changed nothing
    (a reveal of a revealed cell, an expand that could not): they replay to nothing,
    but they are clicks, which IOE counts.  It is None for a journal written before
    they were counted.
    """

    def __init__(
        self,
        width: int,
        height: int,
        mine_count: int,
        start: BoardFile | None = None,
        moves: Iterable[Played] = (),
        *,
        whose_known: bool = True,
        refused: int | None = 0,
    ) -> None:
        self.width, self.height, self.mine_count = width, height, mine_count
        self.start = start
        self.moves = list(moves)
        self.whose_known = whose_known
        self.refused = refused
        self.redo_stack: list[Played] = []
        """Moves taken back, the latest last: what a redo puts back.  Not part of the
        game's history: a journal read back has none (a game kept in progress keeps it
        apart, :meth:`dumps_ahead`)."""
        self._written: _Written | None = None
        """The start and the moves as :meth:`dumps` last wrote them (:class:`_Written`)."""

    def _fields(self) -> tuple[object, ...]:
        return (
            self.width,
            self.height,
            self.mine_count,
            self.start,
            self.moves,
            self.whose_known,
            self.refused,
        )

    def __eq__(self, other: object) -> bool:
        """The same start and moves: what a journal read back must be."""
        if not isinstance(other, Journal):
            return NotImplemented
        return self._fields() == other._fields()

    def __repr__(self) -> str:
        return (
            f"Journal({self.width}, {self.height}, {self.mine_count}, start={self.start!r},"
            f" moves={self.moves!r}, whose_known={self.whose_known}, refused={self.refused})"
        )

    def copy(self) -> "Journal":
        """The same journal, apart: moves added to one, or taken back, or put back, are
        not the other's."""
        copied = Journal(
            self.width,
            self.height,
            self.mine_count,
            self.start,
            self.moves,
            whose_known=self.whose_known,
            refused=self.refused,
        )
        copied.redo_stack = list(self.redo_stack)
        return copied

    def deal(self, mines: frozenset[Point]) -> None:
        """The mines were laid at the first reveal; flags and marks placed before it
        are moves."""
        self.start = BoardFile(self.width, self.height, mines, frozenset(), frozenset())

    def note(self, outcome: Outcome, at: float, *, by_ai: bool = False) -> bool:
        """Keep a move that did something; a refused one changes nothing to replay, and
        is only counted, unless the game was already over (no click of the game).

        The move taken back last, made again by the same hand, is put back and the
        others taken back stay to be redone; any other move leaves nothing to redo.
        True when the move is a new one: neither refused nor put back."""
        if not (outcome.changed_board or outcome.end is not None):
            if outcome.notice is not Notice.GAME_OVER and self.refused is not None:
                self.refused += 1
            return False
        self.moves.append(Played(outcome.move, round(at, 3), by_ai))
        waiting = self.to_put_back()
        if waiting is not None and (waiting.move, waiting.by_ai) == (outcome.move, by_ai):
            self.redo_stack.pop()
            return False
        self.redo_stack.clear()
        return True

    def take_back(self) -> Played | None:
        """The last move, taken out of the game and kept for a redo; None when there is none."""
        if not self.moves:
            return None
        played = self.moves.pop()
        self.redo_stack.append(played)
        self._written = None  # written again from the start, the move gone
        return played

    def to_put_back(self) -> Played | None:
        """The move a redo makes again: the last taken back, if no move came since."""
        return self.redo_stack[-1] if self.redo_stack else None

    @property
    def clicks(self) -> int | None:
        """Every board command given, the refused ones too (IOE's denominator); None
        when the refused ones were not counted."""
        return None if self.refused is None else len(self.moves) + self.refused

    def game(self, moves: int | None = None) -> Minesweeper:
        """The game after its first ``moves`` moves (all of them by default)."""
        return self.rebuild(moves)[0]

    def rebuild(self, moves: int | None = None) -> tuple[Minesweeper, list[Outcome]]:
        """The game after its first ``moves`` moves, and what each of them did."""
        start = self.start
        if start is None:
            game = Minesweeper(self.width, self.height, self.mine_count)
        else:
            game = Minesweeper.from_layout(
                start.width,
                start.height,
                start.mines,
                revealed=start.revealed,
                flagged=start.flagged,
                marked=start.marked,
            )
        outcomes = [game.act(played.move) for played in self.moves[:moves]]
        return game, outcomes

    def dumps_ahead(self) -> str | None:
        """What redo would put back, for a game kept in progress: the journal run on
        through those moves, in its compact form; None when nothing waits to be
        redone."""
        if not self.redo_stack:
            return None
        ahead = Journal(
            self.width,
            self.height,
            self.mine_count,
            self.start,
            [*self.moves, *reversed(self.redo_stack)],
            whose_known=self.whose_known,
            refused=self.refused,
        )
        return ahead.dumps()

    def take_up_ahead(self, text: object) -> None:
        """Redo's moves again from what :meth:`dumps_ahead` wrote; :class:`JournalError`
        if it is not this journal run on."""
        ahead = loads(text) if isinstance(text, str) else None
        done = [(played.move, played.by_ai) for played in self.moves]
        if (
            ahead is None
            or (ahead.width, ahead.height, ahead.start) != (self.width, self.height, self.start)
            or [(played.move, played.by_ai) for played in ahead.moves[: len(done)]] != done
            or len(ahead.moves) <= len(done)
        ):
            raise JournalError("what redo would put back does not follow the game")
        self.redo_stack = ahead.moves[len(done) :][::-1]

    def dumps(self) -> str:
        """The journal in its compact form: a move takes three or four bytes (its cell
        and action, its time after the last in milliseconds), so that an expert game's
        row stays small however many games are kept.

        The game in progress is kept after every move: the start's cells and the
        moves written before are not encoded again (:class:`_Written`), so that a
        move on a 99×99 board costs about what it costs on an expert one."""
        written = self._written
        if written is None or not written.leads(self):
            written = self._written = _Written(self)
        return _compact(self, written.add(self))


class JournalError(ValueError):
    """A journal that is damaged or from a newer version."""


def loads(text: str) -> Journal:
    """The journal ``text`` holds, in any format written; :class:`JournalError` if it is
    not one we wrote."""
    try:
        journal = _from_compact(text) if text.startswith(COMPACT) else _from_json(text)
        if journal.start is not None and len(journal.start.mines) != journal.mine_count:
            raise JournalError("the mines do not match the mine count")
        # Every move must replay and change the board, as the game only keeps such moves:
        # a damaged journal fails now, not in a review or a replay later.
        _game, outcomes = journal.rebuild()
        if not all(outcome.changed_board or outcome.end is not None for outcome in outcomes):
            raise JournalError("a move that changes nothing")
    except JournalError:
        raise
    except (ValueError, TypeError, LookupError, ArithmeticError, RecursionError) as error:
        # A time too large for a float; JSON nested deeper than Python reads.
        raise JournalError(f"not a journal: {error}") from error
    return journal


def _from_json(text: str) -> Journal:
    """A journal of the JSON formats (1 and 2)."""
    import json

    document = json.loads(text)
    written = document["format"]
    if written not in JSON_FORMATS:
        raise JournalError(f"journal format {written!r}, not {FORMAT}")
    width, height, mine_count = (_whole(value) for value in document["size"])
    if out_of_bounds(width, height, mine_count) is not None:
        raise JournalError(f"no board is {width}×{height} with {mine_count} mines")
    refused = document.get("refused")
    journal = Journal(
        width,
        height,
        mine_count,
        whose_known=written == JSON_FORMATS[-1],
        refused=None if refused is None else _count(refused),
    )
    inside = _Board(width, height)
    if "start" in document:
        start = document["start"]
        journal.start = BoardFile(
            width,
            height,
            inside.cells(start["mines"]),
            inside.cells(start["revealed"]),
            inside.cells(start["flagged"]),
            inside.cells(start.get("marked", [])),
        )
    latest = 0.0
    for action, x, y, at, *marks in document["moves"]:
        if not isinstance(at, (int, float)) or not latest <= at < math.inf:
            raise JournalError(f"a move's time is {at!r}, after {latest}")
        if marks not in ([], [BY_THE_AI]) or (marks and not journal.whose_known):
            raise JournalError(f"a move marked {marks!r}")
        move = Move(Action(action), inside.cell([x, y]))
        if journal.start is None and move.action not in (Action.FLAG, Action.MARK):
            raise JournalError("a reveal before the mines were dealt")
        journal.moves.append(Played(move, float(at), by_ai=bool(marks)))
        latest = float(at)
    return journal


# --- the compact form -----------------------------------------------------------------
#
# Bytes, written as ASCII with base 85 (five letters for four bytes): the format, the
# size, the refused count (plus one; 0 for none counted), whether the start is there and
# whether the moves say who made them, the start's four sets of cells (mines, revealed,
# flagged, marked), each a list of cell numbers (y × width + x) as gaps from the last or
# a bitmap, whichever is shorter; then the moves, each its cell number × 8 + its
# action × 2 + 1 if the AI made it, and its time after the move before in milliseconds.
# Every number is a varint: seven bits a byte, the high bit saying that more follow.

_STARTED, _WHOSE = 1, 2
_LISTED, _MAPPED = 0, 1


class _Written:
    """A journal's start and moves in the compact form, kept from one
    :meth:`Journal.dumps` to the next and added to as moves come: the start's cells
    are encoded once a game, each move once (a move taken back writes them again)."""

    def __init__(self, journal: Journal) -> None:
        self.start = journal.start
        self.cells = bytearray()
        start, width = journal.start, journal.width
        if start is not None:
            for cells in (start.mines, start.revealed, start.flagged, start.marked):
                numbers = sorted(y * width + x for x, y in cells)
                _put_cells(self.cells, numbers, width * journal.height)
        self.moves = bytearray()
        self.count = 0
        self.last: Played | None = None
        self.latest = 0
        """The latest time written, in milliseconds: each move is written after it."""

    def leads(self, journal: Journal) -> bool:
        """Whether ``journal`` is what was written with moves after it."""
        moves = journal.moves
        return (
            self.start is journal.start
            and self.count <= len(moves)
            and (self.count == 0 or moves[self.count - 1] == self.last)
        )

    def add(self, journal: Journal) -> "_Written":
        """Write the moves of ``journal`` not written yet."""
        put, width = partial(_put, self.moves), journal.width
        for played in journal.moves[self.count :]:
            x, y = played.move.cell
            put((y * width + x) * 8 + _ACTIONS.index(played.move.action) * 2 + played.by_ai)
            at = round(played.at * 1000)
            put(max(at - self.latest, 0))
            self.latest = max(at, self.latest)
        self.count = len(journal.moves)
        self.last = journal.moves[-1] if journal.moves else None
        return self


def _compact(journal: Journal, written: _Written) -> str:
    import base64

    out = bytearray()
    put = partial(_put, out)
    for number in (FORMAT, journal.width, journal.height, journal.mine_count):
        put(number)
    put(0 if journal.refused is None else journal.refused + 1)
    started = _STARTED if journal.start is not None else 0
    put(started | (_WHOSE if journal.whose_known else 0))
    out += written.cells
    put(len(journal.moves))
    out += written.moves
    return COMPACT + base64.b85encode(bytes(out)).decode("ascii")


def _from_compact(text: str) -> Journal:
    import base64

    data = _Bytes(base64.b85decode(text[len(COMPACT) :]))
    written = data.number()
    if written != FORMAT:
        raise JournalError(f"journal format {written!r}, not {FORMAT}")
    width, height, mine_count = data.number(), data.number(), data.number()
    if out_of_bounds(width, height, mine_count) is not None:
        raise JournalError(f"no board is {width}×{height} with {mine_count} mines")
    refused = data.number()
    flags = data.number()
    if flags & ~(_STARTED | _WHOSE):
        raise JournalError(f"unknown flags {flags}")
    whose_known = bool(flags & _WHOSE)
    journal = Journal(
        width,
        height,
        mine_count,
        whose_known=whose_known,
        refused=None if refused == 0 else refused - 1,
    )
    cells = width * height
    if flags & _STARTED:
        mines, revealed, flagged, marked = (
            frozenset((number % width, number // width) for number in data.cells(cells))
            for _set in range(4)
        )
        journal.start = BoardFile(width, height, mines, revealed, flagged, marked)
    latest = 0
    for _move in range(data.number()):
        code, gap = data.number(), data.number()
        number, action, by_ai = code // 8, code % 8 // 2, bool(code % 2)
        if number >= cells:
            raise JournalError(f"cell number {number} is off the board")
        if by_ai and not whose_known:
            raise JournalError("a move marked as the AI's in a journal that does not say")
        move = Move(_ACTIONS[action], (number % width, number // width))
        if journal.start is None and move.action not in (Action.FLAG, Action.MARK):
            raise JournalError("a reveal before the mines were dealt")
        latest += gap
        journal.moves.append(Played(move, latest / 1000, by_ai=by_ai))
    if not data.done():
        raise JournalError("bytes after the last move")
    return journal


def _put(out: bytearray, number: int) -> None:
    while True:
        low, number = number & 0x7F, number >> 7
        out.append(low | (0x80 if number else 0))
        if not number:
            return


def _put_cells(out: bytearray, numbers: list[int], cells: int) -> None:
    """A set of cell numbers (sorted), as a list of gaps or as a bitmap: the shorter."""
    listed = bytearray()
    _put(listed, len(numbers))
    last = -1
    for number in numbers:
        _put(listed, number - last - 1)
        last = number
    mapped = bytearray((cells + 7) // 8)
    for number in numbers:
        mapped[number // 8] |= 1 << (number % 8)
    if len(listed) <= len(mapped):
        out.append(_LISTED)
        out += listed
    else:
        out.append(_MAPPED)
        out += mapped


class _Bytes:
    """Compact bytes read from the start, every read checked against the end."""

    def __init__(self, data: bytes) -> None:
        self._data, self._at = data, 0

    def done(self) -> bool:
        return self._at == len(self._data)

    def byte(self) -> int:
        if self._at >= len(self._data):
            raise JournalError("the journal ends too soon")
        self._at += 1
        return self._data[self._at - 1]

    def number(self) -> int:
        number, shift = 0, 0
        while True:
            byte = self.byte()
            number |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return number
            shift += 7
            if shift > 63:
                raise JournalError("a number too long")

    def cells(self, cells: int) -> list[int]:
        """A set of cell numbers of a board of ``cells`` cells."""
        form = self.byte()
        if form == _MAPPED:
            found = []
            for index in range((cells + 7) // 8):
                byte = self.byte()
                found += [index * 8 + bit for bit in range(8) if byte >> bit & 1]
            if found and found[-1] >= cells:
                raise JournalError("a cell off the board")
            return found
        if form != _LISTED:
            raise JournalError(f"a set of cells in form {form}")
        numbers, last = [], -1
        for _number in range(self.number()):
            last += self.number() + 1
            if last >= cells:
                raise JournalError("a cell off the board")
            numbers.append(last)
        return numbers


class _Board(NamedTuple):
    width: int
    height: int

    def cell(self, pair: object) -> Point:
        if not isinstance(pair, list) or len(pair) != 2:
            raise JournalError(f"not a cell: {pair!r}")
        x, y = (_whole(value) for value in pair)
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise JournalError(f"cell {pair!r} is off the board")
        return (x, y)

    def cells(self, pairs: object) -> frozenset[Point]:
        if not isinstance(pairs, list):
            raise JournalError(f"not a list of cells: {pairs!r}")
        return frozenset(self.cell(pair) for pair in pairs)


def _count(value: object) -> int:
    count = _whole(value)
    if count < 0:
        raise JournalError(f"a negative count: {count}")
    return count


def _whole(value: object) -> int:
    if type(value) is not int:
        raise JournalError(f"not a whole number: {value!r}")
    return value
