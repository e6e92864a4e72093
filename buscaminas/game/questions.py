"""Every question the game puts to the player, and the one way it is asked.

A question is a value with its words and a reading of the answer.  The ones
asked before a session exists (the icons, the board, a custom size, a game
left unfinished) are read here and asked again until answered
(:func:`ask`); the session's own (:class:`Question`: a classic board, play
again, abandon, replace a file) are answered by the session, which acts on
them.  All of them go through the screen's one prompt (:meth:`Screen.ask`),
whatever the front end: the terminal's application, a pipe, a test.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import TYPE_CHECKING, Generic, NamedTuple, Protocol, TypeVar

from ..i18n import _
from . import commands
from .commands import Verb

if TYPE_CHECKING:
    from ..records.presets import Preset
    from .rounds import Kept
    from .screen import Screen

YES = frozenset({"", "y", "yes", "s", "si", "sí"})
"""Answers that agree: Enter, in English or Spanish."""
NO = frozenset({"n", "no"})
SURE = YES - {""}
"""Agreeing to lose something: Enter alone keeps the game."""


def _spellings(verb: Verb) -> frozenset[str]:
    aliases = {word for word, meant in commands.ALIASES.items() if meant is verb}
    return frozenset({verb.value, *aliases})


AGAIN = YES | _spellings(Verb.NEW)
SAME_BOARD = _spellings(Verb.AGAIN)
LEAVE = NO | _spellings(Verb.QUIT)
"""At “play again?”, every spelling of ``new``, ``again`` and ``quit`` means what it says."""
_WHOLE = re.compile(r"\+?[0-9]{1,6}")
"""An answer to a numeric question: ASCII digits only, since ``int`` refuses ``²``."""

T = TypeVar("T", covariant=True)


class Question(Enum):
    """What the next input answers in a session, instead of being a command."""

    CLASSIC = "classic"
    """No no-guess board came: play a classic one?"""
    AGAIN = "again"
    """The game is over: another with the same settings?"""
    ABANDON = "abandon"
    """``new`` or ``again`` in the middle of a game: give it up, as a game lost?"""
    REPLACE = "replace"
    """``save`` names a file that is already there: put the game in its place?"""

    def words(self) -> str:
        if self is Question.CLASSIC:
            return _("Play a classic board instead? [Enter = yes, n = no] ")
        if self is Question.ABANDON:
            return _("Abandon this game? It counts as lost. [y = yes, Enter = no] ")
        if self is Question.REPLACE:
            return _("Replace it with this game? [y = yes, Enter = no] ")
        return _("Play again with the same settings? [Enter = yes, n = no] ")


class Retry(NamedTuple):
    """An answer that answers nothing: what to tell the player before asking again."""

    says: str


class Asked(Protocol, Generic[T]):
    """A question asked before the session: its words, and what an answer means."""

    def words(self) -> str: ...

    def hear(self, answer: str) -> T | Retry: ...


def _yes_or_no(answer: str, otherwise: str) -> bool | Retry:
    """Yes (Enter too) or no; anything else is asked again, saying ``otherwise``."""
    said = answer.strip().lower()
    if said in YES:
        return True
    if said in NO:
        return False
    return Retry(otherwise)


def ask(screen: Screen, question: Asked[T]) -> T:
    """Ask ``question`` until the answer means something."""
    while True:
        heard = question.hear(screen.ask(question.words()))
        if not isinstance(heard, Retry):
            return heard
        screen.say(heard.says)


class SeeIcons:
    """Whether the Nerd Font icons show: a newcomer cannot know whether their font has
    them, but can see a bomb.  Enter means yes."""

    def __init__(self, bomb: str, flag: str) -> None:
        self.bomb, self.flag = bomb, flag

    def words(self) -> str:
        question = _("Do you see a bomb and a flag here: {bomb} {flag} ? [Enter = yes, n = no] ")
        return question.format(bomb=self.bomb, flag=self.flag)

    def hear(self, answer: str) -> bool | Retry:
        return _yes_or_no(answer, _("Type y if you see a bomb and a flag, n if not."))


class Custom(NamedTuple):
    """The board menu's last entry: a size of the player's own."""


class ChooseBoard:
    """The preset boards by number or name, or a custom size; Enter alone is the first.
    The menu is said before the question (:meth:`menu`)."""

    def __init__(self, presets: dict[str, Preset], aliases: dict[str, str]) -> None:
        self.presets, self.aliases = presets, aliases
        self.names = list(presets)

    def menu(self) -> list[str]:
        lines = [
            _("{number}. {label}: {width}×{height}, {mines} mines").format(
                number=number,
                label=preset.label(),
                width=preset.width,
                height=preset.height,
                mines=preset.mines,
            )
            for number, preset in enumerate(self.presets.values(), 1)
        ]  # the ranked sizes first, then the seeds'
        return [*lines, _("{number}. Custom").format(number=len(self.names) + 1)]

    def words(self) -> str:
        return _("Board [Enter = 1]: ")

    def hear(self, answer: str) -> str | Custom | Retry:
        said = answer.strip().lower()
        said = self.aliases.get(said, said) or self.names[0]
        if _WHOLE.fullmatch(said) and 1 <= int(said) <= len(self.names):
            said = self.names[int(said) - 1]
        if said in self.presets:
            return said
        if _WHOLE.fullmatch(said) and int(said) == len(self.names) + 1:
            return Custom()
        return Retry(_("Type a number from 1 to {high}.").format(high=len(self.names) + 1))


class Number:
    """A whole number from ``low`` to ``high``: a custom board's width, height, mines.
    Enter alone gives the ``default``, if there is one (``question`` says so)."""

    def __init__(self, question: str, low: int, high: int, default: int | None = None) -> None:
        self.question, self.low, self.high, self.default = question, low, high, default

    def words(self) -> str:
        return self.question

    def hear(self, answer: str) -> int | Retry:
        said = answer.strip()
        if self.default is not None and not said:
            return self.default
        if _WHOLE.fullmatch(said) and self.low <= int(said) <= self.high:
            return int(said)
        return Retry(
            _("Type a whole number from {low} to {high}.").format(low=self.low, high=self.high)
        )


class TakeUp:
    """The game left unfinished: Enter takes it up, n gives it up."""

    def __init__(self, kept: Kept) -> None:
        self.kept = kept

    def words(self) -> str:
        from . import unfinished

        return unfinished.question(self.kept)

    def hear(self, answer: str) -> bool | Retry:
        return _yes_or_no(
            answer, _("Type y to resume the game, n to give it up (it counts as lost).")
        )
