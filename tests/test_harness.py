"""What the test harness itself promises (``tests/conftest.py``)."""

from __future__ import annotations

import gc
import time

import pytest

from tests.schedule_support import waiting_first
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
    settled(player)  # both threads waiting, as in a game that hangs: the fault handler
    stacks = stacks_of(player)  # walks a running thread's stack unsafely, and may crash
    assert not player.child.isalive()
    assert "Fatal Python error: Aborted" in stacks
    assert stacks.count("hread 0x") == 2, "the game's thread and the terminal's"
    assert 'File "' + str(ROOT / "buscaminas") in stacks


def settled(player: Player) -> None:
    """Until the game has written nothing for 0.3 s (10 s at most)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        written = len(player.output)
        player.idle(0.3)
        if len(player.output) == written:
            return


class Named:
    def __init__(self, name: str) -> None:
        self.name = name

    def get_closest_marker(self, name: str) -> object | None:
        return self if name == "waits" and self.name.startswith("w") else None


@pytest.mark.parametrize(("waiting", "plain", "workers"), [(3, 9, 3), (5, 20, 2), (1, 6, 6)])
def test_the_tests_that_wait_head_each_workers_first_share(
    waiting: int, plain: int, workers: int
) -> None:
    items = [Named(f"p{n}") for n in range(plain)]
    for n in range(waiting):  # anywhere in the collection
        items.insert((n * 7) % len(items), Named(f"w{n}"))
    ordered = [item.name for item in waiting_first(items, workers)]
    assert sorted(ordered) == sorted(item.name for item in items), "each test once"
    waits = [item.name for item in items if item.name.startswith("w")]  # as collected
    left, at = len(items), 0
    for share in range(workers):
        size = left // (workers - share)
        heads = waits[share::workers]
        assert ordered[at : at + len(heads)] == heads
        assert not any(name.startswith("w") for name in ordered[at + len(heads) : at + size])
        at, left = at + size, left - size
    plain_order = [item.name for item in items if item.name.startswith("p")]
    assert [name for name in ordered if name.startswith("p")] == plain_order

