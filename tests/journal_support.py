"""Journals as earlier versions wrote them (JSON, formats 1 and 2), which the game reads
still, for the tests of games recorded or kept before the compact form."""

from __future__ import annotations

import json

from buscaminas.core.engine import Action, Move
from buscaminas.core.grid import Point
from buscaminas.game.journal import BY_THE_AI, Journal, Played
from buscaminas.records.boardfile import BoardFile


def json_journal(journal: Journal, written: int = 2) -> str:
    """``journal`` as format ``written`` (1 or 2) wrote it: format 1 said nothing of whose
    the moves were, nor counted refused commands."""
    document: dict[str, object] = {
        "format": written,
        "size": [journal.width, journal.height, journal.mine_count],
        "moves": [
            [played.move.action.value, *played.move.cell, played.at]
            + ([BY_THE_AI] if played.by_ai and written == 2 else [])
            for played in journal.moves
        ],
    }
    if journal.refused is not None and written == 2:
        document["refused"] = journal.refused
    start = journal.start
    if start is not None:
        shown = {
            "mines": _cells(start.mines),
            "revealed": _cells(start.revealed),
            "flagged": _cells(start.flagged),
        }
        if start.marked:
            shown["marked"] = _cells(start.marked)
        document["start"] = shown
    return json.dumps(document, separators=(",", ":"))


def _cells(cells: frozenset[Point]) -> list[list[int]]:
    return [[x, y] for x, y in sorted(cells, key=lambda cell: (cell[1], cell[0]))]


KEPT = Journal(
    5,
    3,
    2,
    start=BoardFile(5, 3, frozenset({(4, 0), (4, 2)}), frozenset(), frozenset()),
    moves=[
        Played(Move(Action.TRY, (0, 0)), 0.0),
        Played(Move(Action.FLAG, (4, 0)), 1.0),
        Played(Move(Action.FLAG, (4, 2)), 2.0),
        Played(Move(Action.EXPAND, (3, 0)), 30.0),
    ],
)
"""A won game whose moves come a second or more apart, with one long wait."""
