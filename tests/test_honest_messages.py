"""The messages of issue 8, through the installed program in pipe mode: true, and no crash."""

from __future__ import annotations

from pathlib import Path

from tests.terminal_support import run_piped


def test_help_names_a_flag_the_numbers_prove_wrong_instead_of_crashing() -> None:
    # 3 1 is flagged, then 4 1 opens a blank beside it: the flag is on a safe cell.
    result = run_piped(
        *("--preset", "intermediate", "--seed", "1", "--lang", "en"),
        lines="8 8\nflag 3 1\ntry 4 1\nhelp\n",
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert (
        "The empty cell at 4 1 touches no mine, so the flag at 3 1 is wrong: no mine is there."
        in result.stdout
    )


def test_expand_says_only_that_this_number_alone_does_not_tell() -> None:
    result = run_piped(
        *("--preset", "beginner", "--seed", "1", "--lang", "en"), lines="4 4\nexpand 7 4\n"
    )
    assert result.returncode == 0, result.stderr
    assert (
        "the 2 at 7 4 still needs 2 more mines among its 3 hidden neighbours,"
        " and this number alone does not tell which;" in result.stdout
    )
    assert "not known yet" not in result.stdout


def test_did_you_mean_offers_try_for_reveal_and_nothing_for_quit() -> None:
    result = run_piped(
        *("--preset", "beginner", "--seed", "1", "--lang", "en"), lines="reveal\nzoom\nquti\n"
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Unknown command “reveal”. Did you mean “try”?" in out
    assert "Unknown command “zoom”. The commands are: try, flag, unflag, expand," in out
    assert "Unknown command “quti”. The commands are:" in out
    assert "Did you mean “quit”?" not in out and "Did you mean “auto”?" not in out


def test_help_cites_the_number_that_proves_each_mine() -> None:
    result = run_piped(
        *("--preset", "beginner", "--seed", "1", "--lang", "en"), lines="4 4\nhelp\n"
    )
    assert result.returncode == 0, result.stderr
    assert (
        "The 1 at 4 1 has one hidden neighbour, 5 1, so it is a mine;"
        " the 1 at 5 2 already touches that mine, so 6 1 is safe." in result.stdout
    )


def test_analyze_errors_name_cells_as_x_y_in_the_chosen_language(tmp_path: Path) -> None:
    position = tmp_path / "position.txt"
    position.write_text("#3\n#1\n")
    english = run_piped("analyze", str(position), "--mines", "2", "--lang", "en")
    assert english.returncode == 2
    assert english.stderr == (
        f"buscaminas: {position}: the 3 at 2 1 cannot be satisfied by its neighbours\n"
    )
    spanish = run_piped("analyze", str(position), "--mines", "2", "--lang", "es")
    assert "el 3 de 2 1 no puede cumplirse con sus vecinas" in spanish.stderr
    too_many = run_piped("analyze", str(position), "--mines", "9", "--lang", "en")
    assert "too many mines: 9 do not fit in the 2 covered cells" in too_many.stderr


def test_analyze_takes_binary_like_a_board_file_and_trailing_spaces_as_nothing(
    tmp_path: Path,
) -> None:
    binary = tmp_path / "binary"
    binary.write_bytes(b"\xff\xfe\x00\x01")
    analyzed = run_piped("analyze", str(binary), "--mines", "1", "--lang", "en")
    board = run_piped("--board", str(binary), "--lang", "en")
    assert analyzed.returncode == board.returncode == 2
    message = "the file is not text\n"
    assert analyzed.stderr == f"buscaminas: {binary}: {message}"
    assert board.stderr == f"buscaminas: {binary}: {message}"
    spaced = tmp_path / "spaced.txt"
    spaced.write_text("###1  \n#211\t\n#1..\n")
    result = run_piped("analyze", str(spaced), "--mines", "2", "--lang", "en")
    assert result.returncode == 0, result.stderr
    assert "Mines: 3 1" in result.stdout

