"""Unit tests read the English catalogue, so that their expected messages are stable;
the package is compiled once, as an installed one is, for the tests that start it."""

from __future__ import annotations

import compileall
from pathlib import Path

from buscaminas import i18n

i18n.use("en")
# Hundreds of tests start the program in a subprocess. Without bytecode on disk (a
# checkout installed in editable mode, or PYTHONDONTWRITEBYTECODE set) each start
# would compile the whole package again, for two fifths of its start-up time.
compileall.compile_dir(Path(i18n.__file__).parent, quiet=1)
