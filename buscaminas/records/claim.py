"""Who is playing a kept game: a claim that dies with the process that holds it.

A game in progress is in the records from its first action to its end, so that a
``kill -9`` or a power cut loses at most the move being made.  While a terminal
plays it, the game's row names that process (:func:`owner`); another start offers
only the games whose owner is gone (:func:`alive`), and takes one up by changing
its owner from the one it saw to itself in one statement, so that of two starts
racing for it exactly one wins.

On the machine that holds the claim the process is asked directly: its pid, the
boot it ran in (a reboot ends every claim) and the moment it started (a pid used
again by another program is not the owner).  Another machine sharing the data
directory cannot ask (nor can Windows, without harm), so there the claim is a
lease: it lapses when its owner has written nothing for :data:`LEASE` seconds.
"""

from __future__ import annotations

import os
import sys
import time
from functools import cache

LEASE = 600.0
"""Seconds a claim from another machine holds without a move of its game."""
_SEPARATOR = "/"


def owner(pid: int | None = None) -> str:
    """This process (or process ``pid`` of this machine), as a claim names it: machine,
    boot, pid and start time."""
    pid = os.getpid() if pid is None else pid
    return _SEPARATOR.join((_machine(), _boot(), str(pid), _started(pid)))


def alive(claim: object, renewed: object, now: float | None = None) -> bool:
    """Whether the process that ``claim`` names still plays its game; ``renewed``
    is when it last wrote the game (seconds since the epoch).  Anything else in
    their place (a hand's edit) is no claim: the game is nobody's."""
    if not isinstance(claim, str):
        return False
    if claim == owner():
        return True
    parts = claim.rsplit(_SEPARATOR, 3)
    if len(parts) != 4 or not parts[2].isdigit():
        return False  # no claim we wrote: nobody holds the game
    machine, boot, pid, started = parts
    if machine != _machine() or sys.platform == "win32":
        moment = time.time() if now is None else now
        return isinstance(renewed, float) and 0 <= moment - renewed < LEASE
    if boot != _boot():
        return False  # the machine restarted since: every process of that boot is gone
    return _running(int(pid)) and started == _started(int(pid))


@cache
def _machine() -> str:
    if hasattr(os, "uname"):  # the host's name as gethostname() reads it, without sockets
        return os.uname().nodename.replace(_SEPARATOR, "_")
    import socket

    return socket.gethostname().replace(_SEPARATOR, "_")


@cache
def _boot() -> str:
    """This boot's identity, where the system says it (Linux); empty elsewhere."""
    try:  # ASCII read as UTF-8, the codec every start has loaded already
        with open("/proc/sys/kernel/random/boot_id", encoding="utf-8") as file:
            return file.read().strip()
    except OSError:
        return ""


def _started(pid: int) -> str:
    """When process ``pid`` started, in the kernel's ticks since boot (Linux); empty
    where the system does not say, and for a process that is gone."""
    fields = _stat(pid)
    return fields[19] if len(fields) > 19 else ""


def _stat(pid: int) -> list[str]:
    """The fields of ``/proc/PID/stat`` after the process's name (its state first);
    none where the system has no such file, or the process is gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8", errors="replace") as file:
            stat = file.read()
    except OSError:
        return []
    return stat.rpartition(")")[2].split()  # the name, in brackets, may hold spaces


def _running(pid: int) -> bool:
    """Whether a process ``pid`` runs: signal 0 asks without sending anything (but on
    Windows, where it is a Ctrl-C: there a claim is a lease).  A process that has
    ended but whose parent has not yet reaped it (a zombie, state ``Z``) still answers
    the signal, and plays nothing."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # another user's process
    state = _stat(pid)[:1]
    return state not in (["Z"], ["X"])  # a zombie, or dead
