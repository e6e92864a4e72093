"""The session and its loop driven without a terminal: a small board, a session on it,
and a front end that types given lines and keeps every view it is shown."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

import pytest

from buscaminas.core import generator
from buscaminas.game.keeper import Keeper
from buscaminas.game.keys import Act, Mode
from buscaminas.game.screen import Audience, CursorKeys
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.game.view import View
from buscaminas.records.boardfile import parse
from buscaminas.records.storage import Store

BOARD = parse("11 10 10 10 10\n10 10 10 10 10\n10 10 10 10 10\n11 10 10 10 11\n")
"""5×4, mines at 1 1, 1 4 and 5 4 (1-based)."""


def session_on(tmp_path: Path, settings: Settings | None = None) -> Session:
    settings = settings or Settings(5, 4, 3, board_file=BOARD)
    warnings: list[str] = []
    store = Store(tmp_path / "games.sqlite3", on_warning=warnings.append)
    return Session(settings, Keeper(store), legend=[])


class ScriptedScreen:
    """Types the given lines and keeps every view it was shown."""

    animated = False

    def __init__(self, *lines: str, audience: Audience = Audience.PROGRAM) -> None:
        self.lines = list(lines)
        self.views: list[View] = []
        self.prompts: list[str] = []
        self.audience = audience
        self.keys_after: int | None = None
        self.room = True

    def show(self, view: View) -> None:
        self.views.append(view)

    def fits(self, width: int, height: int) -> bool:
        return self.room

    start = show

    def drawn(self) -> None:
        pass

    def read(
        self, prompt: str, live: Callable[[], View] | None = None, cursor: CursorKeys | None = None
    ) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)

    def ask(self, question: str, above: Sequence[str] = ()) -> str:
        return self.read(question)

    def say(self, line: str) -> None:
        raise AssertionError("the loop speaks through views")

    def linger(self, seconds: float) -> None:
        pass

    def watching(self, mode: Mode) -> AbstractContextManager[object]:
        return nullcontext()

    def key_pressed_within(self, seconds: float) -> Act | None:
        if self.keys_after is None:
            return None
        self.keys_after -= 1
        return Act.STOP if self.keys_after < 0 else None

    @property
    def last(self) -> View:
        return self.views[-1]

    def said(self) -> str:
        return "\n".join(message for view in self.views for message in view.messages)


def no_guess_fails(monkeypatch: pytest.MonkeyPatch, failure: BaseException) -> None:
    """Make every no-guess deal fail with ``failure``; classic deals still work."""
    real = generator.generate

    def failing(*args: Any, no_guess: bool = False, **kwargs: Any) -> frozenset[tuple[int, int]]:
        if no_guess:
            raise failure
        return real(*args, **kwargs)

    monkeypatch.setattr(generator, "generate", failing)


def clicks_that_win(settings: Settings, start: tuple[int, int]) -> list[str]:
    """Every safe cell of the board the game will deal, as lines to type."""
    mines = generator.generate(
        settings.width,
        settings.height,
        settings.mines,
        start=start,
        seed=settings.seed,
        no_guess=True,
    )
    safe = [
        f"{x + 1} {y + 1}"
        for y in range(settings.height)
        for x in range(settings.width)
        if (x, y) not in mines and (x, y) != start
    ]
    return [f"{start[0] + 1} {start[1] + 1}", *safe]
