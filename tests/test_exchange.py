"""Games and boards that leave the game: EVF replays that ms_toollib opens and scores
as the game did, and MBF boards, written by ``export`` and read by ``--board``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from buscaminas.core.board import BoardKind
from buscaminas.core.engine import Action
from buscaminas.core.scoring import GameRecord
from buscaminas.entry.lookback import exported
from buscaminas.game.commands import Command, Verb
from buscaminas.game.journal import loads
from buscaminas.game.keeper import Keeper
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.records import boardfile, inputfile, mbf
from buscaminas.records.storage import Store
from tests.record_support import run
from tests.terminal_support import run_piped, won_in_a_pipe
from tests.toollib_support import in_ms_toollib, play

READ_BACK = """
import json, sys
import ms_toollib

for line in sys.stdin:
    given = json.loads(line)
    if "file" in given:
        video = ms_toollib.EvfVideo(file_name=given["file"])
    else:
        video = ms_toollib.EvfVideo(raw_data=given["data"], file_name="game.evf")
    video.parse()
    video.analyse()
    video.current_time = 1e9  # the figures at the end of the game
    names = ("is_completed", "bbbv", "bbbv_solved", "row", "column", "mine_num", "mode",
             "left", "right", "double", "rtime", "software")
    print(json.dumps({name: getattr(video, name) for name in names}), flush=True)
"""
"""Opens each replay (its bytes, or a file) in ms_toollib and prints what it read."""


def play_randomly(seed: int, tmp_path: Path) -> GameRecord:
    """A game of random clicks, a flag now and then, mostly lost."""
    rng = random.Random(seed)
    settings = Settings(9, 9, rng.choice([10, 20, 30]), seed=seed, no_guess=rng.random() < 0.5)
    session = Session(
        settings, Keeper(Store(tmp_path / "random.sqlite3", on_warning=print)), legend=[]
    )
    game = session.current.game
    while session.current.game.end is None:
        game = session.current.game
        hidden = [cell for cell in game.grid.cells() if not game.is_revealed(cell)]
        verb = Verb.FLAG if game.started and rng.random() < 0.2 else Verb.TRY
        session.handle(Command(verb, rng.choice(hidden)))
    return session.records[-1]


def clicks_of(record: GameRecord) -> tuple[int, int, int]:
    """The left, right and both-button clicks a replay of ``record`` holds."""
    assert record.journal is not None
    journal = loads(record.journal)
    _game, outcomes = journal.rebuild()
    left = right = both = 0
    for played, outcome in zip(journal.moves, outcomes, strict=True):
        if played.move.action is Action.TRY:
            left += 1
        elif played.move.action is Action.FLAG:
            right += 1
        elif outcome.revealed:
            both += 1
        else:  # an expand that flagged the mines it proved
            right += len(outcome.flagged)
    return left, right, both


def as_replay(record: GameRecord) -> bytes:
    assert record.journal is not None
    return exported(record, loads(record.journal), replay=True)


def assert_read_back_as_played(tmp_path: Path, played: int, at_random: int) -> None:
    """``played`` games played as a person would and ``at_random`` played at random, each
    read back by ms_toollib from its replay with the same result, size, clicks and time."""
    records = [play(seed, tmp_path).record for seed in range(played)]
    records += [play_randomly(seed, tmp_path) for seed in range(at_random)]
    theirs = in_ms_toollib(READ_BACK, [{"data": list(as_replay(record))} for record in records])
    assert len(theirs) == len(records) == played + at_random
    for record, read in zip(records, theirs, strict=True):
        assert read["is_completed"] is record.won
        assert read["bbbv"] == record.three_bv
        assert (read["row"], read["column"], read["mine_num"]) == (
            record.height,
            record.width,
            record.mines,
        )
        assert read["mode"] == (5 if record.kind is BoardKind.NO_GUESS else 0)
        assert (read["left"], read["right"], read["double"]) == clicks_of(record)
        if record.won:
            assert read["bbbv_solved"] == record.three_bv
            assert read["rtime"] == pytest.approx(record.seconds, abs=0.0015)
        else:
            assert read["bbbv_solved"] < record.three_bv
    outcomes = {(record.won, record.kind) for record in records}
    assert outcomes == {(won, kind) for won in (True, False) for kind in BoardKind}, (
        "wins and losses, classic and no-guess, were all compared"
    )
    assert any(read["double"] for read in theirs), "chords were compared"


def test_games_are_read_back_by_ms_toollib_as_they_were_played(tmp_path: Path) -> None:
    assert_read_back_as_played(tmp_path, 14, 6)


@pytest.mark.slow
def test_a_hundred_games_are_read_back_by_ms_toollib_as_they_were_played(
    tmp_path: Path,
) -> None:
    assert_read_back_as_played(tmp_path, 70, 30)


def test_export_writes_a_replay_ms_toollib_scores_and_a_board_the_game_reads_again(
    tmp_path: Path,
) -> None:
    moves, _output = won_in_a_pipe(tmp_path)
    status, out, err = run(tmp_path, "export", "1", str(tmp_path / "game.evf"))
    assert (status, err) == (0, "")
    assert out == f"Game 1 written to {tmp_path / 'game.evf'} as an EVF replay.\n"
    (read,) = in_ms_toollib(READ_BACK, [{"file": str(tmp_path / "game.evf")}])
    assert read["is_completed"] is True and read["bbbv_solved"] == read["bbbv"] > 1
    assert read["software"].startswith("buscaminas")
    summary = (tmp_path / "game.evf").read_bytes()[1]
    assert summary & 0x80 and not summary & 0x20, "completed; played from a pipe, so not fair"
    assert run(tmp_path, "export", "1", str(tmp_path / "board.mbf"))[0] == 0
    again = run_piped(
        "--board", str(tmp_path / "board.mbf"), "--data-dir", str(tmp_path), lines=moves
    )
    assert "You won" in again.stdout, again.stdout + again.stderr


def test_export_names_the_format_by_the_files_name_and_refuses_what_it_cannot_write(
    tmp_path: Path,
) -> None:
    won_in_a_pipe(tmp_path)
    status, _out, err = run(tmp_path, "export", "1", str(tmp_path / "game.txt"))
    assert status == 2 and not (tmp_path / "game.txt").exists()
    named = f"“{tmp_path / 'game.txt'}”"
    assert err == f"{named}: name it .evf for the game's replay, or .mbf for its board.\n"
    status, _out, err = run(tmp_path, "export", "9", str(tmp_path / "game.evf"))
    assert status == 1 and "There is no game number 9" in err
    status, _out, _err = run(tmp_path, "export", "1", str(tmp_path))
    assert status == 2, "a directory's name says no format"


def test_export_asks_before_replacing_a_file_and_never_writes_through_a_link(
    tmp_path: Path,
) -> None:
    won_in_a_pipe(tmp_path)
    kept = tmp_path / "kept.mbf"
    kept.write_bytes(b"mine")
    base = ["export", "1", str(kept), "--data-dir", str(tmp_path), "--lang", "en"]
    refused = run_piped(*base, lines="")
    assert refused.returncode == 1 and kept.read_bytes() == b"mine"
    assert f"There is already a file {kept}." in refused.stdout
    assert f"Not saved: {kept} is as it was." in refused.stdout
    replaced = run_piped(*base, lines="y\n")
    assert replaced.returncode == 0 and mbf.parse(kept.read_bytes())[:2] == (8, 8)
    link = tmp_path / "link.evf"
    link.symlink_to(tmp_path / "elsewhere.evf")
    status, _out, err = run(tmp_path, "export", "1", str(link))
    assert status == 1 and "symbolic link" in err and not (tmp_path / "elsewhere.evf").exists()


def test_an_abandoned_game_is_no_replay_but_its_board_is_written(tmp_path: Path) -> None:
    abandoned = run_piped(
        "--preset", "beginner", "--seed", "3", "--data-dir", str(tmp_path), lines="4 4\nnew\ny\n"
    )
    assert abandoned.returncode == 0
    status, _out, err = run(tmp_path, "export", "1", str(tmp_path / "game.evf"))
    assert status == 1 and not (tmp_path / "game.evf").exists()
    assert err == (
        "This game cannot be written as a replay: it is not over, and a replay holds a"
        " finished game; its board can (.mbf).\n"
    )
    assert run(tmp_path, "export", "1", str(tmp_path / "game.mbf"))[0] == 0


# --- MBF ----------------------------------------------------------------------------


def test_mbf_holds_the_size_and_the_mines_in_its_four_header_bytes_and_pairs() -> None:
    data = mbf.dump(30, 16, frozenset({(29, 15), (0, 0), (5, 1)}))
    assert data == bytes([30, 16, 0, 3, 0, 0, 5, 1, 29, 15])
    assert mbf.parse(data) == (30, 16, frozenset({(29, 15), (0, 0), (5, 1)}))
    many = frozenset((x, y) for x in range(99) for y in range(99) if (x + y) % 3 == 0)
    assert mbf.parse(mbf.dump(99, 99, many)) == (99, 99, many)
    assert mbf.dump(99, 99, many)[2:4] == len(many).to_bytes(2, "big")


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"", "starts with four bytes"),
        (bytes([8, 8, 0]), "starts with four bytes"),
        (bytes([8, 8, 0, 2, 1, 1]), "takes 8 bytes; this file has 6"),
        (bytes([8, 8, 0, 1, 1, 1, 0]), "takes 6 bytes; this file has 7"),
        (bytes([8, 8, 0, 1, 8, 0]), "off a board of 8×8"),
        (bytes([8, 8, 0, 2, 1, 1, 1, 1]), "where another mine already is"),
        (bytes([2, 8, 0, 1, 0, 0]), "3"),
        (bytes([8, 8, 0, 64, *([0] * 128)]), "mines"),
        (bytes([8, 8, 0, 0]), "mine"),
        (bytes([255, 255, 255, 255]), "99"),
    ],
)
def test_a_file_that_is_no_mbf_board_is_refused_saying_why(data: bytes, words: str) -> None:
    with pytest.raises(mbf.MbfError, match=words):
        mbf.parse(data)


def test_board_reads_mbf_by_its_name_or_its_bytes_and_the_lab_format_as_before(
    tmp_path: Path,
) -> None:
    data = mbf.dump(5, 4, frozenset({(0, 0), (4, 3)}))
    for name in ("board.mbf", "board.bin", "board"):
        (tmp_path / name).write_bytes(data)
        assert boardfile.load(tmp_path / name) == boardfile.BoardFile(
            5, 4, frozenset({(0, 0), (4, 3)}), frozenset(), frozenset()
        )
    lab = tmp_path / "lab.txt"
    lab.write_text("11 10 10\n10 10 00\n10 10 11\n")
    assert boardfile.load(lab).revealed == frozenset({(2, 1)})
    (tmp_path / "lab.mbf").write_text("11 10 10\n")
    with pytest.raises(mbf.MbfError):
        boardfile.load(tmp_path / "lab.mbf")  # the name says MBF, and it is none


def test_board_refuses_a_hostile_mbf_with_its_reason_and_a_bound(tmp_path: Path) -> None:
    short = tmp_path / "short.mbf"
    short.write_bytes(bytes([8, 8, 0, 10, 1, 1]))
    result = run_piped("--board", str(short), "--lang", "en")
    assert result.returncode == 2
    assert result.stderr == (
        f"buscaminas: {short}: an MBF board of 10 mines takes 24 bytes; this file has 6\n"
    )
    huge = tmp_path / "huge.mbf"
    huge.write_bytes(bytes([8, 8, 0, 10]) + bytes(inputfile.LIMIT_BYTES))
    with pytest.raises(inputfile.UnreadableFile):
        boardfile.load(huge)


def test_a_board_from_mbf_plays_from_every_cell_covered(tmp_path: Path) -> None:
    board = tmp_path / "board.mbf"
    board.write_bytes(mbf.dump(5, 4, frozenset({(4, 0)})))
    result = run_piped("--board", str(board), "--data-dir", str(tmp_path), lines="1 4\nn\n")
    assert "You won" in result.stdout, result.stdout + result.stderr
