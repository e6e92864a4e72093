"""The terminal's mode: who has the keys, as one value.

The board's keys type a line or act at the cursor (:class:`Playing`); a question
takes the typed line over the board or before it (:class:`Asking`); the AI's game
and a pause take every key (:class:`Watching`); a replay has its own keys
(:class:`Replaying`).  A question and a watch remember the board's mode they came
over, and give it back when they end.
"""

from typing import NamedTuple

from ..game.keys import Mode
from ..i18n import _


class Playing(NamedTuple):
    """The board's keys: ``Mode.LINE`` (typing) or ``Mode.CURSOR``."""

    keys: Mode


class Asking(NamedTuple):
    """A question on the prompt's row, with what its screen shows above it."""

    question: str
    above: tuple[str, ...]
    then: Playing


class Watching(NamedTuple):
    """The AI plays (``Mode.AI``) or the game is paused (``Mode.PAUSED``)."""

    keys: Mode
    then: Playing


class Replaying(NamedTuple):
    """A recorded game watched."""


TerminalMode = Playing | Asking | Watching | Replaying
FIRST_MODE = Playing(Mode.LINE)
"""A game's keys at its start: lines typed at the prompt."""
TYPING = Playing(Mode.LINE)


def board_keys(mode: TerminalMode) -> Playing:
    """The board's mode under ``mode``, to go back to."""
    if isinstance(mode, Playing):
        return mode
    if isinstance(mode, Asking | Watching):
        return mode.then
    return TYPING


def asked(mode: TerminalMode, question: str | None, above: tuple[str, ...] = ()) -> TerminalMode:
    """``mode`` with ``question`` asked, or with none (the last one answered)."""
    if isinstance(mode, Replaying | Watching):
        return mode
    if question is None:
        return board_keys(mode)
    return Asking(question, above, board_keys(mode))


def watched(mode: TerminalMode, keys: Mode | None) -> TerminalMode:
    """``mode`` with the AI or a pause holding the keys, or with neither."""
    if isinstance(mode, Replaying):
        return mode
    if keys is None:
        return board_keys(mode)
    return Watching(keys, board_keys(mode))


def switched(mode: TerminalMode, keys: Mode) -> TerminalMode:
    """``mode`` with the board's keys ``keys`` (underneath a question or a watch)."""
    if isinstance(mode, Playing):
        return Playing(keys)
    if isinstance(mode, Asking | Watching):
        return mode._replace(then=Playing(keys))
    return mode


def types(mode: TerminalMode) -> bool:
    """Whether keys type into the line: at the prompt or a question."""
    return isinstance(mode, Asking) or mode == TYPING


def keys_mode(mode: TerminalMode) -> Mode | None:
    """The key table's mode the keys are in: None at a question."""
    if isinstance(mode, Playing | Watching):
        return mode.keys
    if isinstance(mode, Replaying):
        return Mode.REPLAY
    return None


def keys_word(mode: TerminalMode) -> str:
    """The mode, in a word or two, for the status line."""
    if isinstance(mode, Asking):
        return ""
    board = mode.then if isinstance(mode, Watching) else mode  # the keys after a pause
    return _("Cursor keys") if board == Playing(Mode.CURSOR) else _("Tab: keys")
