"""What the player told us once and should not be asked again: for now, the icon set.

A small JSON file beside the scores.  Preferences are a convenience: a file
that cannot be read is as good as no file, and one that cannot be written
only means the question comes back next time.
"""

from __future__ import annotations

from pathlib import Path

from . import inputfile, nesting, outputfile

FILE_NAME = "preferences.json"
MAX_BYTES = 4096
"""Far more than the file ever holds; anything bigger is not ours and is not read."""


class Preferences:
    """The preferences file in ``directory``."""

    def __init__(self, directory: Path) -> None:
        self.path = directory / FILE_NAME

    def _load(self) -> dict[str, object]:
        """The file's settings; nothing for a missing, foreign or special file (a FIFO
        put in its place must not hang the game) or one nested deeper than any of ours."""
        try:
            text = inputfile.read_bytes(self.path, MAX_BYTES).decode("utf-8")
            import json  # a start with its icons given on the command line reads none

            data = None if nesting.deeper_than(text) else json.loads(text)
        except (OSError, ValueError):  # UnreadableFile and UnicodeDecodeError among them
            return {}
        return data if isinstance(data, dict) else {}

    def icons(self) -> str | None:
        """The icon set's name chosen before, if any."""
        value = self._load().get("icons")
        return value if isinstance(value, str) else None

    def remember_icons(self, name: str) -> bool:
        """Keep the icon set's name for next time; False if the disk refused."""
        data = {**self._load(), "icons": name}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            import json

            outputfile.write_text(self.path, json.dumps(data), replace=True)
        except OSError:
            return False
        return True
