"""How well a finished game was played: 3BV, points, the speed and click figures
Minesweeper players compare (3BV/s, RQP, IOE, throughput), and the record kept of it.

Everything here is a pure function of a finished board and the engine's
outcomes, so the statistics can be checked on hand-made boards with no
database and no terminal.
"""

from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, NamedTuple

from .board import BoardKind, BoardSpec
from .grid import Grid, Point

if TYPE_CHECKING:  # the statistics read records without loading the rules of the game
    from .engine import Minesweeper, Outcome

FLOOD_POINTS = 20
"""Points of the original game for each cell a flood opened on its own."""

NUMBER_POINTS = 60
"""Points of the original game for each number the player opened by hand."""


class GameRecord(NamedTuple):
    """Everything remembered about one finished game.

    The rates are properties rather than fields so that a record can never
    disagree with the counts it was computed from.  They measure the whole
    board's 3BV, so they describe wins; a lost game left part of it unsolved.

    ``assisted`` says the AI made moves (``ai_moves`` of them), ``undone`` that a
    move was taken back, ``scripted`` that the moves came from a pipe rather than a
    person at the keyboard: such games are kept, but they say nothing of the
    player's own speed, so they earn no points and stay out of best times and
    streaks.
    """

    started_at: datetime
    """In UTC (:func:`in_utc`): both ways a record is made, from a game and from the
    records, refuse any other time."""
    preset: str | None
    width: int
    height: int
    mines: int
    kind: BoardKind
    seed: int | None
    won: bool
    seconds: float
    three_bv: int
    board_commands: int
    hints: int
    points: int
    assisted: bool
    scripted: bool
    abandoned: bool = False
    """Left unfinished for good: played and not won, so that leaving protects no record."""
    identity: str | None = None
    """The game's own name in the records: one record each, never written over."""
    code: str | None = None
    """The share code that deals its board again, when it was dealt from a seed."""
    journal: str | None = None
    """Its start and timed moves (:mod:`buscaminas.game.journal`), for replay and review."""
    clicks: int | None = None
    """Every board command given, refused ones included, for IOE; None for a game
    recorded before the records kept the count."""
    undone: bool = False
    """A move was taken back; games recorded before this was kept apart from the AI's
    moves say ``assisted`` instead."""
    practice: bool = False
    """Played on a board the player had already seen (the records decide, as the game
    is saved): counted, but apart, like an assisted game, and never a best time."""
    fingerprint: str | None = None
    """Its board's fingerprint (:mod:`buscaminas.records.seen`), which the game that
    dealt it knows, so that the records never read the journal's form for it."""
    ai_moves: int | None = None
    """The moves the AI made, counted apart from ``hints``; None for a game recorded
    before they were, whose hints counted them."""

    @classmethod
    def from_game(
        cls,
        game: "Minesweeper",
        score: "Score",
        *,
        started_at: datetime,
        seconds: float,
        preset: str | None,
        kind: BoardKind,
        seed: int | None,
        hints: int,
        assisted: bool,
        scripted: bool,
        undone: bool = False,
        abandoned_layout: frozenset[Point] | None = None,
        identity: str | None = None,
        code: str | None = None,
        journal: str | None = None,
        clicks: int | None = None,
        fingerprint: str | None = None,
        ai_moves: int = 0,
        practice: bool = False,
    ) -> "GameRecord":
        """The record of ``game``, whose moves made ``score``: over, or abandoned with
        its mines (``abandoned_layout``), which the engine keeps hidden until the end;
        ``practice`` when the player could know its mines as they played (the records
        may find it so too, its board seen in another game)."""
        from .engine import Termination

        abandoned = abandoned_layout is not None
        if game.end is None and not abandoned:
            raise ValueError("only a finished game can be recorded")
        mines = game.layout if abandoned_layout is None else abandoned_layout
        own = not (assisted or undone or scripted or abandoned or practice)
        return cls(
            started_at=in_utc(started_at),
            preset=preset,
            width=game.width,
            height=game.height,
            mines=game.mine_count,
            kind=kind,
            seed=seed,
            won=game.end is Termination.WON,
            seconds=seconds,
            three_bv=three_bv(game.width, game.height, mines),
            board_commands=score.board_commands,
            hints=hints,
            points=score.points if own else 0,
            assisted=assisted,
            scripted=scripted,
            abandoned=abandoned,
            identity=identity,
            code=code,
            journal=journal,
            clicks=clicks,
            undone=undone,
            fingerprint=fingerprint,
            ai_moves=ai_moves,
            practice=practice,
        )

    @property
    def board(self) -> BoardSpec:
        return BoardSpec(self.preset, self.width, self.height, self.mines)

    @property
    def own(self) -> bool:
        """Played by the player alone, at the keyboard, on a board they had not seen:
        the games that streaks count."""
        return not (self.assisted or self.undone or self.scripted or self.practice)

    @property
    def measured(self) -> bool:
        """Whether the time says anything of skill.

        A board that fell to one click (3BV 1, or a single command) or in no
        measurable time was luck, not speed: it makes no best time and no rate.
        """
        return self.seconds > 0 and self.three_bv > 1 and self.board_commands > 1

    @property
    def clean(self) -> bool:
        """A win that counts for the best times: the player's own, on a no-guess
        board, with no hint, in a time worth measuring."""
        return (
            self.won
            and self.own
            and self.kind is BoardKind.NO_GUESS
            and self.hints == 0
            and self.measured
        )

    @property
    def three_bv_per_second(self) -> float | None:
        """The board's 3BV over the time; None when the time measured nothing."""
        return self.three_bv / self.seconds if self.measured else None

    @property
    def rqp(self) -> float | None:
        """RQP, *rapport qualité prix*: the time over 3BV/s, that is time² / 3BV (lower
        is better), as minesweepergame.com and ms_toollib define it; None when the time
        measured nothing."""
        return self.seconds * self.seconds / self.three_bv if self.measured else None

    @property
    def throughput(self) -> float:
        """Throughput: 3BV per effective click, a command that changed the board; 0
        when none did (a board file that was already solved).

        Not IOE (:func:`index_of_efficiency`), which counts the wasted clicks too.
        ms_toollib is stricter on flags: it counts only the first flag put on each
        mine as effective, so games with a wrong flag or a flag taken off score
        lower there.
        """
        return self.three_bv / self.board_commands if self.board_commands else 0.0


def in_utc(moment: datetime) -> datetime:
    """``moment``, refused unless it is in UTC: a naive or local time would be misread
    once the player's zone changes."""
    if moment.utcoffset() != timedelta(0):
        raise ValueError(f"a game's start must be in UTC, not {moment!r}")
    return moment


def three_bv(width: int, height: int, mines: Iterable[Point]) -> int:
    """The fewest clicks that clear the board: Bechtel's Board Benchmark Value.

    One click per opening (a connected region of zeros, which a flood clears
    with its whole border of numbers), plus one per number that no opening
    borders, since only a click of its own reveals it.
    """
    grid = Grid(width, height)
    numbers = grid.mine_counts(frozenset(mines))
    opened: set[Point] = set()
    openings = 0
    for start, number in numbers.items():
        if number or start in opened:
            continue
        openings += 1
        opened.add(start)
        frontier = [start]
        while frontier:
            cell = frontier.pop()
            for near in grid.neighbours(cell):
                if near not in opened:
                    opened.add(near)
                    if numbers[near] == 0:
                        frontier.append(near)
    return openings + len(numbers.keys() - opened)


def move_points(outcome: "Outcome", number: Callable[[Point], int | None]) -> int:
    """What one move scores in the original game; ``number``: a revealed cell's number.

    A move reveals its first wave directly: the cell tried, or the cells an
    expand opens around a number.  Each number among those is worth
    :data:`NUMBER_POINTS`; a zero among them is worth nothing itself but
    starts a flood, and every cell of the later waves is worth
    :data:`FLOOD_POINTS`.  A move that explodes reveals nothing and scores
    nothing.
    """
    if not outcome.waves:
        return 0
    direct, *flood = outcome.waves
    numbers = NUMBER_POINTS * sum(1 for cell in direct if number(cell))
    return numbers + FLOOD_POINTS * sum(len(wave) for wave in flood)


class Score(NamedTuple):
    """What a game's moves have scored so far: the board commands (the effective
    clicks) and the points, added move by move as the moves are made, so that
    recording a game never plays it all again."""

    board_commands: int = 0
    points: int = 0

    def after(self, outcome: "Outcome", number: Callable[[Point], int | None]) -> "Score":
        """The score once ``outcome``'s move is made; ``number``: a revealed cell's number."""
        if not outcome.changed_board:
            return self
        return Score(self.board_commands + 1, self.points + move_points(outcome, number))

    @classmethod
    def of(cls, outcomes: "Iterable[Outcome]", number: Callable[[Point], int | None]) -> "Score":
        """The score of ``outcomes``, made one after another."""
        score = cls()
        for outcome in outcomes:
            score = score.after(outcome, number)
        return score


def index_of_efficiency(three_bv: int, clicks: int) -> float:
    """IOE: 3BV per click, every board command the player gave counted once (a chord,
    ``expand``, is one click), the refused ones included; 0 with no click."""
    return three_bv / clicks if clicks else 0.0


