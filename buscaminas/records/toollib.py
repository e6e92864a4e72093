"""A replay read by ms_toollib, in a process of its own (:mod:`.replayfile` starts it).

ms_toollib is the Rust library Metasweeper reads replays with; a file it cannot
read may make it panic, which aborts the whole process, so it never runs in the
game's.  This side reads the replay's bytes on standard input, its kind (``evf``,
``avf`` or ``rmv``) on the command line, and prints one JSON document: the board,
the figures the replay's own software would show, and every mouse event that
changed the board, with the cells it changed.  It exits with :data:`MISSING`
when ms_toollib is not installed.  It imports nothing else of the game, so that
nothing but the library runs here.
"""

from __future__ import annotations

import json
import sys
from typing import Any

MISSING = 3
"""The exit status that says ms_toollib is not installed."""
CLASSES = {"evf": "EvfVideo", "avf": "AvfVideo", "rmv": "RmvVideo"}
"""ms_toollib's reader of each kind of replay."""
THE_END = 1e9
"""A time past any replay's last event: the figures read there are the whole game's."""


def main() -> None:
    kind = sys.argv[1]
    data = sys.stdin.buffer.read()
    try:
        import ms_toollib
    except ModuleNotFoundError as error:
        if error.name != "ms_toollib":
            raise
        sys.exit(MISSING)
    video = getattr(ms_toollib, CLASSES[kind])(raw_data=list(data), file_name=f"replay.{kind}")
    video.parse()
    video.analyse()
    events = [_event(event) for event in video.events if event.useful_level > 0]
    video.current_time = THE_END
    document = {
        "width": video.column,
        "height": video.row,
        "mines": [
            [x, y] for y, row in enumerate(video.board) for x, cell in enumerate(row) if cell < 0
        ],
        "cell_pixels": video.pix_size,
        "software": video.software,
        "player": video.player_identifier,
        "mode": video.mode,
        "completed": video.is_completed,
        "seconds": video.rtime,
        "clicks": video.cl,
        "events": [event for event in events if event is not None],
    }
    json.dump(document, sys.stdout)


def _event(recorded: Any) -> list[Any] | None:
    """A mouse event that changed the board: its time, button, place in pixels, and each
    cell it changed as column, row, before, after (ms_toollib's codes: 0 to 8 a
    number, 10 covered, 11 a flag)."""
    if not recorded.event.is_mouse():
        return None
    mouse = recorded.event.unwrap_mouse()
    before = recorded.prior_game_board.game_board
    after = recorded.next_game_board.game_board
    changes = [
        [x, y, was, now]
        for y, (old_row, new_row) in enumerate(zip(before, after, strict=True))
        for x, (was, now) in enumerate(zip(old_row, new_row, strict=True))
        if was != now
    ]
    return [recorded.time, mouse.mouse, mouse.x, mouse.y, changes] if changes else None


if __name__ == "__main__":
    main()
