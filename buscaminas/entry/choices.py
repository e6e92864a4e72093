"""What the player chooses before the board, asked or remembered: the icons, their
colours, the board's size."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..i18n import _
from .configured import Options

if TYPE_CHECKING:
    from ..game.screen import Screen
    from ..game.settings import Settings
    from ..ui.icons import IconSet


def choose_icons(screen: Screen, options: Options) -> IconSet:
    """The flags decide; else the answer remembered from last time; else ask, and remember."""
    icons = given_icons(options)
    if icons is not None:
        return icons
    from ..game import questions
    from ..records.preferences import Preferences
    from ..ui.icons import LEGACY, NERD

    sets = {icons.name: icons for icons in (LEGACY, NERD)}
    shown = {
        name: " ".join((icons.hidden, icons.flag, icons.mine, icons.wrong_flag, icons.maybe))
        for name, icons in sets.items()
    }
    name = questions.ask(screen, questions.ChooseIcons(shown[LEGACY.name], shown[NERD.name]))
    Preferences(data_directory(options.data_dir)).remember_icons(name)
    return sets[name]


def given_icons(options: Options) -> IconSet | None:
    """The icons the flags ask for (or ``config.toml``: :func:`configured.settle` has
    put its choice among the flags), else those remembered from last time, if any."""
    from ..ui.icons import LEGACY, NERD

    if options.legacy or options.nerd:
        return LEGACY if options.legacy else NERD
    from ..records.preferences import Preferences

    preferences = Preferences(data_directory(options.data_dir))
    return {icons.name: icons for icons in (NERD, LEGACY)}.get(preferences.icons() or "")


def chosen_icons(options: Options) -> IconSet:
    """The player's icons without a question (plain characters if never chosen), in
    colour unless the player opted out."""
    from ..ui.icons import LEGACY

    return styled(given_icons(options) or LEGACY, options)


def styled(icons: IconSet, options: Options) -> IconSet:
    """``icons`` in the theme asked for, or in no colour at all if the player opted out
    (``NO_COLOR`` outranks any theme)."""
    return icons.with_theme(options.theme) if coloured() else icons.without_colour()


def ask_settings(
    screen: Screen, seed: int | None, *, no_guess: bool, columns: int | None = None
) -> Settings:
    """The preset, or a custom size asked until valid; Enter alone is beginner.
    ``columns``: the terminal's width, for the menu to say which boards scroll."""
    from ..game import questions
    from ..game.settings import Settings
    from ..records.presets import PRESETS
    from ..ui import layout

    wide = frozenset(
        preset.key
        for preset in PRESETS.values()
        if columns is not None
        and not layout.shows_every_column(preset.width, preset.height, columns)
    )
    chosen = questions.ask(screen, questions.ChooseBoard(wide))
    if isinstance(chosen, str):
        return Settings.from_preset(chosen, seed, no_guess=no_guess)
    return ask_size(screen, seed, no_guess=no_guess)


def ask_size(screen: Screen, seed: int | None, *, no_guess: bool) -> Settings:
    """A size of the player's own, each number asked until valid; the mines offered are
    as dense as the ranked size nearest it."""
    from ..core.limits import MAX_SIDE, MIN_SIDE, mine_range
    from ..game import questions
    from ..game.settings import Settings
    from ..records.presets import usual_mines

    # Any size plays in any terminal: a board bigger than the screen scrolls.
    side = _("{name}, from {low} to {high}: ")
    sides = {"low": MIN_SIDE, "high": MAX_SIDE}
    width = questions.ask(screen, questions.Number(side.format(name=_("Width"), **sides), **sides))
    height = questions.ask(
        screen, questions.Number(side.format(name=_("Height"), **sides), **sides)
    )
    usual, like = usual_mines(width, height)
    low, high = mine_range(width, height)
    offer = _("Mines, from {low} to {high} [Enter = {usual}, as dense as {preset}]: ")
    question = offer.format(low=low, high=high, usual=usual, preset=like.label())
    mines = questions.ask(screen, questions.Number(question, low, high, usual))
    return Settings(width, height, mines, seed=seed, no_guess=no_guess)


def forced_colours(options: Options) -> IconSet | None:
    """The board's colours line by line: none, unless the environment forces them
    (:func:`buscaminas.entry.colours.colour`), in the theme asked for."""
    from ..ui.icons import LEGACY
    from .colours import colour

    return LEGACY.with_theme(options.theme) if colour(os.environ, terminal=False).on else None


def coloured() -> bool:
    """Colour on a terminal's full screen unless the environment turns it off
    (``NO_COLOR``, ``CLICOLOR=0``: :func:`buscaminas.entry.colours.colour`)."""
    from .colours import colour

    return colour(os.environ, terminal=True).on


def data_directory(given: Path | None) -> Path:
    """Where the scores and preferences live: ``--data-dir``, else the default."""
    from ..records.storage import default_path

    return given if given is not None else default_path().parent
