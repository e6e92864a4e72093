"""Random key sessions through the real terminal screen: Ctrl-C always reaches the game.

A hypothesis test types random keys into :class:`~buscaminas.ui.terminal.TerminalScreen`
driving the real :class:`~buscaminas.game.app.App`: the keys that would open
another of the line's modes (Ctrl-R and Ctrl-S, the incremental search the
live screen does not have; the completion menu, Tab and M-/), the cursor's
keys, Esc, Enter, clicks, pastes, commands that ask a question.  Whatever they
did, a few presses of Ctrl-C (one to close a completion menu, one to drop a
half-typed line, one to cancel a question, one to leave) must end the game:
no sequence of keys may leave it deaf.  The keys go through prompt_toolkit's
own pipe input, the bytes a terminal sends, to the same bindings as a player's.
"""

from __future__ import annotations

import tempfile
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from buscaminas.game import commands
from buscaminas.game.app import App
from buscaminas.game.keeper import Keeper
from buscaminas.game.settings import Settings
from buscaminas.records.storage import database_in
from buscaminas.ui.icons import LEGACY, icon_legend
from tests.app_support import piped_screen

CTRL_C = "\x03"
PRESSES_TO_LEAVE = 4
"""Ctrl-C closes a completion menu, then drops a half-typed line, then cancels a
question, then leaves: each press undoes one thing the player can see."""
KEY_SECONDS = 0.01
"""Between two keys, as a fast typist: long enough for prompt_toolkit to read them apart."""
DEAF_AFTER = 10.0
"""Seconds after the last Ctrl-C by which the game must have ended."""

MODES = st.sampled_from(
    [
        "\t",  # Tab: to the cursor's keys and back, or the completion menu
        "\x12",  # Ctrl-R: the line's reverse search
        "\x13",  # Ctrl-S: its forward search
        "\x1b/",  # M-/: complete
        "\x1b",  # Esc
        "fl",  # Tab after it opens the completion menu
    ]
)
"""The keys that change what the other keys do: as likely as all the others together."""
OTHERS = st.sampled_from(
    [
        "\x07",  # Ctrl-G: cancel
        "\x00",  # Ctrl-Space: start a selection
        "\x19",  # Ctrl-Y: yank
        "\x0c",  # Ctrl-L: redraw
        "\r",  # Enter
        "\x7f",  # Backspace
        " ",
        ":",
        "\x1b[A",
        "\x1b[B",
        "\x1b[C",
        "\x1b[D",
        "\x1b[6~",  # Page Down
        *"fuerhjklmv?xn",
        "4 4\r",
        "new\r",  # asks whether to abandon the game in progress
        "help\r",
        "man\r",
        "auto 2\r",
        "\x1b[<0;45;8M\x1b[<0;45;8m",  # a click on the board
        "\x1b[<2;47;9M\x1b[<2;47;9m",  # a right click
        "\x1b[200~flag 1 1\ntry\x1b[201~",  # a paste of a line and a half
    ]
)
KEYS = st.one_of(MODES, OTHERS)


def play(keys: list[str], data: Path) -> str:
    """Type ``keys``, then Ctrl-C until the game ends; how it ended: ``"left"`` or what
    the loop raised, or ``"deaf"`` if it was still playing long after the last Ctrl-C."""
    ended = threading.Event()
    deaf = threading.Event()
    with piped_screen(words=commands.verb_names()) as piped:
        keyboard = piped.keys

        def type_keys() -> None:
            for key in [*keys, *[CTRL_C] * PRESSES_TO_LEAVE]:
                if ended.is_set():
                    return
                keyboard.send_text(key)
                time.sleep(KEY_SECONDS if key != CTRL_C else 0.3)
            if not ended.wait(DEAF_AFTER):
                deaf.set()
                keyboard.close()  # the end of the input ends even a deaf prompt

        screen = piped.screen
        app = App(
            Settings.from_preset("beginner", 1),
            screen,
            legend=icon_legend(LEGACY),
            keeper=Keeper.open(database_in(data)),
        )
        typist = threading.Thread(target=type_keys, daemon=True)
        try:
            typist.start()  # a Ctrl-C handled before the loop starts interrupts it here
            app.run()
            how = "left"
        except (KeyboardInterrupt, EOFError) as error:
            how = type(error).__name__
        finally:
            ended.set()
            typist.join()
    return "deaf" if deaf.is_set() else how


@pytest.mark.slow
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(keys=st.lists(KEYS, max_size=25))
def test_ctrl_c_ends_the_game_whatever_keys_came_before(keys: list[str]) -> None:
    with tempfile.TemporaryDirectory(prefix="buscaminas-keys-") as data:
        how = play(keys, Path(data))
    assert how in ("KeyboardInterrupt", "left"), f"the game was {how} to Ctrl-C"


def test_the_reproduction_search_then_tab_is_not_deaf(tmp_path: Path) -> None:
    """The issue's sequence, always in the quick suite: Ctrl-R, Tab, Enter."""
    assert play(["\x12", "\t", "\r"], tmp_path) == "KeyboardInterrupt"
