"""The player's directories found without platformdirs are platformdirs' own."""

from __future__ import annotations

import sys

import platformdirs
import pytest

from buscaminas.records import places

HOMES = ["/home/ana", "/home/ana/", "relative/home", " /home/ana", ""]
XDG = [None, "", "/srv/xdg", "relative/xdg", "/srv/xdg ", "~/xdg"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the shortcut is Linux's")
@pytest.mark.parametrize("home", HOMES)
@pytest.mark.parametrize("xdg", XDG)
@pytest.mark.parametrize("kind", ["data", "config"])
def test_the_directories_are_platformdirs_own(
    kind: str, xdg: str | None, home: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    variable = places.DEFAULTS[kind][0]
    monkeypatch.setenv("HOME", home)
    if xdg is None:
        monkeypatch.delenv(variable, raising=False)
    else:
        monkeypatch.setenv(variable, xdg)
    reading = platformdirs.user_data_dir if kind == "data" else platformdirs.user_config_dir
    try:
        expected = reading("buscaminas", appauthor=False)
    except RuntimeError:  # no home platformdirs can resolve: it is asked, and says so
        with pytest.raises(RuntimeError):
            places.user_directory(kind)
        return
    assert places.user_directory(kind) == expected


def test_a_plain_linux_start_loads_no_platformdirs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("HOME", "/home/ana")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("ANDROID_DATA", raising=False)
    monkeypatch.setitem(sys.modules, "platformdirs", None)  # importing it would fail
    assert places.user_directory("data") == "/home/ana/.local/share/buscaminas"
