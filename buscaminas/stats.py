"""The statistics as the player reads them: per board, and for the session just played.

Both the ``stats`` command and ``buscaminas stats`` print these lines, so they
are plain text with no colour and no cursor movement.  How a board is named
(its translated preset, or its size) belongs to the caller, which passes
``board_label``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .i18n import _
from .scoring import Board, BoardKind, GameRecord
from .storage import Store

BEST_TIMES = 10
"""How many of the fastest wins each table shows."""

BoardLabel = Callable[[Board], str]


@dataclass(frozen=True)
class BoardStats:
    """The record of every game on one board.

    ``best_times`` holds only clean wins (no-guess board, no hints), so that a
    best time always means the same thing; ``other_wins`` keeps the rest apart.
    """

    board: Board
    played: int
    won: int
    current_streak: int
    best_streak: int
    best_times: tuple[GameRecord, ...]
    other_wins: tuple[GameRecord, ...]

    @property
    def win_rate(self) -> float:
        return self.won / self.played


def statistics(games: Iterable[GameRecord]) -> list[BoardStats]:
    """Per board, from ``games`` in the order they finished: presets first, smaller first."""
    by_board: dict[Board, list[GameRecord]] = {}
    for game in games:
        by_board.setdefault(game.board, []).append(game)
    order = sorted(
        by_board,
        key=lambda board: (board.preset is None, board.width * board.height, board.mines),
    )
    return [_board_stats(board, by_board[board]) for board in order]


def _board_stats(board: Board, games: Sequence[GameRecord]) -> BoardStats:
    current = best = 0
    for game in games:
        current = current + 1 if game.won else 0
        best = max(best, current)
    wins = sorted((game for game in games if game.won), key=lambda game: game.seconds)
    return BoardStats(
        board=board,
        played=len(games),
        won=len(wins),
        current_streak=current,
        best_streak=best,
        best_times=tuple(game for game in wins if game.clean)[:BEST_TIMES],
        other_wins=tuple(game for game in wins if not game.clean)[:BEST_TIMES],
    )


def format_stats(store: Store, board_label: BoardLabel) -> list[str]:
    """The statistics of every board played, or nothing when the store cannot be
    read (it has already warned)."""
    games = store.games()
    if games is None:
        return []
    if not games:
        return [_("No games recorded yet.")]
    lines: list[str] = []
    for stats in statistics(games):
        lines.append(board_label(stats.board))
        lines.append(
            "  "
            + _(
                "Played {played}, won {won} ({rate}); current streak {current}, best streak {best}."
            ).format(
                played=stats.played,
                won=stats.won,
                rate=f"{stats.win_rate:.0%}",
                current=stats.current_streak,
                best=stats.best_streak,
            )
        )
        if stats.best_times:
            lines.append("  " + _("Best times (no-guess boards, no hints):"))
            lines.extend(_time_rows(stats.best_times))
        if stats.other_wins:
            lines.append("  " + _("Other wins (classic boards or hints):"))
            lines.extend(_time_rows(stats.other_wins))
    return lines


def _time_rows(wins: Sequence[GameRecord]) -> list[str]:
    rows = []
    for rank, win in enumerate(wins, 1):
        row = _("{rank}. {seconds} s  {date}  3BV/s {speed}").format(
            rank=f"{rank:>2}",
            seconds=f"{win.seconds:7.2f}",
            date=win.started_at.astimezone().date().isoformat(),
            speed=f"{win.three_bv_per_second:.2f}",
        )
        notes = _notes(win)
        rows.append(f"    {row}  ({notes})" if notes else f"    {row}")
    return rows


def _notes(win: GameRecord) -> str:
    """Why a win is not a clean one."""
    notes = []
    if win.kind is BoardKind.CLASSIC:
        notes.append(_("classic board"))
    if win.hints:
        notes.append(_("hints: {count}").format(count=win.hints))
    return ", ".join(notes)


def worst_to_best(games: Iterable[GameRecord]) -> list[GameRecord]:
    """Losses first, the fewest points first; then wins, the slowest first.

    Ties keep the order the games were played in.
    """
    return sorted(games, key=lambda game: (game.won, -game.seconds if game.won else game.points))


def format_session(games: Iterable[GameRecord], board_label: BoardLabel) -> list[str]:
    """The session's games from worst to best, as the original game showed them
    when the player left; nothing when no game was finished."""
    ranked = worst_to_best(games)
    if not ranked:
        return []
    lines = [_("Your games this session, from worst to best:")]
    for rank, game in enumerate(ranked, 1):
        values = {
            "rank": rank,
            "board": board_label(game.board),
            "seconds": f"{game.seconds:.2f}",
            "points": game.points,
        }
        if game.won:
            line = _(
                "{rank}. Won on {board} in {seconds} s: 3BV/s {speed},"
                " efficiency {efficiency}, {points} points."
            ).format(
                **values,
                speed=f"{game.three_bv_per_second:.2f}",
                efficiency=f"{game.efficiency:.0%}",
            )
        else:
            line = _("{rank}. Lost on {board} after {seconds} s, {points} points.").format(**values)
        lines.append("  " + line)
    return lines
