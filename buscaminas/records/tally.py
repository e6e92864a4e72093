"""What the statistics count of one board, one game at a time.

The counts are a fold over the board's games in the order they were recorded:
the records keep the fold's result beside the games and add each game as it is
saved (:class:`~buscaminas.records.storage.Store`), and count a board again from
its games when the kept result is stale; both go through :func:`counted`, so
that a count kept and a count made again agree.

Games the AI moved in (assisted), games with a move taken back (undone), games on
a board seen before (practice) and games from a pipe (scripted) are counted
apart, each under the first of these it is; the rest are the player's own, which
alone make the played, won and abandoned counts and the streaks.
"""

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ..core.board import BoardSpec
from ..core.scoring import GameRecord
from .gamerow import LARGEST, BadRow, board_of, flag, whole

TALLIES = (
    "played",
    "won",
    "abandoned",
    "current_streak",
    "best_streak",
    "assisted_played",
    "assisted_won",
    "undone_played",
    "undone_won",
    "practice_played",
    "practice_won",
    "scripted_played",
    "scripted_won",
)
"""The counts, in the order :func:`counted` keeps them (and the summaries' columns)."""
NOTHING = (0,) * len(TALLIES)
APART = 5
"""Where the counts of games that are not the player's own begin: pairs played, won."""


class GameCount(NamedTuple):
    """How many games of one sort were played and won."""

    played: int = 0
    won: int = 0


class BoardSummary(NamedTuple):
    """A board's counts (:data:`TALLIES`) and its fastest wins, best first."""

    board: BoardSpec
    counts: tuple[int, ...]
    best_times: tuple[GameRecord, ...] = ()
    other_wins: tuple[GameRecord, ...] = ()

    def count(self, name: str) -> int:
        return self.counts[TALLIES.index(name)]

    def apart(self, sort: str) -> GameCount:
        """The tally of the games of ``sort`` (assisted, undone, practice, scripted)."""
        return GameCount(self.count(f"{sort}_played"), self.count(f"{sort}_won"))


def counted(counts: tuple[int, ...], game: GameRecord) -> tuple[int, ...]:
    """``counts`` with ``game``, recorded after every game they count, added."""
    sorts = (game.assisted, game.undone, game.practice, game.scripted)
    sort = next((index for index, apart in enumerate(sorts) if apart), None)
    new = list(counts)
    if sort is not None:
        new[APART + 2 * sort] += 1
        new[APART + 2 * sort + 1] += game.won
        return tuple(new)
    played, won, abandoned, current, best = counts[:APART]
    current = current + 1 if game.won else 0
    best = max(best, current)
    new[:APART] = played + 1, won + game.won, abandoned + game.abandoned, current, best
    return tuple(new)


def count_all(games: Iterable[GameRecord]) -> tuple[int, ...]:
    """The counts of ``games``, in the order they were recorded."""
    counts = NOTHING
    for game in games:
        counts = counted(counts, game)
    return counts


class Summary(NamedTuple):
    """A board's summary as the records keep it, read and checked: its row, its board,
    whether it counts every game of the board (``fresh``), the last game it counts."""

    rowid: int
    board: BoardSpec
    fresh: bool
    last_id: int
    counts: tuple[int, ...]


def summary_of(row: Sequence[object]) -> Summary:
    """The summary ``row`` holds (rowid, preset, width, height, mines, fresh, last_id,
    then the :data:`TALLIES`); :class:`~buscaminas.records.gamerow.BadRow` if a column
    is not what the game writes, and the summary is to be counted again."""
    if len(row) != 7 + len(TALLIES):
        raise BadRow(f"not a summary of {7 + len(TALLIES)} columns")
    rowid, preset, width, height, mines, fresh, last_id, *counts = row
    return Summary(
        whole("rowid", rowid, -LARGEST - 1),
        board_of(preset, width, height, mines),
        flag("fresh", fresh),
        whole("last_id", last_id, -LARGEST - 1),
        tuple(whole(name, count) for name, count in zip(TALLIES, counts, strict=True)),
    )
