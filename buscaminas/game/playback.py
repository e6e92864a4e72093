"""A recorded game played again: where it stands, when its next move comes, what to show.

:class:`Playback` walks a :class:`~buscaminas.game.journal.Journal` one move at a
time and says how long to wait before the next one, at the game's own pace
times the chosen speed, so that a front end only has to wait and draw.  A
long pause of the player's (a minute's thought, a coffee) is cut to
:data:`LONGEST_WAIT`, so that a replay never looks frozen.  :func:`timeline`
is the same game as plain lines, for a pipe.
"""

from __future__ import annotations

from ..core.engine import Minesweeper, Termination
from ..i18n import _
from .commands import label, said
from .journal import Journal, Played
from .view import State, View

LONGEST_WAIT = 2.0
"""Seconds, at normal speed, that the longest wait between two moves is cut to."""
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
"""The speeds + and - step through; the replay starts at the game's own pace."""
NORMAL = SPEEDS.index(1.0)


class Playback:
    """A game being played again: the moves shown so far, the speed, paused or not."""

    def __init__(self, journal: Journal, board_name: str) -> None:
        self.journal = journal
        self.board_name = board_name
        self.shown = 0
        """How many moves are on the board."""
        self.game: Minesweeper = journal.game(0)
        self.speed_index = NORMAL
        self.paused = False

    @property
    def total(self) -> int:
        return len(self.journal.moves)

    @property
    def done(self) -> bool:
        return self.shown == self.total

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def wait(self) -> float:
        """Seconds before the next move at the current speed: the game's own gap,
        cut to :data:`LONGEST_WAIT`; 0 when every move is shown."""
        if self.done:
            return 0.0
        moves = self.journal.moves
        before = moves[self.shown - 1].at if self.shown else 0.0
        gap = max(0.0, moves[self.shown].at - before)
        return min(gap, LONGEST_WAIT) / self.speed

    def forward(self) -> None:
        """Play the next move, if there is one."""
        if not self.done:
            self.game.act(self.journal.moves[self.shown].move)
            self.shown += 1

    def back(self) -> None:
        """Take the last move shown off the board again."""
        if self.shown:
            self.shown -= 1
            self.game = self.journal.game(self.shown)

    def faster(self) -> None:
        self.speed_index = min(self.speed_index + 1, len(SPEEDS) - 1)

    def slower(self) -> None:
        self.speed_index = max(self.speed_index - 1, 0)

    def toggle(self) -> None:
        """Pause, or go on; at the end, start again from the first move."""
        if self.done:
            self.shown, self.game, self.paused = 0, self.journal.game(0), False
            return
        self.paused = not self.paused

    def clock(self) -> float:
        """The game's clock at the last move shown."""
        return self.journal.moves[self.shown - 1].at if self.shown else 0.0

    def view(self) -> View:
        """The board as it stood after the moves shown, the last move under the cursor,
        and under the board where the replay is and which keys drive it."""
        game = self.game
        last = self.journal.moves[self.shown - 1] if self.shown else None
        if self.shown:
            assert last is not None
            where = _("Move {number} of {total}, at {seconds:.2f} s: {move}").format(
                number=self.shown, total=self.total, seconds=self.clock(), move=whose(last)
            )
        else:
            where = _("The start: {total} moves to come.").format(total=self.total)
        note = _("Waits longer than {seconds:g} s are cut to {seconds:g} s.").format(
            seconds=LONGEST_WAIT
        )
        if self.done:
            keys = _("Space plays it again · ← or p: back · q leaves")
            note = ending(game, self.clock())
        elif self.paused:
            keys = _("Space plays · → or n: next · ← or p: back · + −: speed · q leaves")
        else:
            keys = _("Space pauses · + −: speed · q leaves")
        return View(
            rows=tuple(game.rows()),
            mines_left=game.mines_left,
            state=_state(game),
            elapsed=self.clock(),
            board_name=self.board_name,
            messages=(where, keys, note),
            exploded=game.exploded,
            cursor=None if last is None else last.move.cell,
            keys=self.status(),
        )

    def status(self) -> str:
        """A few words for the status line: replaying or paused, at which speed."""
        speed = f"{self.speed:g}×"
        if self.done:
            return _("Replay over")
        if self.paused:
            return _("Paused, {speed}").format(speed=speed)
        return _("Replay, {speed}").format(speed=speed)


def whose(played: Played) -> str:
    """The move in words, marked when the AI chose it: a replay shows who played what."""
    if played.by_ai:
        return _("{move} (the AI)").format(move=said(played.move))
    return said(played.move)


def timeline(journal: Journal) -> list[str]:
    """The game as plain lines, for a pipe: each move with its time, then how it ended."""
    lines = [f"{played.at:>8.2f}  {whose(played)}" for played in journal.moves]
    at = journal.moves[-1].at if journal.moves else 0.0
    return [*lines, ending(journal.game(), at)]


def ending(game: Minesweeper, seconds: float) -> str:
    """How the game stood after its last move: won, lost on which mine, or left."""
    if game.end is Termination.WON:
        return _("Won in {seconds:.2f} s.").format(seconds=seconds)
    if game.end is Termination.LOST and game.exploded is not None:
        return _("Lost at {seconds:.2f} s: the mine at {cell} exploded.").format(
            seconds=seconds, cell=label(game.exploded)
        )
    # its journal knows the last move's time, not how long the player stayed after it
    return _("Not finished: its last move at {seconds:.2f} s.").format(seconds=seconds)


def _state(game: Minesweeper) -> State:
    if game.end is Termination.WON:
        return State.WON
    if game.end is Termination.LOST:
        return State.LOST
    return State.PLAYING
