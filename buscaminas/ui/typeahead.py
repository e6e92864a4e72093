"""The keys read from the terminal, kept in order until the game may take the next one.

prompt_toolkit hands every key it reads to the key bindings at once, a character
at a time through its escape-sequence parser.  :class:`Typeahead` stands between
the terminal and the application: it is the application's input, and keeps what
it read in a queue that the terminal front end takes from one step at a time
(:meth:`Typeahead.take`), so that each key is read in the mode the keys before it
left, whatever the pace they came at.  Ctrl-C never waits in the queue.

What it reads costs what it holds, not a parse a character at a time: a piece of
plain text (no escape sequence under way) goes into the queue as one run, at the
speed of a string, and a run of characters that only type is taken in one step,
as a paste is.  Only escape sequences and control characters go through
prompt_toolkit's parser.  So a megabyte pasted without bracketed paste costs
about what a kilobyte does, and a Ctrl-C behind it is answered at once.
"""

from __future__ import annotations

import re
import sys
from collections import deque
from collections.abc import Callable
from contextlib import AbstractContextManager

from prompt_toolkit.input import Input
from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys

from .seam import readable

READ_BYTES = 4096
"""Read at one go: plain text costs little whatever its length, and a piece full of
escape sequences is parsed in a few milliseconds."""
PASTE_STARTS = "\x1b[200~"
_PLAIN = re.compile(r"[^\x00-\x1f\x7f-\x9f\ud800-\udfff]+")
"""Characters that only type: no escape or other control character (C0 or C1), and
no byte that was not UTF-8."""


def typed(press: KeyPress) -> bool:
    """A key that only types its character: a printable one, not a named key."""
    return not isinstance(press.key, Keys) and press.key.isprintable()


class Typeahead(Input):
    """The terminal's input, queued: the keys it reads wait for :meth:`take`, but for
    Ctrl-C, which is handed to ``at_once``; ``arrived`` is told when keys came.  A
    mouse report prompt_toolkit's parser cannot read is dropped."""

    def __init__(
        self,
        terminal: Input,
        arrived: Callable[[], None],
        at_once: Callable[[list[KeyPress]], None],
    ) -> None:
        self._terminal = terminal
        self._arrived = arrived
        self._at_once_to = at_once
        self._queue: deque[KeyPress | deque[str]] = deque()
        """Keys, and runs of typed characters."""
        self._at_once: list[KeyPress] = []
        self._ahead: deque[int] = deque()
        """For each Ctrl-C handed over and not yet answered, how many entries of the
        queue were read before it (and after the Ctrl-C before it)."""
        self._reader = None
        if sys.platform != "win32":
            from prompt_toolkit.input.posix_utils import PosixStdinReader

            self._reader = PosixStdinReader(terminal.fileno())
        self._parser = Vt100Parser(self._parsed)
        self._in_sequence = False
        """The parser may be inside an escape sequence or a bracketed paste: what comes
        next goes through it too, until it is flushed outside a paste."""
        self._pastes_open = 0
        self._seen = ""
        """The last characters parsed, where a paste's start may begin."""

    @property
    def waiting(self) -> bool:
        """Whether keys wait in the queue."""
        return bool(self._queue)

    # --- what the application reads ------------------------------------------------------

    def read_keys(self) -> list[KeyPress]:
        if self._reader is None:  # a console that hands over keys, not text
            for press in self._terminal.read_keys():
                self._parsed(press)
        else:
            self._read(self._reader.read(READ_BYTES))
        return self._handed_over()

    def flush_keys(self) -> list[KeyPress]:
        if self._reader is None:
            for press in self._terminal.flush_keys():
                self._parsed(press)
        else:
            self._parser.flush()
            self._in_sequence = self._pastes_open > 0
        return self._handed_over()

    def _read(self, text: str) -> None:
        """Queue ``text``: plain pieces as runs, the rest through the parser."""
        at = 0
        while at < len(text):
            if self._in_sequence or text[at] == "\x1b":
                self._parse(text[at:])
                return
            plain = _PLAIN.match(text, at)
            if plain is None:
                self._parse(text[at])  # a control character alone is a whole key
                at += 1
            else:
                self._typed(plain[0])
                at = plain.end()

    def _parse(self, text: str) -> None:
        seen = self._seen + text
        self._pastes_open += seen.count(PASTE_STARTS)
        self._seen = seen[-len(PASTE_STARTS) + 1 :]
        self._in_sequence = self._in_sequence or "\x1b" in text
        self._parser.feed(text)

    def _parsed(self, press: KeyPress) -> None:
        if press.key == Keys.BracketedPaste:
            self._pastes_open = max(0, self._pastes_open - 1)
        if press.key == Keys.ControlC:
            self._at_once.append(press)
            self._ahead.append(len(self._queue) - sum(self._ahead))
        elif typed(press):
            self._typed(press.key)
        elif press.key != Keys.Vt100MouseEvent or readable(press.data):
            self._queue.append(press)

    def _typed(self, characters: str) -> None:
        queue = self._queue
        behind_ctrl_c = len(queue) == sum(self._ahead)  # a run never spans a Ctrl-C
        if queue and isinstance(queue[-1], deque) and not behind_ctrl_c:
            queue[-1].extend(characters)
        else:
            queue.append(deque(characters))

    def _handed_over(self) -> list[KeyPress]:
        """Ctrl-C to ``at_once``; the front end is told of the rest.  The application's
        own key processor gets nothing: the front end's processes every key."""
        at_once, self._at_once = self._at_once, []
        if at_once:
            self._at_once_to(at_once)
        if self._queue:
            self._arrived()
        return []

    # --- what the front end takes --------------------------------------------------------

    def take(self, *, typing: bool) -> list[KeyPress]:
        """The next step of what was read: the next key; or, where the keys would only
        type (``typing``), a whole run of typed characters as one paste."""
        if not self._queue:
            return []
        first = self._queue[0]
        if isinstance(first, KeyPress):
            self._queue.popleft()
            return [first]
        if typing:
            self._queue.popleft()
            return [KeyPress(Keys.BracketedPaste, "".join(first))]
        character = first.popleft()
        if not first:
            self._queue.popleft()
        return [KeyPress(character)]

    def put_back(self, presses: list[KeyPress]) -> None:
        """``presses`` go first, in order: they are to be read once the game has caught
        up (a key that stopped the AI, the lines of a paste after its first)."""
        self._queue.extendleft(reversed(presses))

    def ahead_of_ctrl_c(self) -> int:
        """How many steps were read before the Ctrl-C being answered (and after the one
        before it): each Ctrl-C asks once."""
        return self._ahead.popleft() if self._ahead else 0

    def drop(self, steps: int) -> None:
        """Forget the first ``steps`` read (what a Ctrl-C drops); what came after it stays."""
        for _step in range(min(steps, len(self._queue))):
            self._queue.popleft()

    # --- the terminal's own ------------------------------------------------------------

    def fileno(self) -> int:
        return self._terminal.fileno()

    def typeahead_hash(self) -> str:
        return self._terminal.typeahead_hash()

    @property
    def closed(self) -> bool:
        return self._terminal.closed if self._reader is None else self._reader.closed

    def raw_mode(self) -> AbstractContextManager[None]:
        return self._terminal.raw_mode()

    def cooked_mode(self) -> AbstractContextManager[None]:
        return self._terminal.cooked_mode()

    def attach(self, input_ready_callback: Callable[[], None]) -> AbstractContextManager[None]:
        return self._terminal.attach(input_ready_callback)

    def detach(self) -> AbstractContextManager[None]:
        return self._terminal.detach()

    def close(self) -> None:
        self._terminal.close()
