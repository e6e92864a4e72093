"""The start-up questions answered without a front end: a screen that answers from a
list, for :func:`buscaminas.entry.choices.ask_settings` and its kin."""

from __future__ import annotations

from collections.abc import Sequence

from buscaminas.game.screen import Audience


class Answers:
    """Answers the startup questions from a list and keeps what was said, and each
    question's screen: the lines above it, then the question."""

    audience = Audience.VIEWER
    animated = False

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.said: list[str] = []
        self.screens: list[list[str]] = []

    def ask(self, question: str, above: Sequence[str] = ()) -> str:
        self.screens.append([*above, question])
        return self.answers.pop(0)

    def say(self, line: str) -> None:
        self.said.append(line)
