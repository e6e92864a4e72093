"""Share codes name a board exactly: they read back, catch typos, and deal the same mines."""

from __future__ import annotations

import random
import re
from collections import Counter
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from buscaminas.core import generator
from buscaminas.core.board import BoardKind
from buscaminas.game.commands import Command, Verb
from buscaminas.game.jumps import Jump
from buscaminas.game.keeper import Keeper
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.game.view import State
from buscaminas.records import sharecode
from buscaminas.records.presets import DAILY, daily_code
from buscaminas.records.sharecode import MalformedCode, MistypedCode, OlderCode, ShareCode
from buscaminas.records.storage import Store
from buscaminas.ui.renderer import Renderer
from tests.terminal_support import Player, run_piped
from tools.share_codes import read_pins

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
PINNED = [code for code, _mines in read_pins()]


@st.composite
def codes(draw: st.DrawFn) -> ShareCode:
    """A seed code of any board, or, where it stays short, the code carrying a layout."""
    width, height = draw(st.integers(3, 99)), draw(st.integers(3, 99))
    mines = draw(st.integers(1, width * height - 1))
    first = (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
    code = ShareCode(
        width,
        height,
        mines,
        draw(st.sampled_from(list(BoardKind))),
        draw(st.integers(0, 2**sharecode.SEED_BITS - 1)),
        first,
        draw(st.integers(1, 511)),
    )
    if width * height > 200 or not draw(st.booleans()):
        return code
    others = [(x, y) for y in range(height) for x in range(width) if (x, y) != first]
    return code.with_layout(draw(st.permutations(others))[:mines])


@given(codes())
def test_a_code_reads_back_as_its_board(code: ShareCode) -> None:
    written = str(code)
    assert re.fullmatch(r"[0-9A-Z]{4}(-[0-9A-Z]{4}){4,}", written)
    assert len(written.replace("-", "")) <= sharecode.LAYOUT_LETTERS
    assert sharecode.parse(written) == code
    assert sharecode.parse(written.lower().replace("-", " ")) == code


def test_a_layout_code_for_the_small_boards_a_seed_code_for_the_others() -> None:
    """A layout code where it takes at most six groups: beginner (five), 9×9/10 (six);
    intermediate's and expert's layouts would take seven, so they get seed codes (five)."""
    lengths = {}
    for width, height, mines in [(8, 8, 10), (9, 9, 10), (16, 16, 40), (30, 16, 99)]:
        first = (width // 2, height // 2)
        others = [(x, y) for y in range(height) for x in range(width) if (x, y) != first]
        seeded = ShareCode(width, height, mines, BoardKind.NO_GUESS, 7, first, 4)
        code = seeded.with_layout(others[:: len(others) // mines][:mines])
        lengths[width, height, mines] = (code.layout is not None, len(str(code).split("-")))
    assert lengths == {
        (8, 8, 10): (True, 5),
        (9, 9, 10): (True, 6),
        (16, 16, 40): (False, 5),
        (30, 16, 99): (False, 5),
    }


def slips(code: str) -> list[tuple[str, str]]:
    """Every single-letter typo and every swap of two different neighbours of ``code``,
    each with its kind."""
    letters = code.replace("-", "")
    found = []
    for place, letter in enumerate(letters):
        for other in ALPHABET:
            if other != letter:
                found.append(("typo", letters[:place] + other + letters[place + 1 :]))
        after = letters[place + 1 : place + 2]
        if after and after != letter:
            found.append(("swap", letters[:place] + after + letter + letters[place + 2 :]))
    return found


def assert_every_slip_is_caught(count: int) -> None:
    """Every single typo and every swap of neighbours in ``count`` pinned codes of each
    form is refused as mistyped: the three check letters are a Reed–Solomon code of
    distance 4, so none of these slips deals another board."""
    layouts = [code for code in PINNED if sharecode.parse(code).layout is not None][:count]
    seeds = [code for code in PINNED if sharecode.parse(code).layout is None][:count]
    assert len(layouts) == len(seeds) == count
    tried: Counter[str] = Counter()
    missed = []  # tens of thousands of slips: a try costs less than a pytest.raises
    for code in layouts + seeds:
        for kind, slip in slips(code):
            tried[kind] += 1
            try:
                sharecode.parse(slip)
            except MistypedCode:
                continue
            missed.append(slip)
    assert missed == [] and tried["typo"] > 500 * count and tried["swap"] > 35 * count


def test_every_single_typo_and_every_swap_of_neighbours_is_caught() -> None:
    assert_every_slip_is_caught(20)


@pytest.mark.slow
def test_every_single_typo_and_every_swap_of_neighbours_in_200_codes_is_caught() -> None:
    """Measured exhaustively on 200 pinned codes of each form (the old four-bit check
    let 3.97% of typos and 2.56% of swaps through)."""
    assert_every_slip_is_caught(200)


def test_a_slip_is_called_mistyped_and_the_one_letter_fix_offered() -> None:
    rng = random.Random(5)
    for code in rng.sample(PINNED, 40):
        letters = code.replace("-", "")
        _kind, slip = rng.choice(slips(code))
        place = rng.randrange(len(letters))
        dropped = letters[:place] + letters[place + 1 :]
        added = letters[:place] + rng.choice(ALPHABET) + letters[place:]
        for typed in (slip, dropped, added):
            with pytest.raises(MistypedCode) as mistyped:
                sharecode.parse(typed)
            assert mistyped.value.fix in (code, None), typed
        with pytest.raises(MistypedCode) as mistyped:
            sharecode.parse(slip)
        assert mistyped.value.fix == code, "one letter off is always located"


def test_letters_outside_the_alphabet_are_typos_and_misread_ones_are_read() -> None:
    code = PINNED[0]
    u = code[:2] + "U" + code[3:]
    with pytest.raises(MistypedCode) as mistyped:
        sharecode.parse(u)
    assert mistyped.value.fix == code
    assert sharecode.parse(code.replace("0", "O").replace("1", "l")) == sharecode.parse(code)


@pytest.mark.parametrize(
    "text", ["", "hello", "1G4Z-7KQ2-M0", "R0SE-HS08-3GW0-A0T6-SKRA-1234-56", "Ü" * 20]
)
def test_malformed_codes_are_refused(text: str) -> None:
    with pytest.raises(MalformedCode):
        sharecode.parse(text)


def test_a_code_of_a_newer_form_or_generator_says_so() -> None:
    code = ShareCode(30, 16, 99, BoardKind.NO_GUESS, 5, (4, 4), generator.VERSION + 1)
    assert sharecode.parse(str(code)) == code, "the generator's versions are the game's to judge"
    result = run_piped("--game", str(code), "--lang", "en")
    assert result.returncode == 2 and not result.stdout
    assert f"“{code}” comes from a newer version of buscaminas: update it" in result.stderr


OLD_CODES = ["J6HM-0A0E-3KAQ-97Q7", "1G4Z-7KQ2-M0XA-93TC"]
"""Codes of the sixteen-letter form every version before this one wrote."""


@pytest.mark.parametrize("old", OLD_CODES)
def test_a_code_of_an_earlier_version_is_refused_with_a_message_that_says_so(old: str) -> None:
    """Its four-bit check let one typo in sixteen deal another board: dealing it now
    could race two players on two boards."""
    with pytest.raises(OlderCode):
        sharecode.parse(old)
    result = run_piped("--game", old, "--lang", "en")
    assert result.returncode == 2 and not result.stdout
    assert f"“{old}” is a code cut short, or a code of an earlier version of buscaminas" in (
        result.stderr
    )
    assert "20 letters or more: copy it whole, or ask for it again" in result.stderr
    spanish = run_piped("--game", old, "--lang", "es")
    assert "incompleto, o un código de una versión anterior de buscaminas" in spanish.stderr


def test_a_mistyped_code_says_so_and_offers_the_fix_in_a_pipe() -> None:
    code = str(ShareCode(30, 16, 99, BoardKind.NO_GUESS, 123456, (3, 4), generator.VERSION))
    letters = code.replace("-", "")
    typo = letters[:9] + ("1" if letters[9] != "1" else "2") + letters[10:]
    result = run_piped("--game", typo, "--lang", "en")
    assert result.returncode == 2 and not result.stdout
    assert f"“{typo}” is mistyped" in result.stderr
    assert f"Did you mean {code}?" in result.stderr
    spanish = run_piped("--game", typo, "--lang", "es")
    assert "está mal escrito" in spanish.stderr and f"¿Querías decir {code}?" in spanish.stderr


def test_an_impossible_no_guess_density_is_refused_when_read_not_dealt_as_another_board(
    tmp_path: Path,
) -> None:
    """99×99 with 6,510 mines once searched for 10 s, then offered a classic board."""
    code = ShareCode(99, 99, 6510, BoardKind.NO_GUESS, 77, (50, 50), generator.VERSION)
    result = run_piped("--game", str(code), "--lang", "en", "--data-dir", str(tmp_path))
    assert result.returncode == 2 and not result.stdout
    limit = generator.no_guess_limit(99, 99)
    assert (
        f"“{code}” deals no board: A board without guessing of this size holds at most"
        f" {limit} mines." in result.stderr
    )
    assert not (tmp_path / "games.sqlite3").exists(), "nothing was played"
    classic = code._replace(kind=BoardKind.CLASSIC)
    played = run_piped("--game", str(classic), "--lang", "en", "--data-dir", str(tmp_path))
    assert played.returncode == 0 and len(last_board(played.stdout, 99)) == 99


def test_a_seed_code_whose_search_finds_no_board_is_refused_not_swapped() -> None:
    """One mine on 3×3 opened at the centre: its whole search finds no layout."""
    code = ShareCode(3, 3, 1, BoardKind.NO_GUESS, 1, (1, 1), generator.VERSION)
    result = run_piped("--game", str(code), "--lang", "en")
    assert result.returncode == 2 and not result.stdout
    assert f"“{code}” deals no board: No board without guessing exists" in result.stderr


def test_on_a_terminal_a_code_with_no_board_is_refused_once_the_terminal_is_restored() -> None:
    code = ShareCode(3, 3, 1, BoardKind.NO_GUESS, 1, (1, 1), generator.VERSION)
    player = Player("--legacy", "--game", str(code), "--lang", "en")
    player.wait_for(f"“{code}” deals no board")
    assert player.finish() == 2
    said = player.output.rindex(f"“{code}” deals no board".encode())
    assert player.output.rindex(b"\x1b[?1049l") < said, "said on the main screen, after it"
    assert b"See you soon" not in player.output


def test_a_layout_code_deals_its_mines_with_no_generator(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_generator(*_args: object, **_kwargs: object) -> frozenset[tuple[int, int]]:
        raise AssertionError("a layout code needs no generator")

    mines = frozenset({(0, 0), (7, 7), (3, 5), (6, 1), (1, 6)})
    code = ShareCode(8, 8, 5, BoardKind.NO_GUESS, 3, (4, 3), 4).with_layout(mines)
    assert code.layout == mines and (code.seed, code.generator) == (0, 0)
    assert len(str(code)) == 24
    monkeypatch.setattr(generator, "generate", no_generator)
    store = Store(tmp_path / "games.sqlite3", on_warning=print)
    session = Session(
        Settings.from_code(sharecode.parse(str(code)), "beginner"), Keeper(store), legend=[]
    )
    start = session.current.journal.start
    assert start is not None and start.mines == mines
    assert session.current.code() == sharecode.parse(str(code))


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
    match = re.search(r"This board's code is ((?:[0-9A-Z]{4}-){4,}[0-9A-Z]{4})", first.stdout)
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
    example = "R0SE-HS08-3GW0-A0T6-SKRA"
    assert sharecode.parse(example), "the example is a code"
    assert (
        f"“NOT-A-CODE” is not a share code: a code is groups of four letters and digits,"
        f" like {example}" in result.stderr
    )
    for together in (["--preset", "expert"], ["--daily"]):
        result = run_piped("--game", "", *together, "--lang", "en")
        assert result.returncode == 2
        assert "--game and --daily name their own board: give them alone" in result.stderr


@pytest.mark.parametrize(
    "typed",
    [
        "R0SE-HS08.3GW0-A0T6-SKRA",
        "R0SE_HS08_3GW0_A0T6_SKRA",
        "R0SE–HS08–3GW0–A0T6–SKRA",  # a typographer's dash
        "R0SE-HS08-3GW0-A0T6-SKR.",  # a dot where a letter was
        "R0SE/HS08/3GW0/A0T6/SKRA.",
    ],
)
def test_punctuation_in_a_code_is_refused_with_the_code_meant(typed: str) -> None:
    with pytest.raises(MalformedCode) as refused:
        sharecode.parse(typed)
    assert refused.value.fix == "R0SE-HS08-3GW0-A0T6-SKRA"
    result = run_piped("--game", typed, "--lang", "en")
    assert result.returncode == 2
    assert (
        f"“{typed}” is not a share code as it is written: a code is groups of four letters"
        " and digits joined by hyphens. Did you mean R0SE-HS08-3GW0-A0T6-SKRA?"
    ) in result.stderr


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
    code = ShareCode(16, 16, 40, BoardKind.NO_GUESS, 77, (7, 7), generator.VERSION)
    store = Store(tmp_path / "games.sqlite3", on_warning=print)
    ticks = iter(range(100, 200))
    session = Session(
        Settings.from_code(code, "intermediate"),
        Keeper(store),
        legend=[],
        clock=lambda: float(next(ticks)),
    )
    assert session.current.game.is_revealed((7, 7)) and session.view().cursor == (7, 7)
    assert session.view().state is State.WAITING and session.view().elapsed is None
    assert "Your move starts the clock" in Renderer.status(session.view())
    assert session.current.code() == code
    session.handle(Command(Verb.HELP))
    assert session.view().elapsed is not None, "the player's first move starts it, a hint too"
    assert session.view().state is not State.WAITING


def opened_for_the_player(tmp_path: Path) -> Session:
    """A shared intermediate board, opened at its first cell, its clock not started."""
    code = ShareCode(16, 16, 40, BoardKind.NO_GUESS, 77, (7, 7), generator.VERSION)
    ticks = iter(range(100, 200))
    return Session(
        Settings.from_code(code, "intermediate"),
        Keeper(Store(tmp_path / "games.sqlite3", on_warning=print)),
        legend=[],
        clock=lambda: float(next(ticks)),
    )


def test_the_cell_logic_decides_starts_the_clock_of_a_board_opened_for_the_player(
    tmp_path: Path,
) -> None:
    """``c`` at the cursor is a hint, as ``help`` is: it starts the clock too."""
    session = opened_for_the_player(tmp_path)
    session.steer(Jump.DECIDED)
    assert session.view().hints == 1 and session.view().elapsed is not None


@pytest.mark.parametrize("first", [Command(Verb.FLAG, (0, 0)), Command(Verb.TRY, (15, 15))])
def test_a_flag_starts_the_clock_of_a_board_opened_for_the_player_as_a_reveal_does(
    tmp_path: Path, first: Command
) -> None:
    """Its mines are dealt and some of them can be read: a flag is the player's work,
    timed as every move after it (no mines flagged before the clock starts)."""
    session = opened_for_the_player(tmp_path)
    session.handle(first)
    assert session.view().elapsed is not None and session.view().state is State.PLAYING


def test_play_again_after_the_daily_board_deals_a_fresh_board_not_called_daily(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "games.sqlite3", on_warning=print)
    code = daily_code(date(2026, 11, 26))
    session = Session(Settings.from_code(code, DAILY), Keeper(store), legend=[])
    assert session.current.settings.preset == DAILY and session.current.code() == code
    assert session.handle(Command(Verb.NEW)).new_round, "not begun by the player: no question"
    fresh = session.current
    assert fresh.settings.preset == "intermediate" and fresh.settings.opening is None
    assert not fresh.game.started, "the player's own first click deals it"
