"""``buscaminas completion bash|zsh|fish``: scripts written from the parser, each run
by its own shell as it completes a line: the tools, every option, the choices, the
files, and the numbers of the games recorded."""

from __future__ import annotations

import argparse
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from buscaminas.entry.parser import build_parser
from buscaminas.records import presets
from buscaminas.ui.themes import THEMES
from tests.terminal_support import ROOT, run_piped, write_board

WIN = "try 1 1\nflag 5 1\nflag 5 3\nexpand 4 1\nn\n"
PROGRAM = f"buscaminas() {{ {shlex.quote(sys.executable)} -m buscaminas \"$@\"; }}"
"""The program as the scripts call it, wherever it is installed (a shell function
outranks the PATH in bash and zsh alike)."""


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory with three games won from a pipe, and a file beside them."""
    directory = tmp_path_factory.mktemp("played")
    board = write_board(directory / "board.txt", "####*", "#####", "####*")
    for _ in range(3):
        assert "You won" in run_piped(
            "--board", str(board), "--data-dir", str(directory), lines=WIN
        ).stdout
    return directory


def script(shell: str) -> str:
    result = run_piped("completion", shell, "--lang", "en")
    assert result.returncode == 0 and result.stderr == ""
    return result.stdout


@pytest.fixture(scope="module")
def bash_script(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bash") / "buscaminas.bash"
    path.write_text(script("bash"))
    return path


def bash_offers(script: Path, *words: str, cwd: Path = ROOT, env: dict[str, str] | None = None
                ) -> list[str]:
    """What bash offers for the line ``buscaminas *words``, the cursor on its last word,
    as the completion function leaves COMPREPLY."""
    line = ["buscaminas", *words]
    program = "\n".join([
        PROGRAM,
        f"source {shlex.quote(str(script))}",
        f"COMP_WORDS=({shlex.join(line)})",
        f"COMP_CWORD={len(line) - 1}",
        "_buscaminas",
        'printf "%s\\n" "${COMPREPLY[@]}"',
    ])
    result = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", program],
        capture_output=True, text=True, cwd=cwd, timeout=60,
        env={"PATH": "/usr/bin:/bin", "HOME": str(cwd), **(env or {})},
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr
    return [offer for offer in result.stdout.splitlines() if offer]


def test_bash_offers_the_tools_and_the_choices_the_parser_knows(bash_script: Path) -> None:
    parser = build_parser()
    (tools,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert bash_script.read_text().startswith("# bash completion for buscaminas")
    assert bash_offers(bash_script, "") == list(tools.choices)
    assert bash_offers(bash_script, "--preset", "") == presets.spellings()
    assert bash_offers(bash_script, "--preset", "ex") == ["expert", "experto"]
    assert bash_offers(bash_script, "--preset", "f") == [], "facil (Large) reads as easy"
    assert bash_offers(bash_script, "--preset", "gr") == ["grande"]
    assert bash_offers(bash_script, "--theme", "") == list(THEMES)
    assert bash_offers(bash_script, "--lang", "") == ["es", "en"]
    assert bash_offers(bash_script, "--lang", "=", "e") == ["es", "en"], "--lang=e, as split"
    assert bash_offers(bash_script, "completion", "") == ["bash", "zsh", "fish"]
    assert bash_offers(bash_script, "--width", "") == [], "a size nobody can guess"


def test_bash_offers_every_option_of_the_game_and_of_each_tool(bash_script: Path) -> None:
    parser = build_parser()
    game = [s for a in parser._actions for s in a.option_strings]
    assert bash_offers(bash_script, "-") == game
    (tools,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    for name, tool in tools.choices.items():
        spelled = [s for a in tool._actions for s in a.option_strings]
        assert bash_offers(bash_script, "--lang", "en", name, "--") == [
            s for s in spelled if s.startswith("--")
        ], name
    assert "--json" in bash_offers(bash_script, "games", "--")
    assert "--csv" in bash_offers(bash_script, "games", "--c")


def test_bash_offers_the_games_recorded_after_replay_review_and_export(
    bash_script: Path, played: Path
) -> None:
    for tool in ("replay", "review", "export"):
        assert bash_offers(bash_script, tool, "--data-dir", str(played), "") == ["1", "2", "3"]
    env = {"BUSCAMINAS_DATA_DIR": str(played)}
    assert bash_offers(bash_script, "review", "", env=env) == ["1", "2", "3"]
    assert bash_offers(bash_script, "replay", "2", "", env=env) == [], "one number is all"
    assert bash_offers(bash_script, "replay", "--data-dir", str(played / "none"), "") == []


def test_replay_and_review_offer_replay_files_beside_the_games(
    bash_script: Path, played: Path
) -> None:
    for name in ("mine.evf", "arbiter.avf", "vienna.rmv", "notes.txt"):
        (played / name).write_bytes(b"")
    env = {"BUSCAMINAS_DATA_DIR": str(played)}
    for tool in ("replay", "review"):
        offered = bash_offers(bash_script, tool, "", cwd=played, env=env)
        assert offered == ["1", "2", "3", "mine.evf", "arbiter.avf", "vienna.rmv"], tool
        assert bash_offers(bash_script, tool, "vi", cwd=played, env=env) == ["vienna.rmv"]
    assert bash_offers(bash_script, "export", "", cwd=played, env=env) == ["1", "2", "3"]


def test_bash_offers_files_where_a_file_goes(bash_script: Path, played: Path) -> None:
    (played / "game.evf").write_bytes(b"")
    assert bash_offers(bash_script, "export", "1", "ga", cwd=played) == ["game.evf"]
    assert bash_offers(bash_script, "--board", "bo", cwd=played) == ["board.txt"]
    assert bash_offers(bash_script, "analyze", "bo", cwd=played) == ["board.txt"]
    (played / "saves").mkdir(exist_ok=True)
    assert bash_offers(bash_script, "--data-dir", "sa", cwd=played) == ["saves"]


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed")
def test_fish_completes_the_same_line_the_same_way(played: Path, tmp_path: Path) -> None:
    path = tmp_path / "buscaminas.fish"
    path.write_text(script("fish"))

    def offers(line: str) -> list[str]:
        program = (
            f"function buscaminas; {shlex.quote(sys.executable)} -m buscaminas $argv; end\n"
            f"source {shlex.quote(str(path))}\n"
            f"complete -C {shlex.quote(line)}"
        )
        result = subprocess.run(["fish", "--no-config", "-c", program], capture_output=True,
                                text=True, cwd=ROOT, timeout=60)
        assert result.returncode == 0 and result.stderr == "", result.stderr
        return [offer.split("\t")[0] for offer in result.stdout.splitlines()]

    assert offers("buscaminas --preset ex") == ["expert", "experto"]
    assert set(offers("buscaminas ")) >= {"stats", "games", "replay", "manpage", "completion"}
    assert offers(f"buscaminas replay --data-dir {played} ") == ["1", "2", "3"]
    assert "--csv" in offers("buscaminas games --")
    assert offers("buscaminas completion ") == ["bash", "fish", "zsh"]


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
def test_zsh_offers_what_the_line_takes_next(played: Path, tmp_path: Path) -> None:
    path = tmp_path / "_buscaminas"
    path.write_text(script("zsh"))
    assert path.read_text().startswith("#compdef buscaminas\n")

    def offers(*words: str) -> list[str]:
        # compadd and _files answer only inside the completion system: here they print.
        program = "\n".join([
            PROGRAM,
            "compdef() { : }",
            f"source {shlex.quote(str(path))}",
            'compadd() { if [[ $1 == -a ]]; then print -l -- ${(P)2}; else shift; '
            'print -l -- "$@"; fi }',
            '_files() { print -- "(files $*)" }',
            f"words=({shlex.join(['buscaminas', *words])})",
            "CURRENT=${#words}",
            "_buscaminas",
        ])
        result = subprocess.run(["zsh", "-f", "-c", program], capture_output=True, text=True,
                                cwd=ROOT, timeout=60)
        assert result.returncode == 0 and result.stderr == "", result.stderr
        return result.stdout.split("\n")[:-1]

    assert offers("") == ["stats", "games", "replay", "review", "export", "analyze", "config",
                          "manpage", "completion"]
    assert offers("--theme", "") == list(THEMES)
    assert offers("replay", "--data-dir", str(played), "") == [
        "1", "2", "3", "(files -g *.(evf|avf|rmv))"
    ]
    assert offers("export", "1", "") == ["(files )"]
    assert offers("--data-dir", "") == ["(files -/)"]
    assert "--ids" in offers("games", "--")
