"""A replay on the terminal: the board drawn as in the game, moves at their own pace, keys.

:class:`~buscaminas.game.playback.Playback` says what to show and how long to wait;
this module waits for the keys meanwhile, in raw mode, and draws with the
game's :class:`~buscaminas.ui.renderer.Renderer`.  The terminal is taken and
given back by :class:`~buscaminas.ui.terminal.TerminalScreen`, as for a game:
however the replay ends (q, Esc, Ctrl-C, a signal), it is restored, and
Ctrl-Z hands it back until ``fg``.
"""

from __future__ import annotations

import os
import select
import sys
import time
from enum import Enum

from .. import signals
from ..game.playback import Playback
from ..game.view import View
from .renderer import Frame, IconSet, Renderer
from .terminal import TerminalScreen

POLL_SECONDS = 0.25
"""The longest the replay waits without looking at the terminal's size."""
ESCAPE_SECONDS = 0.05
"""How long a lone Esc waits for the rest of an arrow key's sequence."""


class Key(Enum):
    PAUSE = "pause"
    FASTER = "faster"
    SLOWER = "slower"
    NEXT = "next"
    BACK = "back"
    QUIT = "quit"
    SUSPEND = "suspend"


_KEYS = {
    b" ": Key.PAUSE,
    b"+": Key.FASTER,
    b"=": Key.FASTER,  # + without Shift
    b"-": Key.SLOWER,
    b"_": Key.SLOWER,
    b"n": Key.NEXT,
    b"\x1b[C": Key.NEXT,  # →
    b"\x1bOC": Key.NEXT,
    b"p": Key.BACK,
    b"\x1b[D": Key.BACK,  # ←
    b"\x1bOD": Key.BACK,
    b"q": Key.QUIT,
    b"Q": Key.QUIT,
    b"\x1b": Key.QUIT,  # Esc alone
    b"\x03": Key.QUIT,  # Ctrl-C, a key in raw mode
    b"\x1a": Key.SUSPEND,  # Ctrl-Z, a key in raw mode
}


def decode(data: bytes) -> list[Key]:
    """The keys in what the terminal sent; any other key or escape sequence is ignored."""
    keys = []
    index = 0
    while index < len(data):
        end = _sequence_end(data, index)
        key = _KEYS.get(data[index:end])
        if key is not None:
            keys.append(key)
        index = end
    return keys


def _sequence_end(data: bytes, start: int) -> int:
    """Where the key at ``start`` ends: one byte, or a whole ``ESC [ … final`` sequence."""
    if data[start] != 0x1B or start + 1 >= len(data) or data[start + 1] not in b"[O":
        return start + 1
    index = start + 2
    while index < len(data) and not 0x40 <= data[index] <= 0x7E:
        index += 1
    return min(index + 1, len(data))


def watch(replay: Playback, icons: IconSet) -> None:
    """Show ``replay`` on the terminal until the player leaves."""
    screen = TerminalScreen(icons, animated=False, words=[], mouse=False)
    keyboard = sys.stdin.fileno()
    frame: Frame | None = None
    shown: View | None = None

    def take_terminal() -> None:
        nonlocal frame
        screen.enter()
        _raw(keyboard)
        frame = None  # everything is drawn anew

    try:
        with signals.suspending(screen.restore, take_terminal):
            take_terminal()
            due = time.monotonic() + replay.wait()
            while True:
                view = replay.view()
                size = screen.size()
                if frame is None or frame.size != size or view != shown:
                    drawn, frame = Renderer.draw(view, size, icons, frame)
                    sys.stdout.write(drawn)
                    sys.stdout.flush()
                    shown = view
                waiting = replay.paused or replay.done
                timeout = POLL_SECONDS if waiting else min(POLL_SECONDS, due - time.monotonic())
                keys = decode(_read(keyboard, max(0.0, timeout)))
                if not keys:
                    if not waiting and time.monotonic() >= due:
                        replay.forward()
                        due = time.monotonic() + replay.wait()
                    continue
                for key in keys:
                    if key is Key.QUIT:
                        return
                    if key is Key.SUSPEND:
                        signals.suspend(screen.restore, take_terminal, group=True)
                    elif key is Key.NEXT:
                        replay.paused = True
                        replay.forward()
                    elif key is Key.BACK:
                        replay.paused = True
                        replay.back()
                    elif key is Key.FASTER:
                        replay.faster()
                    elif key is Key.SLOWER:
                        replay.slower()
                    else:
                        replay.toggle()
                    due = time.monotonic() + replay.wait()
    finally:
        screen.restore()


def _read(keyboard: int, timeout: float) -> bytes:
    """What the keyboard sent within ``timeout`` seconds; a lone Esc waits a moment for
    the rest of an arrow key's sequence."""
    ready, _writable, _failed = select.select([keyboard], [], [], timeout)
    if not ready:
        return b""
    data = os.read(keyboard, 1024)
    if data.endswith(b"\x1b") and select.select([keyboard], [], [], ESCAPE_SECONDS)[0]:
        data += os.read(keyboard, 1024)
    return data


def _raw(keyboard: int) -> None:
    """Keys as they are pressed, unechoed, Ctrl-C and Ctrl-Z among them: the terminal's
    own modes come back with :meth:`TerminalScreen.restore`."""
    import termios

    modes = termios.tcgetattr(keyboard)
    modes[3] &= ~(termios.ECHO | termios.ICANON | termios.ISIG | termios.IEXTEN)
    modes[6][termios.VMIN] = 1
    modes[6][termios.VTIME] = 0
    termios.tcsetattr(keyboard, termios.TCSANOW, modes)
