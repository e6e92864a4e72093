"""Unit tests read the English catalogue, so that their expected messages are stable;
the package is compiled once, as an installed one is, for the tests that start it."""

from __future__ import annotations

import compileall
import os
import tempfile
from pathlib import Path

from buscaminas import i18n
from buscaminas.entry.environment import CLICOLOUR, FORCING, NO_COLOUR
from buscaminas.records.config import CONFIG_DIR_VARIABLE

i18n.use("en")
# No test reads the configuration file of whoever runs the tests: every game started
# here, in this process or under it, finds an empty configuration directory unless
# its test gives it one.
os.environ[CONFIG_DIR_VARIABLE] = tempfile.mkdtemp(prefix="buscaminas-config-")
# Nor the colour their environment asks for: a test that wants it sets it.
for variable in (NO_COLOUR, *FORCING, CLICOLOUR):
    os.environ.pop(variable, None)
# Hundreds of tests start the program in a subprocess. Without bytecode on disk (a
# checkout installed in editable mode, or PYTHONDONTWRITEBYTECODE set) each start
# would compile the whole package again, for two fifths of its start-up time.
compileall.compile_dir(Path(i18n.__file__).parent, quiet=1)
