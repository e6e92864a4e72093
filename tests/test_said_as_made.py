"""The game says what it did: ``undo`` and ``redo`` name the move as it was made."""

from __future__ import annotations

from pathlib import Path

from buscaminas.game.commands import Command, Verb
from tests.loop_support import session_on
from tests.terminal_support import run_piped

BEGINNER_SEED_1 = ("--legacy", "--preset", "beginner", "--seed", "1", "--lang", "en")


def took_back(move: str) -> tuple[str]:
    return (f"Took back “{move}”. Type “redo” to put it back.",)


def test_undo_and_redo_name_each_move_as_it_was_made(tmp_path: Path) -> None:
    """The board is 5×4 with mines at 1 1, 1 4 and 5 4 (1-based)."""
    session = session_on(tmp_path)
    session.marks = True
    for command, named in [
        (Command(Verb.TRY, (2, 1)), "try 3 2"),
        (Command(Verb.FLAG, (0, 0)), "flag 1 1"),
        (Command(Verb.TRY, (1, 0)), "expand 2 1"),  # a 1 with its flag: a chord
        (Command(Verb.UNFLAG, (0, 0)), "unflag 1 1"),
        (Command(Verb.MARK, (4, 3)), "mark 5 4"),
        (Command(Verb.FLAG, (0, 3)), "flag 1 4"),
        (Command(Verb.FLAG, (0, 3)), "mark 1 4"),  # with marks, a flag becomes a ?
    ]:
        session.handle(command)
        session.handle(Command(Verb.UNDO))
        assert session.view().messages == took_back(named)
        session.handle(Command(Verb.REDO))
        assert session.view().messages[0] == f"Put back “{named}”."
        assert session.current.journal.moves[-1].move.cell == command.cell


def test_the_issues_unflag_is_taken_back_as_an_unflag() -> None:
    """Was: “Took back "flag 1 3"” while the flag came back."""
    result = run_piped(*BEGINNER_SEED_1, lines="5 5\nflag 1 3\nunflag 1 3\nu\nr\nq\n")
    assert "Took back “unflag 1 3”. Type “redo” to put it back." in result.stdout
    assert "Put back “unflag 1 3”." in result.stdout
    assert "flag 1 3”" not in result.stdout.replace("unflag 1 3”", "")
