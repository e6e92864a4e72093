"""The process that times help or an AI move for :mod:`.hostile`, as the player waits.

It imports nothing of the solver or the hints before its timings (a session
loads them at its first ``help`` or AI move), so that a first answer pays
what a session's first answer pays.
"""

from __future__ import annotations

import json
import sys
import time
from contextlib import nullcontext


def child() -> None:
    """Time one kind of answer on every game asked, in this fresh process.

    Each position is fresh: nothing the solver remembers of the one before
    (the board read last, the components counted) is kept.  With ``first``,
    the solver and the hints are imported in the timing, as a session's first
    ``help`` or AI move imports them.  Answers each game's seconds by the wall
    clock and the CPU's."""
    from buscaminas import collector as startup
    from buscaminas.core.engine import Minesweeper
    from buscaminas.game import session  # noqa: F401 (what a session has loaded)

    # As the game's loop runs a command; a tree without the hold runs it bare.
    working = getattr(startup, "working", nullcontext)

    job = json.load(sys.stdin)
    times = []
    # Each game is read when its turn comes: two hundred games held as lists
    # would be millions of objects for the cycle collector to walk, pauses the
    # harness's own, not the game's.
    for text in job["games"]:
        width, height, mines, revealed = json.loads(text)
        game = Minesweeper.from_layout(
            width, height, map(tuple, mines), revealed=map(tuple, revealed)
        )
        game.rows()  # the picture a game keeps move by move, as in play
        if not job["first"]:
            _forget()
        started, used = time.perf_counter(), time.process_time()
        with working():
            if job["answer"] == "help":
                from buscaminas.game import hints

                hints.hint(game)
            else:
                from buscaminas.core.solver import Position, analyze

                analyze(Position.from_game(game)).best_move  # noqa: B018 (the AI's choice)
        times.append((time.perf_counter() - started, time.process_time() - used))
    print(json.dumps(times))


def _forget() -> None:
    """Drop what the solver remembers of the positions before (in any tree)."""
    from buscaminas.core.solver import component, counting

    counting._last_read.clear()
    component._counted.clear()
    component._too_wide.clear()
