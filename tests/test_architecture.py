"""Who may import whom: the game and everything under it load no terminal toolkit."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

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


LAYERS = (
    ("engine", "grid", "alphabet", "limits", "generator", "solver", "scoring", "sharecode"),
    ("i18n", "text", "percent", "signals", "startup", "coordinates"),
    (
        *("presets", "inputfile", "boardfile", "journal", "gamerow", "storage", "stats"),
        "preferences",
    ),
    (
        *("commands", "session", "rounds", "resume", "view", "hints", "narration"),
        *("review", "commentary", "replay"),
    ),
    ("screen", "app"),
    ("renderer", "controls", "pipe", "terminal", "watch"),
    ("cli", "report", "history", "__main__"),
)
"""ARCHITECTURE.md's table, top to bottom: a module imports from its row and the rows above."""


def imported_modules(path: Path) -> set[str]:
    """The package's own top-level modules that ``path`` imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inside = path.parent.name != "buscaminas"
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            if inside and node.level == 1:
                continue  # within its own subpackage
            if node.module:
                names.add(node.module.split(".")[0])
            else:
                names.update(alias.name for alias in node.names)
    return names


def test_imports_follow_the_layers() -> None:
    layer = {module: depth for depth, row in enumerate(LAYERS) for module in row}
    package = ROOT / "buscaminas"
    wrong = []
    for path in sorted(package.rglob("*.py")):
        module = path.relative_to(package).parts[0].removesuffix(".py")
        if module == "__init__":
            continue
        assert module in layer, f"{module} has no row in ARCHITECTURE.md's table"
        for imported in imported_modules(path) - {module}:
            assert imported in layer, f"{imported} has no row in ARCHITECTURE.md's table"
            if layer[imported] > layer[module]:
                wrong.append(f"{path.relative_to(ROOT)} imports {imported}")
    assert not wrong, wrong
