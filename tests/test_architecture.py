"""Who may import whom: the game and everything under it load no terminal toolkit."""

from __future__ import annotations

import subprocess
import sys

from tests.terminal_support import ROOT

WITHOUT_A_TERMINAL = (
    "buscaminas.engine",
    "buscaminas.solver",
    "buscaminas.generator",
    "buscaminas.commands",
    "buscaminas.session",
    "buscaminas.app",
    "buscaminas.view",
    "buscaminas.screen",
    "buscaminas.controls",
    "buscaminas.renderer",
    "buscaminas.pipe",
    "buscaminas.cli",
)


def loaded_after(*modules: str) -> set[str]:
    """The modules a fresh interpreter has loaded after importing ``modules``."""
    script = "import sys\n" + "".join(f"import {name}\n" for name in modules)
    script += "print('\\n'.join(sys.modules))"
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return set(result.stdout.split())


def test_the_game_loads_no_terminal_toolkit() -> None:
    loaded = loaded_after(*WITHOUT_A_TERMINAL)
    assert not {name for name in loaded if name.split(".")[0] == "prompt_toolkit"}
    assert "asyncio" not in loaded


def test_the_terminal_front_end_is_where_prompt_toolkit_comes_in() -> None:
    assert "prompt_toolkit" in loaded_after("buscaminas.terminal")
