"""How a cell looks: the icon sets (the position text's own characters, or Nerd Font
glyphs), their styles with and without colour, the highlights a hint draws, and the
legend the manual prints.

Looks only: the frame places cells and the pipe prints them, both from here, so a
cell looks the same on the terminal and in coloured pipe output.
"""

from functools import lru_cache
from typing import NamedTuple

from ..core.alphabet import NUMBERS, Symbol
from ..core.grid import Point
from ..game.view import Highlight
from ..i18n import _
from .ansi import styled
from .themes import DEFAULT, THEMES


class IconSet(NamedTuple):
    """The glyph for each kind of cell; numbers are always their digit."""

    name: str
    hidden: str
    flag: str
    empty: str
    mine: str
    exploded: str
    wrong_flag: str
    maybe: str
    """A ``?`` mark."""
    coloured: bool = True
    """False with ``NO_COLOR``: cells then differ by their glyph and by bold,
    dim and reverse video alone."""
    theme: str = DEFAULT
    """The palette's name in :data:`~buscaminas.ui.themes.THEMES`, when coloured."""

    def without_colour(self) -> "IconSet":
        return self._replace(coloured=False)

    def with_theme(self, theme: str) -> "IconSet":
        return self._replace(theme=theme)

    @property
    def glyphs(self) -> dict[str, str]:
        """Position-format character → icon, for every character that is not a number."""
        return {
            Symbol.HIDDEN: self.hidden,
            Symbol.FLAG: self.flag,
            Symbol.EMPTY: self.empty,
            Symbol.MINE: self.mine,
            Symbol.WRONG_FLAG: self.wrong_flag,
            Symbol.MAYBE: self.maybe,
        }


LEGACY = IconSet(
    "legacy",
    hidden=Symbol.HIDDEN,
    flag=Symbol.FLAG,
    empty=Symbol.EMPTY,
    mine=Symbol.MINE,
    exploded=Symbol.MINE,
    wrong_flag=Symbol.WRONG_FLAG,
    maybe=Symbol.MAYBE,
)
"""The position text's own characters."""
NERD = IconSet(
    "nerd",
    hidden="\U000f0591",  # nf-md-weather_fog
    flag="\uf024",  # nf-fa-flag
    empty="·",
    mine="\uf1e2",  # nf-fa-bomb
    exploded="\uf06d",  # nf-fa-fire
    wrong_flag="\uf00d",  # nf-fa-xmark
    maybe="\uf128",  # nf-fa-question: one column, as wcwidth measures it
)

MONOCHROME_STYLES: dict[str, str] = {
    Symbol.HIDDEN: "",
    Symbol.FLAG: "1",
    Symbol.MAYBE: "1",
    Symbol.EMPTY: "2",
    Symbol.MINE: "1",
    Symbol.WRONG_FLAG: "1",
}
"""Without colour: numbers bold, empties dim, flags, marks and mines bold (their glyphs
differ).  With colour, the theme's palette (:mod:`~buscaminas.ui.themes`) says."""
MONOCHROME_CURSOR_STYLE = "1"
MONOCHROME_EXPLODED_STYLE = "1;7"
TARGET_STYLE = "7"
"""Reverse video: the cell a hint or the AI names, plain to see with no colour at all."""
CITED_NUMBER_STYLE = "4"
"""Underlined: a number the hint's proof reads."""
CITED_MINE_STYLE = "1;3;4"
"""Bold, italic and underlined: a mine the hint's proof leans on; where italics do not
show, its glyph still tells it from an underlined number."""
CURSOR_LEFT = "["
CURSOR_RIGHT = "]"
"""The cursor is drawn in the gaps either side of its cell: seen in every icon set,
with or without colour, and never hiding what the cell shows."""


def highlight_style(highlight: Highlight, cell: Point) -> str:
    """The attributes that set ``cell`` apart, or ``""``; the target wins any overlap."""
    if cell in highlight.targets:
        return TARGET_STYLE
    if cell in highlight.mines:
        return CITED_MINE_STYLE
    if cell in highlight.numbers:
        return CITED_NUMBER_STYLE
    return ""


def glyph(char: str, icons: IconSet) -> str:
    """The icon for a position-format character."""
    return icons.glyphs.get(char, char)


def cell(char: str, icons: IconSet, *, exploded: bool = False, highlight: str = "") -> str:
    """One cell as styled text: its glyph, its colour, and ``highlight``, its style."""
    return styled(*cell_look(char, icons, exploded=exploded, highlight=highlight))


def icon_legend(icons: IconSet) -> list[str]:
    """The icons legend for the manual."""
    entries = [
        (icons.hidden, _("hidden cell")),
        (icons.flag, _("flag")),
        (icons.maybe, _("a ? mark: a hidden cell you are unsure of (--marks)")),
        (icons.empty, _("revealed, no mine around")),
        ("1-8", _("how many of the 8 neighbours hide a mine")),
        (icons.mine, _("mine (shown when the game is lost)")),
        (icons.exploded, _("the mine that exploded, on red")),
        (icons.wrong_flag, _("a flag that was wrong")),
    ]
    return [_("Icons:")] + [f"  {shown:<3} {meaning}" for shown, meaning in entries]


@lru_cache(maxsize=16)
def looks(icons: IconSet) -> dict[str, tuple[str, str]]:
    """Each position-format character's glyph and style in ``icons``: looked up once
    per icon set, not once per cell."""
    found = {}
    palette = THEMES[icons.theme].styles()
    for char in (*icons.glyphs, *NUMBERS):
        if icons.coloured:
            style = palette[char]
        else:
            style = "1" if char in NUMBERS else MONOCHROME_STYLES.get(char, "")
        found[char] = (glyph(char, icons), style)
    return found


def cursor_style(icons: IconSet) -> str:
    """The cursor's brackets: the theme's ink, or bold without colour."""
    return THEMES[icons.theme].cursor.sgr if icons.coloured else MONOCHROME_CURSOR_STYLE


def cell_look(
    char: str, icons: IconSet, *, exploded: bool = False, highlight: str = ""
) -> tuple[str, str]:
    """The glyph and style of one cell: ``highlight`` is a highlight's style."""
    if exploded:
        if icons.coloured:
            return icons.exploded, THEMES[icons.theme].exploded_style
        return icons.exploded, MONOCHROME_EXPLODED_STYLE
    shown, style = looks(icons).get(char, (char, ""))
    if highlight:
        style = f"{style};{highlight}" if style else highlight
    return shown, style


@lru_cache(maxsize=64)
def shows_on_blank(style: str) -> bool:
    """Whether a space in ``style`` looks different from a plain one: a background,
    reverse video, a line under or through it.  Foreground, bold and dim do not."""
    params = style.split(";")
    index = 0
    while index < len(params):
        param = params[index]
        if param == "38":  # a foreground colour and its arguments: 5;N or 2;R;G;B
            index += 3 if params[index + 1 : index + 2] == ["5"] else 5
            continue
        if param in ("4", "7", "9", "21", "48", "53") or (
            param.isdigit() and (40 <= int(param) <= 47 or 100 <= int(param) <= 107)
        ):
            return True
        index += 1
    return False
