"""Running the real program on endless input for a while, and measuring its peak memory."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

from tests.terminal_support import ROOT

MEMORY_BOUND_KIB = 100 * 1024


@dataclass(frozen=True)
class Run:
    peak_kib: int
    returncode: int
    stdout: str
    stderr: str


def run_on_dev_zero(*args: str, seconds: float) -> Run:
    """The program with ``/dev/zero`` as standard input, stopped after ``seconds`` if it
    has not ended; its own peak resident memory comes from ``wait4``, not from
    the test process's other children."""
    with (
        open("/dev/zero", "rb") as zeros,
        tempfile.TemporaryFile() as out,
        tempfile.TemporaryFile() as err,
    ):
        child = subprocess.Popen(
            [sys.executable, "-m", "buscaminas", *args],
            stdin=zeros,
            stdout=out,
            stderr=err,
            cwd=ROOT,
            env={**os.environ, "BUSCAMINAS_DATA_DIR": tempfile.mkdtemp(prefix="buscaminas-test-")},
        )
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            time.sleep(0.05)
        else:
            os.kill(child.pid, signal.SIGKILL)
            pid, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Run(
            usage.ru_maxrss,
            child.returncode,
            out.read().decode("utf-8", "replace"),
            err.read().decode("utf-8", "replace"),
        )
