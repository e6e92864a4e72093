"""Both catalogues are complete and compiled, and the language follows the flag or the locale."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from buscaminas import i18n
from tools import catalogue


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_message_is_translated(language: str) -> None:
    entries = catalogue.parse_po(catalogue.po_file(language).read_text(encoding="utf-8"))
    missing = sorted(key for key in catalogue.message_ids() if not entries.get(key))
    assert not missing, f"untranslated in {language}: {missing}"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_compiled_catalogues_match_their_sources(language: str) -> None:
    source = catalogue.po_file(language)
    entries = {k: v for k, v in catalogue.parse_po(source.read_text(encoding="utf-8")).items() if v}
    assert source.with_suffix(".mo").read_bytes() == catalogue.compile_mo(entries), (
        "run: python -m tools.catalogue"
    )


def test_translations_keep_every_placeholder() -> None:
    import string

    spanish = catalogue.parse_po(catalogue.po_file("es").read_text(encoding="utf-8"))
    for key, value in spanish.items():
        if not key or not value:
            continue
        fields = {name for _, name, _, _ in string.Formatter().parse(key) if name}
        assert fields == {name for _, name, _, _ in string.Formatter().parse(value) if name}, key


def test_a_message_is_found_however_its_call_is_spaced(tmp_path: Path) -> None:
    """Modules that call neither ``_`` nor ``ngettext`` are skipped unparsed; a call
    with a space or a line before its bracket is still a call."""
    (tmp_path / "spaced.py").write_text(
        '_ ("one")\nprint(_\n("two"))\nngettext ("a cell", "cells", 2)\nx._("not ours")\n'
    )
    (tmp_path / "silent.py").write_text('say("nothing")\nmy_("nor this")\n')
    assert catalogue.message_ids(tmp_path) == {"one", "two", "a cell\0cells"}


def test_the_english_catalogue_is_the_message_ids() -> None:
    """English is played without its catalogue (``i18n.use``): that loses nothing only
    while every English sentence, plural forms included, is its own id."""
    english = catalogue.parse_po(catalogue.po_file(i18n.SOURCE_LANGUAGE).read_text("utf-8"))
    assert catalogue.message_ids() <= set(english)
    assert {key: value for key, value in english.items() if key and value != key} == {}


def test_english_plurals_follow_gettexts_rule() -> None:
    """One mine, 0 mines, 2 mines: the rule the catalogue's header states is the one
    used without it."""
    english = catalogue.parse_po(catalogue.po_file(i18n.SOURCE_LANGUAGE).read_text("utf-8"))
    assert "plural=(n != 1);" in english[""]
    try:
        i18n.use("en")
        forms = [i18n.ngettext("{count} mine", "{count} mines", n) for n in (0, 1, 2)]
        assert forms == ["{count} mines", "{count} mine", "{count} mines"]
    finally:
        i18n.use("en")


def test_spanish_and_english_answer() -> None:
    try:
        i18n.use("es")
        assert i18n._("See you soon!") == "¡Hasta luego!"
        i18n.use("en")
        assert i18n._("See you soon!") == "See you soon!"
    finally:
        i18n.use("en")


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({}, "en"),
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "es_MX"}, "es"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "en_GB.UTF-8", "LC_ALL": "es_ES.UTF-8"}, "es"),
        ({"LANGUAGE": "fr:en", "LANG": "es_ES"}, "en"),
        ({"LANGUAGE": "fr:es", "LANG": "fr_FR.UTF-8"}, "es"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LC_ALL": "C.UTF-8", "LANG": "es_ES.UTF-8"}, "en"),
        ({"LANG": "POSIX", "LANGUAGE": "es"}, "en"),
        ({"LC_MESSAGES": "es_AR.UTF-8", "LANG": "en_US.UTF-8"}, "es"),
        ({"LANGUAGE": "es", "LANG": "en_US.UTF-8"}, "es"),
        ({"LANGUAGE": "es_ES:en", "LC_ALL": "en_US.UTF-8"}, "es"),
        # As gettext reads it: a LANGUAGE list with no language of ours means none.
        ({"LANGUAGE": "fr", "LANG": "es_ES.UTF-8"}, "en"),
    ],
)
def test_the_locale_chooses_the_language(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], expected: str
) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    assert i18n.choose_language() == expected
    assert i18n.choose_language("en") == "en", "--lang wins over the environment"
    assert i18n.choose_language("es") == "es", "--lang wins over the environment"


SPOKEN = [language for language in i18n.LANGUAGES if language != i18n.SOURCE_LANGUAGE]
"""The languages argparse does not speak itself."""


@pytest.mark.parametrize("language", SPOKEN)
def test_argparse_has_every_sentence_of_this_python_in_each_language(language: str) -> None:
    source = catalogue.po_file(language, i18n.ARGPARSE_DOMAIN)
    entries = catalogue.parse_po(source.read_text(encoding="utf-8"))
    missing = sorted(key for key in catalogue.argparse_ids() if not entries.get(key))
    assert not missing, f"argparse's sentences untranslated in {language}: {missing}"
    compiled = {key: value for key, value in entries.items() if value}
    assert source.with_suffix(".mo").read_bytes() == catalogue.compile_mo(compiled), (
        "run: python -m tools.catalogue"
    )


@pytest.mark.parametrize("language", SPOKEN)
def test_argparse_s_translations_keep_its_fields(language: str) -> None:
    """argparse fills its sentences with ``%``: every field of each form, in order."""
    import re

    field = re.compile(r"%(?:\(\w+\))?[a-z]")
    source = catalogue.po_file(language, i18n.ARGPARSE_DOMAIN)
    for key, value in catalogue.parse_po(source.read_text(encoding="utf-8")).items():
        if not key:
            continue
        for english, translated in zip(key.split("\0"), value.split("\0"), strict=False):
            assert sorted(field.findall(english)) == sorted(field.findall(translated)), key


def test_argparse_words_its_refusals_in_the_language_in_use() -> None:
    import argparse

    parser = argparse.ArgumentParser(prog="buscaminas")
    parser.add_argument("count", type=int)
    try:
        i18n.use("es")
        assert parser.format_usage().startswith("uso: buscaminas")
        with pytest.raises(SystemExit), contextlib.redirect_stderr(io.StringIO()) as said:
            parser.parse_args([])
        assert "error: faltan estos argumentos: count" in said.getvalue()
    finally:
        i18n.use("en")
    assert parser.format_usage().startswith("usage: buscaminas")
