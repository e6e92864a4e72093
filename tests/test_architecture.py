"""Who may import whom: the game and everything under it load no terminal toolkit."""

from __future__ import annotations

import ast
import io
import re
import subprocess
import sys
import tokenize
from pathlib import Path

from tests.source_support import statements
from tests.terminal_support import ROOT

WITHOUT_A_TERMINAL = (
    "buscaminas.core.engine",
    "buscaminas.core.solver",
    "buscaminas.core.generator",
    "buscaminas.game.commands",
    "buscaminas.game.session",
    "buscaminas.game.app",
    "buscaminas.game.view",
    "buscaminas.game.screen",
    "buscaminas.ui.controls",
    "buscaminas.ui.renderer",
    "buscaminas.ui.pipe",
    "buscaminas.entry.cli",
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
    assert "prompt_toolkit" in loaded_after("buscaminas.ui.terminal")


LAYERS: dict[str, tuple[str, ...]] = {
    "core": ("buscaminas.core",),
    "foundation": ("buscaminas.i18n", "buscaminas.signals", "buscaminas.collector"),
    "records": ("buscaminas.records",),
    "game": ("buscaminas.game",),
    "ui": ("buscaminas.ui",),
    "entry": ("buscaminas.entry", "buscaminas.__main__"),
}
"""ARCHITECTURE.md's layers: the modules (or folders) each holds."""

MAY_IMPORT = {
    "core": set(),
    "foundation": set(),
    "records": {"core", "foundation"},
    "game": {"core", "foundation", "records"},
    "ui": {"core", "foundation", "game"},
    "entry": {"core", "foundation", "records", "game", "ui"},
}
"""Which layers each layer may import besides its own: only down, and the terminal's
front end reaches the records through the game alone."""


def layer_of(module: str) -> str:
    """The layer holding ``module`` (a dotted name inside the package)."""
    for layer, prefixes in LAYERS.items():
        if any(module == prefix or module.startswith(prefix + ".") for prefix in prefixes):
            return layer
    raise AssertionError(f"{module} is in no layer of ARCHITECTURE.md's table")


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, root: Path) -> set[str]:
    """The package's own modules that ``path`` imports, by their dotted names."""
    here = module_name(path, root)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    names: set[str] = set()
    for node in statements(path):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = root.joinpath(*f"{source}.{alias.name}".split("."))
                is_module = submodule.with_suffix(".py").exists() or submodule.is_dir()
                names.add(f"{source}.{alias.name}" if is_module else source)
    return {name for name in names if name.startswith("buscaminas.")}


def wrong_imports(root: Path) -> list[str]:
    """Every import under ``root``'s package that points up or sideways."""
    wrong = []
    for path in sorted((root / "buscaminas").rglob("*.py")):
        if path.parent == root / "buscaminas" and path.name == "__init__.py":
            continue
        importer = layer_of(module_name(path, root))
        for imported in imported_modules(path, root):
            layer = layer_of(imported)
            if layer != importer and layer not in MAY_IMPORT[importer]:
                wrong.append(f"{path.relative_to(root)} ({importer}) imports {imported} ({layer})")
    return wrong


def test_imports_follow_the_layers() -> None:
    assert not wrong_imports(ROOT)


def test_an_import_up_or_sideways_is_caught(tmp_path: Path) -> None:
    """Relative imports are read as Python reads them, at any depth."""
    for folder in ("core/solver", "records", "ui"):
        (tmp_path / "buscaminas" / folder).mkdir(parents=True)
    (tmp_path / "buscaminas" / "records" / "storage.py").write_text("")
    (tmp_path / "buscaminas" / "core" / "solver" / "frontier.py").write_text(
        "from ...records import storage\n"
    )
    (tmp_path / "buscaminas" / "ui" / "terminal.py").write_text("from ..records.storage import x\n")
    assert wrong_imports(tmp_path) == [
        "buscaminas/core/solver/frontier.py (core) imports buscaminas.records.storage (records)",
        "buscaminas/ui/terminal.py (ui) imports buscaminas.records.storage (records)",
    ]


def test_the_rules_stand_on_nothing_that_deals_or_solves() -> None:
    """The engine raises its own errors and never chooses mines: it imports neither the
    generator nor, through it, the solver's counting."""
    rules = ROOT / "buscaminas" / "core" / "engine.py"
    imported = imported_modules(rules, ROOT)
    assert imported <= {f"buscaminas.core.{name}" for name in ("alphabet", "grid", "limits")}
    assert "buscaminas.core.generator" not in loaded_after("buscaminas.core.engine")



def repeated_class_names(root: Path) -> dict[str, list[str]]:
    """Class names defined in more than one place under ``root``'s package, with where."""
    places: dict[str, list[str]] = {}
    for path in sorted((root / "buscaminas").rglob("*.py")):
        for node in statements(path):
            if isinstance(node, ast.ClassDef):
                places.setdefault(node.name, []).append(module_name(path, root))
    return {name: where for name, where in places.items() if len(where) > 1}


def test_every_class_name_is_used_once() -> None:
    """A name that means one thing everywhere: no two ``Replay`` classes to confuse."""
    assert repeated_class_names(ROOT) == {}


def test_a_repeated_class_name_is_caught(tmp_path: Path) -> None:
    (tmp_path / "buscaminas" / "game").mkdir(parents=True)
    (tmp_path / "buscaminas" / "game" / "a.py").write_text("class Replay:\n    pass\n")
    (tmp_path / "buscaminas" / "b.py").write_text("def f():\n    class Replay: ...\n")
    assert repeated_class_names(tmp_path) == {"Replay": ["buscaminas.b", "buscaminas.game.a"]}


def test_every_module_is_small_and_the_session_delegates() -> None:
    """One job a module, and its size says so: none in the package passes 600 lines, the
    session 450 (it hands its work on)."""
    lengths = {
        path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in (ROOT / "buscaminas").rglob("*.py")
    }
    assert {name: lines for name, lines in lengths.items() if lines > 600} == {}
    assert lengths["buscaminas/game/session.py"] < 450, "the session hands its work on"


def test_the_entry_is_a_folder() -> None:
    """The command and its tools live in ``entry/``: the package's top holds only the
    foundation and ``python -m``'s door."""
    top = {path.stem for path in (ROOT / "buscaminas").glob("*.py")}
    assert top == {"__init__", "__main__", "i18n", "signals", "collector"}


def test_nothing_outside_the_round_assigns_its_fields() -> None:
    """The round keeps its own invariants: others ask it (``count_hint``, ``log``…)."""
    fields = {"hints", "ai_moves", "assisted", "took_back", "seen", "scripted", "recorded",
              "acted", "kind", "identity", "game", "started_at", "finished_at", "first"}
    names = ("current", "round", "played", "left", "restored_round", "again_round")
    found = []
    for path in (ROOT / "buscaminas").rglob("*.py"):
        if path.name == "rounds.py":
            continue
        for node in statements(path):
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                targets = [node.target]
            else:
                continue
            for target in targets:
                if (
                    isinstance(target, ast.Attribute)
                    and target.attr in fields
                    and ast.unparse(target.value).split(".")[-1] in names
                ):
                    found.append(f"{path.name}:{node.lineno} {ast.unparse(target)}")
    assert found == []


MAY_IMPORT_A_TEST = re.compile(r"\b(?:from|import)\b[^\n]*(?:\btest_|[(\\])")
"""A line that may hold, or begin, an import of a test module: one that names it, or
goes on to the next line (in brackets, or after a backslash)."""

MAY_NAME_A_TEST_MODULE = re.compile(r"(?<!def )\btest_")
"""A ``test_…`` name other than one a ``def`` gives: a text without one imports no test
module, so most test modules need no parse."""


def imported_test_modules(path: Path) -> list[str]:
    """The test modules (``tests/test_*``) ``path`` imports, wherever the import is."""
    source = path.read_text(encoding="utf-8")
    if not (MAY_IMPORT_A_TEST.search(source) and MAY_NAME_A_TEST_MODULE.search(source)):
        return []  # no such import, and no parse needed
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name.removeprefix("tests.") for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if not node.level and module != "tests" and not module.startswith("tests."):
                continue
            module = module.removeprefix("tests").lstrip(".")
            names = [module] if module else [alias.name for alias in node.names]
        else:
            continue
        found += [name.split(".")[0] for name in names if name.startswith("test_")]
    return sorted(found)


def test_shared_test_helpers_live_in_support_modules() -> None:
    """A test module is imported by no one: what tests share is in ``tests/*_support.py``,
    so that moving or deleting a test never breaks another, or a benchmark."""
    importers = [
        *(ROOT / "tests").glob("*.py"),
        *(ROOT / "benchmarks").rglob("*.py"),
        *(ROOT / "tools").rglob("*.py"),
    ]
    found = {
        str(path.relative_to(ROOT)): imported
        for path in sorted(importers)
        if (imported := imported_test_modules(path))
    }
    assert found == {}


def test_an_import_of_a_test_module_is_caught(tmp_path: Path) -> None:
    (tmp_path / "test_a.py").write_text(
        "from tests.play_support import play\n"
        "import tests.record_support\n"
        "from tests import loop_support\n"
        "def f():\n    from tests.test_b import x\n"
        "import tests.test_c\n"
        "from tests import test_d, record_support\n"
        "from . import test_e\n"
        "from .test_f import y\n"
    )
    assert imported_test_modules(tmp_path / "test_a.py") == [
        "test_b", "test_c", "test_d", "test_e", "test_f"
    ]
    # the name alone on a later line of the import
    (tmp_path / "bracketed.py").write_text("from tests import (\n    test_g,\n)\n")
    (tmp_path / "continued.py").write_text("from tests import \\\n    test_h\n")
    assert imported_test_modules(tmp_path / "bracketed.py") == ["test_g"]
    assert imported_test_modules(tmp_path / "continued.py") == ["test_h"]


HISTORY = re.compile(
    r"\bused to be\b|\bwhat used to\b|\bno longer (?:needed|used|does|do|works?|supported)\b"
    r"|\bwas changed\b|\bpreviously\b|\bformerly\b|\bissue \d+"
    r"|\bbefore this (?:change|fix|commit)\b|\bnow\b[^.;:]*\binstead\b"
    r"|\bwas (?:replaced|renamed|moved|removed)\b|\bthe old code\b",
    re.IGNORECASE,
)
"""Wordings that tell the code's past rather than what it does: git keeps the past."""


def told_history(path: Path) -> list[str]:
    """Each comment and docstring (any string standing as a statement) of ``path`` that
    tells history, as ``line: text``."""
    source = path.read_text(encoding="utf-8")
    if not HISTORY.search(" ".join(source.split())):  # nowhere, so in no comment either
        return []
    said = [
        (token.start[0], token.string)
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type == tokenize.COMMENT
    ]
    said += [
        (node.lineno, node.value.value)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    ]
    return [
        f"{line}: {match.group()}"
        for line, text in sorted(said)
        for match in [HISTORY.search(" ".join(text.split()))]
        if match
    ]


def test_no_comment_or_docstring_tells_history() -> None:
    found = {
        str(path.relative_to(ROOT)): told
        for path in sorted((ROOT / "buscaminas").rglob("*.py"))
        if (told := told_history(path))
    }
    assert found == {}


def test_history_in_a_comment_or_docstring_is_caught(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text(
        '"""Draws the board.\n\nThis used to be\n    two modules (issue 19)."""\n'
        "LIMIT = 3  # was changed from 2\n"
        "def f() -> str:\n"
        '    """The time, now shown in seconds instead."""\n'
        '    return "no longer used to be said"  # a message, not a comment: never read\n'
        "# the cell is no longer hidden: play goes on\n"
    )
    assert told_history(module) == [
        "1: used to be",
        "5: was changed",
        "7: now shown in seconds instead",
    ]


def test_the_command_line_is_read_once_into_typed_values() -> None:
    """After the parser, the settings are an ``Invocation`` and its ``Options``: no
    module hands argparse's namespace on, or sets a setting on it."""
    passed_on = [
        path.name
        for path in (ROOT / "buscaminas").rglob("*.py")
        if "Namespace" in path.read_text(encoding="utf-8")
    ]
    assert passed_on == []
