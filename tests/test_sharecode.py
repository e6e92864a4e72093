"""Share codes name a board exactly: they read back, catch typos, and deal the same mines."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from buscaminas.core.scoring import BoardKind
from buscaminas.game.commands import Command, Verb
from buscaminas.game.rounds import Settings
from buscaminas.game.session import Session
from buscaminas.game.view import State
from buscaminas.records import sharecode
from buscaminas.records.presets import DAILY, daily_code
from buscaminas.records.sharecode import MalformedCode, NewerCode, OlderCode, ShareCode
from buscaminas.records.storage import Store
from buscaminas.ui.renderer import Renderer
from tests.terminal_support import run_piped


@st.composite
def codes(draw: st.DrawFn) -> ShareCode:
    width, height = draw(st.integers(3, 99)), draw(st.integers(3, 99))
    return ShareCode(
        width,
        height,
        draw(st.integers(1, width * height - 1)),
        draw(st.sampled_from(list(BoardKind))),
        draw(st.integers(0, 2**sharecode.SEED_BITS - 1)),
        (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))),
    )


@given(codes())
def test_a_code_reads_back_as_its_board(code: ShareCode) -> None:
    written = str(code)
    assert re.fullmatch(r"[0-9A-Z]{4}(-[0-9A-Z]{4}){3}", written)
    assert sharecode.parse(written) == code
    assert sharecode.parse(written.lower().replace("-", " ")) == code


@given(codes(), st.integers(0, 15), st.integers(1, 31))
def test_most_typos_are_caught(code: ShareCode, place: int, shift: int) -> None:
    """One letter changed either fails the check or names another valid board: never a
    crash; and over all single-letter typos, most fail."""
    letters = str(code).replace("-", "")
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    typo = letters[:place] + alphabet[(alphabet.index(letters[place]) + shift) % 32]
    typo += letters[place + 1 :]
    try:
        other = sharecode.parse(typo)
    except sharecode.CodeError:
        return
    assert other != code


def test_fifteen_typos_in_sixteen_are_caught() -> None:
    code = str(ShareCode(30, 16, 99, BoardKind.NO_GUESS, 123456, (3, 4))).replace("-", "")
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    caught = total = 0
    for place in range(16):
        for letter in alphabet:
            if letter == code[place]:
                continue
            total += 1
            try:
                sharecode.parse(code[:place] + letter + code[place + 1 :])
            except sharecode.CodeError:
                caught += 1
    assert caught / total > 0.9


@pytest.mark.parametrize(
    "text", ["", "hello", "1G4Z-7KQ2-M0XA-93T", "1G4Z-7KQ2-M0XA-93TCX", "Ü" * 16]
)
def test_malformed_codes_are_refused(text: str) -> None:
    with pytest.raises(MalformedCode):
        sharecode.parse(text)


def written_by(version: int, code: ShareCode, monkeypatch: pytest.MonkeyPatch) -> str:
    """``code`` as the game of share-code format ``version`` writes it."""
    with monkeypatch.context() as patch:
        patch.setattr(sharecode, "VERSION", version)
        return str(code)


def test_a_code_from_a_newer_version_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    code = ShareCode(9, 9, 10, BoardKind.NO_GUESS, 5, (4, 4))
    assert sharecode.parse(str(code)) == code
    with pytest.raises(NewerCode):
        sharecode.parse(written_by(sharecode.VERSION + 1, code, monkeypatch))


@pytest.mark.parametrize("version", range(1, sharecode.VERSION))
def test_a_code_from_an_earlier_generator_is_refused_not_dealt_otherwise(
    monkeypatch: pytest.MonkeyPatch, version: int
) -> None:
    """Its generator dealt other mines from the same request: dealing it now would
    race two players on two boards."""
    patch = monkeypatch
    older = written_by(version, ShareCode(30, 16, 99, BoardKind.NO_GUESS, 5, (4, 4)), patch)
    with pytest.raises(OlderCode):
        sharecode.parse(older)
    with pytest.raises(MalformedCode):
        sharecode.parse(written_by(0, ShareCode(9, 9, 10, BoardKind.NO_GUESS, 5, (4, 4)), patch))
    result = run_piped("--game", older, "--lang", "en")
    assert result.returncode == 2
    assert f"“{older}” comes from an earlier version of buscaminas, which dealt another board" in (
        result.stderr
    )


def test_the_daily_board_depends_on_the_date_only() -> None:
    first = daily_code(date(2026, 11, 26))
    assert first == daily_code(date(2026, 11, 26))
    assert first != daily_code(date(2026, 11, 27))
    assert (first.width, first.height, first.mines, first.kind) == (
        16,
        16,
        40,
        BoardKind.NO_GUESS,
    )


def last_board(output: str, height: int) -> list[str]:
    """The last board a game in a pipe printed: its rows are the position text."""
    rows = [line for line in output.splitlines() if re.fullmatch(r"[#F.1-8*X]+", line)]
    return rows[-height:]


def test_a_shared_code_deals_the_same_board_to_another_player(tmp_path: Path) -> None:
    first = run_piped(
        *("--preset", "expert", "--lang", "en", "--data-dir", str(tmp_path / "a")),
        lines="15 8\nauto\n",
    )
    assert first.returncode == 0, first.stderr
    match = re.search(r"This board's code is ([0-9A-Z-]{19})", first.stdout)
    assert match, first.stdout[-2000:]
    code = match.group(1)
    again = run_piped(
        *("--game", code, "--lang", "en", "--data-dir", str(tmp_path / "b")), lines="auto\n"
    )
    assert again.returncode == 0, again.stderr
    assert f"This board's code is {code}" in again.stdout
    assert last_board(first.stdout, 16) == last_board(again.stdout, 16), "the AI played both alike"


def test_a_bad_code_is_refused_with_a_clear_message() -> None:
    result = run_piped("--game", "NOT-A-CODE", "--lang", "en")
    assert result.returncode == 2
    assert "“NOT-A-CODE” is not a share code: a code is 16 letters and digits" in result.stderr
    for together in (["--preset", "expert"], ["--daily"]):
        result = run_piped("--game", "", *together, "--lang", "en")
        assert result.returncode == 2
        assert "--game and --daily name their own board: give them alone" in result.stderr


def test_the_daily_board_is_the_same_twice_and_kept_apart_in_stats(tmp_path: Path) -> None:
    data = ("--data-dir", str(tmp_path))
    one = run_piped("--daily", "--lang", "en", *data, lines="auto\n")
    two = run_piped("--daily", "--lang", "en", *data, lines="auto\n")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert last_board(one.stdout, 16) == last_board(two.stdout, 16)
    stats = run_piped("stats", "--lang", "en", *data)
    assert "Daily 16×16" in stats.stdout


def test_a_shared_board_opens_at_its_first_cell_and_its_clock_waits_for_the_player(
    tmp_path: Path,
) -> None:
    code = ShareCode(16, 16, 40, BoardKind.NO_GUESS, 77, (7, 7))
    store = Store(tmp_path / "games.sqlite3", on_warning=print)
    ticks = iter(range(100, 200))
    session = Session(
        Settings.from_code(code, "intermediate"), store, legend=[], clock=lambda: float(next(ticks))
    )
    assert session.current.game.is_revealed((7, 7)) and session.view().cursor == (7, 7)
    assert session.view().state is State.WAITING and session.view().elapsed is None
    assert "Your move starts the clock" in Renderer.status(session.view())
    assert session.current.code() == code
    session.handle(Command(Verb.FLAG, (0, 0)))
    assert session.view().elapsed is None, "a flag starts no clock"
    assert session.view().state is State.WAITING
    session.handle(Command(Verb.TRY, (15, 15)))
    assert session.view().elapsed is not None, "the player's first reveal starts it"
    assert session.view().state is not State.WAITING


def test_play_again_after_the_daily_board_deals_a_fresh_board_not_called_daily(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "games.sqlite3", on_warning=print)
    code = daily_code(date(2026, 11, 26))
    session = Session(Settings.from_code(code, DAILY), store, legend=[])
    assert session.current.settings.preset == DAILY and session.current.code() == code
    assert session.handle(Command(Verb.NEW)).new_round, "not begun by the player: no question"
    fresh = session.current
    assert fresh.settings.preset == "intermediate" and fresh.settings.opening is None
    assert not fresh.game.started, "the player's own first click deals it"
