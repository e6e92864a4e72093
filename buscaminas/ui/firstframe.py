"""The first board drawn before the terminal's toolkit has loaded.

Loading prompt_toolkit is most of a start.  When nothing is to be asked before
the board, the game takes the terminal itself, draws the board with the
:class:`~buscaminas.ui.renderer.Renderer` (which needs no toolkit) and only
then loads the front end that reads the keys.  Meanwhile the terminal neither
echoes nor edits what is typed: the keys wait, in order, in the terminal's
own queue, and the front end reads them first
(:meth:`~buscaminas.ui.terminal.TerminalScreen.enter` takes the
:class:`FirstFrame`: the frame on the screen, to diff the next one against,
and the terminal's modes from before, to give back at the end).
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Any

from ..game.view import View
from .ansi import CLEAR, CSI, RESET, SHOW_CURSOR
from .frame import Frame
from .icons import IconSet
from .modes import FIRST_MODE, keys_word
from .renderer import Renderer

ALTERNATE_SCREEN = CSI + "?1049h"
MAIN_SCREEN = CSI + "?1049l"


class FirstFrame:
    """The terminal held from the first frame until the front end takes it over."""

    def __init__(self) -> None:
        self.modes: list[Any] | None = None
        """The terminal's modes before the game took it: what the end gives back."""
        self.frame: Frame | None = None
        """What is on the screen, once drawn."""
        self.view: View | None = None
        """The view it shows: what the keys typed meanwhile act on."""

    @staticmethod
    def possible() -> bool:
        """Whether this terminal can be taken without the toolkit: a POSIX terminal on
        both standard streams (the Windows console is the toolkit's alone)."""
        return sys.platform != "win32" and sys.stdin.isatty() and sys.stdout.isatty()

    def take(self) -> None:
        """The raw mode the front end keeps from then on (prompt_toolkit's): keys neither
        echoed nor gathered into lines, Ctrl-C, Ctrl-Z and Enter read as keys, for the
        game to act on once it reads them; and the alternate screen, cleared."""
        import termios

        descriptor = sys.stdin.fileno()
        self.modes = termios.tcgetattr(descriptor)
        raw = termios.tcgetattr(descriptor)
        raw[0] &= ~(termios.IXON | termios.IXOFF | termios.ICRNL | termios.INLCR | termios.IGNCR)
        raw[3] &= ~(termios.ECHO | termios.ICANON | termios.IEXTEN | termios.ISIG)
        raw[6][termios.VMIN] = 1
        termios.tcsetattr(descriptor, termios.TCSANOW, raw)  # TCSANOW: nothing typed is lost
        _write(ALTERNATE_SCREEN + CLEAR)

    def draw(self, view: View, icons: IconSet) -> None:
        """The board, its words and the prompt, as the front end would draw them."""
        size = os.get_terminal_size(sys.stdout.fileno())
        view = view._replace(keys=keys_word(FIRST_MODE))
        drawn, self.frame = Renderer.draw(view, (size.columns, size.lines), icons, None)
        self.view = view
        _write(drawn)

    def give_back(self) -> None:
        """The terminal as it was, when the game ends before the front end took over."""
        if self.modes is None:
            return
        import termios

        with contextlib.suppress(OSError):
            _write(RESET + SHOW_CURSOR + CLEAR + MAIN_SCREEN)
        with contextlib.suppress(OSError, termios.error):
            termios.tcsetattr(sys.stdin.fileno(), termios.TCSADRAIN, self.modes)
        self.modes = None


def _write(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()
