"""Undo and redo: any move taken back, the losing one too, and put back; the journal
they stand on rebuilds every earlier position."""

from __future__ import annotations

import base64
import itertools
import sqlite3
import tempfile
from contextlib import closing
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.review import played
from buscaminas.core.engine import Action, Move, Termination
from buscaminas.game.commands import Command, Verb, parse
from buscaminas.game.journal import FORMAT, Journal, JournalError, Played, loads
from buscaminas.game.keeper import Keeper
from buscaminas.game.questions import Question
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.records.storage import Store
from tests.cells_support import picks
from tests.loop_support import BOARD, session_on
from tests.terminal_support import run_piped


def test_nothing_to_undo_or_redo_at_the_start(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.handle(Command(Verb.UNDO))
    assert session.view().messages == ("Nothing to undo.",)
    session.handle(Command(Verb.REDO))
    assert session.view().messages == ("Nothing to redo.",)


def test_a_flag_is_taken_back_and_put_back(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.handle(Command(Verb.FLAG, (1, 1)))
    session.handle(Command(Verb.UNDO))
    assert session.current.game.flags == frozenset()
    assert session.view().messages == ("Took back “flag 2 2”. Type “redo” to put it back.",)
    session.handle(Command(Verb.REDO))
    assert session.current.game.flags == {(1, 1)}


def test_a_reveal_is_taken_back_with_its_whole_opening(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    hidden = session.view().rows
    session.handle(Command(Verb.TRY, (2, 1)))
    opened = session.view().rows
    assert opened != hidden
    session.handle(Command(Verb.UNDO))
    assert session.view().rows == hidden
    session.handle(Command(Verb.REDO))
    assert session.view().rows == opened


def test_a_new_move_forgets_what_was_taken_back(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.handle(Command(Verb.FLAG, (1, 1)))
    session.handle(Command(Verb.UNDO))
    session.handle(Command(Verb.FLAG, (2, 2)))
    session.handle(Command(Verb.REDO))
    assert session.view().messages == ("Nothing to redo.",)
    assert session.current.game.flags == {(2, 2)}


def test_the_losing_move_is_taken_back_and_the_loss_stays_recorded_beside_what_follows(
    tmp_path: Path,
) -> None:
    """The board is 5×4 with mines at 1 1, 1 4 and 5 4 (1-based)."""
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (2, 1)))
    reply = session.handle(Command(Verb.TRY, (0, 0)))
    assert reply.question is Question.AGAIN and session.current.game.end is Termination.LOST
    lost = session.keeper.store.games()
    assert lost is not None and [game.won for game in lost] == [False]
    session.answer("undo")  # at “play again?”, undo reopens the game
    assert session.question is None and session.current.game.end is None
    assert session.keeper.store.games() == lost and session.records == lost, (
        "the loss stays as it was"
    )
    assert session.view().rows[0][0] == "#"
    for cell in [(0, 1), (0, 2), (4, 0), (4, 1), (4, 2), (1, 3), (2, 3), (3, 3)]:
        if session.current.game.end is None:
            session.handle(Command(Verb.TRY, cell))
    assert session.current.game.end is Termination.WON
    games = session.keeper.store.games()
    assert games is not None and len(games) == 2, "the loss, then the game it went on as"
    loss, win = games
    assert loss == lost[0]
    assert win.won and win.undone and not win.assisted and not win.clean
    assert win.identity != loss.identity and win.seconds >= loss.seconds
    assert not win.practice, "its board was seen in its own lost half, not before"
    assert session.records == games


def in_progress(session: Session) -> list[str]:
    """The games the records keep in progress, by name."""
    with closing(sqlite3.connect(session.keeper.store.path)) as db:
        return [identity for (identity,) in db.execute("SELECT identity FROM unfinished")]


def lost_after(tmp_path: Path, seconds: float) -> tuple[Session, list[float]]:
    """A game on :data:`BOARD` lost ``seconds`` after its first reveal, and its clock."""
    clock = [100.0]
    store = Store(tmp_path / "games.sqlite3", on_warning=print)
    settings = Settings(5, 4, 3, board_file=BOARD)
    session = Session(settings, Keeper(store), legend=[], clock=lambda: clock[0])
    session.handle(Command(Verb.TRY, (2, 1)))
    clock[0] += seconds
    session.handle(Command(Verb.TRY, (0, 0)))
    return session, clock


@pytest.mark.parametrize("taken_back", [1, 2])
def test_a_loss_taken_back_and_put_back_is_the_same_loss_recorded_once(
    tmp_path: Path, taken_back: int
) -> None:
    session, clock = lost_after(tmp_path, 4.0)
    lost = session.keeper.store.games()
    assert lost is not None and len(lost) == 1 and lost[0].seconds == 4.0
    told = session.view().messages
    clock[0] += 30.0  # the player reads the loss, takes it back, thinks, puts it back
    session.answer("undo")
    for _ in range(taken_back - 1):
        session.handle(Command(Verb.UNDO))
    session.keep()  # as the loop does once the board is drawn
    assert in_progress(session) == [session.current.identity], "what goes on is kept"
    for _ in range(taken_back):
        clock[0] += 5.0
        reply = session.handle(Command(Verb.REDO))
        session.keep()
    assert reply.question is Question.AGAIN and session.current.game.end is Termination.LOST
    assert session.keeper.store.games() == lost and session.records == lost
    assert in_progress(session) == [], "nothing is left in progress"
    assert session.view().messages[1:] == told, "the loss is told as at its end"
    assert session.current.seconds() == 4.0, "its time is the loss's"
    session.answer("undo")  # and it can be taken back again, and lost another way
    session.handle(Command(Verb.TRY, (0, 3)))
    games = session.keeper.store.games()
    assert games is not None and [game.won for game in games] == [False, False]
    assert games[0] == lost[0] and games[1].undone


def test_a_loss_put_back_and_taken_back_again_goes_on_from_the_time_it_had_reached(
    tmp_path: Path,
) -> None:
    """Put back, the loss is told at its own time; taken back once more, the game that
    went on from it goes on from its own time: the seconds thought meanwhile stay."""
    session, clock = lost_after(tmp_path, 4.0)
    clock[0] += 30.0  # reading the loss: not the game's
    session.answer("undo")
    clock[0] += 6.0  # thinking over the game that goes on
    session.handle(Command(Verb.REDO))
    assert session.current.seconds() == 4.0, "the loss, at its own time"
    clock[0] += 2.0
    session.answer("undo")
    assert session.current.seconds() == 10.0, "the 6 s thought are still the game's"


def test_a_loss_taken_back_goes_on_from_its_time_not_from_the_time_at_its_end(
    tmp_path: Path,
) -> None:
    """The seconds spent reading the loss, at “play again?”, are not the game's."""
    session, clock = lost_after(tmp_path, 7.0)
    store = session.keeper.store
    assert session.current.game.end is Termination.LOST and session.current.seconds() == 7.0
    clock[0] += 60.0  # the player reads the loss
    session.answer("undo")
    assert session.current.seconds() == 7.0
    clock[0] += 2.0
    assert session.current.seconds() == 9.0, "the clock runs on from the loss's time"
    for cell in [(0, 1), (0, 2), (4, 0), (4, 1), (4, 2), (1, 3), (2, 3), (3, 3)]:
        if session.current.game.end is None:
            session.handle(Command(Verb.TRY, cell))
    games = store.games()
    assert games is not None and [game.seconds for game in games] == [7.0, 9.0]


def test_u_is_undo() -> None:
    assert parse("u", 9, 9) == Command(Verb.UNDO)
    assert parse("deshacer", 9, 9) == Command(Verb.UNDO)
    assert parse("rehacer", 9, 9) == Command(Verb.REDO)


def test_r_is_redo_and_puts_back_what_u_took() -> None:
    assert parse("r", 9, 9) == Command(Verb.REDO)
    result = run_piped(
        *("--preset", "beginner", "--seed", "1", "--lang", "en"),
        lines="4 4\nflag 1 1\nu\nr\n",
    )
    boards = [line for line in result.stdout.splitlines() if len(line) == 8]
    flagged = [board[0] for board in boards[::8]]
    assert flagged == ["#", "F", "#", "F"], "flag, undo, redo"


moves = picks(list(itertools.product(Action, range(5), range(4))), max_size=25)
"""Up to 25 moves, each any action on any cell of the 5×4 board."""


@settings(max_examples=60, deadline=None)
@given(moves, st.data())
def test_undoing_k_moves_and_redoing_them_comes_back_to_the_same_board(
    played: list[tuple[Action, int, int]], data: st.DataObject
) -> None:
    with tempfile.TemporaryDirectory() as directory:
        session = session_on(Path(directory))
        boards = [session.view().rows]
        for action, x, y in played:
            if session.current.game.end is not None:
                break
            session.handle(Command(Verb(action.value), (x, y)))
            if session.view().rows != boards[-1]:
                boards.append(session.view().rows)
        back = data.draw(st.integers(0, len(session.current.journal.moves)))
        for _ in range(back):
            session.handle(Command(Verb.UNDO))
        assert session.current.game.rows() == session.current.journal.game().rows()
        for _ in range(back):
            session.handle(Command(Verb.REDO))
        assert session.view().rows == boards[-1]


def test_a_journal_reads_back_as_itself(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    for command in [Command(Verb.FLAG, (0, 0)), Command(Verb.TRY, (2, 1))]:
        session.handle(command)
    journal = session.current.journal
    again = loads(journal.dumps())
    assert again == journal
    assert again.game().rows() == session.current.game.rows()


GOOD_JSON = (
    '{"format":2,"size":[3,3,1],"moves":[["try",2,2,1.0]],"refused":0,'
    '"start":{"mines":[[0,0]],"revealed":[],"flagged":[]}}'
)
"""A journal as format 2 wrote it, in JSON: every later version reads it."""


def good_journal() -> Journal:
    good = Journal(3, 3, 1)
    good.deal(frozenset({(0, 0)}))
    good.moves.append(Played(Move(Action.TRY, (2, 2)), 1.0))
    return good


def test_a_journal_of_an_earlier_format_reads_back_as_it_was() -> None:
    assert loads(GOOD_JSON) == good_journal()
    assert loads(good_journal().dumps()) == good_journal()


def test_a_damaged_journal_is_refused() -> None:
    text = GOOD_JSON
    for damaged in [
        "",
        "[]",
        text.replace('"format":2', '"format":3'),
        text.replace("2,2,1.0]", '2,2,1.0,"me"]'),  # a mark that is not the AI's
        text.replace("2,2,1.0]", '2,2,1.0,"ai","ai"]'),
        text.replace("2,2,1.0]", '2,2,1.0,"ai"]').replace('"format":2', '"format":1'),
        text.replace("2,2,1.0", "5,2,1.0"),
        text.replace('"size":[3,3,1]', '"size":[3,3,2]'),
        text.replace('"size":[3,3,1]', '"size":[300,3,1]'),
        text.replace("1.0]", "-1]"),
        text.replace('"try"', '"jump"'),
        text.replace('"start":', '"unused":'),  # a reveal before any mine was dealt
        text.replace('["try",2,2,1.0]', '["try",2,2,1.0],["try",2,2,2.0]'),  # changes nothing
        text.replace('["try",2,2,1.0]', '["flag",0,0,3.0],["try",2,2,1.0]'),  # back in time
        text.replace("1.0]", "Infinity]"),
        text.replace("1.0]", "NaN]"),
        text.replace('"refused":0', '"refused":-1'),
        text.replace('"refused":0', '"refused":"0"'),
        text.replace('"refused":0', '"refused":0.5'),
    ]:
        try:
            loads(damaged)
        except JournalError:
            continue
        raise AssertionError(f"accepted {damaged!r}")


def compact_bytes(journal: Journal) -> bytes:
    return base64.b85decode(journal.dumps()[1:])


def compact(data: bytes) -> str:
    return "~" + base64.b85encode(data).decode("ascii")


def test_a_damaged_compact_journal_is_refused() -> None:
    data = compact_bytes(good_journal())
    # format, 3 × 3 with 1 mine, no refusals (0 + 1), started and saying whose moves,
    # the mines (listed: one, at cell 0), no cell revealed, flagged or marked, one move
    # (cell 8 × 8 + try), 1000 ms after the start
    assert list(data) == [FORMAT, 3, 3, 1, 1, 3, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 64, 232, 7]

    def changed(index: int, value: int) -> str:
        return compact(data[:index] + bytes([value]) + data[index + 1 :])

    for damaged in [
        *(compact(data[:end]) for end in range(len(data))),  # ends too soon, wherever
        compact(data + b"\x00"),  # more after the last move
        changed(0, FORMAT + 1),  # a newer format
        changed(1, 100),  # no board is 100 × 3
        changed(3, 9),  # nine mines on nine cells
        changed(5, 7),  # an unknown flag
        compact(data[:5] + bytes([1]) + data[6:16] + bytes([65]) + data[17:]),  # AI, unsaid
        changed(6, 2),  # a form of cells that is none
        changed(8, 9),  # a mine off the board
        changed(16, 9 * 8),  # a move off the board
        changed(16, 64 + 2 * 2),  # an expand of a hidden cell: it changes nothing
        "~not base 85 {}",
        "~",
    ]:
        try:
            loads(damaged)
        except JournalError:
            continue
        raise AssertionError(f"accepted {damaged!r}")


def test_the_ais_moves_read_back_as_its_own_and_old_journals_as_unknown() -> None:
    kept = Journal(3, 3, 1)
    kept.deal(frozenset({(0, 0)}))
    kept.moves += [Played(Move(Action.FLAG, (0, 0)), 1.0, by_ai=True)]
    kept.moves += [Played(Move(Action.TRY, (2, 2)), 2.0)]
    again = loads(kept.dumps())
    assert again == kept and again.whose_known
    assert [played.by_ai for played in again.moves] == [True, False]
    text = (
        '{"format":1,"size":[3,3,1],"moves":[["flag",0,0,1.0],["try",2,2,2.0]],'
        '"start":{"mines":[[0,0]],"revealed":[],"flagged":[]}}'
    )  # as format 1 wrote it, before the AI's moves were told apart
    old = loads(text)
    assert not old.whose_known and old.refused is None
    assert [played.by_ai for played in old.moves] == [False, False]
    assert loads(old.dumps()) == old, "kept as it was read: whose moves, unknown"


def test_an_expert_game_played_as_a_person_plays_is_kept_in_a_few_bytes_a_move() -> None:
    journal = played(30, 16, 99, seed=1, pace=0.6)
    text = journal.dumps()
    assert loads(text) == journal
    assert len(text.encode()) <= 1200, "an expert game's row stays under 1.5 KB"
    assert len(text.encode()) <= 100 + 5 * len(journal.moves), "five letters a move"


def test_refused_commands_are_counted_as_clicks_but_not_kept_as_moves(tmp_path: Path) -> None:
    """IOE counts every click, so the journal counts the commands that changed nothing;
    those given after the end are no clicks of the game."""
    session = session_on(tmp_path)  # BOARD: mines at the corners 0 0, 0 3 and 4 3
    for command in [
        Command(Verb.FLAG, (0, 0)),
        Command(Verb.TRY, (0, 0)),  # refused: flagged
        Command(Verb.EXPAND, (3, 0)),  # refused: hidden
        Command(Verb.TRY, (2, 1)),
        Command(Verb.TRY, (2, 1)),  # refused: revealed
    ]:
        session.handle(command)
    journal = session.current.journal
    assert (len(journal.moves), journal.refused, journal.clicks) == (2, 3, 5)
    again = loads(journal.dumps())
    assert again == journal and again.clicks == 5
    session.handle(Command(Verb.TRY, (0, 3)))  # a mine: the game ends
    assert session.current.game.end is Termination.LOST
    session.handle(Command(Verb.FLAG, (1, 1)))  # refused: the game is over
    assert (len(journal.moves), journal.clicks) == (3, 6)
    assert session.records[-1].clicks == 6


def test_a_journal_from_before_the_count_knows_no_clicks() -> None:
    text = GOOD_JSON.replace(',"refused":0', "")
    assert text != GOOD_JSON
    assert loads(text).refused is None and loads(text).clicks is None
    assert loads(loads(text).dumps()).clicks is None, "nor once kept again"


def test_the_reveal_that_dealt_the_mines_stays(tmp_path: Path) -> None:
    """Taking it back would keep the mines dealt around it and leave a first reveal
    elsewhere unsafe; the moves after it, and flags before it, are taken back."""
    session = session_on(tmp_path, Settings.from_preset("beginner", seed=3))
    session.handle(Command(Verb.FLAG, (0, 0)))
    session.handle(Command(Verb.TRY, (3, 3)))
    opened = session.view().rows
    session.handle(Command(Verb.FLAG, (7, 7)))
    session.handle(Command(Verb.UNDO))
    assert session.view().rows == opened
    session.handle(Command(Verb.UNDO))
    assert session.view().rows == opened
    assert session.view().messages == (
        "The first reveal laid the mines around it, so it stays: type “new” for another board.",
    )
