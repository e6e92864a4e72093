"""Replays of other Minesweepers in: ``review FILE`` and ``replay FILE`` read EVF, AVF and RMV
files through ms_toollib, in a process of its own, and judge and play them as the game's
own; anything that is not such a replay is refused with a reason, never a traceback or a
hang."""

from __future__ import annotations

import os
import re
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from buscaminas.core import generator
from buscaminas.core.grid import Point
from buscaminas.game.foreign import foreign
from buscaminas.records import replayfile
from buscaminas.records.replayfile import Change, Click, Replay, ReplayError
from tests.record_support import run
from tests.terminal_support import Player, run_piped
from tests.toollib_support import needs_ms_toollib, recorded

CROSS = ["...", ".*.", "..."]
"""A 3×3 board, its one mine in the middle: eight 1s, each its own 3BV."""
Press = tuple[int, str, int, int]
"""A button pressed or released: milliseconds, ms_toollib's name of it, x and y in pixels."""
ONE_BY_ONE = [("left", x, y) for y in (1, 2, 3) for x in (1, 2, 3) if (x, y) != (2, 2)]
"""Every safe cell of :data:`CROSS` clicked in turn, row by row."""


def written(tmp_path: Path, name: str, rows: list[str], clicks: list[tuple[str, int, int]]) -> Path:
    """A game on ``rows`` as ms_toollib records it, in the file ``name``."""
    path = tmp_path / name
    path.write_bytes(bytes(recorded(rows, clicks)["data"]))
    return path


@needs_ms_toollib
def test_a_replay_ms_toollib_wrote_is_judged_move_by_move_with_its_figures(
    tmp_path: Path,
) -> None:
    made = recorded(CROSS, ONE_BY_ONE)
    (tmp_path / "cross.evf").write_bytes(bytes(made["data"]))
    status, out, err = run(tmp_path, "review", str(tmp_path / "cross.evf"))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert re.fullmatch(
        r"cross\.evf: Custom 3×3, 1 mine, classic, recorded by unnamed software:"
        r" won, \d+\.\d\d s\.",
        lines[0],
    )
    moves = [line.split()[2:4] for line in lines[2:10]]
    assert moves == [["try", f"{x}"] for _button, x, _y in ONE_BY_ONE]
    assert "first reveal" in lines[2] and "while 3 1 was certain" in lines[3]
    assert "The game was won." in lines
    assert (made["bbbv"], made["zini"], made["cl"]) == (8, 5, 8)
    assert lines[-1] == "3BV 8, ZiNi 5, your clicks 8.", "ms_toollib's own figures"


@needs_ms_toollib
def test_review_clicks_shows_each_chord_that_would_have_saved_clicks(tmp_path: Path) -> None:
    path = written(tmp_path, "cross.evf", CROSS, ONE_BY_ONE)
    status, out, _err = run(tmp_path, "review", "--clicks", str(path))
    assert status == 0
    assert out.splitlines()[1:] == [
        "3BV 8, ZiNi 5, your clicks 8.",
        "Move 3: 1 flag and a chord on the 1 at 2 1 open 3 1, 1 2 and 3 2 in 2 clicks instead"
        " of 3.",
        "In all, 1 click could have been saved: 7 instead of 8.",
    ]


@needs_ms_toollib
def test_review_clicks_counts_the_flags_no_chord_used_and_not_one_a_chord_did(
    tmp_path: Path,
) -> None:
    clicks = [
        ("right", 2, 2),  # the mine, flagged: the chord at move 5 stands on it
        ("right", 3, 3),  # a safe cell flagged…
        ("right", 3, 3),  # …and the flag taken off
        ("left", 1, 1),
        ("chord", 1, 1),
        ("left", 3, 1),
        ("left", 3, 2),
        ("left", 1, 3),
        ("left", 2, 3),
        ("left", 3, 3),
    ]
    path = written(tmp_path, "flags.evf", CROSS, clicks)
    status, out, _err = run(tmp_path, "review", "--clicks", str(path))
    assert status == 0
    lines = out.splitlines()
    assert lines[1] == "3BV 8, ZiNi 5, your clicks 10."
    assert "Move 2: flag 3 3, a flag no chord used, taken off again: 2 clicks for nothing." in lines
    assert not any(line.startswith("Move 1:") for line in lines), "its flag served a chord"
    assert "Move 6: a chord on the 1 at 2 1 opens 3 1 and 3 2 in 1 click instead of 2." in lines
    assert lines[-1] == "In all, 4 clicks could have been saved: 6 instead of 10."


def won_in_a_pipe(data_dir: Path) -> None:
    """Win the beginner board of seed 1 from a pipe, opening at 4 4."""
    mines = generator.generate(8, 8, 10, start=(3, 3), seed=1, no_guess=True)
    safe = [f"{x + 1} {y + 1}" for y in range(8) for x in range(8) if (x, y) not in mines]
    moves = "\n".join(["4 4", "flag 1 1", "flag 1 1", *safe, "n"]) + "\n"
    played = run_piped(
        "--preset", "beginner", "--seed", "1", "--data-dir", str(data_dir), lines=moves
    )
    assert "You won" in played.stdout


@needs_ms_toollib
def test_our_own_export_is_judged_from_its_file_as_from_the_records(tmp_path: Path) -> None:
    won_in_a_pipe(tmp_path)
    assert run(tmp_path, "export", "1", str(tmp_path / "won.evf"))[0] == 0
    from_records = run(tmp_path, "review", "1")[1].splitlines()
    from_file = run(tmp_path, "review", str(tmp_path / "won.evf"))[1].splitlines()
    assert from_file[0].startswith("won.evf: Beginner 8×8, no-guess, recorded by buscaminas")
    assert from_file[1:-1] == from_records[1:-1], "the same moves, the same judgements"
    figures = re.compile(r"3BV (\d+), ZiNi (\d+), your clicks (\d+)\.")
    ours, theirs = figures.fullmatch(from_records[-1]), figures.fullmatch(from_file[-1])
    assert ours is not None and theirs is not None
    assert ours.groups()[:2] == theirs.groups()[:2]
    # The records count the refused clicks too; the replay holds the moves alone.
    moves = [line for line in from_file if re.match(r" +\d+ +\d+\.\d\d  ", line)]
    assert int(theirs.group(3)) == len(moves) < int(ours.group(3))


@needs_ms_toollib
def test_replay_of_a_file_in_a_pipe_is_its_moves_with_their_times(tmp_path: Path) -> None:
    path = written(tmp_path, "cross.evf", CROSS, ONE_BY_ONE)
    status, out, _err = run(tmp_path, "replay", str(path))
    lines = out.splitlines()
    assert status == 0 and lines[0].startswith("cross.evf: Custom 3×3")
    assert [line.split()[1:] for line in lines[1:-1]] == [
        ["try", str(x), str(y)] for _button, x, y in ONE_BY_ONE
    ]
    assert re.fullmatch(r"Won in \d+\.\d\d s\.", lines[-1])


@needs_ms_toollib
def test_replay_of_a_file_is_watched_on_the_terminal_to_its_end(tmp_path: Path) -> None:
    path = written(tmp_path, "cross.evf", CROSS, ONE_BY_ONE)
    player = Player("--legacy", "--lang", "en", "replay", str(path))
    player.wait_for("Replay over")
    assert player.board(3) == ["111", "1F1", "111"]
    assert "Custom 3×3, 1 mine, classic" in player.text
    player.child.send("q")
    assert player.finish() == 0


def avf_file(width: int, height: int, mines: list[Point], clicks: list[Press]) -> bytes:
    """Arbiter's AVF as ms_toollib reads it: a header of the board's size and mines (row
    and column from 1), a stretch whose length depends on the board, the times and
    the 3BV as text between ``[`` and ``]``, then eight bytes an event (button, the
    seconds from 1 and the hundredths, x and y in pixels), eight zeros, the player."""
    head = bytes([0, 0, 0, 0, 0, CUSTOM_LEVEL, width - 1, height - 1])
    head += len(mines).to_bytes(2, "big") + b"".join(bytes([y + 1, x + 1]) for x, y in mines)
    numbers = {
        cell: sum(near in mines for near in neighbourhood(cell)) for cell in board(width, height)
    }
    check = sum(
        (10 if cell in mines else numbers[cell] + 1) * (cell[0] + cell[0] * cell[1])
        for cell in board(width, height)
    )
    head += b"#" * (len(str(check)) + 4) + bytes([41])  # the country: the USA
    head += b"\x7f#[0|%dx%dx%d|" % (width, height, len(mines))  # \x7f: no question marks
    head += b"29.11.2026.00:10:05:x50|29.00:10:09:x20|B8T%.2f]" % (clicks[-1][0] / 1000 + 1)
    body = b""
    for milliseconds, button, x, y in clicks:
        seconds, hundredths = divmod(milliseconds // 10, 100)
        code = {"lc": 3, "lr": 5, "rc": 9, "rr": 17}[button]
        seconds += 1
        body += bytes(
            [code, x >> 8, seconds & 255, x & 255, hundredths, y >> 8, seconds >> 8, y & 255]
        )
    return head + body + bytes(8) + b"Skin:\rAnn\r"


def rmv_file(
    width: int, height: int, mines: list[Point], clicks: list[Press], player: bytes = b"Ann"
) -> bytes:
    """Viennasweeper's RMV (version 2) as ms_toollib reads it: the header's sizes, the
    player, the board and its mines (column, row), the properties (3BV, cell pixels),
    then nine bytes an event (button, milliseconds, x and y), and 16: won."""
    head = b"*rmv" + (2).to_bytes(2, "big") + bytes([1, 1]) + bytes(4)  # clone 1: Viennasweeper
    head += bytes(2) + bytes(4) + bytes(2) + (7).to_bytes(2, "big") + bytes(2) + bytes(6)
    head += (1).to_bytes(2, "big") + bytes([len(player)]) + player
    head += (1_800_000_000).to_bytes(4, "big")
    head += bytes([width, height]) + len(mines).to_bytes(2, "big")
    head += b"".join(bytes([x, y]) for x, y in mines)
    head += bytes([0, 0, 0, 0, 8, 0, 16]) + bytes(2)
    body = b""
    for milliseconds, button, x, y in clicks:
        code = {"lc": 2, "lr": 3, "rc": 4, "rr": 5}[button]
        body += bytes([code]) + (milliseconds << 8).to_bytes(4, "big")
        body += x.to_bytes(2, "big") + y.to_bytes(2, "big")
    return head + body + bytes([16])


def board(width: int, height: int) -> list[Point]:
    return [(x, y) for x in range(width) for y in range(height)]


def neighbourhood(cell: Point) -> list[Point]:
    x, y = cell
    return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


CUSTOM_LEVEL = 6


def presses(clicks: list[tuple[str, int, int]]) -> list[Press]:
    """Each click (button, x, y from 1) as its press and release, 200 ms apart, at the
    middle of its cell of 16 pixels."""
    pressed: list[Press] = []
    for index, (button, x, y) in enumerate(clicks):
        down, up = ("lc", "lr") if button == "left" else ("rc", "rr")
        at = (x * 16 - 8, y * 16 - 8)
        pressed += [(index * 200, down, *at), (index * 200 + 50, up, *at)]
    return pressed


@pytest.mark.parametrize(
    ("name", "write", "software"),
    [("cross.avf", avf_file, "Arbiter"), ("cross.rmv", rmv_file, "Viennasweeper")],
)
@needs_ms_toollib
def test_arbiters_and_viennasweepers_replays_are_judged_as_the_same_game_in_evf(
    tmp_path: Path, name: str, write: Callable[..., bytes], software: str
) -> None:
    # A game opens with a left click (the game starts at the first: RMV has no other).
    clicks = [ONE_BY_ONE[0], ("right", 2, 2), *ONE_BY_ONE[1:]]
    (tmp_path / name).write_bytes(write(3, 3, [(1, 1)], presses(clicks)))
    status, out, err = run(tmp_path, "review", str(tmp_path / name))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == (
        f"{name}: Custom 3×3, 1 mine, classic, recorded by {software}, player Ann: won, 1.65 s."
    )
    evf = written(tmp_path, "cross.evf", CROSS, clicks)
    same = run(tmp_path, "review", str(evf))[1].splitlines()
    played = [line.split()[2:] for line in lines[2:11]]
    assert played[0][:3] == ["try", "1", "1"] and played[1][:3] == ["flag", "2", "2"]
    assert played == [line.split()[2:] for line in same[2:11]], "judged as the same game"
    assert lines[-1] == "3BV 8, ZiNi 5, your clicks 9."
    status, out, _err = run(tmp_path, "replay", str(tmp_path / name))
    assert status == 0 and out.splitlines()[-1] == "Won in 1.65 s."


@needs_ms_toollib
def test_a_players_name_is_shown_without_what_would_drive_the_terminal(tmp_path: Path) -> None:
    hostile = b"\x1b]0;owned\x07\x1b[2JEve" + b"e" * 200
    path = tmp_path / "named.rmv"
    path.write_bytes(rmv_file(3, 3, [(1, 1)], presses(ONE_BY_ONE), player=hostile))
    status, out, _err = run(tmp_path, "review", str(path))
    heading = out.splitlines()[0]
    assert status == 0 and "\x1b" not in out and "\x07" not in out
    assert heading.startswith("named.rmv: Custom 3×3, 1 mine, classic, recorded by Viennasweeper,")
    assert f"player ]0;owned[2JEv{'e' * 47}: won" in heading, "60 characters at most"


@needs_ms_toollib
def test_a_board_the_game_cannot_play_is_refused_saying_which_limit(tmp_path: Path) -> None:
    rows = ["." * 100, ".*" + "." * 98, "." * 100]
    # The far end floods all but the five 1s no zero touches, around the mine.
    ones = [("left", x, y) for x, y in ((1, 1), (1, 2), (1, 3), (2, 1), (2, 3))]
    wide = written(tmp_path, "wide.evf", rows, [("left", 100, 2), *ones])
    status, out, err = run(tmp_path, "review", str(wide))
    assert (status, out) == (1, "")
    assert (
        err
        == f"{wide}: a board this game cannot play: the width is 100; it must be from 3 to 99.\n"
    )


@pytest.mark.parametrize("name", ["junk.evf", "junk.avf", "junk.rmv", "empty.evf"])
@needs_ms_toollib
def test_a_file_that_is_no_replay_is_refused_not_a_crash(
    tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / name
    path.write_bytes(b"" if name.startswith("empty") else b"not a replay at all\n" * 50)
    monkeypatch.chdir(tmp_path)
    for tool in ("review", "replay"):
        status, out, err = run(tmp_path, tool, str(path))
        kind = name[-3:].upper()
        assert (status, out) == (1, "")
        assert err == (
            f"{path} is not an {kind} replay that can be read: it is damaged, or another kind"
            " of file.\n"
        )
    left = {entry.name for entry in tmp_path.iterdir()} - {name, "buscaminas.sqlite3"}
    assert not left, "nothing is written in the player's folder (ms_toollib's crash.log)"


def test_what_is_not_a_replay_file_is_refused_before_ms_toollib_reads_it(tmp_path: Path) -> None:
    (tmp_path / "folder.evf").mkdir()
    os.mkfifo(tmp_path / "pipe.evf")
    huge = tmp_path / "huge.rmv"
    with huge.open("wb") as file:
        file.truncate(replayfile.LIMIT_BYTES + 1)
    refusals = {
        "folder.evf": "it is a directory, not a file",
        "pipe.evf": "it is a named pipe, not a file",
        "huge.rmv": "it is larger than 8 MiB, more than any replay holds",
        "missing.avf": "there is no such file or directory",
    }
    for name, why in refusals.items():
        result = run_piped("review", str(tmp_path / name), "--lang", "en", timeout=20)
        assert result.returncode == 1 and "Traceback" not in result.stderr
        assert result.stderr.splitlines()[0] == f"{tmp_path / name}: {why}.", result.stderr
    status, _out, err = run(tmp_path, "review", str(tmp_path / "game.mbf"))
    assert status == 2
    assert f"“{tmp_path / 'game.mbf'}” is neither a game's number nor a replay" in err
    with pytest.raises(ReplayError, match=r"is not named as a replay: the files read are \.evf"):
        replayfile.load(tmp_path / "game.mbf")


@needs_ms_toollib
def test_a_replay_of_more_moves_than_any_game_takes_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = written(tmp_path, "long.evf", CROSS, ONE_BY_ONE)
    monkeypatch.setattr(replayfile, "MOST_MOVES", 7)
    with pytest.raises(ReplayError, match=r"long\.evf: it holds more than 7 moves"):
        replayfile.load(path)
    monkeypatch.setattr(replayfile, "MOST_MOVES", 8)
    assert len(replayfile.load(path).events) == 8


FAKE_MISSING = """
raise ModuleNotFoundError("No module named 'ms_toollib'", name="ms_toollib")
"""


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "install it with “pip install 'buscaminas[replays]'”"),
        ("es", "instálala con «pip install 'buscaminas[replays]'»"),
    ],
)
def test_without_ms_toollib_the_player_is_told_what_to_install(
    tmp_path: Path, language: str, words: str
) -> None:
    (tmp_path / "ms_toollib.py").write_text(FAKE_MISSING)
    (tmp_path / "game.evf").write_bytes(b"whatever")
    result = run_piped(
        "review",
        str(tmp_path / "game.evf"),
        "--lang",
        language,
        env={"PYTHONPATH": str(tmp_path)},
    )
    assert result.returncode == 1 and result.stdout == ""
    assert words in result.stderr and "Traceback" not in result.stderr


def test_a_replay_that_takes_too_long_to_read_is_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "ms_toollib.py").write_text("import time\ntime.sleep(60)\n")
    (tmp_path / "slow.evf").write_bytes(b"whatever")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.setattr(replayfile, "SECONDS", 1.0)
    with pytest.raises(ReplayError, match=r"reading it took longer than 1 s; it was stopped"):
        replayfile.load(tmp_path / "slow.evf")


def test_a_replay_whose_software_plays_by_other_rules_is_refused_at_the_move_that_differs() -> None:
    # The cross's corner opened as if it were a zero that flooded: no rules here do that.
    flooded = Click(0.5, "lr", (0, 0), (Change((0, 0), 10, 1), Change((1, 0), 10, 1)))
    replay = Replay(3, 3, frozenset({(1, 1)}), "", "", 0, False, 0.5, 1, (flooded,))
    with pytest.raises(
        ReplayError,
        match=textwrap.dedent(
            r"other rules: at 0\.50 s, “try 1 1” does not change the board as it did there"
        ),
    ):
        foreign(replay)
