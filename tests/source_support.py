"""The source of a Python file, parsed once per test process.

Several tests read every module of the package for what it says (imports, class
names, calls, docstrings); parsing all of them takes the better part of a second,
and each of those tests did it again.  Trees are kept by their text, so a file a
test has changed is parsed anew; nothing may change a tree it is given.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path


def parsed(path: Path) -> ast.Module:
    """The syntax tree of the file at ``path`` as it reads now."""
    return _parse(path.read_text(encoding="utf-8"))


@functools.cache
def _parse(source: str) -> ast.Module:
    return ast.parse(source)
