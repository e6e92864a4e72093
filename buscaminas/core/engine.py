"""The rules of Minesweeper, with no terminal in sight.

A :class:`Minesweeper` takes a :class:`Move` through :meth:`Minesweeper.act`
and answers with an :class:`Outcome`: the cells it revealed, in the
breadth-first waves that the UI animates, the flags it set or removed, and how
the game ended, if it did.  Moves the rules refuse come back as a
:class:`Notice` on the outcome and change nothing, so the caller can always
tell the player why.
"""

from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from typing import NamedTuple

from .alphabet import Symbol, revealed_char
from .grid import Grid, Point
from .limits import mine_range


class BoardError(ValueError):
    """A board the rules cannot play: a mine count the board cannot hold, a layout that
    does not fit it, a mine under a revealed cell, a reveal before any mine is laid."""


class Action(Enum):
    TRY = "try"
    FLAG = "flag"
    EXPAND = "expand"
    MARK = "mark"
    """Put a ``?`` on a hidden cell (a flag there becomes one), or take it off: a note
    the player makes to themselves, which the rules treat as a hidden cell."""


class Move(NamedTuple):
    """One board command: an action on a 0-based cell."""

    action: Action
    cell: Point


class Termination(Enum):
    WON = "won"
    LOST = "lost"


class Notice(Enum):
    """Why a move changed nothing, or what the player must know about it."""

    FLAGGED = "flagged"  # tried or expanded a flagged cell
    ALREADY_REVEALED = "already-revealed"  # flagged a revealed cell, or tried one again
    NOT_REVEALED = "not-revealed"  # expanded a hidden cell
    NOTHING_AROUND = "nothing-around"  # expanded a revealed zero, or a number with nothing hidden
    TOO_MANY_FLAGS = "too-many-flags"  # expanded a number with more flags than its count
    UNDECIDED = "undecided"  # expanded a number whose flags and hidden cells do not settle it
    WRONG_FLAG = "wrong-flag"  # an expand trusted a wrong flag and revealed a mine
    GAME_OVER = "game-over"  # the game has already ended


class Outcome(NamedTuple):
    """What one move did to the board."""

    move: Move
    waves: tuple[tuple[Point, ...], ...] = ()
    flagged: tuple[Point, ...] = ()
    unflagged: tuple[Point, ...] = ()
    marked: tuple[Point, ...] = ()
    unmarked: tuple[Point, ...] = ()
    """Cells that gained or lost a ``?``: by a mark, a flag put in its place, a reveal."""
    end: Termination | None = None
    notice: Notice | None = None

    @property
    def revealed(self) -> tuple[Point, ...]:
        return tuple(cell for wave in self.waves for cell in wave)

    @property
    def changed_board(self) -> bool:
        """Whether the move did anything: an effective click, as throughput counts them."""
        return bool(self.waves or self.flagged or self.unflagged or self.marked or self.unmarked)

    @property
    def touched(self) -> tuple[Point, ...]:
        """Every cell whose look the move changed."""
        return (*self.revealed, *self.flagged, *self.unflagged, *self.marked, *self.unmarked)


class Minesweeper:
    """A game on a ``width`` × ``height`` board with ``mine_count`` mines.

    The mines are laid before the first reveal by :meth:`lay`: the engine never
    chooses them.  The game session deals them (a no-guess layout around the
    first cell, from the round's seed); flags may be placed before that.
    """

    def __init__(self, width: int, height: int, mine_count: int) -> None:
        self.grid = Grid(width, height)
        low, high = mine_range(width, height)
        if not low <= mine_count <= high:
            raise BoardError(
                f"a {width}×{height} board holds from {low} to {high} mines, not {mine_count}"
            )
        self.width, self.height, self.mine_count = width, height, mine_count
        self._mines: frozenset[Point] | None = None
        self._numbers: dict[Point, int] = {}
        self._revealed: set[Point] = set()
        self._flags: set[Point] = set()
        self._marks: set[Point] = set()
        """Hidden cells with a ``?``: hidden to every rule, a flag to none."""
        self._picture: tuple[str, ...] | None = None
        """The board as the player sees it (:meth:`rows`), the one copy of it: kept up to
        date move by move once asked for, patching only the rows a move changed, so that
        a move costs its rows, not the board, and a row left alone stays the same
        string (which tells the renderer what it need not draw again)."""
        self.exploded: Point | None = None
        self.end: Termination | None = None

    def __repr__(self) -> str:
        return (
            f"Minesweeper({self.width}, {self.height}, {self.mine_count},"
            f" exploded={self.exploded}, end={self.end})"
        )

    @classmethod
    def from_layout(
        cls,
        width: int,
        height: int,
        mines: Iterable[Point],
        *,
        revealed: Iterable[Point] = (),
        flagged: Iterable[Point] = (),
        marked: Iterable[Point] = (),
    ) -> "Minesweeper":
        """A game whose mines are already laid, as a board file gives them."""
        layout = frozenset(mines)
        game = cls(width, height, len(layout))
        game.lay(layout)
        for cell in flagged:
            game._flags.add(cell)
        opened = set(revealed)
        if opened & layout:
            raise BoardError("a revealed cell cannot hold a mine")
        game._revealed |= opened
        game._check_won()
        game._marks.update(set(marked) - game._flags - opened)
        return game

    # --- what the player sees -------------------------------------------------

    @property
    def started(self) -> bool:
        """Whether the mines are laid, which happens at the first ``try``."""
        return self._mines is not None

    @property
    def flags(self) -> frozenset[Point]:
        return frozenset(self._flags)

    @property
    def marks(self) -> frozenset[Point]:
        """The hidden cells with a ``?``."""
        return frozenset(self._marks)

    @property
    def mines_left(self) -> int:
        """The counter every Minesweeper shows: mines minus flags, negative if overflagged."""
        return self.mine_count - len(self._flags)

    @property
    def hidden_safe(self) -> int:
        """How many safe cells the player has still to reveal."""
        return self.grid.size - self.mine_count - len(self._revealed)

    @property
    def layout(self) -> frozenset[Point]:
        """The mines, once the game is over and every one of them is on show anyway."""
        if self.end is None or self._mines is None:
            raise ValueError("the mines are only on show once the game is over")
        return self._mines

    def is_revealed(self, cell: Point) -> bool:
        return cell in self._revealed

    def number(self, cell: Point) -> int | None:
        """The number shown on a revealed cell, or None while it is hidden."""
        return self._numbers.get(cell) if cell in self._revealed else None

    def shown(self, cell: Point) -> str:
        """The position-format character of ``cell`` as the player sees it now."""
        lost = self.end is Termination.LOST
        if cell in self._revealed:
            return revealed_char(self._numbers[cell])
        mine = self._mines is not None and cell in self._mines
        if cell in self._flags:
            return Symbol.WRONG_FLAG.value if lost and not mine else Symbol.FLAG.value
        if lost and mine:
            return Symbol.MINE.value
        return Symbol.MAYBE.value if cell in self._marks else Symbol.HIDDEN.value

    def rows(self) -> tuple[str, ...]:
        """The board in the position text format, one string per row."""
        if self._picture is None:
            self._picture = tuple(
                "".join(self.shown((x, y)) for x in range(self.width))
                for y in range(self.height)
            )
        return self._picture

    def around(self, cell: Point) -> tuple[int, int]:
        """How many flags and how many other hidden cells (``?`` ones included) touch
        ``cell``."""
        flags = hidden = 0
        for near in self.grid.neighbours(cell):
            if near in self._flags:
                flags += 1
            elif near not in self._revealed:
                hidden += 1
        return flags, hidden

    # --- moves ----------------------------------------------------------------

    def act(self, move: Move) -> Outcome:
        """Apply ``move`` and say what it did."""
        return self._shown_after(self._act(move))

    def _act(self, move: Move) -> Outcome:
        if move.cell not in self.grid:
            raise ValueError(f"{move.cell} is outside the {self.width}×{self.height} board")
        if self.end is not None:
            return Outcome(move, notice=Notice.GAME_OVER)
        if move.action is Action.FLAG:
            return self._flag(move)
        if move.action is Action.MARK:
            return self._mark(move)
        if move.action is Action.TRY:
            return self._try(move)
        return self._expand(move)

    def rescue(self, preferred: Sequence[Point]) -> tuple[Outcome, ...]:
        """Reveal a safe cell for a player who has nothing certain left to play.

        The caller ranks the covered cells (the likeliest safe first, as the
        solver sees them); only the engine knows which are really safe, so it
        takes the first that is.  A flag is only the player's opinion: when the
        first safe cell listed carries one, it is taken off before the reveal,
        and both moves are returned, in order.  Nothing when no covered safe
        cell is listed, the game is over or no mine is laid.
        """
        if self.end is not None or self._mines is None:
            return ()
        for cell in preferred:
            if cell in self._revealed or (self._mines is not None and cell in self._mines):
                continue
            taken_off = (
                (self._shown_after(self._flag(Move(Action.FLAG, cell))),)
                if cell in self._flags
                else ()
            )
            return (*taken_off, self._shown_after(self._try(Move(Action.TRY, cell))))
        return ()

    def _shown_after(self, outcome: Outcome) -> Outcome:
        """Bring the kept picture up to date with what ``outcome`` changed; a loss shows
        every mine and every wrong flag, so the picture is drawn anew when next asked."""
        picture = self._picture
        if picture is None:
            return outcome
        if outcome.end is Termination.LOST:
            self._picture = None
            return outcome
        self._picture = patched(picture, outcome.touched, self.shown)
        return outcome

    def _flag(self, move: Move) -> Outcome:
        cell = move.cell
        if cell in self._revealed:
            return Outcome(move, notice=Notice.ALREADY_REVEALED)
        if cell in self._flags:
            self._flags.remove(cell)
            return Outcome(move, unflagged=(cell,))
        self._flags.add(cell)
        return Outcome(move, flagged=(cell,), unmarked=self._unmark((cell,)))

    def _mark(self, move: Move) -> Outcome:
        cell = move.cell
        if cell in self._revealed:
            return Outcome(move, notice=Notice.ALREADY_REVEALED)
        if cell in self._marks:
            self._marks.remove(cell)
            return Outcome(move, unmarked=(cell,))
        unflagged = (cell,) if cell in self._flags else ()
        self._flags.discard(cell)
        self._marks.add(cell)
        return Outcome(move, unflagged=unflagged, marked=(cell,))

    def _unmark(self, cells: Iterable[Point]) -> tuple[Point, ...]:
        """Take the ``?`` off those of ``cells`` that have one (they are flagged or
        revealed now); the cells it was on."""
        gone = tuple(cell for cell in cells if cell in self._marks)
        self._marks.difference_update(gone)
        return gone

    def flag_cycle(self, cell: Point) -> Move:
        """The move a flag command makes when the player uses ``?`` marks: hidden →
        flag → ``?`` → hidden, as the desktop Minesweepers' right click goes."""
        if cell in self._flags or cell in self._marks:
            return Move(Action.MARK, cell)
        return Move(Action.FLAG, cell)

    def _try(self, move: Move) -> Outcome:
        cell = move.cell
        if cell in self._flags:
            return Outcome(move, notice=Notice.FLAGGED)
        if cell in self._revealed:
            return Outcome(move, notice=Notice.ALREADY_REVEALED)
        if self._mines is None:
            raise BoardError("no mines are laid: lay them before the first reveal")
        return self._reveal(move, [cell])

    def _expand(self, move: Move) -> Outcome:
        cell = move.cell
        if cell in self._flags:
            return Outcome(move, notice=Notice.FLAGGED)
        if cell not in self._revealed:
            return Outcome(move, notice=Notice.NOT_REVEALED)
        number = self._numbers[cell]
        flags, hidden = self.around(cell)
        if flags > number:
            return Outcome(move, notice=Notice.TOO_MANY_FLAGS)
        if number == 0 or hidden == 0:
            return Outcome(move, notice=Notice.NOTHING_AROUND)
        if flags == number:
            targets = [
                near
                for near in self.grid.neighbours(cell)
                if near not in self._flags and near not in self._revealed
            ]
            return self._reveal(move, targets)
        if flags + hidden == number:
            certain = tuple(
                near
                for near in self.grid.neighbours(cell)
                if near not in self._flags and near not in self._revealed
            )
            self._flags.update(certain)
            return Outcome(move, flagged=certain, unmarked=self._unmark(certain))
        return Outcome(move, notice=Notice.UNDECIDED)

    # --- internals --------------------------------------------------------------

    def lay(self, mines: frozenset[Point]) -> None:
        """Lay the mines, once, before the first move reveals anything."""
        if self._mines is not None:
            problem = "the mines are laid already"
        elif len(mines) != self.mine_count or not all(map(self.grid.__contains__, mines)):
            problem = f"a layout of {self.mine_count} mines on the board"
        else:
            self._mines = mines
            self._numbers = self.grid.mine_counts(mines)
            return
        raise BoardError(problem)

    def _reveal(self, move: Move, sources: list[Point]) -> Outcome:
        """Reveal ``sources`` and flood outwards from every zero, wave by wave."""
        assert self._mines is not None
        hit = next((cell for cell in sources if cell in self._mines), None)
        if hit is not None:
            self.exploded = hit
            self.end = Termination.LOST
            notice = Notice.WRONG_FLAG if move.action is Action.EXPAND else None
            return Outcome(move, end=Termination.LOST, notice=notice)
        waves: list[tuple[Point, ...]] = []
        wave = list(dict.fromkeys(sources))
        self._revealed.update(wave)
        while wave:
            waves.append(tuple(wave))
            following: list[Point] = []
            for cell in wave:
                if self._numbers[cell]:
                    continue
                for near in self.grid.neighbours(cell):
                    if near not in self._revealed and near not in self._flags:
                        self._revealed.add(near)
                        following.append(near)
            wave = following
        unmarked = self._unmark(cell for wave in waves for cell in wave)
        flagged = self._check_won()
        unmarked += self._unmark(flagged)
        return Outcome(
            move, waves=tuple(waves), flagged=flagged, unmarked=unmarked, end=self.end
        )

    def _check_won(self) -> tuple[Point, ...]:
        """End the game when every safe cell is open, flagging the mines left bare."""
        if self._mines is None or self.hidden_safe:
            return ()
        self.end = Termination.WON
        bare = tuple(sorted(self._mines - self._flags, key=lambda c: (c[1], c[0])))
        self._flags.update(bare)
        return bare


def patched(
    rows: tuple[str, ...], cells: Iterable[Point], shown: Callable[[Point], str]
) -> tuple[str, ...]:
    """``rows`` with ``cells`` as ``shown`` says they look now; only the rows they are
    in are new strings."""
    by_row: dict[int, list[int]] = {}
    for x, y in cells:
        by_row.setdefault(y, []).append(x)
    if not by_row:
        return rows
    changed = list(rows)
    for y, xs in by_row.items():
        line = list(changed[y])
        for x in xs:
            line[x] = shown((x, y))
        changed[y] = "".join(line)
    return tuple(changed)
