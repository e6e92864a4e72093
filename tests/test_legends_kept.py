"""The key legends under the board are worded once, not at every paint: wrapping one
costs more than the rest of a cursor's move on the screen.  A new key table or a new
language words them again."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from buscaminas import i18n
from buscaminas.game import keys
from buscaminas.game.keys import Mode
from buscaminas.ui.prompt import BRIEF, Legends


@pytest.fixture
def worded(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[object]]:
    """The legends worded, as they are."""
    calls: list[object] = []
    legend, brief = keys.legend, keys.brief

    def noted_legend(modes: tuple[Mode, ...], columns: int) -> list[str]:
        calls.append(modes)
        return legend(modes, columns)

    def noted_brief(columns: int) -> str:
        calls.append(BRIEF)
        return brief(columns)

    monkeypatch.setattr(keys, "legend", noted_legend)
    monkeypatch.setattr(keys, "brief", noted_brief)
    yield calls


def test_a_legend_is_worded_once_for_its_modes_and_width(worded: list[object]) -> None:
    legends = Legends()
    first = legends((Mode.CURSOR,), 79)
    brief = legends(BRIEF, 79)
    assert legends((Mode.CURSOR,), 79) == first == tuple(keys.legend((Mode.CURSOR,), 79))
    assert legends(BRIEF, 79) == brief == (keys.brief(79),)
    worded.clear()
    legends((Mode.CURSOR,), 79)
    legends(BRIEF, 79)
    assert worded == []
    assert legends((Mode.CURSOR,), 40) != first
    assert worded == [(Mode.CURSOR,)]


def test_a_new_key_table_words_the_legend_again(monkeypatch: pytest.MonkeyPatch) -> None:
    legends = Legends()
    assert "g: flag" not in legends(BRIEF, 200)[0]
    monkeypatch.setattr(keys, "_in_use", keys.remapped({"flag": "g"}))
    assert legends(BRIEF, 200) == (keys.brief(200),)
    assert "g: flag" in legends(BRIEF, 200)[0]


def test_a_new_language_words_the_legend_again() -> None:
    legends = Legends()
    english = legends((Mode.CURSOR,), 200)
    try:
        i18n.use("es")
        spanish = legends((Mode.CURSOR,), 200)
        assert spanish != english
        assert spanish == tuple(keys.legend((Mode.CURSOR,), 200))
    finally:
        i18n.use("en")
