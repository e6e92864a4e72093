"""Every question the game puts to the player, and the one way it is asked.

A question is a value with its words and a reading of the answer.  The ones
asked before a session exists (the icons, the board, a custom size, a game
left unfinished) are read here and asked again until answered
(:func:`ask`), each on a screen of its own: its lines (the board menu), at
most one complaint about the last answer, and the question; ``quit`` or
``salir`` at any of them leaves (:class:`Leave`).  The session's own
(:class:`Question`: a classic board, play again, abandon, replace a file)
are answered by the session, which acts on them.  All of them go through
the screen's one prompt (:meth:`Screen.ask`), whatever the front end: the
terminal's application, a pipe, a test.
"""

import re
from enum import Enum
from typing import TYPE_CHECKING, Generic, NamedTuple, Protocol, TypeVar

from ..i18n import _
from ..records import presets
from . import textwidth
from .verbs import Allowed, Verb, allowed, spellings

if TYPE_CHECKING:
    from .rounds import Kept
    from .screen import Screen

YES = frozenset({"", "y", "yes", "s", "si", "sí"})
"""Answers that agree: Enter, in English or Spanish."""
NO = frozenset({"n", "no"})
SURE = YES - {""}
"""Agreeing to lose something: Enter alone keeps the game."""


AGAIN = YES | frozenset(spellings(Verb.NEW))
SAME_BOARD = frozenset(spellings(Verb.AGAIN))
QUIT = frozenset(word for verb in allowed(Allowed.AT_ANY_QUESTION) for word in spellings(verb))
"""``quit`` however it is spelt (``q``, ``exit``, ``salir``): it leaves from any question."""
LEAVE = NO | QUIT
"""At “play again?”, every spelling of ``new``, ``again`` and ``quit`` means what it says."""
_WHOLE = r"\+?[0-9]{1,6}"
"""An answer to a numeric question: ASCII digits only, since ``int`` refuses ``²``
(compiled, and cached by :mod:`re`, at the first answer read)."""

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


class Leave(Exception):
    """The player answered a question before the session with ``quit``: the game ends
    there, as it would at the board."""


class Asked(Protocol, Generic[T]):
    """A question asked before the session: what is shown above it, its words, and what
    an answer means."""

    def lines(self) -> list[str]:
        """What its screen shows above the question (the board menu)."""
        ...

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


def ask(screen: "Screen", question: Asked[T]) -> T:
    """Ask ``question`` until the answer means something, each time on a clean screen:
    its lines, then what was wrong with the last answer, if anything; :class:`Leave`
    when the answer is ``quit``."""
    complaint: list[str] = []
    while True:
        answer = screen.ask(question.words(), [*question.lines(), *complaint])
        if answer.strip().lower() in QUIT:
            raise Leave
        heard = question.hear(answer)
        if not isinstance(heard, Retry):
            return heard
        complaint = [heard.says]


PLAIN_ICONS = "legacy"
NERD_ICONS = "nerd"
"""The two icon sets, by the names their flags and ``config.toml`` give them."""


class ChooseIcons:
    """The icons the board shows: plain characters, which every terminal draws, or a
    Nerd Font's, which only a font that has them draws.  A newcomer cannot know what
    their font has, but can see it: both sets are shown side by side, and Enter takes
    the plain ones, so that a player who sees boxes and presses Enter plays with
    characters, not boxes."""

    def __init__(self, plain: str, nerd: str) -> None:
        """``plain`` and ``nerd``: each set's icons, as the board draws them."""
        self.plain, self.nerd = plain, nerd

    def lines(self) -> list[str]:
        return [
            _("Which icons should the board show: 1, plain characters, or 2, a Nerd Font's?"),
            "",
            f"   1.  {self.plain}        2.  {self.nerd}",
            "",
            _("If 2 shows empty boxes, your font lacks its icons: choose 1."),
        ]

    def words(self) -> str:
        return _("Icons [Enter = 1, 2 = Nerd Font]: ")

    def hear(self, answer: str) -> str | Retry:
        """The icon set's name."""
        said = answer.strip().lower()
        if said in ("", "1", PLAIN_ICONS):
            return PLAIN_ICONS
        if said in ("2", NERD_ICONS):
            return NERD_ICONS
        return Retry(_("Type 1 (or Enter) for the plain icons, 2 for the Nerd Font's."))


class Custom(NamedTuple):
    """The board menu's last entry: a size of the player's own."""


class ChooseBoard:
    """The preset boards by number or name (either language's, as ``--preset`` takes
    them), or a custom size; Enter alone is beginner.

    ``wide``: the presets wider than the terminal, which the menu marks as scrolling.
    It is a list of one line an entry, and one line more to explain the mark, so that
    it fits a terminal of a dozen rows."""

    SCROLLS = "↔"

    def __init__(self, wide: frozenset[str] = frozenset()) -> None:
        self.wide = wide
        self.keys = list(presets.PRESETS)

    def lines(self) -> list[str]:
        rows = [
            (f"{number:>2}. {preset.label()}", preset.size(), preset.key in self.wide)
            for number, preset in enumerate(presets.PRESETS.values(), 1)
        ]
        custom = f"{len(self.keys) + 1:>2}. {_('Custom')}"
        rows.append((custom, _("a size of your own"), False))
        column = max(textwidth.width(name) for name, _size, _wide in rows) + 2
        lines = []
        for name, size, wide in rows:
            line = name + " " * (column - textwidth.width(name)) + size
            lines.append(f"{line}  {self.SCROLLS}" if wide else line)
        if self.wide:
            lines.append(_("{mark} wider than the terminal: it scrolls").format(mark=self.SCROLLS))
        return lines

    def words(self) -> str:
        default = self.keys.index(presets.DEFAULT) + 1
        return _("Board [Enter = {number}]: ").format(number=default)

    def hear(self, answer: str) -> str | Custom | Retry:
        """The preset's key, or :class:`Custom`."""
        said = answer.strip()
        if not said:
            return presets.DEFAULT
        if re.fullmatch(_WHOLE, said) and 1 <= int(said) <= len(self.keys):
            return self.keys[int(said) - 1]
        meant = presets.board_named(said)
        if meant == presets.CUSTOM[0] or (
            re.fullmatch(_WHOLE, said) and int(said) == len(self.keys) + 1
        ):
            return Custom()
        return meant or Retry(
            _("Type 1 to {high}, or a board's name.").format(
                high=len(self.keys) + 1
            )
        )


class Number:
    """A whole number from ``low`` to ``high``: a custom board's width, height, mines.
    Enter alone gives the ``default``, if there is one (``question`` says so)."""

    def __init__(self, question: str, low: int, high: int, default: int | None = None) -> None:
        self.question, self.low, self.high, self.default = question, low, high, default

    def lines(self) -> list[str]:
        return []

    def words(self) -> str:
        return self.question

    def hear(self, answer: str) -> int | Retry:
        said = answer.strip()
        if self.default is not None and not said:
            return self.default
        if re.fullmatch(_WHOLE, said) and self.low <= int(said) <= self.high:
            return int(said)
        return Retry(
            _("Type a whole number from {low} to {high}.").format(low=self.low, high=self.high)
        )


class TakeUp:
    """The game left unfinished: Enter takes it up, n gives it up."""

    def __init__(self, kept: "Kept") -> None:
        self.kept = kept

    def lines(self) -> list[str]:
        return []

    def words(self) -> str:
        from . import unfinished

        return unfinished.question(self.kept)

    def hear(self, answer: str) -> bool | Retry:
        return _yes_or_no(
            answer, _("Type y to resume the game, n to give it up (it counts as lost).")
        )
