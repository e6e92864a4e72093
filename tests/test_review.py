"""The review of a game, on hand-made journals: each verdict, the risks, the summary."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path

import pytest

from benchmarks.review import played
from buscaminas.core.engine import Action, Minesweeper, Move, Termination
from buscaminas.core.grid import Point
from buscaminas.core.solver import Position, analyze
from buscaminas.game.commands import Command, Verb, said
from buscaminas.game.commentary import review_lines
from buscaminas.game.journal import Journal, Played
from buscaminas.game.keeper import Keeper
from buscaminas.game.review import Review, Verdict, review
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.records.boardfile import BoardFile
from buscaminas.records.storage import Store

PROVED = {(4, 0), (4, 2)}
"""5×3 with mines down the right edge: after ``try 1 1`` the numbers prove 5 1 and 5 3
mines and 5 2 safe."""
HALVES = {(3, 0), (4, 0), (4, 1)}
"""After ``try 1 1``: 4 1 and 5 1 proved mines, 5 2 and 5 3 a 50/50, nothing proved safe."""
SPARE = {(3, 0), (4, 1)}
"""After ``try 1 1``: 5 1 proved safe, 5 2 and 5 3 a 50/50."""


def journal(
    mines: set[Point],
    *moves: str,
    width: int = 5,
    height: int = 3,
    revealed: tuple[Point, ...] = (),
) -> Journal:
    """A journal on a board file from moves typed as the player types them (1-based),
    one second apart."""
    start = BoardFile(width, height, frozenset(mines), frozenset(revealed), frozenset())
    kept = Journal(width, height, len(mines), start=start)
    for second, typed in enumerate(moves):
        verb, x, y = typed.split()
        kept.moves.append(Played(Move(Action(verb), (int(x) - 1, int(y) - 1)), float(second)))
    return kept


def verdicts(judged: Review) -> list[Verdict]:
    return [judgement.verdict for judgement in judged.judgements]


def test_a_proved_game_is_certain_throughout_and_risks_nothing() -> None:
    judged = review(journal(PROVED, "try 1 1", "flag 5 1", "expand 4 1"), dealt=True)
    assert verdicts(judged) == [Verdict.FIRST, Verdict.CERTAIN, Verdict.CERTAIN]
    assert judged.end is Termination.WON
    assert (judged.guesses, judged.avoidable, judged.accepted, judged.least) == (0, 0, 0, 0)
    assert judged.losing is None


def test_the_first_reveal_is_free_only_where_the_game_dealt_around_it() -> None:
    """A board file's mines were there before the first click: that click is a guess,
    with the mine total's chance over every cell."""
    judged = review(journal(PROVED, "try 1 1", "flag 5 1", "expand 4 1"), dealt=False)
    first = judged.judgements[0]
    assert first.verdict is Verdict.FORCED_GUESS
    assert first.risk == pytest.approx(2 / 15)
    assert first.was_safest
    assert judged.least == pytest.approx(2 / 15)


def test_a_flag_on_a_proved_safe_cell_is_a_blunder_without_risk_and_taking_it_off_is_none() -> None:
    judged = review(journal(PROVED, "try 1 1", "flag 5 2", "flag 5 2"), dealt=True)
    assert verdicts(judged) == [Verdict.FIRST, Verdict.BLUNDER, Verdict.UNFLAG]
    assert judged.blunders == 1
    assert judged.accepted == 0
    assert judged.end is None


def test_revealing_a_proved_mine_is_a_blunder_that_names_the_move_that_lost() -> None:
    judged = review(journal(PROVED, "try 1 1", "try 5 1"), dealt=True)
    assert verdicts(judged) == [Verdict.FIRST, Verdict.BLUNDER]
    losing = judged.losing
    assert losing is not None and losing.number == 2 and losing.lost
    assert losing.risk == 1 and judged.accepted == 1
    assert judged.end is Termination.LOST
    lines = review_lines(judged)
    assert "The move that lost: move 2, try 5 1." in lines
    assert any("blunder" in line and "this move lost the game" in line for line in lines)


def test_a_guess_while_a_safe_cell_waited_is_avoidable_and_names_that_cell() -> None:
    judged = review(journal(SPARE, "try 1 1", "try 5 3"), dealt=True)
    guess = judged.judgements[1]
    assert guess.verdict is Verdict.AVOIDABLE_GUESS
    assert guess.certain == (4, 0)
    assert guess.risk == pytest.approx(0.5)
    assert (judged.guesses, judged.avoidable) == (1, 1)
    assert judged.accepted == pytest.approx(0.5)
    assert judged.least == 0  # the safe cell was there: no guess was needed
    assert "avoidable guess: 50% risk of a mine, while 5 1 was certain" in review_lines(judged)[2]


def test_a_guess_when_nothing_was_certain_is_forced_and_says_whether_it_was_the_safest() -> None:
    """Beside a 1 that touches three cells, a far cell is safer: the guess next to the 1
    was forced but not the safest."""
    judged = review(
        journal({(1, 0), (2, 0)}, "try 1 2", "try 5 3", revealed=((0, 0),)), dealt=False
    )
    forced = judged.judgements[0]
    assert forced.verdict is Verdict.FORCED_GUESS
    assert forced.risk == pytest.approx(1 / 3)
    assert forced.safest == pytest.approx(1 / 11)
    assert not forced.was_safest
    assert "where the safest was 9%" in review_lines(judged)[1]
    # the summary multiplies what was taken, and what the safest guesses would have taken
    taken = [judgement.risk for judgement in judged.judgements]
    assert judged.accepted == pytest.approx(1 - math.prod(1 - risk for risk in taken))
    assert judged.least == pytest.approx(1 / 11)


def test_an_unproved_flag_is_a_guess_without_risk() -> None:
    judged = review(journal(HALVES, "try 1 1", "flag 5 3"), dealt=True)
    assert verdicts(judged) == [Verdict.FIRST, Verdict.FLAG_GUESS]
    assert judged.flag_guesses == 1 and judged.guesses == 0 and judged.accepted == 0
    assert any("a flag cannot lose the game" in line for line in review_lines(judged))


def test_an_expand_that_trusts_an_unproved_flag_risks_that_flag_being_wrong() -> None:
    """4 2 shows 3 and touches four hidden cells: with 4 1, 5 1 (proved) and 5 3 (a
    50/50) flagged, expanding opens 5 2, a mine just when 5 3 is not one."""
    moves = ("try 1 1", "flag 4 1", "flag 5 1", "flag 5 3", "expand 4 2")
    judged = review(journal(HALVES, *moves), dealt=True)
    expand = judged.judgements[-1]
    assert expand.verdict is Verdict.FORCED_GUESS
    assert expand.cells == ((4, 1),)
    assert expand.risk == pytest.approx(0.5) and expand.was_safest
    assert expand.lost and judged.losing is expand
    assert "50% risk that the cell it opened hid a mine" in review_lines(judged)[5]


def test_an_expand_over_a_proved_mine_is_a_blunder() -> None:
    judged = review(journal(PROVED, "try 1 1", "flag 5 2", "expand 4 1"), dealt=True)
    assert verdicts(judged)[-1] is Verdict.BLUNDER
    assert judged.losing is not None and judged.losing.number == 3


def test_an_expand_that_flags_what_its_number_needs_is_certain() -> None:
    """3 1 shows 1 and touches one hidden cell, 4 1: expanding it flags 4 1."""
    judged = review(journal(HALVES, "try 1 1", "expand 3 1"), dealt=True)
    last = judged.judgements[-1]
    assert last.verdict is Verdict.CERTAIN and last.flagging and last.cells == ((3, 0),)
    assert "certain: the numbers proved it a mine" in review_lines(judged)[2]


def exact_expand_risk(game: Minesweeper, cell: Point) -> Fraction:
    """By brute force: the share of the layouts agreeing with what is shown in which the
    expand of ``cell`` would open a mine."""
    rows = game.rows()
    unknown = [(x, y) for y, row in enumerate(rows) for x, char in enumerate(row) if char in "#F"]
    numbers = {
        (x, y): int(char)
        for y, row in enumerate(rows)
        for x, char in enumerate(row)
        if char.isdigit()
    }
    opened = [near for near in game.grid.neighbours(cell) if rows[near[1]][near[0]] == "#"]
    # Mines lie only among the unknown cells: a layout is a bit each of them, and what
    # a number counts, the bits of its unknown neighbours it holds.
    bit = {place: 1 << at for at, place in enumerate(unknown)}

    def among(places: Iterable[Point]) -> int:
        return sum(bit.get(place, 0) for place in places)

    counted = [(among(game.grid.neighbours(place)), value) for place, value in numbers.items()]
    opened_mask = among(opened)
    agreeing = losing = 0
    for layout in itertools.combinations(bit.values(), game.mine_count):
        mines = sum(layout)
        if all((mines & around).bit_count() == value for around, value in counted):
            agreeing += 1
            losing += bool(mines & opened_mask)
    return Fraction(losing, agreeing)


@pytest.mark.parametrize(
    "seed",
    [
        *range(4),
        *(
            pytest.param(seed, marks=pytest.mark.slow(reason="seeds 0 to 3 in the quick tier"))
            for seed in range(4, 12)
        ),
    ],
)
def test_an_expands_risk_is_the_joint_chance_not_a_sum_of_single_ones(seed: int) -> None:
    """On small random boards, flags placed at random around a number: the review's risk
    for its expand is what counting every agreeing layout gives."""
    rng = random.Random(seed)
    width, height, count = 5, 4, 5
    checked = 0
    while checked < 3:
        cells = [(x, y) for y in range(height) for x in range(width)]
        mines = set(rng.sample(cells, count))
        game = Minesweeper.from_layout(width, height, mines)
        safe = [cell for cell in cells if cell not in mines]
        start = rng.choice(safe)
        moves = [f"try {start[0] + 1} {start[1] + 1}"]
        game.act(Move(Action.TRY, start))
        candidates = [
            cell
            for cell in game.grid.cells()
            if (game.number(cell) or 0) >= 1
            and len([n for n in game.grid.neighbours(cell) if not game.is_revealed(n)])
            > (game.number(cell) or 0)
        ]
        if game.end is not None or not candidates:
            continue
        number_cell = rng.choice(candidates)
        hidden = [n for n in game.grid.neighbours(number_cell) if not game.is_revealed(n)]
        for flag in rng.sample(hidden, game.number(number_cell) or 0):
            moves.append(f"flag {flag[0] + 1} {flag[1] + 1}")
            game.act(Move(Action.FLAG, flag))
        expected = exact_expand_risk(game, number_cell)
        moves.append(f"expand {number_cell[0] + 1} {number_cell[1] + 1}")
        judged = review(journal(mines, *moves, width=width, height=height), dealt=False).judgements[
            -1
        ]
        assert judged.risk == pytest.approx(float(expected), abs=1e-9)
        if expected == 1:
            assert judged.verdict is Verdict.BLUNDER
        elif expected == 0:
            assert judged.verdict is Verdict.CERTAIN
        else:
            assert judged.guess
        checked += 1


def test_each_guess_risk_is_the_solvers_chance_on_the_position_before_it() -> None:
    kept = journal({(1, 0), (2, 0)}, "try 1 2", "try 5 3", revealed=((0, 0),))
    judged = review(kept, dealt=False)
    for k, judgement in enumerate(judged.judgements):
        before = analyze(Position.from_game(kept.game(k)))
        assert judgement.risk == pytest.approx(before.probability[judgement.played.move.cell])


def test_a_game_with_no_moves_has_nothing_to_review() -> None:
    judged = review(journal(PROVED), dealt=True)
    assert judged.judgements == () and judged.accepted == 0
    assert review_lines(judged) == ["No move has been played yet: there is nothing to review."]


# --- in the game ------------------------------------------------------------------------


def session_on(tmp_path: Path) -> Session:
    board = BoardFile(5, 3, frozenset(PROVED), frozenset(), frozenset())
    store = Store(tmp_path / "games.sqlite3", on_warning=lambda line: None)
    return Session(Settings(5, 3, 2, board_file=board), Keeper(store), legend=[])


def test_review_in_the_game_is_a_page_and_counts_as_a_hint_while_the_game_goes_on(
    tmp_path: Path,
) -> None:
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (0, 0)))
    session.handle(Command(Verb.FLAG, (4, 1)))
    session.handle(Command(Verb.REVIEW))
    page = session.view().page
    assert page is not None and page[0] == "A review during a game counts as a hint."
    assert any("blunder" in line for line in page)
    assert session.current.hints == 1
    session.handle(Command(Verb.REVIEW, number=2))  # another page of the same review
    assert session.current.hints == 1 and session.view().page_number == 2
    session.handle(Command(Verb.FLAG, (4, 1)))
    session.handle(Command(Verb.FLAG, (4, 0)))
    session.handle(Command(Verb.EXPAND, (3, 0)))  # wins
    assert session.current.game.end is Termination.WON
    hints = session.current.hints
    session.handle(Command(Verb.REVIEW))
    page = session.view().page
    assert page is not None and "The game was won." in page
    assert session.current.hints == hints  # after the end it tells nothing new
    assert page[0] != "A review during a game counts as a hint."


def test_review_after_an_undo_judges_the_moves_that_stand(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (0, 0)))
    session.handle(Command(Verb.TRY, (4, 0)))  # loses
    session.handle(Command(Verb.UNDO))
    session.handle(Command(Verb.REVIEW))
    page = session.view().page
    assert page is not None
    assert not any("try 5 1" in line for line in page)
    assert not any("whose" in line or "AI" in line for line in page), "all of it is the player's"
    assert "The game was not finished." in page


def test_the_ais_moves_are_marked_and_the_summary_judges_only_the_players() -> None:
    """The AI took the avoidable 50/50 (and lost); the player's moves were all certain."""
    kept = journal(SPARE, "try 1 1", "try 5 2")
    kept.moves[1] = kept.moves[1]._replace(by_ai=True)
    judged = review(kept, dealt=True)
    assert judged.judgements[1].verdict is Verdict.AVOIDABLE_GUESS  # judged all the same
    assert (judged.guesses, judged.avoidable, judged.accepted, judged.ai_moves) == (0, 0, 0, 1)
    lines = review_lines(judged)
    assert "AI · avoidable guess: 50% risk of a mine" in lines[2]
    assert "AI" not in lines[1]
    assert "The AI played 1 move (marked “AI”): what follows counts only yours." in lines
    assert "The move that lost: move 2, try 5 2, the AI's." in lines


def test_the_least_risk_counts_only_the_players_positions() -> None:
    kept = journal({(1, 0), (2, 0)}, "try 1 2", "try 5 3", revealed=((0, 0),))
    kept.moves[0] = kept.moves[0]._replace(by_ai=True)
    judged = review(kept, dealt=False)
    assert judged.judgements[0].safest == pytest.approx(1 / 11)
    assert judged.least == pytest.approx(judged.judgements[1].safest or 0.0)


def test_in_the_game_the_review_tells_the_ais_moves_from_the_players(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (0, 0)))
    session.handle(Command(Verb.AUTO, number=1))
    while session.ai_playing:
        session.ai_step()
    moves = session.current.journal.moves
    assert [played.by_ai for played in moves] == [False, True]
    session.handle(Command(Verb.UNDO))
    session.handle(Command(Verb.REDO))
    assert [played.by_ai for played in session.current.journal.moves] == [False, True]
    session.handle(Command(Verb.REVIEW))
    page = session.view().page
    assert page is not None
    assert any(said(moves[1].move) in line and "AI · certain" in line for line in page)


@pytest.mark.parametrize("seed", range(6))
def test_a_glance_at_the_numbers_nearby_judges_as_the_full_analysis_would(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The quick proof from a move's neighbourhood is a shortcut, never another answer:
    reviews with and without it agree move by move."""
    kept = played(16, 16, 40, seed, pace=1.0)
    quick = review(kept, dealt=True)
    monkeypatch.setattr("buscaminas.game.review._proved_nearby", lambda *_args: False)
    full = review(kept, dealt=True)
    assert quick == full
    assert quick.guesses and quick.guesses < len(quick.judgements)  # both kinds were judged


def test_a_long_review_reports_its_progress() -> None:
    heard: list[float] = []
    kept = played(16, 16, 40, 0, pace=1.0)
    review(kept, dealt=True, progress=heard.append)
    assert len(heard) == len(kept.moves) // 20
    assert heard == sorted(heard) and heard[0] > 0 and heard[-1] <= 1


def test_in_the_game_a_slow_review_shows_its_progress_and_ctrl_c_cancels_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ticks = iter(range(10**6))
    shown: list[tuple[str, ...]] = []
    board = BoardFile(5, 3, frozenset(PROVED), frozenset(), frozenset())
    session = Session(
        Settings(5, 3, 2, board_file=board),
        Keeper(Store(tmp_path / "games.sqlite3", on_warning=lambda line: None)),
        legend=[],
        clock=lambda: float(next(ticks)),  # a second a call: every task is slow
        on_progress=lambda view: shown.append(view.messages),
    )
    monkeypatch.setattr("buscaminas.game.review.PROGRESS_EVERY", 1)
    session.handle(Command(Verb.TRY, (0, 0)))
    session.handle(Command(Verb.FLAG, (4, 0)))
    session.handle(Command(Verb.REVIEW))
    assert ("Reviewing your moves… 50%",) in shown and ("Reviewing your moves… 100%",) in shown

    def interrupted(*_args: object, **_options: object) -> Review:
        raise KeyboardInterrupt

    monkeypatch.setattr("buscaminas.game.review.review", interrupted)  # loaded when first asked for
    hints = session.current.hints
    session.handle(Command(Verb.FLAG, (4, 2)))
    session.handle(Command(Verb.REVIEW))
    assert session.view().page == ("Review cancelled.",)
    assert session.current.hints == hints


def test_a_review_after_an_undo_and_another_move_is_worked_out_again(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.handle(Command(Verb.TRY, (0, 0)))
    session.handle(Command(Verb.FLAG, (4, 1)))  # a blunder
    session.handle(Command(Verb.REVIEW))
    session.handle(Command(Verb.UNDO))
    session.handle(Command(Verb.FLAG, (4, 0)))  # as many moves, a certain one
    session.handle(Command(Verb.REVIEW))
    page = session.view().page
    assert page is not None and not any("blunder" in line for line in page)
    assert any("flag 5 1" in line and "certain" in line for line in page)
