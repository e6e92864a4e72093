"""Unit tests read the English catalogue, so that their expected messages are stable;
the package is compiled once, as an installed one is, for the tests that start it;
``--fork-start`` starts it by forking a loaded copy (:mod:`tests.forkstart_support`)."""

from __future__ import annotations

import compileall
import gc
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from buscaminas import i18n
from buscaminas.entry.colours import CLICOLOUR, FORCING, NO_COLOUR
from buscaminas.records.config import CONFIG_DIR_VARIABLE
from tests import forkstart_support, schedule_support

MEMORY = Path("/dev/shm")
"""A file system in memory, on Linux."""

i18n.use("en")
# The games under test commit to SQLite after every move; on a disk each commit waits
# for it, and most of the suite's time went there.  Their files go to memory where the
# system has some: a kill (what the tests do to the game) loses nothing that a disk
# would have kept.  Games started here inherit the variable.
if MEMORY.is_dir() and os.access(MEMORY, os.W_OK):
    os.environ["TMPDIR"] = str(MEMORY)
    tempfile.tempdir = None  # asked again: pytest's own tmp_path follows
# No test reads the configuration file of whoever runs the tests: every game started
# here, in this process or under it, finds an empty configuration directory unless
# its test gives it one.
CONFIG = tempfile.TemporaryDirectory(prefix="buscaminas-config-")
"""Removed as the test process ends, as the games' scratch directories are."""
os.environ[CONFIG_DIR_VARIABLE] = CONFIG.name
# Nor the colour their environment asks for: a test that wants it sets it.
for variable in (NO_COLOUR, *FORCING, CLICOLOUR):
    os.environ.pop(variable, None)
# A game a test finds still running when it should have ended is asked where each of
# its threads was (tests/terminal_support.stacks_of): its fault handler says, on SIGABRT.
os.environ["PYTHONFAULTHANDLER"] = "1"
# Hundreds of tests start the program in a subprocess. Without bytecode on disk (a
# checkout installed in editable mode, or PYTHONDONTWRITEBYTECODE set) each start
# would compile the whole package again, for two fifths of its start-up time.
compileall.compile_dir(Path(i18n.__file__).parent, quiet=1)
# The same holds for the tests: pytest keeps each test module's rewritten bytecode
# beside it, but not while bytecode is not to be written, and then each worker of each
# run rewrites and compiles all of them again: a tenth of the quick suite's CPU.
sys.dont_write_bytecode = False


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--fork-start",
        action="store_true",
        help="start the program by forking a copy that has loaded it (the quick suite)",
    )


def pytest_configure(config: pytest.Config) -> None:
    forkstart_support.enabled = bool(config.getoption("fork_start"))


@pytest.hookimpl(trylast=True)  # after ``-m`` has deselected what it leaves out
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In a parallel run, the tests that wait by design go first
    (:func:`tests.schedule_support.waiting_first`)."""
    workers = getattr(config, "workerinput", {}).get("workercount")
    if workers:
        items[:] = schedule_support.waiting_first(items, workers)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection built (the test modules, their items, the strategies) lives as
    long as the test process: it is frozen out of the cycle collector, whose full
    passes walked it again at every one, as the program's own start is
    (:mod:`buscaminas.collector`)."""
    gc.freeze()


def pytest_unconfigure(config: pytest.Config) -> None:
    forkstart_support.SERVER.close()


@pytest.fixture(autouse=True)
def fork_start() -> Iterator[None]:
    """What a test left running of the fork server's children is killed as it ends."""
    yield
    forkstart_support.SERVER.end_test()
