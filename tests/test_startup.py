"""Each command loads what it uses: the tools start in a fraction of the game's time.

How long they take is measured by ``python -m benchmarks startup``; here, what
a fresh interpreter has loaded once a command has run, which decides it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.terminal_support import ROOT

RUN = """
import contextlib, io, json, sys
from buscaminas.cli import main
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
    assert "buscaminas.cli" in loaded
    assert not {name for name in loaded if name.split(".")[0] in ("prompt_toolkit", "asyncio")}
    assert "buscaminas.terminal" not in loaded and "buscaminas.session" not in loaded


def test_help_and_stats_load_neither_the_solver_nor_the_generator(tmp_path: Path) -> None:
    for argv in (["--help"], ["stats", "--data-dir", str(tmp_path)]):
        loaded = loaded_by(*argv)
        assert "buscaminas.solver" not in loaded and "buscaminas.generator" not in loaded, argv
    assert "sqlite3" not in loaded_by("--help")


def test_the_board_is_drawn_before_the_solver_is_needed() -> None:
    """A session shows its board without the generator, the solver or the hints: they
    load with the first move, after the player sees the board."""
    script = (
        "import sys, tempfile\n"
        "from pathlib import Path\n"
        "from buscaminas.session import Session, Settings\n"
        "from buscaminas.storage import Store\n"
        "from buscaminas.renderer import LEGACY, Renderer\n"
        "store = Store(Path(tempfile.mkdtemp()) / 'games', on_warning=print)\n"
        "session = Session(Settings.from_preset('expert'), store, legend=[])\n"
        "Renderer.draw(session.view(), (80, 24), LEGACY, None)\n"
        "print(sorted(sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True
    )
    loaded = result.stdout
    for deferred in ("buscaminas.solver", "buscaminas.generator", "buscaminas.hints"):
        assert f"'{deferred}'" not in loaded, deferred
