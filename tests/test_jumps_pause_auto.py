"""Jumps of the cursor, the pause, and the AI's pace: in the session, in a pipe, and on
the real program's screen in a pseudo-terminal."""

from __future__ import annotations

import io
import re
import time
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from buscaminas.core.solver import Position, analyze
from buscaminas.game import jumps, keys
from buscaminas.game.app import AUTO_SECONDS, AUTO_WHOLE_SECONDS, App, auto_pace, pace_words
from buscaminas.game.commands import Command, Verb
from buscaminas.game.jumps import Jump
from buscaminas.game.keeper import Keeper
from buscaminas.game.keys import Mode
from buscaminas.game.screen import Audience
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.game.view import State, View
from buscaminas.records.storage import Store, database_in
from buscaminas.ui import controls
from buscaminas.ui.pipe import PipeScreen
from buscaminas.ui.terminal import TerminalScreen
from tests.config_support import configured, settings
from tests.cursor_support import BOARD as BOARD_PICTURE
from tests.cursor_support import start
from tests.loop_support import BOARD, ScriptedScreen
from tests.terminal_support import Player, run_piped, write_board

# BOARD: mines at 1 1, 1 4 and 5 4; “3 2” opens the middle and leaves 1 1 … 1 4 and 5 4
# hidden, every one of them decided by logic (1 2 and 1 3 safe, the other three mines).


def session(tmp_path: Path, clock: list[float], audience: Audience = Audience.VIEWER) -> Session:
    store = Store(tmp_path / "games.sqlite3", on_warning=print)
    settings = Settings(5, 4, 3, board_file=BOARD)
    return Session(settings, Keeper(store), legend=[], audience=audience, clock=lambda: clock[0])


# --- jumps -------------------------------------------------------------------------------


def test_hidden_cells_come_in_reading_order_wrapping_both_ways() -> None:
    rows = ("#..", "..?", ".F#")  # a ? is still to decide, a flag is decided
    assert jumps.landing(Jump.NEXT_HIDDEN, rows, (0, 0)) == (2, 1)
    assert jumps.landing(Jump.NEXT_HIDDEN, rows, (2, 1)) == (2, 2)
    assert jumps.landing(Jump.NEXT_HIDDEN, rows, (2, 2)) == (0, 0), "past the last, the first"
    assert jumps.landing(Jump.PREVIOUS_HIDDEN, rows, (0, 0)) == (2, 2)
    assert jumps.landing(Jump.PREVIOUS_HIDDEN, rows, (1, 2)) == (2, 1), "the flag is skipped"
    assert jumps.landing(Jump.NEXT_HIDDEN, ("#..",), (0, 0)) == (0, 0), "the only one left"
    assert jumps.landing(Jump.NEXT_HIDDEN, ("...",), (1, 0)) is None


def test_rows_ends_and_corners() -> None:
    rows = ("....", "....", "....")
    assert jumps.landing(Jump.ROW_START, rows, (2, 1)) == (0, 1)
    assert jumps.landing(Jump.ROW_END, rows, (2, 1)) == (3, 1)
    corners = [Jump.TOP_LEFT, Jump.TOP_RIGHT, Jump.BOTTOM_LEFT, Jump.BOTTOM_RIGHT]
    assert [jumps.landing(jump, rows, (2, 1)) for jump in corners] == [
        (0, 0), (3, 0), (0, 2), (3, 2)
    ]


def test_the_jump_to_a_decided_cell_says_not_which_way_and_counts_once_per_position(
    tmp_path: Path,
) -> None:
    dealt = Session(Settings(9, 9, 10, seed=1), Keeper(Store(None, on_warning=print)), legend=[])
    before = dealt.steer(Jump.DECIDED)
    assert before.cursor == (4, 4) and dealt.current.hints == 0, "nothing before the first try"
    assert before.messages == ("Before the first reveal nothing is decided: any cell is safe.",)
    game = session(tmp_path, [0.0])
    game.handle(Command(Verb.TRY, (2, 1)))
    analysis = analyze(Position.from_game(game.current.game))
    decided = analysis.safe | analysis.mines
    landed = [game.steer(Jump.DECIDED) for _ in range(6)]
    assert [view.cursor for view in landed] == [(0, 2), (0, 3), (4, 3), (0, 0), (0, 1), (0, 2)]
    assert {view.cursor for view in landed} == decided
    assert game.current.hints == 1, "one hint for the position, however often it is asked"
    assert landed[0].messages == (
        "Logic decides 1 3: safe or a mine, that is for you to find (a hint).",
    )
    assert not any(view.highlight.targets or view.highlight.mines for view in landed)
    game.handle(Command(Verb.HELP))
    assert game.current.hints == 2, "help says which way: another hint"
    game.handle(Command(Verb.FLAG, (4, 3)))
    game.steer(Jump.DECIDED)
    assert game.current.hints == 3, "a new position, a new hint"


def test_jump_keys_are_in_the_table_act_at_once_and_are_taken_back_by_a_word() -> None:
    meanings = controls.meanings()
    assert meanings.jumps["n"] is Jump.NEXT_HIDDEN and meanings.jumps["}"] is Jump.BOTTOM_RIGHT
    assert meanings.jumps["home"] is Jump.ROW_START and meanings.jumps["end"] is Jump.ROW_END
    assert "n" in meanings.moving and "c" not in meanings.moving, "a hint never acts inside a word"
    habit = controls.Habit()
    assert habit.key("n") == [controls.Step("mark"), controls.Step("act", "n")]
    assert habit.key("e") == [controls.Step("act", "e")], "every key acts at once"
    assert habit.key("w") == [controls.Step("act", "w")]
    assert habit.key("enter") == [controls.Step("back"), controls.Step("submit", "new")]
    legend = " ".join(keys.legend((keys.Mode.CURSOR,), 200))
    for shown in ("n / N: next / previous hidden", "c: a cell logic decides (hint)",
                  "^ Home / $ End: row start / end", "[ / ] / { / }: corner", "p: pause"):
        assert shown in legend


def test_jumps_bring_the_cursor_into_view_on_a_board_bigger_than_the_screen() -> None:
    player = Player(
        "--width", "40", "--height", "40", "--mines", "200", "--seed", "5", "--legacy",
        "--lang", "en", "--no-animation", rows=30,
    )
    player.wait_for("Mines left: 200")
    player.child.send("\t")
    player.wait_for("Cursor keys")
    for key, cell in [("}", (40, 40)), ("[", (1, 1)), ("$", (40, 1)), ("^", (1, 1)),
                      ("{", (1, 40)), ("\x1b[F", (40, 40)), ("\x1b[H", (1, 40)),
                      ("]", (40, 1))]:
        player.child.send(key)
        player.wait_until(lambda cell=cell: player.cursor() == cell)  # type: ignore[misc]
    assert "y 1–" in player.text, "the top rows in view again"
    player.child.send("\t")
    player.type("quit")
    assert player.finish() == 0


@pytest.mark.parametrize("language", ["en", "es"])
def test_next_hidden_and_decided_cells_with_the_keys(tmp_path: Path, language: str) -> None:
    board = write_board(tmp_path / "board.txt", *BOARD_PICTURE)
    player = Player("--board", str(board), "--lang", language, "--legacy", "--no-animation")
    player.type("3 2")
    player.wait_until(lambda: player.board(4) == ["#1...", "#1...", "#1.11", "#1.1#"])
    player.child.send("\t")
    for key, cell in [("n", (1, 3)), ("n", (1, 4)), ("n", (5, 4)), ("n", (1, 1)),
                      ("N", (5, 4)), ("N", (1, 4))]:
        player.child.send(key)
        player.wait_until(lambda cell=cell: player.cursor() == cell)  # type: ignore[misc]
    assert "Hints" not in player.text and "Pistas" not in player.text
    player.child.send("c")
    said = ("Logic decides 5 4: safe or a mine" if language == "en"
            else "La lógica decide 5 4: si es segura o una mina")
    player.wait_until(lambda: player.cursor() == (5, 4) and said in player.text)
    player.child.send("c")
    player.wait_until(lambda: player.cursor() == (1, 1))
    hints = "Hints: 1" if language == "en" else "Pistas: 1"
    assert hints in player.text
    assert player.board(4) == ["#1...", "#1...", "#1.11", "#1.1#"], "nothing revealed or flagged"
    player.child.send("\t")
    player.type("quit" if language == "en" else "salir")
    assert player.finish() == 0


def test_jump_keys_are_remapped_listed_and_refused_on_a_clash(tmp_path: Path) -> None:
    environment = configured(tmp_path, '[keys]\ntop_left = "g"\nbottom_right = "G"\n')
    printed = settings(run_piped("config", "--lang", "en", env=environment).stdout)
    assert 'top_left = "g" # the file, line 2' in printed
    assert 'bottom_right = "G" # the file, line 3' in printed
    assert 'next_hidden = "n" # the default' in printed
    assert 'decided = "c" # the default' in printed
    board = write_board(tmp_path / "board.txt", *BOARD_PICTURE)
    remapped = Player("--board", str(board), "--lang", "en", "--legacy", "--no-animation",
                      env=environment)
    remapped.wait_for("Mines left: 3")
    remapped.child.send("\tG")
    remapped.wait_until(lambda: remapped.cursor() == (5, 4))
    remapped.child.send("g")
    remapped.wait_until(lambda: remapped.cursor() == (1, 1))
    assert "g / ] / { / G: corner" in " ".join(remapped.text.split())
    remapped.child.send("\t")
    remapped.type("quit")
    assert remapped.finish() == 0
    clash = run_piped("--lang", "en", env=configured(tmp_path, '[keys]\nnext_hidden = "c"\n'))
    assert "“c” would be the key of both “next_hidden” and “decided”" in clash.stderr


# --- pause -------------------------------------------------------------------------------


def test_a_pause_hides_the_board_and_stops_the_clock_until_it_goes_on(tmp_path: Path) -> None:
    clock = [0.0]
    game = session(tmp_path, clock)
    game.handle(Command(Verb.PAUSE))
    assert not game.paused, "no game in progress: nothing to pause"
    assert game.view().messages == (
        "There is no game in progress to pause: no clock is running.",
    )
    game.handle(Command(Verb.TRY, (2, 1)))
    clock[0] = 5.0
    game.handle(Command(Verb.PAUSE))
    assert game.paused
    view = game.view()
    assert view.state is State.PAUSED and view.page is not None
    assert set("".join(view.rows)) == {"#"}, "nothing of the numbers in the view"
    clock[0] = 500.0
    assert game.view().elapsed == 5.0
    assert game.current.snapshot((0, 0))["elapsed"] == 5.0, "kept as paused, if left"
    game.go_on()
    clock[0] = 501.0
    assert not game.paused and game.view().elapsed == 6.0
    assert game.view().rows[0] == "#1..."


def test_pause_does_nothing_line_by_line(tmp_path: Path) -> None:
    game = session(tmp_path, [0.0], Audience.PROGRAM)
    game.handle(Command(Verb.TRY, (2, 1)))
    game.handle(Command(Verb.PAUSE))
    assert not game.paused
    for language, verb, said in [
        ("en", "pause", "Line by line there is no pause: the clock runs on."),
        ("es", "pausa", "Línea a línea no hay pausa: el reloj sigue."),
    ]:
        result = run_piped("--preset", "beginner", "--seed", "1", "--lang", language,
                           lines=f"4 4\n{verb}\nflag 1 1\n")
        assert result.returncode == 0, result.stderr
        assert said in result.stdout
        assert "F1.1####" in result.stdout.splitlines(), "the game goes on"


@pytest.mark.waits
def test_pause_on_the_screen_hides_the_board_and_a_key_goes_on(tmp_path: Path) -> None:
    player = start(tmp_path, "--legacy")
    player.type("pause")
    player.wait_for("There is no game in progress to pause")
    player.type("3 2")
    player.wait_until(lambda: player.board(4) == ["#1...", "#1...", "#1.11", "#1.1#"])
    player.type("pause")
    player.wait_until(lambda: "Paused: any key goes on" in player.text
                      and "any key, a click: go on" in player.text)
    assert "The game is paused: the board is hidden and the clock stopped." in player.text
    with pytest.raises(LookupError):
        player.board(4)
    assert "1 2 3 4 5" not in player.text and "#1" not in player.text, "nothing of the board"
    stopped = re.search(r"Time: (\d+) s", player.text)
    assert stopped is not None
    time.sleep(2.5)  # away from the game: its clock must stand still meanwhile
    player.pump()
    assert f"Time: {stopped[1]} s" in player.text
    player.child.send("x")
    player.wait_until(lambda: "The game goes on." in player.text and "Playing" in player.text)
    assert player.board(4) == ["#1...", "#1...", "#1.11", "#1.1#"]
    assert player.lines[player.prompt_row()].strip() == ">", "the key went on, not typed"
    resumed = re.search(r"Time: (\d+) s", player.text)
    assert resumed is not None and int(resumed[1]) <= int(stopped[1]) + 1
    player.child.send("\t")
    player.wait_for("p: pause")
    player.child.send("p")  # the key, after its moment to start a word
    player.wait_for("Paused: any key goes on")
    player.child.sendcontrol("c")
    player.wait_for("The game goes on.")
    player.child.send("\t")
    player.type("quit")
    assert player.finish() == 0


def test_a_stop_while_paused_stays_paused() -> None:
    shell = Player("--lang", "es", "--preset", "beginner", "--legacy", "--seed", "1",
                   "--no-animation", shell=True)
    shell.wait_for("Minas restantes: 10")
    shell.type("4 4")
    shell.wait_until(lambda: "Jugando" in shell.text)
    shell.type("pausa")
    shell.wait_for("En pausa: cualquier tecla sigue")
    shell.child.sendcontrol("z")
    shell.wait_for("Stopped")
    shell.type("fg")
    shell.wait_until(lambda: "En pausa: cualquier tecla sigue" in shell.text
                     and "Stopped" not in shell.text)
    assert "La partida está en pausa" in shell.text
    shell.child.send(" ")
    shell.wait_for("La partida sigue.")
    shell.type("salir")
    shell.wait_for("¡Hasta luego!")


class InterruptedAsThePauseShows(ScriptedScreen):
    """Ctrl-C lands (as a KeyboardInterrupt where the game's thread is) while the pause
    is being drawn, before its wait for a key has begun."""

    interrupted = False

    def show(self, view: View) -> None:
        super().show(view)
        if view.state is State.PAUSED and not self.interrupted:
            self.interrupted = True
            raise KeyboardInterrupt


def test_ctrl_c_as_the_pause_begins_ends_the_pause_not_the_game(tmp_path: Path) -> None:
    screen = InterruptedAsThePauseShows("3 2", "pause", "flag 1 1", audience=Audience.VIEWER)
    keeper = Keeper.open(database_in(tmp_path))
    app = App(Settings(5, 4, 3, board_file=BOARD), screen, legend=[], keeper=keeper)
    with pytest.raises(EOFError):  # the lines run out: the game read every one
        try:
            app.run()
        except KeyboardInterrupt:
            pytest.fail("Ctrl-C as the pause began ended the game")
    assert screen.interrupted and "The game goes on." in screen.said()
    assert screen.last.rows[0].startswith("F") and screen.last.state is State.PLAYING


@pytest.mark.parametrize("handover", ["paused", "replay", "question"])
def test_ctrl_c_as_the_keys_are_handed_over_still_hands_them_back(handover: str) -> None:
    """Else the pause, the AI, the replay or the question would keep the keys, and none
    would ever reach the game again."""
    posted: list[tuple[object, ...]] = []

    def post(_call: object, *args: object) -> None:
        posted.append(args)
        if len(posted) == 1:
            raise KeyboardInterrupt  # lands just after the keys were handed over

    front = SimpleNamespace(watch="watch", replay="replay", ask="ask")
    screen = cast(TerminalScreen, SimpleNamespace(_post=post, front=front))
    with pytest.raises(KeyboardInterrupt):
        if handover == "question":
            TerminalScreen.ask(screen, "Play again?")
        elif handover == "paused":
            with TerminalScreen.watching(screen, Mode.PAUSED):
                pass
        else:
            with TerminalScreen.replaying(screen):
                pass
    assert posted == {
        "paused": [(Mode.PAUSED,), (None,)],
        "replay": [(True,), (False,)],
        "question": [("Play again?", ()), (None,)],
    }[handover]


# --- the AI's pace ---------------------------------------------------------------------


@pytest.mark.parametrize("moves", [1, 10, 71, 133, 216, 381, 1000, 8000, 9801])
def test_the_ai_s_pace_finishes_any_board_within_the_whole(moves: int) -> None:
    pace = auto_pace(moves)
    assert 0 < pace <= AUTO_SECONDS
    assert pace * moves <= AUTO_WHOLE_SECONDS + 1e-9
    assert pace == AUTO_SECONDS or pace * moves == pytest.approx(AUTO_WHOLE_SECONDS)


def test_the_pace_in_words() -> None:
    assert pace_words(0.15, 1.0) == "AI pace: 150 ms a move (×1); + faster, - slower"
    assert pace_words(20 / 9801, 2.0) == "AI pace: 1 ms a move (×2); + faster, - slower"
    assert pace_words(0.15, 0.25) == "AI pace: 600 ms a move (×1/4); + faster, - slower"


def test_the_ai_never_waits_in_a_pipe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def waiting(self: PipeScreen, seconds: float) -> None:
        raise AssertionError("a pipe's AI waited")

    monkeypatch.setattr(PipeScreen, "key_pressed_within", waiting)
    sink = io.StringIO()
    screen = PipeScreen(io.StringIO("auto\n"), sink)
    keeper = Keeper.open(database_in(tmp_path))
    app = App(Settings(16, 16, 40, seed=2), screen, legend=[], keeper=keeper)
    with pytest.raises(EOFError):
        app.run()
    assert app.session.current.game.end is not None, "the AI played to the end"


def test_plus_and_minus_change_the_ai_s_pace_and_another_key_stops_it() -> None:
    player = Player("--preset", "intermediate", "--seed", "2", "--legacy", "--lang", "en")
    player.wait_for("Mines left: 40")
    player.type("auto")
    player.wait_for("AI pace: 93 ms a move (×1)")  # 216 safe cells in about 20 s
    assert "+: faster · -: slower · any other key, a click, Ctrl-C: stop" in player.text
    player.child.send("+")
    player.wait_for("AI pace: 46 ms a move (×2)")
    player.child.send("--")
    player.wait_for("AI pace: 185 ms a move (×1/2)")
    player.child.send("x")
    player.wait_for("The AI stopped after")
    player.wait_until(lambda: "> x" in player.text)  # the key stopped it, and is typed
    player.child.send("\x7f")
    player.type("quit")
    assert player.finish() == 0
