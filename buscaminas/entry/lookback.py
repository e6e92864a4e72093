"""The tools that look back at recorded games: ``games``, ``replay``, ``review`` and
``export``.

Each reads the records through :class:`~buscaminas.records.storage.Store`, names a
game by its number (the record's row, which never changes) and says plainly
why a game cannot be shown: there is no such game, it was recorded before
games kept their moves, or its moves are damaged.  Everything is plain text
that works in a pipe, except a replay on a terminal, which is watched.
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from .. import i18n
from ..core.scoring import GameRecord
from ..game import efficiency, foreign, textwidth
from ..game.commentary import help_note, review_lines
from ..game.journal import Journal, JournalError, loads
from ..game.playback import Playback, timeline
from ..game.review import review
from ..i18n import _, ngettext
from ..records import documents, outputfile
from ..records.presets import board_name
from ..records.replayfile import ReplayError
from ..records.storage import Store, database_in
from ..ui.icons import IconSet


class NotShown(Exception):
    """Why a game cannot be replayed or reviewed, in the player's words."""


def store_in(data_dir: Path | None) -> Store:
    """The records, warning on standard error; ``data_dir`` as ``--data-dir`` gives it."""
    return Store(database_in(data_dir), on_warning=lambda line: print(line, file=sys.stderr))


def list_games(data_dir: Path | None, count: int | None, form: str = "table") -> int:
    """``buscaminas games``: the last ``count`` games (all of them with None), oldest
    first, as a ``form`` of ``table`` for people, ``json`` or ``csv`` for programs
    (:mod:`buscaminas.records.documents`), or ``ids``, the numbers alone (for
    completion)."""
    if count is not None and count < 1:
        print(_("Give a count of 1 or more, or --all."), file=sys.stderr)
        return 2
    games = store_in(data_dir).recent(count)
    if games is None:
        return 1
    if form == "json":
        print(json.dumps(documents.games_document(games), indent=2))
    elif form == "csv":
        if isinstance(sys.stdout, io.TextIOWrapper):
            sys.stdout.reconfigure(newline="")  # the rows end in CRLF as they are written
        documents.write_games_csv(games, sys.stdout)
    elif form == "ids":
        for number, _game in games:
            print(number)
    elif not games:
        print(_("No games recorded yet."))
    else:
        for line in games_table(games):
            print(line)
    return 0


def print_stats_document(store: Store) -> int:
    """``buscaminas stats --json``: the statistics as one JSON document; none at all when
    the records cannot be read (the store has said why)."""
    summaries = store.summaries()
    if summaries is None:
        return 1
    print(json.dumps(documents.stats_document(summaries), indent=2))
    return 0


def games_table(games: Sequence[tuple[int, GameRecord]]) -> list[str]:
    """One row per game: its number, local date, board, result, time and share code."""
    header = [_("No."), _("Date"), _("Board"), _("Result"), _("Time"), _("Code")]
    rows = [
        [
            str(number),
            game.started_at.astimezone().strftime("%Y-%m-%d %H:%M"),
            board_name(game.board, game.kind),
            result(game),
            f"{game.seconds:.2f}",
            game.code or "-",
        ]
        for number, game in games
    ]
    widths = [max(textwidth.width(row[column]) for row in [header, *rows]) for column in range(6)]
    right = {0, 4}  # numbers line up on the right
    lines = []
    for row in [header, *rows]:
        cells = [
            _padded(cell, widths[column], right=column in right) for column, cell in enumerate(row)
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def result(game: GameRecord) -> str:
    """Won, lost or abandoned, and each thing that sets it apart from the player's own
    games: the AI or an undo helped, the board was one the player had seen, the moves
    came from a pipe.  A list of games must not pass an assisted win, or a board played
    again, off as the player's own; the statistics count it under the first of these
    (:mod:`buscaminas.records.tally`).  The player's own game says its hints, which
    keep it from the best times."""
    shown = _("abandoned") if game.abandoned else _("won") if game.won else _("lost")
    apart = (
        (game.assisted, _("{result}, assisted")),
        (game.undone, _("{result}, with undo")),
        (game.practice, _("{result}, practice")),
        (game.scripted, _("{result}, scripted")),
    )
    for applies, words in apart:
        if applies:
            shown = words.format(result=shown)
    if game.hints and game.own:  # the player's own, but no best time
        hints = ngettext("{result}, {count} hint", "{result}, {count} hints", game.hints)
        shown = hints.format(result=shown, count=game.hints)
    return shown


def _padded(cell: str, columns: int, *, right: bool) -> str:
    room = " " * (columns - textwidth.width(cell))
    return room + cell if right else cell + room


def replay_game(data_dir: Path | None, number: int | Path | None, icons: IconSet | None) -> int:
    """``buscaminas replay [N | FILE]``: game N, or a replay of another game, watched on a
    terminal (``icons`` given), else as lines."""
    try:
        shown = looked_at(data_dir, number)
    except NotShown as why:
        print(why, file=sys.stderr)
        return 1
    if icons is None:
        print(shown.title)
        for line in timeline(shown.journal):
            print(line)
        return 0
    from ..ui.watch import watch  # the terminal's toolkit loads only to watch

    watch(Playback(shown.journal, shown.board), icons)
    return 0


def review_game(data_dir: Path | None, number: int | Path | None, *, clicks: bool = False) -> int:
    """``buscaminas review [N | FILE]``: the moves judged, the summary and the board's
    figures, as plain text; with ``clicks``, where clicks could have been saved instead."""
    try:
        shown = looked_at(data_dir, number)
    except NotShown as why:
        print(why, file=sys.stderr)
        return 1
    start = shown.journal.start
    found = None if start is None else efficiency.coach(shown.journal, start.mines, shown.clicks)
    if clicks and found is not None:
        lines = [shown.title, *efficiency.advice(found)]
    elif clicks:
        print(_("This game's mines were never dealt: it has no clicks to count."), file=sys.stderr)
        return 1
    else:
        judged = review(shown.journal, dealt=shown.dealt)
        lines = [shown.title, *review_lines(judged), *help_note(judged, shown.assisted)]
        if found is not None:
            lines.append(
                efficiency.side_by_side(
                    found.three_bv, found.zini, found.clicks, assisted=found.assisted
                )
            )
    for line in lines:
        print(line)
    return 0


class Shown(NamedTuple):
    """A game as ``replay`` and ``review`` show it."""

    title: str
    board: str
    """The board's name, as the status line gives it."""
    journal: Journal
    clicks: int | None
    """Every click it took, the useless ones too; None when they were not counted."""
    dealt: bool
    """Its mines were laid around the first cell tried, so that reveal was free."""
    assisted: bool


def looked_at(data_dir: Path | None, number: int | Path | None) -> Shown:
    """Game ``number`` (the latest when None) or the replay file it names, as ``replay``
    and ``review`` show it; raises :class:`NotShown` saying why it cannot be."""
    if isinstance(number, Path):
        try:
            played = foreign.read(number)
        except ReplayError as why:
            raise NotShown(str(why)) from None
        title = foreign.heading(number, played)
        # Every Minesweeper that records these replays makes the first click safe.
        return Shown(
            title,
            foreign.board_title(played),
            played.journal,
            played.replay.clicks,
            dealt=True,
            assisted=False,
        )
    number, game, journal = chosen(store_in(data_dir), number)
    board = board_name(game.board, game.kind)
    return Shown(
        heading(number, game),
        board,
        journal,
        game.clicks,
        dealt=game.code is not None,
        assisted=game.assisted,
    )


EXPORTS = (".evf", ".mbf")
"""What ``export`` writes, by the file's name: the game as an EVF replay, or its board
as MBF.  The name decides, because it is what every other tool goes by: a replay
named ``.mbf`` would be opened as a board, and refused."""


def export_game(data_dir: Path | None, number: int, path: Path) -> int:
    """``buscaminas export N FILE``: game N as an EVF replay or its board as MBF, by
    FILE's name, written as every file is (:mod:`buscaminas.records.outputfile`)."""
    store = store_in(data_dir)
    refused = store.own_file(path)
    if refused is not None:
        print(refused, file=sys.stderr)
        return 1
    suffix = path.suffix.lower()
    if suffix not in EXPORTS:
        print(
            _("“{file}”: name it .evf for the game's replay, or .mbf for its board.").format(
                file=path
            ),
            file=sys.stderr,
        )
        return 2
    try:
        number, game, journal = chosen(store, number)
        data = exported(game, journal, replay=suffix == ".evf")
    except NotShown as why:
        print(why, file=sys.stderr)
        return 1
    what = _("an EVF replay") if suffix == ".evf" else _("an MBF board")
    try:
        try:
            outputfile.write_bytes(path, data, replace=False)
        except FileExistsError:
            print(_("There is already a file {file}.").format(file=path))
            if not _agreed(_("Replace it with this game? [y = yes, Enter = no] ")):
                print(_("Not saved: {file} is as it was.").format(file=path))
                return 1
            outputfile.write_bytes(path, data, replace=True)
    except OSError as error:
        print(
            _("Game {number} was not written to {file}: {reason}.").format(
                number=number, file=path, reason=i18n.reason(error)
            ),
            file=sys.stderr,
        )
        return 1
    written = _("Game {number} written to {file} as {what}.")
    print(written.format(number=number, file=path, what=what))
    return 0


def exported(game: GameRecord, journal: Journal, *, replay: bool) -> bytes:
    """The bytes of game ``game`` (its ``journal``) as a replay or as its board; raises
    :class:`NotShown` for a game the replay format cannot hold."""
    from ..game import evf
    from ..records import mbf

    if not replay:
        if journal.start is None:
            raise NotShown(_("This game's mines were never dealt: it has no board to write."))
        return mbf.dump(journal.width, journal.height, journal.start.mines)
    try:
        return evf.dumps(
            journal,
            kind=game.kind,
            three_bv=game.three_bv,
            seconds=game.seconds,
            started_at=game.started_at,
            # dealt by the game (a code), won alone, with no hint, on a board not seen before
            fair=game.won and game.own and game.hints == 0 and game.code is not None,
        )
    except evf.EvfError as why:
        raise NotShown(
            _("This game cannot be written as a replay: {why}; its board can (.mbf).").format(
                why=why
            )
        ) from None


def _agreed(question: str) -> bool:
    """Ask ``question`` on standard output; only a yes read from standard input agrees
    (the end of the input does not)."""
    from ..game.questions import SURE

    print(question, end="", flush=True)
    answer = sys.stdin.readline()
    if not answer.endswith("\n") or not sys.stdin.isatty():
        print()  # what a pipe answered, or the end of the input, is not echoed
    return answer.strip().lower() in SURE


def heading(number: int, game: GameRecord) -> str:
    """``Game 12: Beginner 8×8, no-guess, 2026-11-26 06:10: won, 20.31 s.``"""
    return _("Game {number}: {board}, {date}: {result}, {seconds:.2f} s.").format(
        number=number,
        board=board_name(game.board, game.kind),
        date=game.started_at.astimezone().strftime("%Y-%m-%d %H:%M"),
        result=result(game),
        seconds=game.seconds,
    )


def chosen(store: Store, number: int | None) -> tuple[int, GameRecord, Journal]:
    """Game ``number`` (the latest with its moves when None) and its journal; raises
    :class:`NotShown` saying why there is none to show."""
    if number is None:
        latest = store.last_with_journal()
        if latest is None:
            raise NotShown(_("No game has been recorded with its moves yet: play one first."))
        number, game = latest
    else:
        found = store.game(number)
        if found is None:
            raise NotShown(
                _("There is no game number {number}: “buscaminas games” lists them.").format(
                    number=number
                )
            )
        game = found
    if game.journal is None:
        raise NotShown(
            _(
                "Game {number} was recorded before games kept their moves:"
                " it cannot be replayed or reviewed."
            ).format(number=number)
        )
    try:
        return number, game, loads(game.journal)
    except JournalError:
        raise NotShown(
            _("The moves of game {number} are damaged: they cannot be read.").format(number=number)
        ) from None
