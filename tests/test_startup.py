"""Each command loads what it uses: the tools start in a fraction of the game's time.

How long they take is measured by ``python -m benchmarks startup``; here, what
a fresh interpreter has loaded once a command has run, which decides it.
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from buscaminas.entry.cli import main
from buscaminas.entry.invocation import GAME, TOOLS, command_of
from buscaminas.entry.parser import Refused, build_parser
from buscaminas.records.storage import DATABASE_NAME, Store
from tests.record_support import make_record
from tests.terminal_support import ROOT, Player, hooked

RUN = """
import contextlib, io, json, sys
from buscaminas.entry.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
print(json.dumps(sorted(sys.modules)))
"""


def loaded_by(*argv: str) -> set[str]:
    """The modules a fresh interpreter has loaded after running ``buscaminas *argv``."""
    result = subprocess.run(
        [sys.executable, "-c", RUN, *argv], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return set(json.loads(result.stdout.splitlines()[-1]))


def position_file(directory: Path) -> Path:
    path = directory / "position.txt"
    path.write_text("1##\n1##\n###\n")
    return path


@pytest.mark.parametrize("tool", ["--help", "stats", "analyze"])
def test_the_tools_load_no_terminal_toolkit(tool: str, tmp_path: Path) -> None:
    argv = {
        "--help": ["--help"],
        "stats": ["stats", "--data-dir", str(tmp_path)],
        "analyze": ["analyze", str(position_file(tmp_path)), "--mines", "2"],
    }[tool]
    loaded = loaded_by(*argv)
    assert "buscaminas.entry.cli" in loaded
    assert not {
        name for name in loaded if name.split(".")[0] in ("prompt_toolkit", "asyncio", "wcwidth")
    }
    assert "buscaminas.ui.terminal" not in loaded and "buscaminas.game.session" not in loaded


def test_help_and_stats_load_neither_the_solver_nor_the_generator(tmp_path: Path) -> None:
    for argv in (["--help"], ["stats", "--data-dir", str(tmp_path)]):
        loaded = loaded_by(*argv)
        assert not {"buscaminas.core.solver", "buscaminas.core.generator"} & loaded, argv
    assert "sqlite3" not in loaded_by("--help")


def test_stats_parse_no_json(tmp_path: Path) -> None:
    """Only games kept (in progress, or pending beside a locked database) are JSON."""
    script = (
        "import contextlib, io, sys\n"
        "from buscaminas.entry.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(sys.argv[1:])\n"
        "print('json' in sys.modules, 'sqlite3' in sys.modules)\n"
    )
    Store(tmp_path / DATABASE_NAME, on_warning=print).add_game(make_record())
    argv = ["stats", "--data-dir", str(tmp_path)]
    result = subprocess.run(
        [sys.executable, "-c", script, *argv], capture_output=True, text=True, cwd=ROOT
    )
    assert result.stdout.split() == ["False", "True"]


FIRST_BOARD = (
    "import sys, tempfile\n"
    "from pathlib import Path\n"
    "import buscaminas.game.app, buscaminas.entry.cli, buscaminas.game.unfinished\n"
    "import buscaminas.ui.terminal\n"
    "from buscaminas.records.boardfile import BoardFile\n"
    "from buscaminas.game.keeper import Keeper\n"
    "from buscaminas.game.session import Session\n"
    "from buscaminas.game.settings import Settings\n"
    "from buscaminas.records.storage import Store\n"
    "from buscaminas.ui.icons import LEGACY\n"
    "from buscaminas.ui.renderer import Renderer\n"
    "store = Store(Path(tempfile.mkdtemp()) / 'games', on_warning=print)\n"
    "session = Session({settings}, Keeper(store), legend=[])\n"
    "Renderer.draw(session.view(), (80, 24), LEGACY, None)\n"
    "print(*sorted(sys.modules))\n"
)
"""The game's modules, and what it does up to its first board (the records opened, the
session made, the board drawn): it prints every module then loaded."""

STARTS = {
    "a preset": "Settings.from_preset('expert')",
    "a board file": (
        "Settings(5, 4, 2, board_file=BoardFile(5, 4, frozenset({(0, 0), (4, 3)}),"
        " frozenset({(2, 2)}), frozenset({(0, 0)})))"
    ),
}
"""A board dealt at the first move, and one whose mines are laid before its first board,
as a board file's and a resumed game's are."""


def loaded_by_the_first_board(start: str) -> list[str]:
    script = FIRST_BOARD.format(settings=STARTS[start])
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return result.stdout.split()


@pytest.mark.parametrize("start", STARTS)
def test_the_board_is_drawn_before_the_solver_is_needed(start: str) -> None:
    """A session shows its board without the generator, the solver or the hints: they
    load with the first move, after the player sees the board."""
    loaded = loaded_by_the_first_board(start)
    deferred_modules = (
        "buscaminas.core.solver",
        "buscaminas.core.generator",
        "buscaminas.game.hints",
    )
    for deferred in deferred_modules:
        assert deferred not in loaded
    assert "uuid" not in loaded, "a game's identity needs no uuid (and its platform probe)"


@pytest.mark.parametrize("start", STARTS)
def test_the_games_start_compiles_no_dataclass(start: str) -> None:
    """Every module the game loads before its first board keeps its values in named
    tuples and plain classes: in Python 3.11 a dataclass compiles its methods as its
    module loads, about a millisecond a class (ARCHITECTURE.md, "Value types")."""
    loaded = loaded_by_the_first_board(start)
    assert "buscaminas.game.session" in loaded
    assert "dataclasses" not in loaded


COUNTING_COLLECTIONS = """
import gc, os

gc.collect()  # start from nothing owed, so that the interpreter's own start counts not


def _count(phase, info):
    if phase == "start":
        up = "after" if gc.get_freeze_count() else "before"  # buscaminas.collector freezes
        with open(os.environ["COLLECTIONS_LOG"], "a") as log:
            log.write(up + "\\n")


gc.callbacks.append(_count)
"""
"""A ``sitecustomize`` that notes every run of the cycle collector: before the command
was up, or after."""


def counting_collections(directory: Path) -> dict[str, str]:
    """The environment of a program whose collections are noted in ``directory``."""
    return hooked(directory, COUNTING_COLLECTIONS, COLLECTIONS_LOG=str(directory / "collections"))


def collections(environment: dict[str, str]) -> list[str]:
    log = Path(environment["COLLECTIONS_LOG"])
    return log.read_text().split() if log.exists() else []


def test_the_game_collects_no_cycles_until_its_board_is_up(tmp_path: Path) -> None:
    """The collector would walk everything loaded, again and again, while nothing is
    garbage yet: it waits for the first board, and works as ever after it."""
    environment = counting_collections(tmp_path)
    player = Player("--legacy", "--lang", "en", "--preset", "expert", env=environment)
    player.wait_for("Mines left")
    player.prompt_row()
    for move in ("try 10 8", "help", "undo", "redo", "stats"):
        player.type(move)
        player.pump(0.2)
    player.wait_until(lambda: "after" in collections(environment), timeout=30)
    player.type("quit")
    player.finish()
    assert "before" not in collections(environment)


@pytest.mark.parametrize("tool", ["--help", "stats", "analyze"])
def test_the_tools_collect_no_cycles(tool: str, tmp_path: Path) -> None:
    """A tool is done in a moment: what it loads is never walked by the collector."""
    environment = counting_collections(tmp_path)
    argv = {
        "--help": ["--help"],
        "stats": ["stats", "--data-dir", str(tmp_path)],
        "analyze": ["analyze", str(position_file(tmp_path)), "--mines", "2"],
    }[tool]
    subprocess.run(
        [sys.executable, "-m", "buscaminas", *argv],
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, **environment},
        check=True,
    )
    assert "before" not in collections(environment)


def test_a_command_run_in_process_leaves_the_collector_running(tmp_path: Path) -> None:
    gc.disable()
    try:
        main(["stats", "--data-dir", str(tmp_path)])
        assert not gc.isenabled(), "a collector stopped by someone else stays stopped"
    finally:
        gc.enable()
    main(["stats", "--data-dir", str(tmp_path)])
    assert gc.isenabled()


def test_english_reads_no_catalogue(tmp_path: Path) -> None:
    """English is the message ids themselves: a start in English opens no catalogue,
    a start in Spanish opens its own."""
    script = (
        "import sys\n"
        "from buscaminas.entry.cli import main\n"
        "opened = []\n"
        "sys.addaudithook(lambda event, args: event == 'open' and opened.append(str(args[0])))\n"
        "main(sys.argv[1:])\n"
        "print([path for path in opened if path.endswith('.mo')])\n"
    )

    def catalogues(language: str) -> str:
        argv = ["stats", "--lang", language, "--data-dir", str(tmp_path)]
        result = subprocess.run(
            [sys.executable, "-c", script, *argv], capture_output=True, text=True, cwd=ROOT
        )
        return result.stdout.splitlines()[-1]

    assert "buscaminas.mo" not in catalogues("en")
    assert "es/LC_MESSAGES/buscaminas.mo" in catalogues("es")


@pytest.mark.parametrize(
    "argv",
    [
        ["stats"],
        ["stats", "--lang", "es", "--data-dir", "somewhere"],
        ["stats", "--preset", "expert"],
        ["stats", "--legacy"],
        ["stats", "--lang", "xx"],
        ["stats", "extra"],
        ["stats", "--help"],
        ["analyze", "position.txt", "--mines", "10"],
        ["analyze", "position.txt"],
        ["analyze", "-", "--mines", "x"],
        ["analyze", "--mines", "3", "--width", "9", "position.txt"],
        ["analyze", "--help"],
        ["games"],
        ["games", "7", "--all"],
        ["games", "seven"],
        ["games", "-h"],
        ["replay", "--nerd"],
        ["replay", "3", "--legacy", "--nerd"],
        ["replay", "3", "--resume"],
        ["review", "2", "--data-dir", "d", "--lang", "en"],
        ["review", "--no-mouse"],
        [],
        ["--preset", "expert", "--legacy", "--lang", "es"],
        ["--width", "9", "--height", "9", "--mines", "10", "--seed", "3", "--classic"],
        ["--pre", "beginner", "--res"],
        ["--preset", "colossal"],
        ["--preset", "HUGE"],
        ["--width", "nine"],
        ["--legacy", "--nerd"],
        ["--daily", "--no-animation", "--no-mouse", "--data-dir", "d"],
        ["--board", "-"],
        ["--game"],
        ["play"],
        ["--lang", "es", "stats"],
        ["--legacy", "replay", "2"],
        ["--help"],
        ["--he"],
        ["-h", "--preset", "expert"],
    ],
)
def test_a_command_line_parses_as_the_whole_parser_parses_it(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The parser built for a tool named first, or for the game, answers every command
    line as the whole parser does: the same values, or the same refusal and words."""

    def parsed(tool: str | None) -> tuple[object, str, str]:
        try:
            outcome: object = vars(build_parser(tool).parse_args(argv))
        except Refused:
            return parsed(None)  # as main() does
        except SystemExit as leaving:
            outcome = leaving.code
        printed = capsys.readouterr()
        return outcome, printed.out, printed.err

    whole, alone = parsed(None), parsed(command_of(argv))
    if isinstance(whole[0], dict) and isinstance(alone[0], dict):
        game_only = set(whole[0]) - set(alone[0])
        assert game_only <= {"preset", "width", "height", "mines", "seed", "board"} | {
            "classic",
            "game",
            "daily",
            "resume",
            "animation",
            "mouse",
            "marks",
            "theme",
            "reader",
            "logic",
            "drill",
        }
        assert {key: whole[0][key] for key in alone[0]} == alone[0]
        assert alone[1:] == whole[1:]
    else:
        assert alone == whole


def test_analyze_loads_neither_the_game_nor_the_presets(tmp_path: Path) -> None:
    """``analyze`` names cells as the game does, but needs neither its rules, nor its
    command parser, nor the board sizes: their modules stay unloaded."""
    loaded = loaded_by("analyze", str(position_file(tmp_path)), "--mines", "2")
    assert "buscaminas.game.coordinates" in loaded
    game = {"buscaminas.core.engine", "buscaminas.game.commands"}
    records = {"buscaminas.records.presets", "buscaminas.records.sharecode"}
    assert not {*records, "buscaminas.core.scoring"} & loaded
    assert not game & loaded


def test_only_a_command_line_that_names_no_tool_nor_help_is_the_games() -> None:
    assert [command_of([tool, "--lang", "es"]) for tool in TOOLS] == list(TOOLS)
    assert command_of([]) == command_of(["--preset", "expert", "--seed", "4"]) == GAME
    assert command_of(["--lang", "es", "stats"]) is None  # the whole parser sorts it out
    assert command_of(["--board", "review"]) is None
    assert command_of(["--help"]) is command_of(["--h"]) is command_of(["-h"]) is None
    assert command_of(["--he"]) is None  # --help or --height: the parser says which
    assert command_of(["--width", "99", "--height", "99", "--mines", "2000"]) == GAME
    assert command_of(["--height=99"]) == GAME


def test_a_start_with_no_game_kept_loads_no_sqlite(tmp_path: Path) -> None:
    """The game asks for a kept game before its first board: when the records are as
    they were when a start last found none, it has its answer without SQLite."""
    script = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from buscaminas.game import unfinished\n"
        "from buscaminas.game.keeper import Keeper\n"
        "from buscaminas.game.session import Session\n"
    "from buscaminas.game.settings import Settings\n"
        "from buscaminas.records.storage import Store\n"
        "from buscaminas.ui.icons import LEGACY\n"
        "from buscaminas.ui.renderer import Renderer\n"
        "store = Store(Path(sys.argv[1]) / 'games', on_warning=print)\n"
        "assert unfinished.newest(store, time.monotonic) is None\n"
        "session = Session(Settings.from_preset('expert'), Keeper(store), legend=[])\n"
        "Renderer.draw(session.view(), (80, 24), LEGACY, None)\n"
        "print('sqlite3' in sys.modules, 'json' in sys.modules)\n"
    )

    def start() -> str:
        command = [sys.executable, "-c", script, str(tmp_path)]
        return subprocess.run(command, capture_output=True, text=True, cwd=ROOT).stdout.strip()

    # nothing there: nothing made, nothing loaded; then, once the records exist, looked
    # at and trusted; and a journal is JSON only once it is written or read
    assert start() == "False False" and not any(tmp_path.iterdir())
    Store(tmp_path / "games", on_warning=print).forget("nobody")  # a write makes them
    assert [start(), start()] == ["True False", "False False"]


@pytest.mark.parametrize(
    "argv",
    [
        ["--game", "", "--preset", "expert"],
        ["--daily", "--seed", "3"],
        ["--board", "b.txt", "--width", "9"],
        ["--preset", "expert", "--width", "9"],
        ["--width", "9"],
        ["--width", "1", "--height", "9", "--mines", "3"],
        ["--game", "NOT-A-CODE"],
    ],
)
def test_a_game_refused_after_parsing_is_refused_in_the_whole_parsers_words(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Refusals of the game's own (flags that go together or not) come after the
    command line is parsed, by the parser built for the game: worded, and ended, as the
    whole parser would."""

    def refused() -> tuple[object, str]:
        with pytest.raises(SystemExit) as ended:
            main([*argv, "--lang", "en"])
        return ended.value.code, capsys.readouterr().err

    game = refused()
    with monkeypatch.context() as whole_parser:
        for reader in ("invocation", "parser"):
            whole_parser.setattr(f"buscaminas.entry.{reader}.command_of", lambda arguments: None)
        whole = refused()
    assert whole[0] == 2 and whole[1]
    assert game == whole
