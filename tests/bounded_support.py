"""Running the real program on endless input for a while, and measuring its peak memory."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass

from tests.terminal_support import ROOT

MEMORY_BOUND_KIB = 100 * 1024


@dataclass(frozen=True)
class Run:
    peak_kib: int
    returncode: int
    stdout: str
    stderr: str


REPORTING_PEAK = """
import atexit, runpy, sys
report = sys.argv.pop(1)

def peak() -> None:
    with open("/proc/self/status") as status, open(report, "w") as out:
        out.write(next(line for line in status if line.startswith("VmHWM:")).split()[1])

atexit.register(peak)
sys.argv[0] = "buscaminas"
runpy.run_module("buscaminas", run_name="__main__")
"""
"""Runs the program and, as it exits, writes its peak resident memory in KiB.

The kernel's own per-child figure (``ru_maxrss``) is no use here: it keeps
the peak of the memory the child was forked from, so a child of a large
test process would seem as large as its parent.  ``VmHWM`` counts only the
program's own memory, since it was started."""


def run_on_dev_zero(*args: str, seconds: float) -> Run:
    """The program with ``/dev/zero`` as standard input, sent SIGTERM after ``seconds``
    if it has not ended by then (and so through its own way out), with its own peak
    resident memory."""
    with (
        open("/dev/zero", "rb") as zeros,
        tempfile.TemporaryFile() as out,
        tempfile.TemporaryFile() as err,
        tempfile.TemporaryDirectory(prefix="buscaminas-test-") as data,
    ):
        report = os.path.join(data, "peak")
        child = subprocess.Popen(
            [sys.executable, "-c", REPORTING_PEAK, report, *args],
            stdin=zeros,
            stdout=out,
            stderr=err,
            cwd=ROOT,
            env={**os.environ, "BUSCAMINAS_DATA_DIR": data, "PYTHONPATH": str(ROOT)},
        )
        try:
            child.wait(seconds)
        except subprocess.TimeoutExpired:
            child.send_signal(signal.SIGTERM)
            child.wait(30)
        out.seek(0)
        err.seek(0)
        with open(report) as peak:
            peak_kib = int(peak.read())
        return Run(
            peak_kib,
            child.returncode,
            out.read().decode("utf-8", "replace"),
            err.read().decode("utf-8", "replace"),
        )
