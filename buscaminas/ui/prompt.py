"""The prompt's row for a mode: what the keys will do, the typed line, a question."""

from __future__ import annotations

import re

from prompt_toolkit.buffer import Buffer

from ..game import keys, textwidth
from ..game.commands import LineTooLong
from ..game.keys import Binding, Mode
from ..i18n import _, language
from .modes import Asking, Replaying, TerminalMode, Watching
from .renderer import Line

ANSWERS = re.compile(r"\[[^\]]*\]")
"""The answers a question lists, “[Enter = yes, n = no]”: read as one, kept on one line."""
NO_BREAK = "\u00a0"
BRIEF = "brief"
"""The one-line legend's name among the legends kept (:class:`Legends`)."""


class Legends:
    """The key legends drawn, by their modes and width, kept while the key table and the
    language they are worded from stay the same: wrapping one again costs more than the
    rest of a cursor's move on the screen."""

    def __init__(self) -> None:
        self._from: tuple[tuple[Binding, ...], str] | None = None
        self._lines: dict[tuple[tuple[Mode, ...] | str, int], tuple[str, ...]] = {}

    def __call__(self, modes: tuple[Mode, ...] | str, columns: int) -> tuple[str, ...]:
        """The legend of ``modes`` (or :data:`BRIEF`), in lines of ``columns``."""
        table, words = keys.table(), language()
        if self._from is None or self._from[0] is not table or self._from[1] != words:
            self._from, self._lines = (table, words), {}
        lines = self._lines.get((modes, columns))
        if lines is None:
            if isinstance(modes, str):
                lines = (keys.brief(columns),)
            else:
                lines = tuple(keys.legend(modes, columns))
            self._lines[(modes, columns)] = lines
        return lines


legends = Legends()


def line(mode: TerminalMode, buffer: Buffer, columns: int, *, cut: bool, every_key: bool) -> Line:
    """The prompt's row: what the keys will do is written at its start; under the
    board's words, that a line was cut at the parser's limit (``cut``); ``every_key``:
    the whole legend."""
    if isinstance(mode, Replaying):
        return Line(prompt="", legend=legends((Mode.REPLAY,), columns - 1))
    if isinstance(mode, Watching):
        return Line(prompt="", legend=legends((mode.keys,), columns - 1))
    said = (LineTooLong(buffer.text).message(),) if cut else ()
    if isinstance(mode, Asking):
        above, prompt = question_lines(mode.question, columns)
        return Line(prompt, buffer.text, buffer.cursor_position, above=(*above, *said))
    if mode.keys is Mode.CURSOR:
        legend = legends((Mode.CURSOR,), columns - 1)
        brief = () if every_key else legends(BRIEF, columns - 1)
        return Line(f" {_('KEYS')} ", style="7", legend=legend, brief=brief)
    shown: tuple[str, ...] = ()
    if every_key:
        shown = legends((Mode.LINE, Mode.BOARD, Mode.EVERYWHERE), columns - 1)
    return Line("> ", buffer.text, buffer.cursor_position, legend=shown, above=said)


def question_lines(question: str, columns: int) -> tuple[tuple[str, ...], str]:
    """A question in lines that end between words, as prose is read: the last one on
    the prompt's row, leaving room to type the answer, the others above it, as wide as
    the terminal (as few as can be: on a small terminal they stay in sight while the
    words above them are paged).  The answers it lists in brackets stay on one line,
    and its closing space stays for the answer."""
    held = ANSWERS.sub(lambda answers: answers[0].replace(" ", NO_BREAK), question.rstrip(" "))
    room = max(10, columns - 1 - min(20, columns // 4))
    *paragraphs, last = held.split("\n")
    *before, on_the_prompt = textwidth.wrap(last, room)
    above = [
        line.replace(NO_BREAK, " ")
        for paragraph in [*paragraphs, *([" ".join(before)] if before else [])]
        for line in textwidth.wrap(paragraph, max(10, columns - 1))
    ]
    prompt = on_the_prompt.replace(NO_BREAK, " ") + question[len(question.rstrip(" ")) :]
    return tuple(above), prompt
