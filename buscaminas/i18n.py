"""Every word the player reads goes through here: gettext, in Spanish or English.

The message ids are the English sentences.  Both catalogues are complete, so
a missing translation is a test failure rather than a silent fallback.  The
compiled ``.mo`` files are committed beside their ``.po`` sources; ``python -m
buscaminas.i18n`` rebuilds them, and a test keeps the two in step.
"""

from __future__ import annotations

import ast
import gettext
import os
import struct
from pathlib import Path

DOMAIN = "buscaminas"
LOCALE_DIR = Path(__file__).with_name("locale")
LANGUAGES = ("es", "en")
DEFAULT_LANGUAGE = "en"
"""For every locale that names no language of ours, C and POSIX included."""

_translation: gettext.NullTranslations = gettext.NullTranslations()


def _(message: str) -> str:
    """Translate ``message`` into the language chosen by :func:`use`."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message that agrees with ``count``: “1 mine”, “2 mines”."""
    return _translation.ngettext(singular, plural, count)


def choose_language(requested: str | None = None) -> str:
    """``requested`` if given, else the language the locale asks for, as gettext reads it.

    The locale is the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is
    set; ``LANGUAGE``, a list of preferences, comes before it unless the locale
    is ``C`` or ``POSIX``, which mean "no translation" (GNU gettext's rule).
    Spanish locales speak Spanish; every other one, English.
    """
    if requested:
        return requested
    locale = next(
        (os.environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if os.environ.get(name)),
        "",
    )
    untranslated = locale.split(".")[0] in ("C", "POSIX")
    preferences = [] if untranslated else os.environ.get("LANGUAGE", "").split(":")
    for part in [*preferences, locale]:
        code = part.split("_")[0].split(".")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


def use(language: str) -> None:
    """Make ``language`` the one every later :func:`_` call answers in."""
    global _translation
    _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])


# --- catalogue maintenance (run by developers and checked by the tests) ---------


def parse_po(text: str) -> dict[str, str]:
    """The ``msgid`` → ``msgstr`` pairs of a ``.po`` file (header included).

    A plural entry is keyed ``singular\\0plural`` and holds its forms joined
    by ``\\0``, exactly as the compiled ``.mo`` file stores it.
    """
    entries: dict[str, str] = {}
    parts: dict[str, list[str]] = {}
    key = ""

    def flush() -> None:
        if "msgid" in parts:
            msgid = "".join(parts["msgid"])
            if "msgid_plural" in parts:
                msgid += "\0" + "".join(parts["msgid_plural"])
            names = sorted(name for name in parts if name.startswith("msgstr"))
            forms = ["".join(parts[name]) for name in names]
            entries[msgid] = "\0".join(forms) if all(forms) else ""
        parts.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgid "):
            flush()
        if line.startswith("msg"):
            key, _space, rest = line.partition(" ")
            parts[key] = [ast.literal_eval(rest)]
        elif line.startswith('"'):
            parts[key].append(ast.literal_eval(line))
    flush()
    return entries


def compile_mo(entries: dict[str, str]) -> bytes:
    """The GNU ``.mo`` bytes for ``entries``, as ``msgfmt`` would write them."""
    ids = sorted(entries)
    keys = [key.encode() for key in ids]
    values = [entries[key].encode() for key in ids]
    header_size = 7 * 4
    ids_table = header_size
    strs_table = ids_table + 8 * len(ids)
    data_start = strs_table + 8 * len(ids)
    offsets: list[tuple[int, int]] = []
    data = b""
    for blob in keys + values:
        offsets.append((len(blob), data_start + len(data)))
        data += blob + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, len(ids), ids_table, strs_table, 0, 0)
    tables = b"".join(struct.pack("<2I", *pair) for pair in offsets)
    return header + tables + data


HEADER = (
    "Content-Type: text/plain; charset=UTF-8\n"
    "Language: {language}\n"
    "Plural-Forms: nplurals=2; plural=(n != 1);\n"
)


def catalogue(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def message_ids(package: Path = Path(__file__).parent) -> set[str]:
    """Every literal string the package passes to :func:`_`, found by reading its source."""
    found: set[str] = set()
    for source in package.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            texts = [
                argument.value
                for argument in node.args
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str)
            ]
            if node.func.id == "_" and texts:
                found.add(texts[0])
            elif node.func.id == "ngettext" and len(texts) == 2:
                found.add("\0".join(texts))
    return found


def format_po(language: str, entries: dict[str, str]) -> str:
    """``.po`` text for ``entries``, sorted so that diffs stay small."""

    def quoted(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'

    def entry(key: str) -> str:
        if "\0" not in key:
            return f"msgid {quoted(key)}\nmsgstr {quoted(entries[key])}\n"
        singular, plural = key.split("\0")
        forms = entries[key].split("\0") if entries[key] else ["", ""]
        lines = [f"msgid {quoted(singular)}", f"msgid_plural {quoted(plural)}"]
        lines += [f"msgstr[{index}] {quoted(form)}" for index, form in enumerate(forms)]
        return "\n".join(lines) + "\n"

    blocks = [f'msgid ""\nmsgstr {quoted(HEADER.format(language=language))}\n']
    blocks += [entry(key) for key in sorted(entries) if key]
    return "\n".join(blocks)


def update() -> None:
    """Bring both catalogues up to the source: English complete, Spanish kept and
    missing entries left empty for a translator (the tests refuse empty ones),
    then compile them."""
    ids = message_ids()
    for language in LANGUAGES:
        path = catalogue(language)
        path.parent.mkdir(parents=True, exist_ok=True)
        old = parse_po(path.read_text(encoding="utf-8")) if path.exists() else {}
        if language == "en":
            entries = {key: key for key in ids}
        else:
            entries = {key: old.get(key, "") for key in ids}
        path.write_text(format_po(language, entries), encoding="utf-8")
        mo_entries = {key: value for key, value in entries.items() if value}
        mo_entries[""] = HEADER.format(language=language)
        path.with_suffix(".mo").write_bytes(compile_mo(mo_entries))


if __name__ == "__main__":
    update()
