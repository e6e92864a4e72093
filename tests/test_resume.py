"""No game is lost: a game left in any way waits for the next start, and one given up
counts as played and not won."""

from __future__ import annotations

import ctypes
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from buscaminas.core import generator
from buscaminas.core.board import BoardKind
from buscaminas.core.engine import Action, Move
from buscaminas.game import unfinished
from buscaminas.game.commands import Command, Verb
from buscaminas.game.journal import JournalError, Played, loads
from buscaminas.game.questions import Question
from buscaminas.game.rounds import Kept, Round
from buscaminas.records import claim
from buscaminas.records.presets import board_label
from buscaminas.records.sharecode import ShareCode
from buscaminas.records.stats import format_stats
from buscaminas.records.storage import Claim, Store
from tests import forkstart_support
from tests.record_support import beginner, store_in
from tests.terminal_support import (
    KEPT,
    ROOT,
    Player,
    rows,
    run_piped,
    scratch_directory,
    wait_for_input,
)


def test_a_game_put_away_comes_back_whole(tmp_path: Path) -> None:
    session = beginner(tmp_path)
    session.handle(Command(Verb.TRY, (3, 3)))
    session.handle(Command(Verb.FLAG, (0, 0)))
    session.handle(Command(Verb.HELP))
    session.current.started_at = 58.5  # 41.5 s on the clock
    session.put_away()
    ((identity, snapshot),) = store_in(tmp_path).unfinished()
    back = Round.from_snapshot(snapshot, lambda: 1000.0).round
    left = session.current
    assert identity == left.identity == back.identity
    assert back.game.rows() == left.game.rows() and back.game.flags == {(0, 0)}
    assert back.elapsed() == 41.5 and back.hints == left.hints == 1
    assert back.code() == left.code() and back.code() is not None
    assert back.settings.board == left.settings.board


def offered_after_ten_seconds(tmp_path: Path) -> tuple[Store, Kept]:
    """A game left with 10 s on its clock, offered at the next start half a minute
    before the player answers (the clock reads 500 when offered, 530 after)."""
    session = beginner(tmp_path)
    session.handle(Command(Verb.TRY, (3, 3)))
    session.current.started_at = 90.0  # 10 s on the clock
    session.put_away()
    now = [500.0]
    store = store_in(tmp_path)
    kept = unfinished.newest(store, lambda: now[0])
    assert kept is not None and kept.round.elapsed() == 10.0
    now[0] = 530.0
    return store, kept


def test_the_time_spent_deciding_to_resume_is_not_the_games(tmp_path: Path) -> None:
    store, kept = offered_after_ten_seconds(tmp_path)
    assert unfinished.take_up(store, kept) is Claim.TAKEN
    assert kept.round.elapsed() == 10.0
    elsewhere = Store(store.path, on_warning=print, owner=claim.owner(os.getppid()))
    assert unfinished.take_up(elsewhere, kept) is Claim.ELSEWHERE, "another terminal cannot take it"


def test_a_game_untouched_is_not_kept_and_one_with_a_flag_is(tmp_path: Path) -> None:
    session = beginner(tmp_path)
    session.handle(Command(Verb.MAN))  # looking is not playing
    session.put_away()
    assert store_in(tmp_path).unfinished() == []
    session.handle(Command(Verb.FLAG, (0, 0)))  # no reveal yet, but a game begun
    session.put_away()
    kept = unfinished.newest(store_in(tmp_path), lambda: 0.0)
    assert kept is not None and kept.round.game.flags == {(0, 0)}
    assert kept.round.elapsed() is None, "its clock starts at its first reveal"


def test_new_asks_before_abandoning_and_an_abandoned_game_is_a_loss(tmp_path: Path) -> None:
    clock = [0.0]
    session = beginner(tmp_path, clock=lambda: clock[0])
    session.handle(Command(Verb.TRY, (3, 3)))
    clock[0] += 5.0
    reply = session.handle(Command(Verb.NEW))
    assert reply.question is Question.ABANDON
    assert "It counts as lost" in Question.ABANDON.words()
    session.answer("")  # Enter keeps the game
    assert session.current.in_progress and session.view().messages == ("The game goes on.",)
    clock[0] += 3.0  # the question is read: kept, the game's clock ran on
    session.handle(Command(Verb.NEW))
    clock[0] += 40.0  # the question is read again: given up, not the game's time
    assert session.answer("y").new_round
    (game,) = store_in(tmp_path).games() or []
    assert game.abandoned and not game.won and game.own and game.points == 0
    assert game.seconds == 8.0, "given up at the game's 8th second, not after its question"
    lines = format_stats(store_in(tmp_path), board_label)
    assert "  Played 1, won 0 (0%); current streak 0, best streak 0." in lines
    assert "  1 of them abandoned." in lines


def test_a_resumed_game_plays_on_from_where_it_was(tmp_path: Path) -> None:
    first = beginner(tmp_path)
    first.handle(Command(Verb.TRY, (3, 3)))
    first.put_away()
    ((_, snapshot),) = store_in(tmp_path).unfinished()
    second = beginner(tmp_path, resumed=Round.from_snapshot(snapshot, lambda: 100.0))
    assert second.view().rows == first.view().rows
    assert second.view().messages == ("Welcome back: the game goes on where you left it.",)


def test_a_resumed_game_can_still_redo_what_was_taken_back(tmp_path: Path) -> None:
    first = beginner(tmp_path)
    first.handle(Command(Verb.TRY, (3, 3)))
    shown = first.view().rows
    hidden = [(x, y) for y, row in enumerate(shown) for x, cell in enumerate(row) if cell == "#"]
    for cell in hidden[:3]:
        first.handle(Command(Verb.FLAG, cell))
    first.handle(Command(Verb.UNDO))
    first.handle(Command(Verb.UNDO))
    first.put_away()
    ((_, snapshot),) = store_in(tmp_path).unfinished()
    second = beginner(tmp_path, resumed=Round.from_snapshot(snapshot, lambda: 100.0))
    assert second.current.game.flags == {hidden[0]}
    second.handle(Command(Verb.REDO))
    assert second.view().messages[0] == f"Put back “flag {hidden[1][0] + 1} {hidden[1][1] + 1}”."
    second.handle(Command(Verb.REDO))
    assert second.current.game.flags == set(hidden[:3])
    second.handle(Command(Verb.REDO))
    assert second.view().messages == ("Nothing to redo.",)


@pytest.mark.parametrize("taken_back", [1, 2])
def test_a_loss_taken_back_left_and_resumed_then_put_back_is_the_same_loss(
    tmp_path: Path, taken_back: int
) -> None:
    first = beginner(tmp_path)
    first.handle(Command(Verb.TRY, (3, 3)))
    start = first.current.journal.start
    assert start is not None
    rows = first.view().rows
    hidden = [(x, y) for y, row in enumerate(rows) for x, cell in enumerate(row) if cell == "#"]
    first.handle(Command(Verb.FLAG, next(cell for cell in hidden if cell not in start.mines)))
    first.handle(Command(Verb.TRY, min(start.mines)))
    lost = store_in(tmp_path).games()
    assert lost is not None and len(lost) == 1 and not lost[0].won
    first.answer("undo")
    for _ in range(taken_back - 1):
        first.handle(Command(Verb.UNDO))
    first.put_away()
    ((_, snapshot),) = store_in(tmp_path).unfinished()
    second = beginner(tmp_path, resumed=Round.from_snapshot(snapshot, lambda: 100.0))
    for _ in range(taken_back):
        reply = second.handle(Command(Verb.REDO))
    assert reply.question is Question.AGAIN
    assert store_in(tmp_path).games() == lost, "the same loss, recorded once"
    assert any(line.startswith("This board's code is") for line in second.view().messages)
    assert store_in(tmp_path).unfinished() == [], "and nothing left in progress"


def test_a_game_saved_then_left_and_resumed_is_still_practice(tmp_path: Path) -> None:
    first = beginner(tmp_path)
    first.handle(Command(Verb.TRY, (3, 3)))
    first.handle(Command(Verb.SAVE, file=str(tmp_path / "saved.txt")))
    first.put_away()
    ((_, snapshot),) = store_in(tmp_path).unfinished()
    resumed = Round.from_snapshot(snapshot, lambda: 100.0).round
    assert resumed.mines_written, "its mines are still in the file"


def test_a_kept_redo_that_does_not_follow_its_game_is_refused(tmp_path: Path) -> None:
    first = beginner(tmp_path)
    first.handle(Command(Verb.TRY, (3, 3)))
    first.handle(Command(Verb.FLAG, (0, 0)))
    first.handle(Command(Verb.UNDO))
    first.put_away()
    ((_, snapshot),) = store_in(tmp_path).unfinished()
    other = beginner(tmp_path / "other")
    other.handle(Command(Verb.TRY, (0, 7)))
    for ahead in [other.current.journal.dumps(), "not a journal", 7]:
        with pytest.raises(JournalError):
            Round.from_snapshot({**snapshot, "ahead": ahead}, lambda: 100.0)


def test_a_resumed_game_puts_the_cursor_back_where_the_player_left_it(tmp_path: Path) -> None:
    """The cursor is the player's, not the game's, yet a game kept keeps it."""
    first = beginner(tmp_path)
    first.handle(Command(Verb.TRY, (3, 3)))
    first.steer((2, -1))
    assert first.view().cursor == (5, 2)
    first.put_away()
    ((_, snapshot),) = store_in(tmp_path).unfinished()
    second = beginner(tmp_path, resumed=Round.from_snapshot(snapshot, lambda: 100.0))
    assert second.view().cursor == (5, 2)


def test_a_piped_game_left_at_the_end_of_input_is_resumed(tmp_path: Path) -> None:
    data = ("--data-dir", str(tmp_path), "--lang", "en")
    left = run_piped("--preset", "beginner", "--seed", "3", *data, lines="4 4\n")
    assert left.returncode == 0
    assert left.stdout.endswith(f"{KEPT}\nSee you soon!\n")
    back = run_piped("--resume", *data, lines="quit\n")
    assert "Welcome back: the game goes on where you left it." in back.stdout
    assert rows(back.stdout, 8) == rows(left.stdout, 8)
    again = run_piped("--resume", *data, lines="")
    assert rows(again.stdout, 8) == rows(left.stdout, 8), "quit keeps it again"
    none = run_piped(
        "--resume", "--data-dir", str(tmp_path / "empty"), "--lang", "en", lines="3 3\nquit\n"
    )
    assert none.returncode == 1 and none.stdout == "", "no game dealt for the script's moves"
    assert none.stderr == "buscaminas: There is no game in progress to resume.\n"
    assert run_piped("games", "--data-dir", str(tmp_path / "empty")).stdout.count("\n") <= 1


def test_resume_with_a_board_named_says_that_board_is_not_dealt(tmp_path: Path) -> None:
    data = ("--data-dir", str(tmp_path), "--lang", "en")
    left = run_piped("--preset", "beginner", "--seed", "3", *data, lines="4 4\n")
    back = run_piped("--resume", "--preset", "expert", *data, lines="quit\n")
    assert "“--resume” goes on with the game left unfinished" in back.stdout
    assert rows(back.stdout, 8) == rows(left.stdout, 8), "the kept beginner game"
    plain = run_piped("--resume", *data, lines="quit\n")
    assert "the board the other options name" not in plain.stdout, "no other board to speak of"


def test_sigterm_mid_game_then_the_next_start_offers_it(tmp_path: Path) -> None:
    data = scratch_directory()
    env = {"BUSCAMINAS_DATA_DIR": data}
    player = Player("--preset", "beginner", "--seed", "3", "--legacy", "--lang", "en", env=env)
    player.prompt_row()
    player.type("4 4")
    player.wait_until(lambda: player.board(8)[0] == "#1.1####")
    before = player.board(8)
    player.child.kill(signal.SIGTERM)
    assert player.finish() == 128 + signal.SIGTERM
    again = Player("--legacy", "--lang", "en", env=env)
    again.wait_for("You left a game unfinished: Beginner 8×8, no-guess")
    again.type("")
    again.wait_for("Welcome back")
    assert again.board(8) == before
    again.type("quit")
    assert again.finish() == 0
    given_up = Player("--legacy", "--lang", "en", env=env)
    given_up.wait_for("Resume it?")
    given_up.type("n")
    given_up.wait_for("Board [Enter = 2]")
    given_up.child.sendcontrol("d")
    given_up.finish()
    stats = run_piped("stats", "--data-dir", data, "--lang", "en")
    assert "  1 of them abandoned." in stats.stdout


A_CODE = str(ShareCode(8, 8, 10, BoardKind.NO_GUESS, 12345, (3, 3), generator.VERSION))
"""A share code of this version, so that it deals a board whatever the version."""


@pytest.mark.parametrize(
    "board", [("--daily",), pytest.param(("--game", A_CODE), marks=pytest.mark.slow)]
)
def test_a_board_asked_for_by_name_is_played_and_the_kept_game_waits(
    tmp_path: Path, board: tuple[str, ...]
) -> None:
    data = ("--data-dir", str(tmp_path), "--lang", "en")
    left = run_piped("--preset", "beginner", "--seed", "3", *data, lines="4 4\n")
    named = Player("--legacy", *board, *data)
    named.wait_for("A game you left unfinished waits: “buscaminas --resume” goes on with it.")
    assert "You left a game unfinished" not in named.text
    named.type("quit")
    named.finish()
    back = run_piped("--resume", *data)
    assert "Welcome back" in back.stdout
    assert rows(back.stdout, 8) == rows(left.stdout, 8)


@pytest.mark.parametrize(
    "leave",
    [
        pytest.param("SIGHUP", marks=pytest.mark.slow),  # the quick suite has two of four
        "Ctrl-C",
        pytest.param("Ctrl-D", marks=pytest.mark.slow),
        "quit",
    ],
)
def test_every_way_out_keeps_the_game(leave: str) -> None:
    data = scratch_directory()
    player = Player(
        "--preset", "beginner", "--seed", "3", "--legacy", "--lang", "en",
        env={"BUSCAMINAS_DATA_DIR": data},
    )
    player.prompt_row()
    player.type("4 4")
    player.wait_until(lambda: player.board(8)[0] == "#1.1####")
    if leave == "SIGHUP":
        player.child.kill(signal.SIGHUP)
    elif leave == "quit":
        player.type("quit")
    else:
        player.child.sendcontrol(leave[-1].lower())
    player.finish()
    if leave != "SIGHUP":  # a terminal that hung up has nobody to tell
        said = player.output.decode()
        assert KEPT in said
    back = run_piped("--resume", "--data-dir", data, "--lang", "en")
    assert "Welcome back" in back.stdout
    assert rows(back.stdout, 8)[0] == "#1.1####"


def test_only_a_game_kept_is_said_to_be_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    unstarted = beginner(tmp_path)
    unstarted.put_away()
    assert KEPT not in unstarted.goodbye()
    failing = beginner(tmp_path)
    failing.handle(Command(Verb.TRY, (3, 3)))
    monkeypatch.setattr(failing.keeper.store, "keep", lambda identity, snapshot, playing: False)
    failing.put_away()
    assert KEPT not in failing.goodbye(), "a game the records refused is not kept"
    monkeypatch.undo()
    failing.put_away()
    assert KEPT in failing.goodbye()


def test_the_offer_to_resume_breaks_between_words(tmp_path: Path) -> None:
    data = ("--data-dir", str(tmp_path), "--lang", "en")
    size = ("--width", "60", "--height", "9", "--mines", "50")
    run_piped(*size, "--seed", "3", *data, lines="5 5\n")
    player = Player("--legacy", *data, columns=41)
    player.wait_for("n = no]")
    first = player.row_of("You left")
    last = player.row_of("n = no]")
    words = " ".join(line.strip() for line in player.lines[first : last + 1])
    assert re.fullmatch(
        r"You left a game unfinished: Custom 60×9, 50 mines, no-guess,"
        r" (\d+ s|\d+:\d\d) on the clock, \d+% cleared; given up, it counts as lost\."
        r" Resume it\? \[Enter = yes, n = no\]",
        words,
    ), words
    player.type("n")
    player.wait_for("Board [Enter")
    player.child.sendcontrol("d")
    player.finish()


def test_two_games_left_unfinished_are_offered_in_turn(tmp_path: Path) -> None:
    data = ("--data-dir", str(tmp_path), "--lang", "en")
    run_piped("--preset", "tiny", "--seed", "1", *data, lines="3 3\nquit\n")
    run_piped("--preset", "small", "--seed", "1", *data, lines="5 5\nquit\n")
    player = Player("--legacy", *data)
    player.wait_for("You left a game unfinished: Small 10×10")
    player.type("n")
    player.wait_for("You left a game unfinished: Tiny 5×5")
    player.type("")
    player.wait_for("Welcome back")
    player.type("quit")
    assert player.finish() == 0
    games = store_in(tmp_path).games() or []
    assert [(game.board.preset, game.abandoned) for game in games] == [("normal", True)]


@pytest.mark.parametrize(
    "damage",
    [
        {"first": [200, 200]},
        {"first": [-1, 3]},
        {"started_at": "2020-01-01T00:00:00"},
        {"started_at": "2020-01-01T02:00:00+02:00"},
        {"elapsed": float("inf")},
        {"elapsed": float("nan")},
        {"elapsed": -100},
        {"journal": '{"format":1,"size":[8,8,10],"moves":[["flag",0,0,0.0]]}'},
        # Numbers no float holds: a conversion's OverflowError, once a traceback.
        {"elapsed": 10**400},
        {"seed": float("inf")},
        {"journal": '{"format":2,"size":[8,8,10],"moves":[["flag",0,0,1' + "0" * 400 + "]]}"},
        {"journal": "[" * 10**5 + "]" * 10**5},
        {"identity": "another game's"},
    ],
)
def test_a_damaged_game_in_progress_is_set_aside_not_offered(
    tmp_path: Path, damage: dict[str, object]
) -> None:
    session = beginner(tmp_path)
    session.handle(Command(Verb.TRY, (3, 3)))
    session.put_away()
    warned: list[str] = []
    store = Store(tmp_path / "buscaminas.sqlite3", on_warning=warned.append)
    ((identity, snapshot),) = store.unfinished()
    store.keep(identity, {**snapshot, **damage}, playing=False)
    assert unfinished.newest(store, lambda: 0.0) is None
    assert store.unfinished() == [], "set aside, so that it is not offered again"
    assert warned == [
        f"A game left unfinished could not be read: it was set aside, kept in {store.path}"
        " (table unfinished_set_aside)."
    ]


def test_a_lost_game_is_not_offered_to_resume(tmp_path: Path) -> None:
    session = beginner(tmp_path)
    session.handle(Command(Verb.TRY, (3, 3)))
    session.put_away()
    store = store_in(tmp_path)
    ((identity, snapshot),) = store.unfinished()
    start = session.current.journal.start
    assert start is not None
    mine = next(iter(start.mines))
    journal = loads(snapshot["journal"])
    journal.moves.append(Played(Move(Action.TRY, mine), 9.0))
    store.keep(identity, {**snapshot, "journal": journal.dumps()}, playing=False)
    assert unfinished.newest(store, lambda: 0.0) is None


def test_a_game_given_up_is_recorded_with_its_own_time(tmp_path: Path) -> None:
    store, kept = offered_after_ten_seconds(tmp_path)
    unfinished.give_up(store, kept)
    (game,) = store.games() or []
    assert game.abandoned and game.seconds == 10.0


LOSING_THE_RACE = """
import sys
import os
from buscaminas.entry import cli
from buscaminas.game import unfinished
from buscaminas.records import claim
from buscaminas.records.storage import Claim, Store

look = unfinished.newest


def newest(store, clock):
    kept = look(store, clock)
    if kept is not None:  # another run (the test, alive) claims it between look and take
        elsewhere = Store(store.path, on_warning=print, owner=claim.owner(os.getppid()))
        assert elsewhere.claim(kept.round.identity) is Claim.TAKEN
    return kept


unfinished.newest = newest
sys.exit(cli.main())
"""
"""The game, with one seam: another connection takes the kept game up right after this
run has found it, the one interleaving in which this run loses the race."""


@pytest.mark.parametrize(
    ("language", "taken", "menu"),
    [
        ("en", "That game was just taken up elsewhere", "Board [Enter = 2]:"),
        ("es", "Esa partida se acaba de reanudar en otro sitio", "Tablero [Intro = 2]:"),
    ],
)
def test_a_piped_resume_that_loses_the_race_is_told_and_offered_the_boards(
    tmp_path: Path, language: str, taken: str, menu: str
) -> None:
    data = ("--data-dir", str(tmp_path), "--lang", language)
    run_piped("--preset", "beginner", "--seed", "3", *data, lines="4 4\n")
    lost = subprocess.run(
        [sys.executable, "-c", LOSING_THE_RACE, "--resume", *data],
        input="5\n8 8\nquit\n",  # the board menu's fifth board: intermediate, 16×16
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert lost.returncode == 0, lost.stderr
    said = lost.stdout
    assert taken in said
    assert said.index(taken) < said.index(menu)
    assert len(rows(said, 16)) == 16, "the board chosen from the menu, not a beginner's"
    assert not rows(said, 8)


def test_a_terminal_that_loses_the_race_while_it_offers_the_game_says_so(
    tmp_path: Path,
) -> None:
    """The offer waits for the player: time enough for another run to take it up."""
    data = ("--data-dir", str(tmp_path), "--lang", "en")
    run_piped("--preset", "beginner", "--seed", "3", *data, lines="4 4\n")
    player = Player("--legacy", *data)
    player.wait_for("Resume it?")
    with forkstart_support.popen(
        [sys.executable, "-m", "buscaminas", "--resume", *data],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    ) as elsewhere:  # plays on while the terminal's player answers
        assert elsewhere.stdout is not None and elsewhere.stdin is not None
        assert "Welcome back" in elsewhere.stdout.readline()
        player.type("")  # yes: but the game has gone
        player.wait_for("That game was just taken up elsewhere: it goes on there, not here.")
        player.wait_for("Board [Enter = 2]: ")
        elsewhere.stdin.close()
        elsewhere.wait(60)
    player.type("2")
    player.wait_until(lambda: player.board(8) == ["########"] * 8)
    player.type("quit")
    assert player.finish() == 0


UNKEPT = {
    "en": "The game in progress was not kept: the score database {path} cannot be opened:"
    " {folder} is not a folder.",
    "es": "La partida en curso no se guardó: no se puede abrir la base de datos de"
    " puntuaciones {path}: {folder} no es una carpeta.",
}
"""Why a game could not be kept, when the data directory is a file."""


@pytest.mark.parametrize("language", ["en", "es"])
def test_in_a_pipe_a_game_that_cannot_be_kept_is_said_so_before_leaving(
    tmp_path: Path, language: str
) -> None:
    blocked = tmp_path / "data"
    blocked.write_text("a file where the data directory should be")
    said = run_piped(
        "--preset", "beginner", "--seed", "3", "--data-dir", str(blocked), "--lang", language,
        lines="4 4\n",
    ).stdout.splitlines()
    unkept = UNKEPT[language].format(path=blocked / "buscaminas.sqlite3", folder=blocked)
    assert said.count(unkept) == 2, "under the board at the first move, and before leaving"
    assert said.index(unkept, said.index(unkept) + 1) == len(said) - 2
    assert KEPT not in said


def test_on_a_terminal_a_game_that_cannot_be_kept_is_said_so_before_leaving(
    tmp_path: Path,
) -> None:
    """Said whole after the game's screen, the path too: wider than the terminal, it is
    left for the terminal to fold, not broken with a line's end inside it."""
    blocked = tmp_path / ("a-data-directory-with-a-long-name-" * 3)
    blocked.write_text("a file where the data directory should be")
    player = Player(
        "--preset", "beginner", "--seed", "3", "--legacy", "--lang", "en",
        "--data-dir", str(blocked),
    )
    player.prompt_row()
    player.type("4 4")
    unkept = UNKEPT["en"].format(path=blocked / "buscaminas.sqlite3", folder=blocked)
    player.wait_for(unkept[:40])  # under the board, as soon as it is not kept
    player.type("quit")
    assert player.finish() == 0
    after = player.output.decode().rpartition("\x1b[?1049l")[2]  # after the game's screen
    assert " ".join(unkept.split()) in " ".join(after.split()), "wrapped at words, said whole"
    assert str(blocked / "buscaminas.sqlite3") in after.split()
    assert " ".join(KEPT.split()) not in " ".join(after.split())


def unprivileged() -> None:
    """Run the child without root's right to write any file: permissions apply to it as
    to anyone (root keeps its uid; the capabilities it loses are dropped from those an
    exec gives it)."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2, 3):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER
        if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


PR_CAPBSET_DROP = 24


def test_resume_from_a_read_only_database_says_why_and_deals_no_menu(tmp_path: Path) -> None:
    """Nobody else has the game: the player hears why it cannot be taken up, once, and
    the script's next lines play a board instead of answering a menu."""
    data = tmp_path / "data"
    run_piped("--preset", "beginner", "--seed", "3", "--data-dir", str(data), lines="4 4\n")
    database = data / "buscaminas.sqlite3"
    database.chmod(0o444)
    data.chmod(0o555)
    resumed = subprocess.run(
        [sys.executable, "-m", "buscaminas", "--resume", "--data-dir", str(data), "--lang", "en"],
        input="flag 1 1\nquit\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "BUSCAMINAS_CONFIG_DIR": scratch_directory()},
        preexec_fn=unprivileged,
        timeout=60,
    )
    data.chmod(0o755)
    assert resumed.returncode == 0, resumed.stderr
    said = resumed.stdout.splitlines()
    why = f"The game in progress could not be taken up: the score database {database} is read-only."
    assert said.count(why) == 1
    assert not [line for line in said if "taken up elsewhere" in line]
    assert not [line for line in said if line.startswith("Board [Enter")], "no menu"
    assert len(rows(resumed.stdout, 8)) >= 8, "the script plays a board"


def test_a_claim_whose_process_has_ended_but_is_not_yet_reaped_is_nobody_s() -> None:
    child = subprocess.Popen(["sleep", "60"])
    owner = claim.owner(child.pid)
    assert claim.alive(owner, time.time())
    os.kill(child.pid, signal.SIGKILL)
    stat = Path(f"/proc/{child.pid}/stat")
    deadline = time.monotonic() + 10
    while stat.read_text().rpartition(")")[2].split()[0] != "Z":  # a zombie, not reaped
        assert time.monotonic() < deadline
        time.sleep(0.01)
    assert not claim.alive(owner, time.time())
    child.wait()


def playing_in_a_pipe(data: Path, *first: str) -> subprocess.Popen[str]:
    """A beginner game played from a pipe that stays open, once its ``first`` lines are
    played and kept."""
    game = forkstart_support.popen(
        [sys.executable, "-m", "buscaminas", "--preset", "beginner", "--seed", "3",
         "--data-dir", str(data), "--lang", "en"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
    )
    assert game.stdin is not None and game.stdout is not None
    for line in first:
        game.stdin.write(line + "\n")
        game.stdin.flush()
        shown = 0
        while shown < 8:  # the board after the line
            row = game.stdout.readline()
            assert row, "the game ended"
            shown = shown + 1 if re.fullmatch(r"[#F.1-8*X?]{8}\n", row) else 0
        wait_for_input(game.pid)  # drawn first, then kept before the next line is read
    return game


def test_resume_while_another_window_plays_the_game_says_where_it_is(tmp_path: Path) -> None:
    game = playing_in_a_pipe(tmp_path, "4 4")
    try:
        elsewhere = run_piped(
            "--resume", "--data-dir", str(tmp_path), "--lang", "en", lines="quit\n"
        )
    finally:
        game.communicate("quit\n", timeout=60)
    assert elsewhere.returncode == 1 and elsewhere.stdout == ""
    assert elsewhere.stderr == (
        "buscaminas: Your game in progress is being played in another window: it goes on"
        " there, and “buscaminas --resume” takes it up here once it is left.\n"
    )


@pytest.mark.waits
def test_time_waiting_for_a_locked_database_is_left_off_the_game_s_clock(tmp_path: Path) -> None:
    Store(tmp_path / "buscaminas.sqlite3", on_warning=pytest.fail).forget("nobody")
    lock = sqlite3.connect(tmp_path / "buscaminas.sqlite3", isolation_level=None)
    lock.execute("BEGIN EXCLUSIVE")  # another program, for three moves: 2 s of waiting each
    game = playing_in_a_pipe(tmp_path, "4 4", "flag 1 1", "flag 1 1")
    lock.execute("ROLLBACK")
    lock.close()
    game.communicate("quit\n", timeout=60)
    (kept,) = store_in(tmp_path).unfinished()
    assert kept[1]["elapsed"] < 1.5, "three waits of 2 s each are not the player's"


def test_on_a_terminal_the_warning_that_the_game_is_not_kept_stays_until_it_is(
    tmp_path: Path,
) -> None:
    """Other words come and go under the board, the AI's moves too; the warning stays
    until a keep succeeds."""
    blocked = tmp_path / "data"
    blocked.write_text("a file where the data directory should be")
    player = Player(
        "--preset", "beginner", "--seed", "3", "--legacy", "--lang", "en",
        "--data-dir", str(blocked),
    )
    unkept = UNKEPT["en"].format(path=blocked / "buscaminas.sqlite3", folder=blocked)[:40]
    player.prompt_row()
    player.type("4 4")
    player.wait_for(unkept)
    player.type("unflag 1 1")
    player.wait_for("There is no flag at 1 1.")
    assert unkept in player.text
    player.type("auto 5")
    player.wait_until(lambda: "AI pace" in player.text and unkept in player.text)  # playing
    player.wait_until(lambda: "AI pace" not in player.text)  # done, no key pressed
    assert "AI:" in player.text and unkept in player.text
    blocked.unlink()  # the data directory can be made again: the next keep succeeds
    player.type("help")
    player.wait_until(lambda: unkept not in player.text)
    player.type("quit")
    assert player.finish() == 0
