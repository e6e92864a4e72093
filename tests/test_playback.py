"""A replay's pace, keys and views, with no terminal: the model the terminal drives."""

from __future__ import annotations

import pytest

from buscaminas.core.engine import Action, Move
from buscaminas.game.journal import Journal, Played
from buscaminas.game.keys import Act
from buscaminas.game.playback import LONGEST_WAIT, Playback, ending, timeline
from buscaminas.game.view import State
from buscaminas.records.boardfile import BoardFile
from tests.app_support import piped_screen

MINES = frozenset({(4, 0), (4, 2)})


def journal(*timed: tuple[str, float]) -> Journal:
    """Moves on a 5×3 board with mines at 5 1 and 5 3, typed 1-based, at their times."""
    kept = Journal(5, 3, 2, start=BoardFile(5, 3, MINES, frozenset(), frozenset()))
    for typed, at in timed:
        verb, x, y = typed.split()
        kept.moves.append(Played(Move(Action(verb), (int(x) - 1, int(y) - 1)), at))
    return kept


WON = journal(("try 1 1", 0.0), ("flag 5 1", 1.5), ("expand 4 1", 95.0))
LOST = journal(("try 1 1", 0.0), ("try 5 3", 2.25))


def test_each_wait_is_the_games_own_gap_cut_to_the_longest() -> None:
    replay = Playback(WON, "a board")
    waits = []
    while not replay.done:
        waits.append(replay.wait())
        replay.forward()
    assert waits == [0.0, 1.5, LONGEST_WAIT]
    assert replay.wait() == 0


def test_speed_divides_the_waits_and_stops_at_its_ends() -> None:
    replay = Playback(WON, "a board")
    replay.forward()
    replay.faster()
    assert replay.wait() == pytest.approx(0.75)
    assert "2×" in replay.status()
    for _ in range(20):
        replay.slower()
    assert replay.wait() == pytest.approx(1.5 / 0.25)
    assert "0.25×" in replay.view().keys


def test_stepping_back_and_forth_shows_the_board_as_it_stood() -> None:
    replay = Playback(WON, "a board")
    for _ in range(2):
        replay.forward()
    assert replay.view().rows == ("...1F", "...2#", "...1#")
    assert replay.view().cursor == (4, 0)
    replay.back()
    assert replay.view().rows == ("...1#", "...2#", "...1#")
    replay.back()
    replay.back()  # nothing before the start
    assert replay.shown == 0 and replay.view().rows == ("#####",) * 3


def test_pausing_says_so_and_space_at_the_end_starts_again() -> None:
    replay = Playback(WON, "Custom 5×3")
    replay.toggle()
    assert replay.paused and replay.status().startswith("Paused")
    assert any("→ or n: next" in line for line in replay.view().messages)
    replay.toggle()
    while not replay.done:
        replay.forward()
    view = replay.view()
    assert view.state is State.WON and "Won in 95.00 s." in view.messages
    assert view.board_name == "Custom 5×3"
    replay.toggle()
    assert replay.shown == 0 and not replay.paused


def test_a_lost_game_ends_on_the_mine_that_exploded() -> None:
    replay = Playback(LOST, "a board")
    replay.forward()
    replay.forward()
    view = replay.view()
    assert view.state is State.LOST and view.exploded == (4, 2)
    assert "Lost at 2.25 s: the mine at 5 3 exploded." in view.messages


def test_the_timeline_is_each_move_with_its_time_then_the_end() -> None:
    assert timeline(LOST) == [
        "    0.00  try 1 1",
        "    2.25  try 5 3",
        "Lost at 2.25 s: the mine at 5 3 exploded.",
    ]
    left = ending(journal(("try 1 1", 0.0)).game(), 0.0)
    assert left == "Not finished: its last move at 0.00 s.", "not when it was left: unknown"


@pytest.mark.parametrize(
    ("sent", "keys"),
    [
        (" ", [Act.PAUSE]),
        ("+-", [Act.FASTER, Act.SLOWER]),
        ("\x1b[C\x1bOCn", [Act.FORWARD] * 3),
        ("\x1b[Dp", [Act.BACK] * 2),
        ("q", [Act.STOP]),
        ("\x1b", [Act.STOP]),
        ("\x1b[A\x1b[1;5Cxyz", []),  # other arrows, modified arrows, other letters
    ],
)
def test_keys_are_read_from_what_the_terminal_sends(sent: str, keys: list[Act]) -> None:
    """The replay's keys are read by the game's own application, from the key table:
    each expected key in its turn (however busy the machine), then no other."""
    with piped_screen() as piped, piped.screen.replaying():
        piped.send(sent)
        read = [piped.screen.next_key(5) for _ in keys]
        assert read == keys
        assert piped.screen.next_key(0.3) is None


def test_ctrl_c_in_a_replay_is_a_cancel() -> None:
    with piped_screen() as piped, piped.screen.replaying():
        piped.send("\x03")
        with pytest.raises(KeyboardInterrupt):
            piped.screen.next_key(5)
