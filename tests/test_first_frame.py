"""The first board is drawn before the terminal's toolkit loads, and a key typed
while it loads is neither lost nor echoed.

A ``sitecustomize`` marks the moment the terminal's front end (and with it
prompt_toolkit) starts loading in the program's output, notes what is loaded
then, and holds the load a while, as a slow machine would: keys sent once the
board shows are sure to come while the front end is not up.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType
from typing import ForwardRef

from tests.terminal_support import (
    Player,
    assert_restored,
    hooked,
    wait_for_exit,
)

LOADING = b"<toolkit loading>"
SLOW_TOOLKIT = f"""
import os, sys, time

TERMINAL = "buscaminas.ui.terminal"

def _slow(event, args):
    if event == "import" and args[0] == TERMINAL and TERMINAL not in sys.modules:
        with open(os.environ["LOADED_BEFORE"], "w") as loaded:
            loaded.write("\\n".join(sys.modules))
        os.write(1, {LOADING!r})
        time.sleep(1.0)

sys.addaudithook(_slow)
"""


def slow_toolkit(directory: Path) -> dict[str, str]:
    return hooked(directory, SLOW_TOOLKIT, LOADED_BEFORE=str(directory / "loaded"))


def board_shown(player: Player) -> None:
    player.wait_until(lambda: b"Mines left" in player.output)


def test_the_first_board_is_drawn_before_the_toolkit_loads(tmp_path: Path) -> None:
    player = Player("--legacy", "--lang", "en", "--preset", "expert", env=slow_toolkit(tmp_path))
    board_shown(player)
    player.wait_until(lambda: LOADING in player.output)
    assert player.output.index(b"Mines left") < player.output.index(LOADING)
    assert "> " in player.text, "the prompt is drawn with the board"
    player.type("quit")
    assert player.finish() == 0


def loaded_before_the_toolkit(directory: Path) -> set[str]:
    """The modules an English game on the expert board has loaded once its first board
    is drawn, when the terminal's front end starts loading."""
    player = Player("--legacy", "--lang", "en", "--preset", "expert", env=slow_toolkit(directory))
    player.wait_until(lambda: LOADING in player.output)
    loaded = set((directory / "loaded").read_text().split())
    player.type("quit")
    assert player.finish() == 0
    return loaded


def test_the_first_board_loads_only_what_it_needs(tmp_path: Path) -> None:
    """Up to the first board: no parser (the command line is plainly the game's), no
    event loop, no sockets or cryptography (a game's identity is random bytes), and
    neither the generator nor the solver; no gettext in English, no random module for
    the one seed drawn, no thread, and nothing only a later command, a win or
    ``--help`` needs (the game's loop, copying, quoting, the efficiency coach, the
    tables of variables and files)."""
    loaded = loaded_before_the_toolkit(tmp_path)
    assert "buscaminas.ui.firstframe" in loaded
    unneeded = {"argparse", "asyncio", "socket", "secrets", "buscaminas.entry.parser"}
    unneeded |= {"buscaminas.core.solver", "buscaminas.core.generator"}
    unneeded |= {"gettext", "random", "threading", "copy", "shlex", "textwrap", "heapq", "zlib"}
    unneeded |= {"buscaminas.game.app", "buscaminas.game.efficiency"}
    unneeded |= {"buscaminas.entry.environment"}
    assert unneeded & loaded == set()


def test_no_named_tuple_before_the_first_board_compiles_its_annotations(
    tmp_path: Path,
) -> None:
    """A ``NamedTuple`` class checks its fields' types as it is made, and compiles each
    one written as a string into a ``ForwardRef``: every field of a module under ``from
    __future__ import annotations``, or a name quoted because it is not loaded yet.
    Some 30 µs a field, and the first ``compile`` of a process sets up the syntax
    tree's types, over a millisecond: a tenth of the start in all.  No field of a
    named tuple the first board loads is a string."""
    loaded = loaded_before_the_toolkit(tmp_path)
    ours = [importlib.import_module(name) for name in loaded if name.startswith("buscaminas.")]
    named_tuples = [kind for module in ours for kind in _named_tuples_of(module)]
    assert "View" in {kind.__name__ for kind in named_tuples}
    compiled = [
        f"{kind.__module__}.{kind.__name__}.{field}"
        for kind in named_tuples
        for field, annotation in kind.__annotations__.items()
        if isinstance(annotation, ForwardRef)
    ]
    assert compiled == []


def _named_tuples_of(module: ModuleType) -> list[type]:
    return [
        value
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, tuple)
        and hasattr(value, "_fields")
        and value.__module__ == module.__name__
    ]


def test_keys_typed_while_the_toolkit_loads_are_neither_lost_nor_echoed(tmp_path: Path) -> None:
    player = Player("--legacy", "--lang", "en", "--preset", "beginner", env=slow_toolkit(tmp_path))
    board_shown(player)
    player.wait_until(lambda: LOADING in player.output)
    player.child.send("\x1b[D")  # an arrow key: the terminal would echo it as ^[[D
    player.type("try 1 1")
    player.idle(0.5)  # the toolkit is still loading: what the terminal does shows now
    waiting = player.output[player.output.index(LOADING) :]
    assert b"try" not in waiting and b"^[" not in waiting, "nothing echoed"
    player.wait_until(lambda: player.board(8)[0][0] != "#")  # the move was played
    assert player.cursor() == (1, 1)
    assert "^[" not in player.text and "try 1 1" not in player.text
    player.type("quit")
    assert player.finish() == 0


def test_a_cursor_key_typed_while_the_toolkit_loads_moves_the_cursor(tmp_path: Path) -> None:
    player = Player("--legacy", "--lang", "en", "--preset", "beginner", env=slow_toolkit(tmp_path))
    board_shown(player)
    player.wait_until(lambda: LOADING in player.output)
    x, y = player.cursor()
    player.child.send("\t\x1b[C\x1b[C")  # Tab: the cursor keys, then two steps right
    player.wait_until(lambda: player.cursor() == (x + 2, y))
    player.child.send("\t")
    player.type("quit")
    assert player.finish() == 0


def test_ctrl_c_while_the_toolkit_loads_gives_the_terminal_back(tmp_path: Path) -> None:
    player = Player("--legacy", "--lang", "en", "--preset", "expert", env=slow_toolkit(tmp_path))
    cooked = player.cooked
    board_shown(player)
    player.wait_until(lambda: LOADING in player.output)
    player.child.sendintr()
    wait_for_exit(player)
    assert_restored(player, cooked)
    assert "See you soon!" in player.text


def test_a_question_before_the_board_waits_for_the_toolkit(tmp_path: Path) -> None:
    """No icons chosen yet: the question needs the front end, which loads first."""
    player = Player("--lang", "en", "--preset", "expert", env=slow_toolkit(tmp_path))
    player.wait_for("Enter")
    assert LOADING in player.output and b"Mines left" not in player.output
    player.child.sendintr()
    wait_for_exit(player)


def test_a_resize_while_the_toolkit_loads_is_drawn_once_it_has_loaded(tmp_path: Path) -> None:
    """The terminal changed size after the first board, before the front end listens
    for it: the board is drawn again for the new size, with no key pressed."""
    player = Player(
        *("--legacy", "--lang", "en", "--preset", "expert"),
        rows=24,
        columns=80,
        env=slow_toolkit(tmp_path),
    )
    board_shown(player)
    player.wait_until(lambda: LOADING in player.output)
    player.resize(30, 110)

    def centred() -> bool:
        title = next((line for line in player.lines if "BUSCAMINAS" in line), "")
        return abs(title.find("BUSCAMINAS") - (110 - len("BUSCAMINAS")) // 2) <= 1

    player.wait_until(centred)
    player.type("quit")
    assert player.finish() == 0
