"""``?`` marks: off unless asked for, a hidden cell to every rule, kept by every file."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from buscaminas.core.engine import Action, Minesweeper, Move, Notice
from buscaminas.core.solver import analyze
from buscaminas.core.solver.position import Position
from buscaminas.game.journal import Journal, Played, loads
from buscaminas.game.review import Verdict, review
from buscaminas.records import boardfile
from buscaminas.ui.icons import NERD
from tests.terminal_support import Player, click, run_piped, write_board

MARK, FLAG, TRY, EXPAND = Action.MARK, Action.FLAG, Action.TRY, Action.EXPAND
BOARD = ("*####", "#####", "#####", "*###*")
"""Three mines in the corners: 3 2 opens the middle, 1 1, 1 2 and 5 3 stay hidden."""


def corners() -> Minesweeper:
    mines = [(x, y) for y, row in enumerate(BOARD) for x, char in enumerate(row) if char == "*"]
    return Minesweeper.from_layout(5, 4, mines)


def test_a_mark_is_hidden_to_the_rules_and_no_flag_to_the_counter() -> None:
    game = corners()
    outcome = game.act(Move(MARK, (1, 1)))
    assert outcome.marked == ((1, 1),) and outcome.changed_board
    assert game.rows()[1][1] == "?" and game.mines_left == 3 and not game.flags
    assert game.around((0, 0)) == (0, 3), "a ? counts as a hidden neighbour"
    opened = game.act(Move(TRY, (2, 1)))  # the opening floods over the ?
    assert (1, 1) in opened.revealed and (1, 1) in opened.unmarked and not game.marks
    game.act(Move(MARK, (0, 1)))
    assert game.act(Move(TRY, (0, 1))).revealed == ((0, 1),), "a ? can be tried"


def test_an_expand_opens_a_marked_neighbour_and_flags_a_marked_mine() -> None:
    game = corners()
    game.act(Move(TRY, (2, 1)))
    game.act(Move(MARK, (0, 1)))  # safe, beside the 1 at 1 3 (0-based (0, 2))
    game.act(Move(FLAG, (0, 0)))
    outcome = game.act(Move(EXPAND, (1, 0)))  # the 1 at 2 1 has its flag: opens the rest
    assert (0, 1) in outcome.revealed and not game.marks
    game = corners()
    game.act(Move(TRY, (2, 1)))
    game.act(Move(MARK, (4, 3)))  # a mine, the one hidden neighbour of the 1 at 4 4
    outcome = game.act(Move(EXPAND, (3, 3)))
    assert outcome.flagged == ((4, 3),) and outcome.unmarked == ((4, 3),)
    assert game.rows()[3][4] == "F" and not game.marks


def test_the_flag_cycle_goes_flag_mark_hidden() -> None:
    game = corners()
    seen = []
    for _ in range(4):
        game.act(game.flag_cycle((3, 3)))
        seen.append(game.rows()[3][3])
    assert seen == ["F", "?", "#", "F"]
    assert game.act(Move(MARK, (3, 3))).unflagged == ((3, 3),), "a mark replaces a flag"
    assert game.mines_left == 3
    game.act(Move(TRY, (2, 1)))
    assert game.act(Move(MARK, (2, 1))).notice is Notice.ALREADY_REVEALED


def test_the_solver_reads_a_mark_as_a_hidden_cell() -> None:
    game = corners()
    game.act(Move(TRY, (2, 1)))
    plain = analyze(Position.from_game(game))
    game.act(Move(MARK, (0, 1)))
    game.act(Move(MARK, (0, 3)))
    marked = analyze(Position.from_game(game))
    assert "?" in "".join(game.rows())
    assert marked.probability == plain.probability
    assert marked.safe == plain.safe and marked.mines == plain.mines


def test_a_board_file_keeps_marks_as_status_3() -> None:
    board = boardfile.parse("11 30 10\n30 10 10\n10 10 10\n")
    assert board.marked == frozenset({(1, 0), (0, 1)}) and not board.flagged
    assert boardfile.dump(board).splitlines()[0] == "11 30 10"
    with pytest.raises(boardfile.BoardFileError, match="3 \\(covered, marked \\?\\)"):
        boardfile.parse("11 40 10\n10 10 10\n10 10 10\n")


def test_the_journal_keeps_marks_for_undo_replay_and_review() -> None:
    game_file = boardfile.parse("11 30 10\n10 10 10\n10 10 10\n")
    journal = Journal(3, 3, 1, game_file)
    for at, move in enumerate((Move(MARK, (2, 2)), Move(FLAG, (0, 0)), Move(MARK, (0, 0)))):
        journal.moves.append(Played(move, float(at)))
    again = loads(journal.dumps())
    assert again == journal
    assert again.game().rows() == ("??#", "###", "##?")
    assert again.game(1).rows() == ("#?#", "###", "##?")
    assert again.game(2).rows() == ("F?#", "###", "##?")
    verdicts = [judgement.verdict for judgement in review(again, dealt=False).judgements]
    assert verdicts[0] is Verdict.MARK and verdicts[2] is Verdict.MARK


# --- through the program ------------------------------------------------------------------


def boards_printed(output: str) -> list[list[str]]:
    """Every board a pipe printed: runs of rows of the board's width."""
    found: list[list[str]] = []
    current: list[str] = []
    for line in output.splitlines():
        if len(line) == 5 and set(line) <= set("#F?.*X12345678"):
            current.append(line)
            if len(current) == 4:
                found.append(current)
                current = []
        else:
            current = []
    return found


def test_with_marks_flag_cycles_and_mark_toggles_in_a_pipe(tmp_path: Path) -> None:
    board = write_board(tmp_path / "board.txt", *BOARD)
    lines = "flag 1 2\nflag 1 2\nflag 1 2\nmark 5 3\nmark 5 3\nmark 1 1\ntry 1 1\n"
    result = run_piped("--board", str(board), "--lang", "en", "--marks", lines=lines)
    assert result.returncode == 0, result.stderr
    shown = [rows[1][0] for rows in boards_printed(result.stdout)]
    assert shown[:3] == ["F", "?", "#"]
    assert [rows[2][4] for rows in boards_printed(result.stdout)][3:5] == ["?", "#"]
    assert "Boom! The mine at 1 1 exploded" in result.stdout, "a ? is tried like any cell"


def test_without_marks_flag_toggles_and_mark_is_refused(tmp_path: Path) -> None:
    board = write_board(tmp_path / "board.txt", *BOARD)
    lines = "flag 1 2\nflag 1 2\nmark 1 2\n"
    result = run_piped("--board", str(board), "--lang", "en", lines=lines)
    assert [rows[1][0] for rows in boards_printed(result.stdout)] == ["F", "#", "#"]
    assert "? marks are off: start with --marks" in result.stdout
    spanish = run_piped("--board", str(board), "--lang", "es", lines="marcar 1 2\n")
    assert "Las marcas ? están desactivadas" in spanish.stdout


def test_marcar_marks_in_spanish_and_save_keeps_it_for_board(tmp_path: Path) -> None:
    board = write_board(tmp_path / "board.txt", *BOARD)
    saved = tmp_path / "saved.txt"
    lines = f"marcar 2 4\nguardar {saved}\n"
    result = run_piped("--board", str(board), "--lang", "es", "--marks", lines=lines)
    assert result.returncode == 0, result.stderr
    assert saved.read_text().splitlines()[3].split()[1] == "30"
    again = run_piped("--board", str(saved), "--lang", "en", lines="undo\n")
    assert boards_printed(again.stdout)[0][3] == "*?##*".replace("*", "#")


def test_undo_takes_a_mark_back_and_redo_puts_it_again(tmp_path: Path) -> None:
    board = write_board(tmp_path / "board.txt", *BOARD)
    lines = "mark 4 4\nundo\nredo\n"
    result = run_piped("--board", str(board), "--lang", "en", "--marks", lines=lines)
    assert "Took back “mark 4 4”" in result.stdout
    assert [rows[3][3] for rows in boards_printed(result.stdout)] == ["?", "#", "?"]


def test_unflag_takes_a_flag_off_and_never_makes_a_mark(tmp_path: Path) -> None:
    board = write_board(tmp_path / "board.txt", *BOARD)
    lines = "flag 1 2\nunflag 1 2\nunflag 1 2\nbandera 5 3\nquitar 5 3\n"
    result = run_piped("--board", str(board), "--lang", "en", "--marks", lines=lines)
    assert result.returncode == 0, result.stderr
    boards = boards_printed(result.stdout)
    assert [rows[1][0] for rows in boards[:3]] == ["F", "#", "#"], "no ? on the way"
    assert "There is no flag at 1 2." in result.stdout, "nothing to take off: said"
    assert [rows[2][4] for rows in boards[3:5]] == ["F", "#"], "quitar is unflag in Spanish"


def test_v_at_the_cursor_takes_the_flag_off_with_marks_on(tmp_path: Path) -> None:
    """With marks on, f on a flag makes a ?; v is still the key that takes the flag off."""
    board = write_board(tmp_path / "board.txt", *BOARD)
    player = Player("--board", str(board), "--lang", "en", "--no-animation", "--marks", "--legacy")
    player.wait_for("Mines left: 3")
    player.child.send("\t")  # the keys to the cursor, at the centre: 3 3
    player.wait_for("Cursor keys")
    player.child.send("f")
    player.wait_until(partial(shows, player, (3, 3), "F"))
    player.child.send("v")
    player.wait_until(partial(shows, player, (3, 3), "#"))
    player.child.send("vv")  # on a cell with no flag, v does nothing
    player.child.send("f")
    player.wait_until(partial(shows, player, (3, 3), "F"))
    player.child.send("\t")
    player.type("quit")
    assert player.finish() == 0


def shows(player: Player, cell: tuple[int, int], glyph: str) -> bool:
    """Whether the screen shows ``glyph`` at ``cell`` (1-based x y)."""
    x, y = cell
    return player.board(4)[y - 1][x - 1] == glyph


@pytest.mark.parametrize("icons", ["--legacy", "--nerd"])
def test_f_and_a_right_click_cycle_through_the_mark_on_screen(tmp_path: Path, icons: str) -> None:
    board = write_board(tmp_path / "board.txt", *BOARD)
    player = Player("--board", str(board), "--lang", "en", "--no-animation", "--marks", icons)
    player.wait_for("Mines left: 3")
    flag, maybe, hidden = ("F", "?", "#") if icons == "--legacy" else (
        NERD.flag,
        NERD.maybe,
        NERD.hidden,
    )
    player.child.send("\t")  # the keys to the cursor, at the centre: 3 3
    player.wait_for("Cursor keys")
    for expected in (flag, maybe, hidden):
        player.child.send("f")
        player.wait_until(partial(shows, player, (3, 3), expected))
    player.child.send("\t")
    player.wait_for("Tab: keys")
    for expected in (flag, maybe, hidden):
        click(player, 2, 5, 4)
        player.wait_until(partial(shows, player, (5, 4), expected))
    assert "Mines left: 3" in player.text
    player.type("quit")
    assert player.finish() == 0


def test_an_evf_replay_holds_no_mark_but_the_flag_one_takes_off() -> None:
    """EVF has no ``?``: a mark is no click, and one that takes a flag off is the right
    click that does so, as a viewer without marks would replay it."""
    from datetime import UTC, datetime

    from buscaminas.core.board import BoardKind
    from buscaminas.game import evf

    start = boardfile.parse("11 10 10 10 10\n10 10 10 10 10\n10 10 10 10 10\n11 10 10 10 11\n")

    def exported(*moves: tuple[Action, tuple[int, int], float]) -> bytes:
        journal = Journal(5, 4, 3, start, [Played(Move(a, cell), at) for a, cell, at in moves])
        assert journal.game().end is not None
        when = datetime(2026, 1, 1, tzinfo=UTC)
        return evf.dumps(
            journal, kind=BoardKind.CLASSIC, three_bv=3, seconds=5.0, started_at=when, fair=False
        )

    marked = exported(
        (TRY, (2, 1), 0.0),
        (MARK, (0, 1), 1.0),
        (FLAG, (0, 0), 2.0),
        (MARK, (0, 0), 3.0),
        (TRY, (0, 1), 4.0),
        (TRY, (0, 2), 5.0),
    )
    clicked = exported(
        (TRY, (2, 1), 0.0),
        (FLAG, (0, 0), 2.0),
        (FLAG, (0, 0), 3.0),
        (TRY, (0, 1), 4.0),
        (TRY, (0, 2), 5.0),
    )
    assert marked == clicked
