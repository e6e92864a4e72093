"""Every word the player reads goes through here: gettext, in Spanish or English.

The message ids are the English sentences.  Both catalogues are complete, so
a missing translation is a test failure rather than a silent fallback.  The
compiled ``.mo`` files are committed beside their ``.po`` sources and are all
the game loads (English, the ids' own language, needs none); the tools that
extract, merge and compile them are for developers and stay out of the
installed package (``python -m tools.catalogue``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gettext import NullTranslations

DOMAIN = "buscaminas"
ARGPARSE_DOMAIN = "argparse"
"""argparse's own sentences (“the following arguments are required: %s”), in a catalogue
of their own beside the game's: their wording changes from one Python to the next, and
that catalogue keeps every version's."""
LOCALE_DIR = Path(__file__).with_name("locale")
LANGUAGES = ("es", "en")
DEFAULT_LANGUAGE = "en"
"""For every locale that names no language of ours, C and POSIX included."""
SOURCE_LANGUAGE = "en"
"""The language the message ids are written in (its catalogue maps each to itself)."""


class _SourceWords:
    """The source language's words: each message id is its own translation, and the
    plural rule is gettext's own (one, else many), as ``gettext.NullTranslations``
    has them; without loading gettext, which an English start never needs."""

    @staticmethod
    def gettext(message: str) -> str:
        return message

    @staticmethod
    def ngettext(singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural


_translation: NullTranslations | _SourceWords = _SourceWords()
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
    import gettext

    found = gettext.find(DOMAIN, LOCALE_DIR)
    return Path(found).parents[1].name if found else DEFAULT_LANGUAGE


def use(language: str) -> None:
    """Make ``language`` the one every later :func:`_` call answers in, argparse's too
    (now if it is loaded, else when :func:`word_argparse` is called as it loads).

    English needs no catalogue: its sentences are the message ids, and its plural
    rule gettext's own (one, else many), so reading and parsing it would only
    delay every start.
    """
    global _translation, _language
    _language = language
    if language == SOURCE_LANGUAGE:
        _translation = _SourceWords()
    else:
        import gettext

        _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])
    if "argparse" in sys.modules:
        word_argparse()


def word_argparse() -> None:
    """Point argparse's words at its catalogue in the language in use.

    argparse words its usage, headings and refusals with the ``_`` and ``ngettext``
    of its own module, gettext's, which read the process's global domain, where
    nothing of ours is: they are pointed at argparse's catalogue in this language
    instead (as i18nparse does for its translations of argparse).  The game's own
    start loads no parser: whoever loads one calls this.
    """
    import argparse
    import gettext

    if _language == SOURCE_LANGUAGE:
        words = gettext.NullTranslations()
    else:
        words = gettext.translation(ARGPARSE_DOMAIN, LOCALE_DIR, languages=[_language])
    # Set by name: the typing stubs do not list them, private as they are.
    setattr(argparse, "_", words.gettext)  # noqa: B010
    setattr(argparse, "ngettext", words.ngettext)  # noqa: B010


def reason(error: OSError) -> str:
    """Why the system refused, in the player's words: read from the error's number, for
    its ``strerror`` is the C library's, in English whatever the player's language.
    An error of the game's own (a file refused before the system was asked) has its
    words already."""
    import errno

    if error.errno is None:
        return str(error)
    reasons = {
        errno.ENOENT: _("there is no such file or directory"),
        errno.EACCES: _("permission denied"),
        errno.EPERM: _("the operation is not permitted"),
        errno.EISDIR: _("it is a directory"),
        errno.ENOTDIR: _("a part of the path is not a directory"),
        errno.ENOSPC: _("there is no space left on the device"),
        errno.EDQUOT: _("the disk quota is exceeded"),
        errno.EROFS: _("the file system is read-only"),
        errno.EEXIST: _("the file already exists"),
        errno.ELOOP: _("there are too many symbolic links in the path"),
        errno.ENAMETOOLONG: _("the name is too long"),
        errno.EFBIG: _("the file is too large"),
        errno.EIO: _("the device failed to read or write"),
        errno.EBUSY: _("the device or resource is busy"),
        errno.ENXIO: _("there is no such device or address"),
        errno.ENODEV: _("there is no such device"),
        errno.EMFILE: _("too many files are open"),
        errno.ENFILE: _("too many files are open"),
        errno.ETXTBSY: _("the file is busy"),
        errno.EPIPE: _("the other end of the pipe has gone"),
        errno.EINVAL: _("the argument is not valid"),
        errno.ENOTEMPTY: _("the directory is not empty"),
        errno.EAGAIN: _("the resource is not available now; try again"),
    }
    words = reasons.get(error.errno)
    if words is None:
        code = errno.errorcode.get(error.errno, str(error.errno))
        words = _("the system refused it ({code})").format(code=code)
    return words
