"""What the test harness itself promises (``tests/conftest.py``)."""

from __future__ import annotations

import gc

import pytest

from tests.terminal_support import ROOT, Player, stacks_of


def test_what_collection_built_is_out_of_the_cycle_collectors_reach(
    request: pytest.FixtureRequest,
) -> None:
    walked = {id(thing) for thing in gc.get_objects()}
    assert id(request.node) not in walked, "each full collection walks every test item again"
    assert id(request.module) not in walked


def test_a_game_found_still_running_says_where_each_of_its_threads_was() -> None:
    player = Player("--legacy", "--lang", "en", "--preset", "beginner")
    player.type("flag 1 1")  # answered once the terminal's thread reads the keys
    player.wait_until(lambda: player.board(8)[0][0] == "F")
    stacks = stacks_of(player)
    assert not player.child.isalive()
    assert "Fatal Python error: Aborted" in stacks
    assert stacks.count("hread 0x") == 2, "the game's thread and the terminal's"
    assert 'File "' + str(ROOT / "buscaminas") in stacks
