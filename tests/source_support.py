"""The source of a Python file, parsed and walked once per test process.

Several tests read every module of the package for what it says (imports, class
names, calls, docstrings); parsing all of them takes the better part of a second,
and walking all their nodes a sixth of one, for each test that did it again; a test
that looks only at statements walks only them.  Trees and walks are kept by their
text, so a file a test has changed is read anew; nothing may change a tree or a node
it is given.
"""

from __future__ import annotations

import ast
import functools
from collections import deque
from collections.abc import Iterable
from pathlib import Path


def parsed(path: Path) -> ast.Module:
    """The syntax tree of the file at ``path`` as it reads now."""
    return _parse(path.read_text(encoding="utf-8"))


@functools.cache
def _parse(source: str) -> ast.Module:
    return ast.parse(source)


def walked(path: Path) -> tuple[ast.AST, ...]:
    """Every node of the file at ``path`` as it reads now, in ``ast.walk``'s order."""
    return _walk(path.read_text(encoding="utf-8"))


@functools.cache
def _walk(source: str) -> tuple[ast.AST, ...]:
    return tuple(ast.walk(_parse(source)))


def statements(path: Path) -> tuple[ast.stmt, ...]:
    """Every statement of the file at ``path`` as it reads now, however deep (in a function,
    a class, a branch, a handler), in ``ast.walk``'s order: all that a test looking for
    imports, definitions or assignments needs, for a fraction of a walk through every
    expression as well."""
    return _statements(path.read_text(encoding="utf-8"))


STATEMENT_LISTS = ("body", "orelse", "finalbody", "handlers", "cases")
"""The fields that hold statements, or the handlers and cases that hold them; statements
are nowhere else (an expression holds none)."""


@functools.cache
def _statements(source: str) -> tuple[ast.stmt, ...]:
    found: list[ast.stmt] = []
    waiting: deque[ast.AST] = deque([_parse(source)])
    while waiting:
        node = waiting.popleft()
        if isinstance(node, ast.stmt):
            found.append(node)
        for field in node._fields:
            if field in STATEMENT_LISTS and isinstance(inner := getattr(node, field), list):
                waiting.extend(inner)
    return tuple(found)


def mentioning(paths: Iterable[Path], *words: str) -> list[Path]:
    """Those of ``paths`` whose text holds one of ``words``, in their order: a module that
    does not name a thing neither imports nor calls it, and need not be parsed for it."""
    texts = ((path, path.read_text(encoding="utf-8")) for path in paths)
    return [path for path, text in texts if any(word in text for word in words)]
