"""The translation catalogues' tooling: extract the messages, merge, compile.

Developers run ``python -m tools.catalogue`` from the repository's root after
changing any player-facing text; the tests use the same functions to check that
both catalogues are complete and compiled.  None of this ships: the game itself
only loads the compiled ``.mo`` files (:mod:`buscaminas.i18n`).
"""

from __future__ import annotations

import ast
import functools
import re
import struct
from collections.abc import Iterable
from pathlib import Path

from buscaminas import i18n

PACKAGE = Path(i18n.__file__).parent
"""The source whose messages are extracted: the package the catalogues belong to."""


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


def po_file(language: str, domain: str = i18n.DOMAIN) -> Path:
    """The ``.po`` source of ``language``'s catalogue, beside the ``.mo`` the game loads."""
    return i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def message_ids(package: Path = PACKAGE) -> set[str]:
    """Every literal string the package passes to ``_`` or ``ngettext``, read from its source."""
    return _passed_to_gettext(package.rglob("*.py"))


def argparse_ids() -> set[str]:
    """argparse's own messages, as this Python's argparse words them."""
    import argparse

    return _passed_to_gettext([Path(argparse.__file__)])


def _passed_to_gettext(sources: Iterable[Path]) -> set[str]:
    found: set[str] = set()
    for source in sources:
        found |= _passed_in(source.read_text(encoding="utf-8"))
    return found


_CALLED = re.compile(r"(?<![\w.])(?:_|ngettext)\s*\(")
"""A call of ``_`` or ``ngettext`` by name, as the text may write it."""


@functools.cache
def _passed_in(source: str) -> frozenset[str]:
    """The messages one module's text passes to gettext: kept by the text, for the
    tests ask again for every catalogue and language.  A text that calls neither
    function by name is not parsed: most modules say nothing to the player."""
    found: set[str] = set()
    if not _CALLED.search(source):
        return frozenset()
    for node in ast.walk(ast.parse(source)):
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
    return frozenset(found)


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
    """Bring the catalogues up to the source: English complete, Spanish kept and
    missing entries left empty for a translator (the tests refuse empty ones),
    then compile them.

    argparse's catalogue is the translations of its messages (English is argparse's
    own): every entry is kept, those of the other Pythons' argparse too, and this
    one's new messages are added empty."""
    ids = message_ids()
    for language in i18n.LANGUAGES:
        path = po_file(language)
        old = _read(path)
        if language == i18n.SOURCE_LANGUAGE:
            entries = {key: key for key in ids}
        else:
            entries = {key: old.get(key, "") for key in ids}
        _write(path, language, entries)
    for language in i18n.LANGUAGES:
        if language != i18n.SOURCE_LANGUAGE:
            path = po_file(language, i18n.ARGPARSE_DOMAIN)
            old = _read(path)
            _write(path, language, {**dict.fromkeys(argparse_ids(), ""), **old})


def _read(path: Path) -> dict[str, str]:
    entries = parse_po(path.read_text(encoding="utf-8")) if path.exists() else {}
    entries.pop("", None)
    return entries


def _write(path: Path, language: str, entries: dict[str, str]) -> None:
    """The ``.po`` file of ``entries``, and beside it the ``.mo`` compiled from it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(format_po(language, entries), encoding="utf-8")
    mo_entries = {key: value for key, value in entries.items() if value}
    mo_entries[""] = HEADER.format(language=language)
    path.with_suffix(".mo").write_bytes(compile_mo(mo_entries))


if __name__ == "__main__":
    update()
