"""A replay on the terminal: the board drawn as in the game, moves at their own pace, keys.

:class:`~buscaminas.game.playback.Playback` says what to show and how long to wait;
this loop waits for the replay's keys meanwhile, through the same terminal
application as the game (:class:`~buscaminas.ui.terminal.TerminalScreen`), so
the keys are read, and the terminal taken and given back, as in a game:
however the replay ends (q, Esc, Ctrl-C, a signal) the terminal is restored,
and Ctrl-Z hands it back until ``fg``.
"""

from __future__ import annotations

import time

from .. import signals
from ..game.keys import Act
from ..game.playback import Playback
from .icons import IconSet
from .terminal import TerminalScreen

POLL_SECONDS = 0.25
"""The longest the replay waits without drawing again (the terminal may have resized)."""


def watch(replay: Playback, icons: IconSet) -> None:
    """Show ``replay`` on the terminal until the player leaves."""
    screen = TerminalScreen(icons, animated=False, mouse=False)
    try:
        with signals.suspending(screen.step_away, screen.resume):
            screen.enter()
            with screen.replaying():
                play(replay, screen)
    except (KeyboardInterrupt, EOFError):
        pass
    finally:
        screen.restore()


def play(replay: Playback, screen: TerminalScreen) -> None:
    """Draw the replay and follow its keys until q, Esc or Ctrl-C."""
    due = time.monotonic() + replay.wait()
    screen.start(replay.view())
    while True:
        waiting = replay.paused or replay.done
        timeout = POLL_SECONDS if waiting else min(POLL_SECONDS, due - time.monotonic())
        key = screen.next_key(max(0.0, timeout))
        if key is None:
            if not waiting and time.monotonic() >= due:
                replay.forward()
                due = time.monotonic() + replay.wait()
            screen.show(replay.view())
            continue
        if key is Act.STOP:
            return
        if key is Act.FORWARD:
            replay.paused = True
            replay.forward()
        elif key is Act.BACK:
            replay.paused = True
            replay.back()
        elif key is Act.FASTER:
            replay.faster()
        elif key is Act.SLOWER:
            replay.slower()
        else:
            replay.toggle()
        due = time.monotonic() + replay.wait()
        screen.show(replay.view())
