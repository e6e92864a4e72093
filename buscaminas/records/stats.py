"""The statistics as the player reads them: per board, for the session just played,
and for the game just finished.

Both the ``stats`` command and ``buscaminas stats`` print these lines, so they
are plain text with no colour and no cursor movement.  How a board is named
(its translated preset, or its size) belongs to the caller, which passes
``board_label``.

Games the AI moved in (assisted), games with a move taken back (undone), games
on a board the player had already seen (practice) and games read from a pipe
(scripted) are kept and counted, but apart: played, won, streaks and best times
are the player's own games only, so that they say how the player plays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..core.board import BoardKind, BoardSpec
from ..core.scoring import GameRecord, index_of_efficiency
from ..i18n import _, ngettext
from .storage import Recorded, Store
from .summaries import BEST_TIMES
from .tally import BoardSummary, GameCount, count_all

BoardLabel = Callable[[BoardSpec], str]


@dataclass(frozen=True)
class BoardStats:
    """The record of every game on one board.

    ``played``, ``won``, the streaks and the tables count the player's own
    games only; ``assisted``, ``undone``, ``practice`` and ``scripted`` count the
    others, each game once, under the first of them that it is
    (:mod:`buscaminas.records.tally`).  ``best_times`` holds only clean wins
    (no-guess board, no hints), so that a best time always means the same
    thing; ``other_wins`` keeps the player's other timed wins apart.
    """

    board: BoardSpec
    played: int
    won: int
    current_streak: int
    best_streak: int
    best_times: tuple[GameRecord, ...]
    other_wins: tuple[GameRecord, ...]
    assisted: GameCount
    undone: GameCount
    practice: GameCount
    scripted: GameCount
    abandoned: int
    """Own games left unfinished and given up: among the played, never among the won."""

    @classmethod
    def of(cls, summary: BoardSummary) -> BoardStats:
        count = summary.count
        return cls(
            board=summary.board,
            played=count("played"),
            won=count("won"),
            current_streak=count("current_streak"),
            best_streak=count("best_streak"),
            best_times=summary.best_times,
            other_wins=summary.other_wins,
            assisted=summary.apart("assisted"),
            undone=summary.apart("undone"),
            practice=summary.apart("practice"),
            scripted=summary.apart("scripted"),
            abandoned=count("abandoned"),
        )

    @property
    def win_rate(self) -> float:
        """Wins over own games played; 0 when the player has played none alone."""
        return self.won / self.played if self.played else 0.0


def statistics(games: Iterable[GameRecord]) -> list[BoardStats]:
    """Per board, from ``games`` in the order they finished: presets first, smaller first.
    The records keep the same counts as games are saved (:meth:`Store.summaries`);
    this counts a list of games the same way."""
    by_board: dict[BoardSpec, list[GameRecord]] = {}
    for game in games:
        by_board.setdefault(game.board, []).append(game)
    return in_order([_summary(board, by_board[board]) for board in by_board])


def _summary(board: BoardSpec, games: Sequence[GameRecord]) -> BoardSummary:
    timed = sorted(
        (game for game in games if game.won and game.own and game.measured),
        key=lambda game: game.seconds,
    )
    return BoardSummary(
        board,
        count_all(games),
        best_times=tuple(game for game in timed if game.clean)[:BEST_TIMES],
        other_wins=tuple(game for game in timed if not game.clean)[:BEST_TIMES],
    )


def in_order(summaries: Iterable[BoardSummary]) -> list[BoardStats]:
    """The boards' statistics, presets first, smaller first."""
    order = sorted(
        summaries,
        key=lambda summary: (
            summary.board.preset is None,
            summary.board.width * summary.board.height,
            summary.board.mines,
        ),
    )
    return [BoardStats.of(summary) for summary in order]


def format_stats(store: Store, board_label: BoardLabel) -> list[str]:
    """The statistics of every board played, or nothing when the store cannot be
    read (it has already warned)."""
    summaries = store.summaries()
    if summaries is None:
        return []
    if not summaries:
        return [_("No games recorded yet.")]
    lines = [
        _(
            "Played, won, streaks and times count your own games only:"
            " no AI moves, no undo, no board you had seen, not played from a pipe."
        )
    ]
    for stats in in_order(summaries):
        lines.append(board_label(stats.board))
        if stats.played:
            lines.append(
                "  "
                + _(
                    "Played {played}, won {won} ({rate});"
                    " current streak {current}, best streak {best}."
                ).format(
                    played=stats.played,
                    won=stats.won,
                    rate=f"{stats.win_rate:.0%}",
                    current=stats.current_streak,
                    best=stats.best_streak,
                )
            )
        if stats.abandoned:
            lines.append(
                "  "
                + ngettext(
                    "{count} of them abandoned.", "{count} of them abandoned.", stats.abandoned
                ).format(count=stats.abandoned)
            )
        for tally, line in (
            (stats.assisted, _("With AI moves (assisted): played {played}, won {won}.")),
            (stats.undone, _("With a move undone: played {played}, won {won}.")),
            (
                stats.practice,
                _("On boards you had seen (practice): played {played}, won {won}."),
            ),
            (stats.scripted, _("Played from a pipe (scripted): played {played}, won {won}.")),
        ):
            if tally.played:
                lines.append("  " + line.format(played=tally.played, won=tally.won))
        if stats.best_times:
            lines.append("  " + _("Best times (no-guess boards, no hints):"))
            lines.extend(_time_rows(stats.best_times))
        if stats.other_wins:
            lines.append("  " + _("Other wins (classic boards or hints; no AI moves):"))
            lines.extend(_time_rows(stats.other_wins))
    return lines


def _time_rows(wins: Sequence[GameRecord]) -> list[str]:
    """One row per timed win; only measured wins reach a table, so each has a rate."""
    rows = []
    for rank, win in enumerate(wins, 1):
        row = _("{rank}. {seconds} s  {date}  3BV/s {speed}").format(
            rank=f"{rank:>2}",
            seconds=f"{win.seconds:7.2f}",
            date=win.started_at.astimezone().date().isoformat(),
            speed=f"{win.three_bv_per_second or 0.0:.2f}",
        )
        notes = _notes(win)
        if notes:
            row += f"  ({notes})"
        rows.append(f"    {row}  {win.code}" if win.code else f"    {row}")
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
    if len(ranked) == 1:
        lines = [_("Your game this session:")]
    else:
        lines = [_("Your games this session, from worst to best:")]
    for rank, game in enumerate(ranked, 1):
        values = {
            "rank": rank,
            "board": board_label(game.board),
            "seconds": f"{game.seconds:.2f}",
            "points": game.points,
        }
        if game.abandoned and game.own:
            line = _("{rank}. Abandoned on {board} after {seconds} s.").format(**values)
        elif game.abandoned:
            line = _("{rank}. Abandoned on {board} after {seconds} s; {who}.").format(
                **values, who=_who_played(game)
            )
        elif not game.own:
            line = (
                _("{rank}. Won on {board} in {seconds} s; {who}.")
                if game.won
                else _("{rank}. Lost on {board} after {seconds} s; {who}.")
            ).format(**values, who=_who_played(game))
        elif not game.won:
            line = _("{rank}. Lost on {board} after {seconds} s, {points} points.").format(**values)
        elif game.three_bv_per_second is None:
            line = _("{rank}. Won on {board} in {seconds} s, {points} points.").format(**values)
        else:
            line = _("{rank}. Won on {board} in {seconds} s: {figures}, {points} points.").format(
                **values, figures=figures(game)
            )
        lines.append("  " + line)
    return lines


def figures(game: GameRecord) -> str:
    """The figures players compare a measured win by, named as they name them:
    3BV/s, RQP, IOE (when the game counted its refused clicks) and throughput."""
    speed, rqp = game.three_bv_per_second, game.rqp
    assert speed is not None and rqp is not None, "only a measured win has figures"
    shown = [
        _("3BV/s {value}").format(value=f"{speed:.2f}"),
        _("RQP {value}").format(value=f"{rqp:.2f}"),
    ]
    if game.clicks is not None:
        ioe = index_of_efficiency(game.three_bv, game.clicks)
        shown.append(_("IOE {value}").format(value=f"{ioe:.2f}"))
    shown.append(_("throughput {value}").format(value=f"{game.throughput:.2f}"))
    return ", ".join(shown)


def _who_played(game: GameRecord) -> str:
    """Why a game that is not the player's own earns nothing."""
    if game.assisted and game.ai_moves:
        return ngettext(
            "the AI made {count} move (assisted, no points)",
            "the AI made {count} moves (assisted, no points)",
            game.ai_moves,
        ).format(count=game.ai_moves)
    if game.assisted:  # recorded before the AI's moves were counted
        return _("the AI played (assisted, no points)")
    if game.undone:
        return _("a move was undone (no points)")
    if game.practice:
        return _("a board you had seen (practice, no record)")
    return _("played from a pipe (scripted, no points)")


def format_result(game: GameRecord, saved: Recorded, *, written: bool = False) -> list[str]:
    """What the player reads when ``game`` ends: for a win, how it went and
    whether it counts; for a loss, which the board shows, only the board's code.
    ``written``: its mines were written to a file as it was played (``save``)."""
    return [*_how_it_went(game, saved, written), *_code(game)]


def _code(game: GameRecord) -> list[str]:
    """The code that deals the board again, to race a friend on it or try it again."""
    if game.code is None:
        return []
    return [
        _("This board's code is {code}: “buscaminas --game {code}” deals it again.").format(
            code=game.code
        )
    ]


def _how_it_went(game: GameRecord, saved: Recorded, written: bool) -> list[str]:
    known = saved is Recorded.PRACTICE or game.practice
    practice = [
        _(
            "Its mines were written to a file as you played: the game is kept in your"
            " statistics as practice, not as a best time or in a streak."
        )
        if written
        else _(
            "You had seen this board before: the game is kept in your statistics as"
            " practice, not as a best time or in a streak."
        )
    ]
    if not game.won:  # practice, where the statistics count it as practice
        counted_as_practice = known and not (game.assisted or game.undone)
        return practice if counted_as_practice else []
    if game.assisted or game.undone:  # won, though not the player's own win
        won = _("Game won in {seconds:.2f} s.").format(seconds=game.seconds)
    else:
        won = _("You won in {seconds:.2f} s.").format(seconds=game.seconds)
    if game.assisted:
        return [
            won,
            _(
                "The AI played in this game: it is kept in your statistics as assisted,"
                " not as a best time."
            ),
        ]
    if game.undone:
        return [
            won,
            _(
                "A move was undone in this game: it is kept in your statistics apart,"
                " not as a best time."
            ),
        ]
    if game.three_bv_per_second is None:
        lines = [won]
    else:
        lines = [
            _("You won in {seconds:.2f} s: {figures}.").format(
                seconds=game.seconds, figures=figures(game)
            )
        ]
    if known:
        lines += practice
    elif game.scripted:
        lines.append(
            _("Played from a pipe: it is kept in your statistics as scripted, not as a best time.")
        )
    elif game.measured and not game.clean:  # the player's own, yet no best time: say why
        lines.append(
            ngettext(
                "With {count} hint, the win counts in your streak but not as a best time.",
                "With {count} hints, the win counts in your streak but not as a best time.",
                game.hints,
            ).format(count=game.hints)
            if game.hints
            else _(
                "On a classic board the win counts in your streak but not as a best time:"
                " best times are of no-guess boards."
            )
        )
    if saved is Recorded.NEW_BEST:
        lines.append(_("New best time!"))
    return lines
