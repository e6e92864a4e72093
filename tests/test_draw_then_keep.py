"""A move is drawn first, then kept, and kept before the next input is acted on: the
screen never waits for the disk, and a kill loses at most the move just shown."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from buscaminas.game.app import App
from buscaminas.game.commands import Command, Verb
from buscaminas.game.journal import loads
from buscaminas.game.keeper import Keeper
from buscaminas.game.screen import Audience, CursorKeys
from buscaminas.game.settings import Settings
from buscaminas.game.view import View
from buscaminas.records.storage import Store, database_in
from buscaminas.ui.icons import LEGACY, icon_legend
from tests.app_support import piped_screen
from tests.loop_support import BOARD, ScriptedScreen, session_on


class LoggingScreen(ScriptedScreen):
    """Notes, in ``log``, the flags of every picture shown and every read of input."""

    def __init__(self, log: list[tuple[str, int]], *lines: str, audience: Audience) -> None:
        super().__init__(*lines, audience=audience)
        self.log = log

    def show(self, view: View) -> None:
        super().show(view)
        self.log.append(("shown", sum(row.count("F") for row in view.rows)))

    start = show

    def drawn(self) -> None:
        self.log.append(("drawn", 0))

    def read(
        self, prompt: str, live: Callable[[], View] | None = None, cursor: CursorKeys | None = None
    ) -> str:
        self.log.append(("read", 0))
        return super().read(prompt, live, cursor)


def logged_run(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    *lines: str,
    audience: Audience,
    settings: Settings | None = None,
) -> list[tuple[str, int]]:
    """Play ``lines``; what was shown, kept (the moves in the journal kept) and read, in order."""
    log: list[tuple[str, int]] = []
    keep = Store.keep

    def logged_keep(
        store: Store, identity: str, snapshot: dict[str, Any], *, playing: bool
    ) -> bool:
        log.append(("kept", len(loads(snapshot["journal"]).moves)))
        return keep(store, identity, snapshot, playing=playing)

    monkeypatch.setattr(Store, "keep", logged_keep)
    screen = LoggingScreen(log, *lines, audience=audience)
    keeper = Keeper.open(database_in(tmp_path))
    settings = settings or Settings(5, 4, 3, board_file=BOARD)
    app = App(settings, screen, legend=icon_legend(LEGACY), keeper=keeper)
    with pytest.raises(EOFError):
        app.run()
    return log


@pytest.mark.parametrize("audience", [Audience.PROGRAM, Audience.VIEWER])
def test_each_move_is_drawn_then_kept_then_the_next_is_read(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, audience: Audience
) -> None:
    log = logged_run(monkeypatch, tmp_path, "flag 1 1", "flag 2 1", "flag 3 1",
                     audience=audience)
    kept = [index for index, (what, _count) in enumerate(log) if what == "kept"]
    assert [log[index][1] for index in kept] == [1, 2, 3], log
    for index in kept:
        moves = log[index][1]
        drawn = log.index(("shown", moves))
        following = [what for what, _count in log[index + 1 :]]
        assert drawn < index, f"move {moves} kept before it was drawn: {log}"
        assert "read" in following, log
        # between the move's picture and its keep, only the wait for it to be drawn
        assert [what for what, _count in log[drawn + 1 : index]] == ["drawn"], log


def test_each_move_of_the_ai_is_kept_before_its_next(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    expert = Settings.from_preset("expert", seed=4)
    log = logged_run(monkeypatch, tmp_path, "15 8", "auto 12", audience=Audience.PROGRAM,
                     settings=expert)
    kept = [count for what, count in log if what == "kept"]
    assert len(kept) > 2, log
    assert kept == list(range(1, len(kept) + 1)), "every move kept, one at a time, in order"


def test_the_terminal_has_drawn_what_it_was_shown_when_the_move_is_kept(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.handle(Command(Verb.FLAG, (0, 0)))
    with piped_screen() as piped:
        piped.screen.start(session_on(tmp_path / "blank").view())
        piped.wait_until(lambda: "Mines left" in piped.output.text)
        assert "F" not in piped.output.text
        busy = threading.Event()
        piped.screen._post(busy.wait, 0.2)  # the terminal thread held up a moment
        piped.screen.show(session.view())
        piped.screen.drawn()
        assert "F" in piped.output.text, "drawn before the records are written"
