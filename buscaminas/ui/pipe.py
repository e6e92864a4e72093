"""The pipe front end: plain lines in, plain text out, no escape sequence at all
unless the environment forces colour (``FORCE_COLOR``, ``CLICOLOR_FORCE``), which
colours the board's characters and nothing else.

For pipes and files, so that the game can be scripted: after each command, the
messages, then the board rows in the position format.  A person listening (a
screen reader, a dumb terminal) has :mod:`.reader`'s screen instead.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import TextIO

from ..core.alphabet import Symbol
from ..game.commands import MAX_LINE
from ..game.keys import Act, Mode
from ..game.screen import Audience, CursorKeys
from ..game.view import View
from .ansi import encoded
from .icons import IconSet, cell_look, shows_on_blank

_LONGEST_READ = MAX_LINE + 2
"""A line the parser accepts and its ``\\r\\n``; anything longer is too long whole."""
_SKIPPED_CHUNK = 64 * 1024
"""How much of an over-long line's rest is read, and dropped, at a time."""
BYTE_ORDER_MARK = "\ufeff"


def columns_of(stream: TextIO) -> int | None:
    """The columns a line written to ``stream`` may take before its terminal breaks it
    (one short of the width, for the cursor), or None when it is no terminal.  The
    terminal is asked, not ``COLUMNS``, which a parent process may have left stale."""
    try:
        return max(2, os.get_terminal_size(stream.fileno()).columns - 1)
    except (AttributeError, OSError, ValueError):
        return None


def plain(view: View, icons: IconSet | None = None) -> str:
    """For a program: the messages, then the board (or page) with no escape sequence;
    with ``icons``, the board's characters in their colours (colour forced)."""
    lines = list(view.messages)
    lines += view.page if view.page is not None else rows(view, icons)
    return "".join(line + "\n" for line in lines)


def rows(view: View, icons: IconSet | None, gap: str = "") -> list[str]:
    """The board's rows in the position format, each cell styled as ``icons`` draw
    it when given (the characters stay the position format's whatever the icons),
    the mine that went off as it does on the terminal."""
    if icons is None:
        return [gap.join(row) for row in view.rows]
    drawn = []
    for y, row in enumerate(view.rows):
        segments: list[tuple[str, str]] = []
        for x, char in enumerate(row):
            style = cell_look(char, icons, exploded=(x, y) == view.exploded)[1]
            segments += [(style, char), ("" if shows_on_blank(style) else style, gap)]
        drawn.append(encoded(segments[:-1]))
    return drawn


class PipeScreen:
    """Line by line, for pipes and files: messages then the board rows after each command."""

    animated = False
    audience = Audience.PROGRAM

    def __init__(
        self, source: TextIO = sys.stdin, sink: TextIO = sys.stdout, *, icons: IconSet | None = None
    ) -> None:
        """``icons``: the colours of the board's characters, when the environment forces
        colour (else none at all)."""
        self._source, self._sink = source, sink
        self._icons = icons
        self._inside_long_line = False
        """Whether the last line read was cut short, its rest still to be skipped."""
        self._at_start = True
        """Nothing read yet: a byte-order mark there is the file's, not the player's."""

    def show(self, view: View) -> None:
        """The rows in the position format, after the messages."""
        self._sink.write(plain(view, self._icons))
        self._sink.flush()

    def fits(self, width: int, height: int) -> bool:
        """Plain text has no size to outgrow."""
        return True

    def start(self, view: View) -> None:
        """The round's messages, and the rows when there is something to see (a board
        file's position): a blank board is printed after the first command anyway."""
        for message in view.messages:
            self.say(message)
        if any(set(row) - {Symbol.HIDDEN} for row in view.rows):
            self._sink.write("".join(row + "\n" for row in rows(view, self._icons)))
            self._sink.flush()

    def read(
        self, prompt: str, live: Callable[[], View] | None = None, cursor: CursorKeys | None = None
    ) -> str:
        """The next line, read with a cap so that no line can exhaust memory.

        A line longer than the parser's :data:`MAX_LINE` comes back cut short
        but still too long, so the parser refuses it with its own message;
        the rest is skipped, unstored, before the next line is read.  A line
        that never ends (``/dev/zero``) costs time, not memory, and one message.
        """
        if self._inside_long_line:
            self._skip_rest_of_line()
        line = self._source.readline(_LONGEST_READ)
        if self._at_start:  # an editor on Windows starts a UTF-8 file with one
            line, self._at_start = line.removeprefix(BYTE_ORDER_MARK), False
        if not line:
            raise EOFError
        if line.endswith("\n") or len(line) < _LONGEST_READ:
            return line.rstrip("\r\n")
        self._inside_long_line = True
        return line

    def _skip_rest_of_line(self) -> None:
        while True:
            chunk = self._source.readline(_SKIPPED_CHUNK)
            if not chunk or chunk.endswith("\n"):
                break
        self._inside_long_line = False

    def ask(self, question: str, above: Sequence[str] = ()) -> str:
        """The question is printed, so that a script's reader sees why a line was taken:
        under ``above``, printed anew each time, as a terminal would show them."""
        for line in above:
            self.say(line)
        self.say(question.rstrip())
        return self.read(question)

    def drawn(self) -> None:
        """Written already: :meth:`show` flushes the lines before it returns."""

    def say(self, line: str) -> None:
        self._sink.write(line + "\n")
        self._sink.flush()

    def linger(self, seconds: float) -> None:
        """Pipes are not interactive: nothing to wait for."""

    def key_pressed_within(self, seconds: float) -> Act | None:
        """A pipe has no keys to press: the next line is the next command."""
        return None

    def watching(self, mode: Mode) -> AbstractContextManager[object]:
        """A pipe echoes nothing: its lines wait for the AI to finish."""
        return nullcontext()
