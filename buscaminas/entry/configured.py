"""The settings in effect, and where each comes from: ``buscaminas config``.

A setting comes from the command line if a flag gives it, else from
``config.toml`` (:mod:`buscaminas.records.config`), else from its default.  The
icons have one more step between the file and the question: the answer the
player gave to it once, which the game keeps in ``preferences.json``.  The
file outranks that answer because the player wrote it on purpose, and the
answer never goes into the file because the game does not write the player's
file: a remembered answer is the game's note, the file the player's word.
"""

import os
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from .. import i18n
from ..i18n import _
from ..records import config
from ..records.config import ConfigFile, ConfigKey

ICONS = ("legacy", "nerd")
"""The icons' pair of flags, and of keys: at most one of them true."""
DEFAULTS: dict[str, bool | str] = {
    "marks": False,
    "theme": "dark",
    "animation": True,
    "mouse": True,
}
"""The settings with a value when nothing gives one (the language has the locale's)."""


class SettingOrigin(NamedTuple):
    """Where a setting's value came from: ``flag``, ``file`` (with its line),
    ``default`` or ``locale``."""

    kind: str
    line: int = 0


def config_keys() -> list[ConfigKey]:
    """Every key the file may hold: a flag's name, and the values the flag takes."""
    from ..ui.themes import SPELLINGS, THEMES

    return [
        ConfigKey("lang", str, i18n.LANGUAGES),
        *(ConfigKey(name, bool) for name in ICONS),
        ConfigKey("marks", bool),
        ConfigKey("theme", str, tuple(THEMES), tuple(SPELLINGS.items())),
        ConfigKey("animation", bool),
        ConfigKey("mouse", bool),
    ]


def read_config() -> ConfigFile:
    return config.read(config.default_path(), config_keys(), rivals=[ICONS])


def file_language(found: ConfigFile) -> str | None:
    """The language the file asks for, if it does."""
    value = found.values.get("lang")
    return None if value is None else str(value.value)


class Options(NamedTuple):
    """The player's settings in effect for this run, each settled once (flag, file,
    default): what every command and the game read, never the parser's namespace."""

    lang: str | None
    """The language asked for; None for the locale's."""
    data_dir: Path | None
    """``--data-dir``; None for the default place."""
    legacy: bool
    nerd: bool
    """The icons asked for (at most one): by a flag or the file."""
    marks: bool
    theme: str
    animation: bool
    mouse: bool
    origins: Mapping[str, SettingOrigin]
    """Where each setting came from, for ``buscaminas config``."""
    config: ConfigFile
    """The settings file as read, with what is wrong with it."""
    keys_problem: str | None = None
    """What is wrong with the file's ``[keys]``, if anything (the default keys stay)."""


def settle(given: Mapping[str, object], found: ConfigFile) -> Options:
    """The settings in effect: each one ``given`` on the command line (None where the
    command line leaves it out), else the file's, else its default."""
    values: dict[str, object] = {}
    origins: dict[str, SettingOrigin] = {}
    for name in ("lang", *DEFAULTS):
        if given.get(name) is not None:
            values[name] = given[name]
            origins[name] = SettingOrigin("flag")
        elif name in found.values:
            values[name] = found.values[name].value
            origins[name] = SettingOrigin("file", found.values[name].line)
        elif name in DEFAULTS:
            values[name] = DEFAULTS[name]
            origins[name] = SettingOrigin("default")
        else:
            values[name] = None
            origins[name] = SettingOrigin("locale")
    chosen = [name for name in ICONS if given.get(name)]
    if chosen:
        origins["icons"] = SettingOrigin("flag")
    else:
        chosen = [name for name in ICONS if found.values.get(name, _UNSET).value is True]
        if chosen:
            origins["icons"] = SettingOrigin("file", found.values[chosen[0]].line)
    data_dir = given.get("data_dir")
    return Options(
        lang=None if values["lang"] is None else str(values["lang"]),
        data_dir=data_dir if isinstance(data_dir, Path) else None,
        legacy="legacy" in chosen,
        nerd="nerd" in chosen,
        marks=bool(values["marks"]),
        theme=str(values["theme"]),
        animation=bool(values["animation"]),
        mouse=bool(values["mouse"]),
        origins=origins,
        config=found,
    )


_UNSET = config.ConfigValue(False, 0)


def apply_keys(found: ConfigFile) -> str | None:
    """Put the cursor keys the file's ``[keys]`` gives in use; what is wrong with them,
    if anything, in which case the default keys stay: half a table could leave a
    meaning with no key, or a key with two."""
    from ..game import keys

    try:
        table = keys.remapped({name: str(given.value) for name, given in found.keys.items()})
    except keys.KeyProblem as refused:
        error = config.ConfigError(found.path, found.keys[refused.name].line, str(refused))
        words = _("{problem}. The cursor keys are the default ones; the file is left as it is.")
        return words.format(problem=error)
    keys.use(table)
    return None


def problem(found: ConfigFile) -> str:
    """What is wrong with the file, and what the game does about it."""
    words = _("{problem}. The game starts with the default settings; the file is left as it is.")
    return words.format(problem=found.problem)


def show(options: Options, remembered: str | None, kept: Path) -> list[str]:
    """``buscaminas config``: the file's path, then each setting in effect as the line the
    file would hold for it, with where it came from; ``remembered`` is the icon set
    answered once (kept in ``kept``), if any."""
    found = options.config
    lines = [_("Settings file: {file}").format(file=found.path)]
    if found.problem is not None:
        lines.append(problem(found))
    elif not found.exists:
        lines.append(_("There is no such file: every setting below is a flag's or a default."))
    lines += [_("Each key is the flag's name; a flag on the command line wins over the file."), ""]
    origins = options.origins
    rows: list[tuple[str, str]] = []
    language = i18n.choose_language(options.lang)
    rows.append((f'lang = "{language}"', _origin_words(origins["lang"])))
    icons = next((name for name in ICONS if getattr(options, name)), None)
    if icons is not None:
        rows.append((f"{icons} = true", _origin_words(origins["icons"])))
    elif remembered is not None:
        answer = _("your answer to the icons question, kept in {file}").format(file=kept)
        rows.append((f"{remembered} = true", answer))
    else:
        rows.append(("# legacy / nerd", _("not chosen: the game asks at its next start")))
    from .colours import colour

    colours = colour(os.environ, terminal=True)
    for name in DEFAULTS:
        value = getattr(options, name)
        shown = f'"{value}"' if isinstance(value, str) else str(value).lower()
        words = _origin_words(origins[name])
        if name == "theme" and not colours.on:
            words = _("{origin}; {variable} turns colour off").format(
                origin=words, variable=colours.because
            )
        rows.append((f"{name} = {shown}", words))
    width = max(len(setting) for setting, _words in rows)
    lines += [f"{setting:<{width}}  # {words}" for setting, words in rows]
    return lines + _keys_in_effect(found, options.keys_problem)


def _keys_in_effect(found: ConfigFile, refused: str | None) -> list[str]:
    """The ``[keys]`` table in effect, every cursor key's meaning with its keys, as the
    file would hold it, and where each came from."""
    from ..game import keys

    rows = []
    for name, given in keys.cursor_keys(keys.table()).items():
        origin = SettingOrigin("file", found.keys[name].line) if name in found.keys else None
        words = _origin_words(origin) if origin and refused is None else _("the default")
        rows.append((f'{name} = "{" ".join(given)}"', words))
    width = max(len(setting) for setting, _words in rows)
    lines = ["", "[keys]"]
    if refused is not None:
        lines.append(refused)
    return lines + [f"{setting:<{width}}  # {words}" for setting, words in rows]


def _origin_words(origin: SettingOrigin) -> str:
    if origin.kind == "flag":
        return _("the command line")
    if origin.kind == "file":
        return _("the file, line {line}").format(line=origin.line)
    if origin.kind == "locale":
        return _("the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)")
    return _("the default")
