"""A configuration directory for a test, and ``buscaminas config``'s lines read plainly."""

from __future__ import annotations

import re
from pathlib import Path


def configured(tmp_path: Path, text: str) -> dict[str, str]:
    """A configuration directory holding ``text`` as config.toml, as an environment."""
    directory = tmp_path / "config"
    directory.mkdir(exist_ok=True)
    (directory / "config.toml").write_text(text, encoding="utf-8")
    return {"BUSCAMINAS_CONFIG_DIR": str(directory)}


def settings(printed: str) -> str:
    """``buscaminas config``'s lines with their columns' padding taken out."""
    return re.sub(r" +#", " #", printed)
