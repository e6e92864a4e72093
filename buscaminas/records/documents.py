"""The records for programs: ``stats --json``, ``games --json`` and ``games --csv``.

An interface, not words: the keys, the CSV header and every value that names
something (``"won"``, ``"no-guess"``, a preset's name) are English in either
language, and a document says which ``schema`` it follows, raised when a field
changes meaning or goes (a field added leaves it alone).  Times are in UTC,
as RFC 3339 writes them; a value the record does not have is ``null`` (an
empty CSV cell).  The README lists every field.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Sequence
from typing import TextIO

from ..core.scoring import GameRecord
from .stats import BoardStats, in_order
from .tally import BoardSummary, GameCount

SCHEMA = 1

Value = str | int | float | bool | None
Numbered = tuple[int, GameRecord]


def _result(game: GameRecord) -> str:
    return "abandoned" if game.abandoned else "won" if game.won else "lost"


def _rate(game: GameRecord) -> float | None:
    """3BV/s of a win worth timing, as the tables show it; none for a loss, whose time
    says nothing of the whole board's 3BV."""
    rate = game.three_bv_per_second
    return round(rate, 4) if game.won and rate is not None else None


def _started(game: GameRecord) -> str:
    return game.started_at.strftime("%Y-%m-%dT%H:%M:%SZ")


GAME_FIELDS: dict[str, Callable[[int, GameRecord], Value]] = {
    "number": lambda number, game: number,
    "started_at": lambda number, game: _started(game),
    "preset": lambda number, game: game.preset,
    "width": lambda number, game: game.width,
    "height": lambda number, game: game.height,
    "mines": lambda number, game: game.mines,
    "kind": lambda number, game: str(game.kind),
    "result": lambda number, game: _result(game),
    "seconds": lambda number, game: round(game.seconds, 3),
    "three_bv": lambda number, game: game.three_bv,
    "three_bv_per_second": lambda number, game: _rate(game),
    "clicks": lambda number, game: game.clicks,
    "effective_clicks": lambda number, game: game.board_commands,
    "hints": lambda number, game: game.hints,
    "ai_moves": lambda number, game: game.ai_moves,
    "points": lambda number, game: game.points,
    "own": lambda number, game: game.own,
    "assisted": lambda number, game: game.assisted,
    "undone": lambda number, game: game.undone,
    "practice": lambda number, game: game.practice,
    "scripted": lambda number, game: game.scripted,
    "code": lambda number, game: game.code,
    "replay": lambda number, game: game.journal is not None,
}
"""A game's fields, in order: the objects of ``games --json`` and the columns of
``games --csv`` alike."""

BEST_TIME_FIELDS = (
    "started_at", "seconds", "three_bv", "three_bv_per_second", "kind", "hints", "code"
)
"""A fastest win's fields in ``stats --json``: the columns of the text's tables (the
records keep these wins without their numbers)."""


def game_fields(number: int, game: GameRecord) -> dict[str, Value]:
    return {name: field(number, game) for name, field in GAME_FIELDS.items()}


def games_document(games: Sequence[Numbered]) -> dict[str, object]:
    """``games --json``: the games listed, oldest first."""
    return {"schema": SCHEMA, "games": [game_fields(number, game) for number, game in games]}


def write_games_csv(games: Sequence[Numbered], out: TextIO) -> None:
    """``games --csv``: a header row, then a row per game, as RFC 4180 writes them
    (CRLF, quotes where a value needs them); true and false as words, null as nothing."""
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(GAME_FIELDS)
    for number, game in games:
        writer.writerow(_cell(value) for value in game_fields(number, game).values())


def _cell(value: Value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def stats_document(summaries: Sequence[BoardSummary]) -> dict[str, object]:
    """``stats --json``: every board played, as ``stats`` orders them."""
    return {"schema": SCHEMA, "boards": [_board(stats) for stats in in_order(summaries)]}


def _board(stats: BoardStats) -> dict[str, object]:
    board = stats.board
    return {
        "preset": board.preset,
        "width": board.width,
        "height": board.height,
        "mines": board.mines,
        "played": stats.played,
        "won": stats.won,
        "abandoned": stats.abandoned,
        "current_streak": stats.current_streak,
        "best_streak": stats.best_streak,
        **{
            sort: _count(count)
            for sort, count in (
                ("assisted", stats.assisted),
                ("undone", stats.undone),
                ("practice", stats.practice),
                ("scripted", stats.scripted),
            )
        },
        "best_times": [_best(game) for game in stats.best_times],
        "other_wins": [_best(game) for game in stats.other_wins],
    }


def _count(count: GameCount) -> dict[str, int]:
    return {"played": count.played, "won": count.won}


def _best(game: GameRecord) -> dict[str, Value]:
    fields = game_fields(0, game)  # a fastest win comes without its number
    return {name: fields[name] for name in BEST_TIME_FIELDS}
