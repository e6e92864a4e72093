"""The keys read ahead, handed to the key bindings a step at a time.

The keys wait in :class:`~buscaminas.ui.typeahead.Typeahead` while the game has yet to
handle the event they wait on (:class:`~buscaminas.ui.events.Events`), and go to the
key bindings as they are read, not a turn of the loop later, which under load is a
wake-up later, or as the game catches up; an event the game is to act on gets the
interpreter at once (:meth:`Pump._pump`).  Each key is handled holding the hands
(:mod:`buscaminas.ui.hands`), so that the game's thread never draws half a key.
"""

from __future__ import annotations

import asyncio
import contextvars
import time
from collections.abc import Callable

from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase
from prompt_toolkit.key_binding.key_processor import KeyProcessor

from .events import Events
from .hands import Hands
from .typeahead import Typeahead

PUMP_SECONDS = 0.005
"""How long the keys read ahead are handed on at one go before the loop reads again
(Ctrl-C among them): a flood of keys never holds the loop longer."""


class HeldKeys(KeyProcessor):
    """prompt_toolkit's key processor, every key handled holding the hands: the keys the
    pump feeds it, and the ones its own timeout lets go (a lone Esc)."""

    def __init__(self, bindings: KeyBindingsBase, hands: Hands) -> None:
        super().__init__(bindings)
        self._hands = hands

    def process_keys(self) -> None:
        with self._hands.lock:
            super().process_keys()

    def handle(self, presses: list[KeyPress]) -> None:
        self.feed_multiple(presses)
        self.process_keys()


class Pump:
    """From the terminal's input to the key bindings, on the terminal thread; ``typing``
    says whether the keys only type now (a run of characters then goes in one step)."""

    def __init__(
        self,
        stdin: Input,
        events: Events,
        bindings: KeyBindingsBase,
        hands: Hands,
        typing: Callable[[], bool],
    ) -> None:
        self.events = events
        self.typeahead = Typeahead(stdin, self._now, self._at_once)
        self.keys = HeldKeys(bindings, hands)
        self._typing = typing
        self._pumping = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._context: contextvars.Context | None = None
        """The application's context, where its keys are handled."""

    def start(self) -> None:
        """On the application's loop, as it starts: keys are handed on from now."""
        self._loop = asyncio.get_running_loop()
        self._context = contextvars.copy_context()

    def caught_up(self, handled: int) -> None:
        """The game has handled its first ``handled`` events and waits for the next: the
        keys waiting go on once this call the game posted has run (the game's thread
        draws what they do only when nothing it posted is still running)."""
        self.events.handled(handled)
        if self.typeahead.waiting and not self.events.behind():
            self._soon()

    def _now(self) -> None:
        if self._context is not None:
            self._context.copy().run(self._pump)

    def _soon(self) -> None:
        if not self._pumping and self._loop is not None and self._context is not None:
            self._pumping = True
            self._loop.call_soon(self._pump, context=self._context.copy())

    def _pump(self) -> None:
        """Hand the keys read ahead to the key bindings one step at a time, for as long as
        the game is not behind; a run of characters that only type goes in one step.  A
        flood of keys yields the loop every :data:`PUMP_SECONDS`, so that a Ctrl-C read
        meanwhile is answered at once.  An event handed to the game is acted on at once:
        this thread sleeps a moment, so that the game's takes the interpreter (and the
        processor) now, and what is left of this turn of the loop (prompt_toolkit's own
        bookkeeping, a paint the game's picture makes needless) waits until it has drawn."""
        self._pumping = False
        until = time.monotonic() + PUMP_SECONDS
        while self.typeahead.waiting and not self.events.behind():
            self.keys.handle(self.typeahead.take(typing=self._typing()))
            if time.monotonic() > until:
                self._soon()
                return
        if not self.events.empty():
            time.sleep(0)  # the game gets the interpreter now, not after this turn of the loop

    def _at_once(self, presses: list[KeyPress]) -> None:
        """Ctrl-C, read past whatever waits: answered now, in the application's context."""
        if self._context is not None:
            self._context.copy().run(self.keys.handle, presses)
