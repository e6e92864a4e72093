"""Nothing the player types is lost or misread (issue 26, items 3 to 5), each in a real pty.

- A paste of any size never stalls the game: the typed line is cut at the parser's
  limit, which is said once, a move plays right after, and Ctrl-C answers at once.
- Cursor keys do what they say at any pace; a command typed into cursor mode by
  habit does what it says and leaves nothing of what its letters did as keys.
- A line typed or pasted while the AI plays is played once it stops.
"""

from __future__ import annotations

import contextlib
import signal
import tempfile
import threading
import time
from pathlib import Path
from typing import NamedTuple

import pytest

from buscaminas import signals
from buscaminas.core.engine import Move
from buscaminas.core.grid import Point
from buscaminas.game import commands
from buscaminas.game.app import App
from buscaminas.game.keeper import Keeper
from buscaminas.game.settings import Settings
from buscaminas.records import boardfile
from buscaminas.records.storage import database_in
from buscaminas.ui.events import EndOfInput
from tests.app_support import Piped, piped_screen
from tests.terminal_support import Player, click, write_board

TOO_LONG = "That line is too long"
PIECE = 1024
MEGABYTE = 2**20
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"
CTRL_C_SECONDS = 0.1
BOARD = ("*####", "#####", "#####", "*###*")
"""Three mines in the corners: 3 2 opens the middle, 1 2 and 5 3 stay hidden."""
AFTER_3_2 = ["#1...", "#1...", "#1.11", "#1.1#"]


def start(tmp_path: Path, *extra: str) -> Player:
    board = write_board(tmp_path / "board.txt", *BOARD)
    player = Player("--board", str(board), "--lang", "en", "--legacy", "--no-animation", *extra)
    player.wait_for("Mines left: 3")
    return player


def paste(player: Player, text: str, *, bracketed: bool) -> None:
    """``text`` as a terminal hands a paste over: in pieces of a kilobyte, the screen
    read meanwhile (a program that cannot write cannot read either)."""
    if bracketed:
        player.child.send(PASTE_START)
    for at in range(0, len(text), PIECE):
        player.child.send(text[at : at + PIECE])
        player.pump(0)
    if bracketed:
        player.child.send(PASTE_END)


def prompt_empty(player: Player) -> bool:
    return any(line.strip() == ">" for line in player.lines)


# --- 3. input of any size -----------------------------------------------------------------


@pytest.mark.parametrize("bracketed", [True, False], ids=["bracketed", "plain"])
def test_a_megabyte_pasted_in_pieces_is_cut_said_once_and_the_next_move_plays(
    tmp_path: Path, bracketed: bool
) -> None:
    player = start(tmp_path)
    player.prompt_row()
    paste(player, "z" * MEGABYTE, bracketed=bracketed)
    player.wait_until(lambda: TOO_LONG in player.text and "> zzz" in player.text, timeout=30)
    assert player.text.count(TOO_LONG) == 1, "what is cut is said once"
    player.child.send("\r")  # refused whole, never acted on cut short
    player.wait_until(lambda: prompt_empty(player) and TOO_LONG in player.text)
    assert player.text.count(TOO_LONG) == 1
    player.type("3 2")
    player.wait_until(lambda: player.board(4) == AFTER_3_2)
    assert TOO_LONG not in player.text
    player.type("quit")
    assert player.finish() == 0


@pytest.mark.parametrize("bracketed", [True, False], ids=["bracketed", "plain"])
def test_ctrl_c_answers_at_once_during_a_long_paste(tmp_path: Path, bracketed: bool) -> None:
    player = start(tmp_path)
    player.prompt_row()
    paste(player, "z" * MEGABYTE, bracketed=bracketed)  # much of it still unread
    player.child.send("\x03x")  # the line dropped, and what is typed after it kept
    sent = time.monotonic()
    player.wait_until(lambda: player.typed_line() == "x" and TOO_LONG not in player.text)
    answered = time.monotonic() - sent
    assert answered < CTRL_C_SECONDS, f"Ctrl-C answered after {answered * 1000:.0f} ms"
    player.child.send("\x7f")
    player.type("3 2")
    player.wait_until(lambda: player.board(4) == AFTER_3_2)
    player.type("quit")
    assert player.finish() == 0


def test_a_ctrl_c_read_before_the_game_first_waits_is_kept_for_its_first_wait() -> None:
    """The front end can read a Ctrl-C (typed while it loaded) before the game has
    finished drawing its first board: the game is not interrupted half way through its
    start, it is told at its first wait, and leaves from there."""
    with signals.noted(signal.SIGINT) as interrupt, piped_screen() as piped:
        events = piped.screen.events
        piped.send("\x03")
        piped.wait_until(lambda: interrupt.made or not events.empty())
        assert not interrupt.made, "the game was interrupted in its start"
        with pytest.raises(KeyboardInterrupt):
            piped.screen.read("> ")


def test_a_long_file_name_is_saved_to(tmp_path: Path) -> None:
    folder = tmp_path / ("a" * 100) / ("b" * 100)
    folder.mkdir(parents=True)
    file = folder / "a game kept under a long name.txt"
    assert len(str(file)) > 200
    player = start(tmp_path)
    player.type("3 2")
    player.wait_until(lambda: player.board(4) == AFTER_3_2)
    player.type(f"save {file}")
    player.wait_until(lambda: file.exists())
    assert boardfile.load(file).mines == boardfile.load(tmp_path / "board.txt").mines
    assert TOO_LONG not in player.text
    player.type("quit")
    assert player.finish() == 0


# --- 4. cursor keys at any pace -----------------------------------------------------------


class Pair(NamedTuple):
    """Two cursor keys and how far apart, from the cursor at ``at`` after 3 2 and a flag
    on the mine at 1 1; the board and the cursor they leave."""

    keys: str
    seconds: float
    at: str
    board: list[str]
    cursor: tuple[int, int]


PAIRS = [
    Pair("sa", 0.6, "", ["F1...", "#1...", "#1.11", "#1.1#"], (2, 3)),  # down, left
    Pair("fl", 0.15, "hh", ["F1...", "F1...", "#1.11", "#1.1#"], (2, 2)),  # a flag, right
    Pair("he", 0.15, "k", ["F1...", "11...", "#1.11", "#1.1#"], (2, 1)),  # left, expand
    Pair("de", 0.15, "khh", ["F1...", "11...", "#1.11", "#1.1#"], (2, 1)),  # right, expand
    Pair("ne", 0.15, "", ["F1...", "#1...", "#1.11", "#1.1#"], (1, 3)),  # next hidden
    Pair("au", 0.15, "", ["#1...", "#1...", "#1.11", "#1.1#"], (1, 1)),  # left, undo
]


@pytest.mark.parametrize("pair", PAIRS, ids=[f"{p.keys}-{p.seconds}s" for p in PAIRS])
@pytest.mark.waits
def test_two_cursor_keys_do_what_they_say_apart_or_together(tmp_path: Path, pair: Pair) -> None:
    player = start(tmp_path)
    player.type("3 2")
    player.wait_until(lambda: player.board(4) == AFTER_3_2)
    player.type("flag 1 1")
    player.wait_until(lambda: player.board(4)[0][0] == "F")
    player.type("3 2")  # refused (revealed already): the cursor back at 3 2
    player.wait_until(lambda: player.cursor() == (3, 2))
    player.child.send("\t")
    player.wait_for("Cursor keys")
    for key in pair.at:
        player.child.send(key)
        player.idle(0.1)
    player.child.send(pair.keys[0])
    player.idle(pair.seconds)
    player.child.send(pair.keys[1])
    player.wait_until(lambda: player.board(4) == pair.board and player.cursor() == pair.cursor)
    player.idle(1.0)  # whatever a key might wait for, it has waited
    assert player.board(4) == pair.board and player.cursor() == pair.cursor
    assert "Cursor keys" in player.text, "still in cursor mode: nothing went to the typed line"
    player.child.send("\t")
    player.type("quit")
    assert player.finish() == 0


@pytest.mark.parametrize(
    "command", ["f 1 3", pytest.param("flag 1 3", marks=pytest.mark.slow)]  # a second a key
)
@pytest.mark.waits
def test_a_command_typed_by_habit_a_second_a_key_does_what_it_says(
    tmp_path: Path, command: str
) -> None:
    player = start(tmp_path)
    player.type("3 2")
    player.wait_until(lambda: player.board(4) == AFTER_3_2)
    player.child.send("\t")
    player.wait_for("Cursor keys")
    player.child.send("hh")  # on 1 2, hidden: an f acting there would flag it
    player.wait_until(lambda: player.cursor() == (1, 2))
    for key in [*command, "\r"]:
        player.child.send(key)
        player.idle(1.05)  # longer than anything could wait for a key
    player.wait_until(lambda: player.board(4) == ["#1...", "#1...", "F1.11", "#1.1#"])
    assert player.cursor() == (1, 3) and "Tab: keys" in player.text
    player.type("quit")
    assert player.finish() == 0


@pytest.mark.parametrize("key", ["\r", " ", "m", "x"])
def test_the_key_that_ends_a_pause_begun_at_the_cursor_only_ends_it(
    tmp_path: Path, key: str
) -> None:
    """``p`` pauses (and could begin ``probar``); Enter or Space, as the pause asks, goes
    on: no command typed, no cell revealed, the cursor still has the keys."""
    player = start(tmp_path)
    player.type("3 2")
    player.wait_until(lambda: player.board(4) == AFTER_3_2)
    player.child.send("\t")
    player.wait_for("Cursor keys")
    player.child.send("hh")  # on 1 2, hidden: Enter or Space would reveal it, a mine
    player.wait_until(lambda: player.cursor() == (1, 2))
    player.child.send("p")
    player.wait_for("Press any key to go on.")
    assert "Cursor keys" in player.text, "paused, the keys after it are still the cursor's"
    player.child.send(key)
    player.wait_until(lambda: "Press any key to go on." not in player.text)
    player.idle(0.3)
    assert player.board(4) == AFTER_3_2
    assert not any(line.lstrip().startswith(">") for line in player.lines), "no typed line"
    assert "Cursor keys" in player.text and "takes two numbers" not in player.text
    player.child.send("\t")
    player.type("quit")
    assert player.finish() == 0


def test_tab_completes_a_word_with_its_space_as_a_shell_does(tmp_path: Path) -> None:
    player = start(tmp_path)
    player.child.send("fla\t")
    player.wait_until(lambda: player.typed_line() == "flag")
    player.child.send("1 1\r")  # typed straight on: “flag 1 1”, not “flag1 1”
    player.wait_until(lambda: player.board(4)[0][0] == "F")
    assert "Unknown command" not in player.text
    player.type("quit")
    assert player.finish() == 0


def test_ctrl_c_after_tab_completed_a_word_drops_the_line_as_a_shell_does(
    tmp_path: Path,
) -> None:
    player = start(tmp_path)
    player.child.send("fl\t")
    player.wait_until(lambda: player.typed_line() == "flag")
    player.child.sendcontrol("c")
    player.wait_until(lambda: player.typed_line() == "")
    player.type("flag 1 1")  # nothing of “fl” is left to run into it
    player.wait_until(lambda: player.board(4)[0][0] == "F")
    assert "Unknown command" not in player.text
    player.type("quit")
    assert player.finish() == 0


def test_a_click_ends_a_word_and_stands(tmp_path: Path) -> None:
    player = start(tmp_path)
    player.type("3 2")
    player.wait_until(lambda: player.board(4) == AFTER_3_2)
    player.child.send("\t")
    player.wait_for("Cursor keys")
    player.child.send("hh")
    player.wait_until(lambda: player.cursor() == (1, 2))
    player.child.send("f")  # flags 1 2, and could begin “flag”
    player.wait_until(lambda: player.board(4)[1][0] == "F")
    click(player, 2, 1, 3)  # a right click flags 1 3
    player.wait_until(lambda: player.board(4)[2][0] == "F")
    # No word “flag” any more: l moves, and “ag” (again) is typed, however soon after
    # the click they come.
    player.child.send("lag")
    player.wait_until(lambda: player.typed_line() == "ag")
    assert player.board(4) == ["#1...", "F1...", "F1.11", "#1.1#"]
    assert player.cursor() == (2, 3), "moved by l alone"
    player.child.send("\x7f\x7f")
    player.type("quit")
    assert player.finish() == 0


class Left(NamedTuple):
    """What a command left of the game, beside what it says."""

    board: tuple[str, ...]
    moves: tuple[Move, ...]
    cursor: Point
    hints: int
    took_back: bool
    redo: tuple[Move, ...]
    question: str | None
    page: bool
    line: str


def left_by(keys: list[str]) -> Left:
    """A game on :data:`BOARD`: 3 2 revealed, a flag on 1 4 taken back (so that ``r``
    would put it back), the cursor moved by keys to 1 2 (hidden: ``f`` would flag it);
    then ``keys``."""
    with tempfile.TemporaryDirectory(prefix="habit-") as folder, piped_screen(
        words=commands.verb_names()
    ) as piped:
        board = boardfile.load(write_board(Path(folder) / "board.txt", *BOARD))
        settings = Settings(5, 4, 3, board_file=board)
        keeper = Keeper.open(database_in(Path(folder)))
        app = App(settings, piped.screen, legend=[], keeper=keeper)
        thread = threading.Thread(target=_play, args=(app,), daemon=True)
        thread.start()
        for setup in ("3 2\r", "flag 1 4\r", "undo\r", "\t", "kk"):
            _sent(piped, setup)
        assert app.session.ui.cursor == (0, 1)
        for key in keys:
            _sent(piped, key)
        session = app.session
        current = session.current
        left = Left(
            current.game.rows(),
            tuple(played.move for played in current.journal.moves),
            session.ui.cursor,
            current.hints,
            current.took_back,
            tuple(played.move for played in current.journal.redo_stack),
            None if session.question is None else session.question.name,
            session.ui.page is not None,
            piped.screen.buffer.text,
        )
        piped.screen.events.put(EndOfInput())
        thread.join(timeout=10)
    return left


def _sent(piped: Piped, keys: str) -> None:
    piped.send(keys)
    piped.settle()


def _play(app: App) -> None:
    with contextlib.suppress(EOFError, KeyboardInterrupt):
        app.run()


@pytest.mark.parametrize(
    "command", ["flag 3 3", "help", "review", "f 3 3", "probar 2 2", "flag 1 2", "new"]
)
@pytest.mark.parametrize("together", [True, False], ids=["at-once", "one-by-one"])
def test_a_command_typed_by_habit_does_what_it_says_and_leaves_no_trace(
    command: str, together: bool
) -> None:
    """The same as the command typed at the prompt: no move, undo, redo or hint of its
    letters as keys, the cursor where the command leaves it."""
    typed = [command + "\r"] if together else [*command, "\r"]
    assert left_by(typed) == left_by(["\t", command + "\r"])


# --- 5. typed while the AI plays ----------------------------------------------------------


@pytest.mark.parametrize("how", ["typed", "pasted"])
def test_a_line_typed_while_the_ai_plays_is_played(how: str) -> None:
    player = Player("--preset", "expert", "--seed", "3", "--legacy", "--lang", "en", rows=30)
    player.prompt_row()
    player.type("auto")
    player.wait_for("AI: ")
    if how == "typed":
        for key in "flag 1 1":  # a person's pace: the f stops the AI, and is typed
            player.child.send(key)
            player.idle(0.15)
        player.child.send("\r")
    else:
        paste(player, "flag 1 1\n", bracketed=True)
    player.wait_until(
        lambda: player.board(16)[0][0] == "F" or "1 1 is already revealed" in player.text
    )
    assert "Unknown command" not in player.text
    player.type("quit")
    assert player.finish() == 0


def test_keys_typed_during_the_search_and_the_reveal_s_waves_play_in_order() -> None:
    player = Player("--preset", "beginner", "--seed", "1", "--legacy", "--lang", "en")
    player.prompt_row()
    # The first reveal: the search for a board, then its waves, all while these come.
    player.child.send("5 5\r" + "\t" + "kkkk" + "f" + "\t" + "flag 1 1\r" + "flag 1 8\r")
    player.wait_until(
        lambda: (player.board(8)[0][0], player.board(8)[0][4], player.board(8)[7][0])
        == ("F", "F", "F")
    )
    assert "Unknown command" not in player.text
    player.type("quit")
    assert player.finish() == 0
