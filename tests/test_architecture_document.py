"""ARCHITECTURE.md stays short enough to be read and kept true: under 15 KB, every
module, path and name of the package it gives exists, and its module tables name every
module there is.

What counts as a name, in an inline code span (between backticks):

- a span with a slash is a path (`game/keeper.py`, `ui/layout`, `core/solver/`,
  `tests/test_i18n.py`): it exists from the repository's root or from the package's
  folder, as written or with ``.py`` added;
- ``python -m NAME`` runs a module or package of the repository;
- a dotted name is a reference when it starts with the package
  (`buscaminas.game.verbs`), with a module's or a folder's name under the package
  (`verbs.TABLE`, `records.storage`), or with a class's name (`Journal.redo_stack`):
  what follows must be defined there (a call's arguments are left out);
- the first column of a table whose first heading is ``module`` names a module:
  a path under the package, a bare word being a module at its top (`i18n`).

Any other span (a verb, a flag, a key, ``config.toml``, ``typing.NamedTuple``) names
nothing of the package.  In a fenced block (a diagram) every dotted name is read as a
span.

A span struck through (``~~`Session.thinking`~~``) is a retired name: the glossary gives
it beside the one name its idea has now, and it must name nothing, so that no idea gets
a second public name back."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from tests.source_support import parsed, statements
from tests.terminal_support import ROOT

DOCUMENT = ROOT / "ARCHITECTURE.md"
MOST_BYTES = 15_000
"""Past this the document drifts into history again; git keeps the history."""

FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
SPAN = re.compile(r"`([^`\n]+)`")
RETIRED = re.compile(r"~~`([^`\n]+)`~~")
PATH = re.compile(r"[A-Za-z_.][\w.-]*(?:/[\w.-]*)+")
DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
RUN = re.compile(r"python -m ([\w.]+)(?: .*)?")
FILE_NAME = re.compile(r".*\.(?:toml|json|md|po|mo|txt|csv|evf|mbf|\d)")
"""A file's name with no folder: ``config.toml`` names no module."""
MODULE_TABLE = re.compile(r"^\| *module *\|.*\n\|[-| ]+\|\n((?:\|.*\n?)*)", re.MULTILINE)


def package_of(root: Path) -> Path:
    return root / "buscaminas"


def defined(tree: ast.Module) -> set[str]:
    """The names a module defines at its top: functions, classes, constants, imports."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return names


def members(node: ast.ClassDef) -> set[str]:
    """What a class holds: its methods, its fields and members, and ``self.x`` set anywhere
    in its methods."""
    names = defined(ast.Module(body=node.body, type_ignores=[]))
    for inner in ast.walk(node):
        if (
            isinstance(inner, ast.Attribute)
            and isinstance(inner.ctx, ast.Store)
            and isinstance(inner.value, ast.Name)
            and inner.value.id == "self"
        ):
            names.add(inner.attr)
    return names


@cache
def modules_by_name(root: Path) -> dict[str, list[Path]]:
    """Every module and folder of the package by its last name: ``layout`` is two."""
    found: dict[str, list[Path]] = {}
    for path in package_of(root).rglob("*"):
        if path.suffix == ".py" and path.name != "__init__.py":
            found.setdefault(path.stem, []).append(path)
        elif path.is_dir() and (path / "__init__.py").exists():
            found.setdefault(path.name, []).append(path)
    return found


@cache
def classes(root: Path) -> dict[str, set[str]]:
    """Every class of the package by name, with its members."""
    found: dict[str, set[str]] = {}
    for path in package_of(root).rglob("*.py"):
        for node in statements(path):
            if isinstance(node, ast.ClassDef):
                found.setdefault(node.name, set()).update(members(node))
    return found


def names_in(module: Path) -> set[str]:
    """What ``module.x`` may name: a module's top names; a folder's too, and its modules."""
    if module.is_dir():
        inner = {path.stem for path in module.glob("*.py")} | {
            path.name for path in module.iterdir() if (path / "__init__.py").exists()
        }
        return inner | defined(parsed(module / "__init__.py"))
    return defined(parsed(module))


def resolves(root: Path, module: Path, rest: list[str]) -> bool:
    """Whether ``rest`` names something inside ``module``, a submodule or a class's member."""
    if not rest:
        return True
    if module.is_dir():
        for inner in (module / f"{rest[0]}.py", module / rest[0]):
            if inner.exists() and (inner.is_file() or (inner / "__init__.py").exists()):
                return resolves(root, inner, rest[1:])
    if rest[0] not in names_in(module):
        return False
    return len(rest) == 1 or rest[1] in classes(root).get(rest[0], set())


def path_exists(root: Path, written: str) -> bool:
    """``written`` from the repository's root or from the package, as it is or as a module."""
    for base in (root, package_of(root)):
        where = base / written.rstrip("/")
        if where.exists() or (not where.suffix and where.with_suffix(".py").exists()):
            return True
    return False


def runnable(root: Path, name: str) -> bool:
    where = root.joinpath(*name.split("."))
    return where.with_suffix(".py").exists() or (where / "__main__.py").exists()


def dotted_exists(root: Path, written: str) -> bool | None:
    """Whether a dotted name of the package exists; None when it names nothing of it."""
    first, *rest = written.split(".")
    if first == "buscaminas":
        return resolves(root, package_of(root), rest)
    if first in modules_by_name(root):
        return any(resolves(root, module, rest) for module in modules_by_name(root)[first])
    if first in classes(root):
        return rest[0] in classes(root)[first] and len(rest) == 1
    return None


def spans(text: str) -> Iterator[str]:
    """Every inline code span, and every dotted name of a fenced block, calls cut short."""
    for block in FENCE.findall(text):
        yield from DOTTED.findall(block)
    prose = RETIRED.sub("", FENCE.sub("", text))
    yield from (span.split("(")[0].strip() for span in SPAN.findall(prose))


def retired_in_use(text: str, root: Path = ROOT) -> list[str]:
    """The retired names ``text`` strikes through that the package defines again."""
    return [name for name in RETIRED.findall(text) if dotted_exists(root, name)]


def table_modules(text: str) -> list[str]:
    """The first column of every module table, as written."""
    rows = [row for table in MODULE_TABLE.findall(text) for row in table.splitlines()]
    return [SPAN.findall(row.split("|")[1])[0] for row in rows if SPAN.search(row.split("|")[1])]


def unknown_names(text: str, root: Path = ROOT) -> list[str]:
    """The names ``text`` gives that do not exist, in the order given."""
    unknown = []
    for span in spans(text):
        run = RUN.fullmatch(span)
        if PATH.fullmatch(span):
            known: bool | None = path_exists(root, span)
        elif run:
            known = runnable(root, run.group(1))
        elif DOTTED.fullmatch(span) and not FILE_NAME.fullmatch(span):
            known = dotted_exists(root, span)
        else:
            known = None
        if known is False:
            unknown.append(span)
    for module in table_modules(text):
        if not path_exists(package_of(root), module) and module not in unknown:
            unknown.append(module)
    return unknown


def modules_left_out(text: str, root: Path = ROOT) -> list[str]:
    """The package's modules that no module table names, itself or by its folder."""
    named = {module.rstrip("/").removesuffix(".py") for module in table_modules(text)}
    package = package_of(root)
    left_out = []
    for path in sorted(package.rglob("*.py")):
        if path.name == "__init__.py":
            continue
        module = path.relative_to(package).with_suffix("").as_posix()
        if module not in named and path.parent.relative_to(package).as_posix() not in named:
            left_out.append(module)
    return left_out


def test_the_architecture_stays_under_15_kb() -> None:
    size = len(DOCUMENT.read_bytes())
    assert size < MOST_BYTES, f"ARCHITECTURE.md is {size} bytes; keep it under {MOST_BYTES}"


def test_every_module_path_and_name_in_the_architecture_exists() -> None:
    assert unknown_names(DOCUMENT.read_text(encoding="utf-8")) == []


def test_the_architectures_tables_name_every_module() -> None:
    assert modules_left_out(DOCUMENT.read_text(encoding="utf-8")) == []


def test_a_name_that_does_not_exist_is_caught() -> None:
    text = (
        "The records are `game/keeper.py`'s, `ui/layout` places, `records/storage` keeps,"
        " `core/solver/` proves; `buscaminas.game.verbs` and `verbs.TABLE` hold the verbs,"
        " `Journal.redo_stack` the moves taken back, `Session.view()` the picture;"
        " `python -m tools.catalogue`, `config.toml`, `typing.NamedTuple`, `--marks`.\n"
        "But `game/kepper.py`, `ui/layouts`, `records/storag`, `core/solve/`,"
        " `buscaminas.game.verb`, `verbs.TABEL`, `Journal.redo`, `Session.veiw()`,"
        " `python -m tools.catalog`.\n"
        "```\nSession.handle ─ dealer.deel ─ Minesweeper.act\n```\n"
        "| module | its one job |\n|---|---|\n| `keeper` | wrong folder |\n"
        "| `game/keeper` | the records |\n| `entry/cli` | the command |\n"
    )
    assert unknown_names(text) == [
        "dealer.deel",
        "game/kepper.py",
        "ui/layouts",
        "records/storag",
        "core/solve/",
        "buscaminas.game.verb",
        "verbs.TABEL",
        "Journal.redo",
        "Session.veiw",
        "python -m tools.catalog",
        "keeper",
    ]


def test_no_retired_name_is_defined_again() -> None:
    text = DOCUMENT.read_text(encoding="utf-8")
    assert RETIRED.findall(text), "the glossary strikes through the names retired"
    assert retired_in_use(text) == []


def test_a_retired_name_defined_again_is_caught() -> None:
    text = "**highlight** (`UIState.highlight`; not ~~`UIState.marked`~~, ~~`Journal.moves`~~)"
    assert unknown_names(text) == []
    assert retired_in_use(text) == ["Journal.moves"]


def test_a_module_no_table_names_is_caught(tmp_path: Path) -> None:
    package = tmp_path / "buscaminas"
    for folder in ("game", "core/solver"):
        (package / folder).mkdir(parents=True)
        (package / folder / "__init__.py").write_text("")
    for module in ("cli", "game/keeper", "game/stepper", "core/solver/local"):
        (package / f"{module}.py").write_text("")
    text = "| module | its one job |\n|---|---|\n| `cli` | a |\n| `game/keeper` | b |\n"
    assert modules_left_out(text, tmp_path) == ["core/solver/local", "game/stepper"]
    text += "| `core/solver/` | c |\n"
    assert modules_left_out(text, tmp_path) == ["game/stepper"]
