"""Where the player's files go: platformdirs' user directories, found without loading
platformdirs on a plain Linux start.

platformdirs is most of the time a start spends finding its files (it loads
``tempfile``, ``shutil`` and compression modules on the way).  On Linux with
an absolute ``$XDG_…_HOME`` or ``$HOME`` the answer is one join; every other
case (another system, Android, a relative or padded variable) is platformdirs'
own, so the two never disagree (``tests/test_places.py``).
"""

from __future__ import annotations

import os
import sys

APP = "buscaminas"
DEFAULTS = {"data": ("XDG_DATA_HOME", ".local/share"), "config": ("XDG_CONFIG_HOME", ".config")}
"""Each user directory's XDG variable, and its place under the home directory."""


def user_directory(kind: str) -> str:
    """The game's user ``data`` or ``config`` directory, as platformdirs names it."""
    variable, under_home = DEFAULTS[kind]
    plain = _plain_linux(variable, under_home)
    if plain is not None:
        return os.path.join(plain, APP)
    import platformdirs

    if kind == "data":
        return platformdirs.user_data_dir(APP, appauthor=False)
    return platformdirs.user_config_dir(APP, appauthor=False)


def _plain_linux(variable: str, under_home: str) -> str | None:
    """The base directory on a Linux whose variables leave no doubt; None otherwise."""
    if not sys.platform.startswith("linux") or "ANDROID_DATA" in os.environ:
        return None
    given = os.environ.get(variable, "")
    if given:
        return given if os.path.isabs(given) and given == given.strip() else None
    home = os.environ.get("HOME", "")
    if not os.path.isabs(home) or home != home.strip():
        return None
    return os.path.join(home, under_home)
