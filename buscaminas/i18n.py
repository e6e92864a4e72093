"""Every word the player reads goes through here: gettext, in Spanish or English.

The message ids are the English sentences.  Both catalogues are complete, so
a missing translation is a test failure rather than a silent fallback.  The
compiled ``.mo`` files are committed beside their ``.po`` sources and are all
the game loads (English, the ids' own language, needs none); the tools that
extract, merge and compile them are for developers and stay out of the
installed package (``python -m tools.catalogue``).
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path

DOMAIN = "buscaminas"
LOCALE_DIR = Path(__file__).with_name("locale")
LANGUAGES = ("es", "en")
DEFAULT_LANGUAGE = "en"
"""For every locale that names no language of ours, C and POSIX included."""
SOURCE_LANGUAGE = "en"
"""The language the message ids are written in (its catalogue maps each to itself)."""

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def language() -> str:
    """The language :func:`use` chose: for the words that are not sentences (the verbs
    a player types), which each language spells its own way."""
    return _language


def _(message: str) -> str:
    """Translate ``message`` into the language chosen by :func:`use`."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message that agrees with ``count``: “1 mine”, “2 mines”."""
    return _translation.ngettext(singular, plural, count)


def choose_language(requested: str | None = None) -> str:
    """``requested`` if given, else the language the environment asks for, found by
    gettext's own search (``LANGUAGE``, then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``)
    among our catalogues; English when it finds none of them.

    One rule of GNU gettext that Python's leaves out is kept: a ``C`` or ``POSIX``
    locale means "no translation", whatever ``LANGUAGE`` lists, as every other
    program in that terminal reads it.
    """
    if requested:
        return requested
    locale = next(
        (os.environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if os.environ.get(name)),
        "",
    )
    if locale.split(".")[0] in ("C", "POSIX"):
        return DEFAULT_LANGUAGE
    found = gettext.find(DOMAIN, LOCALE_DIR)
    return Path(found).parents[1].name if found else DEFAULT_LANGUAGE


def use(language: str) -> None:
    """Make ``language`` the one every later :func:`_` call answers in.

    English needs no catalogue: its sentences are the message ids, and its plural
    rule gettext's own (one, else many), so reading and parsing it would only
    delay every start.
    """
    global _translation, _language
    _language = language
    if language == SOURCE_LANGUAGE:
        _translation = gettext.NullTranslations()
    else:
        _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])
