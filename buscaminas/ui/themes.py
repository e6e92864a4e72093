"""The board's colours: one palette per theme, each made for a terminal background.

Every colour is an xterm 256-colour index from 16 up (the 6×6×6 cube and the
grey ramp), whose RGB every terminal that has them agrees on; the first 16 are
the terminal's own and could be anything, so no palette uses them.  A theme
names the background it is made for, the lightest a dark theme allows or the
darkest a light one does: its numbers, flags, mines, marks and cursor stand
out from that background, and from any darker (lighter) one, by at least
WCAG AA's 4.5:1 (``tests/test_themes.py`` computes it from these tables).
``NO_COLOR`` outranks every theme: the renderer then draws no colour at all.
"""

from typing import NamedTuple

from ..core.alphabet import Symbol


class Ink(NamedTuple):
    """How one kind of cell is written: a colour, and the attributes that tell it apart
    where colour alone would not (the colour-blind theme leans on them)."""

    colour: int
    """An xterm 256-colour index, 16 to 255."""
    bold: bool = False
    underline: bool = False

    @property
    def sgr(self) -> str:
        """The SGR parameters that write in this ink."""
        return ";".join([*("1" * self.bold), *("4" * self.underline), f"38;5;{self.colour}"])


class Theme(NamedTuple):
    """A palette, and the background it is made for."""

    name: str
    background: int
    """The 256-colour index of the background it assumes (see the module's words)."""
    numbers: tuple[Ink, Ink, Ink, Ink, Ink, Ink, Ink, Ink]
    hidden: Ink
    flag: Ink
    maybe: Ink
    """A ``?`` mark."""
    empty: Ink
    """A revealed cell with nothing around: meant to recede, so held to 3:1 only."""
    mine: Ink
    wrong_flag: Ink
    cursor: Ink
    """The brackets either side of the cursor's cell."""
    exploded: Ink
    exploded_background: int
    """The mine that went off is drawn on a background of its own."""

    def styles(self) -> dict[str, str]:
        """Position-format character → SGR parameters, numbers included."""
        cells = {
            Symbol.HIDDEN.value: self.hidden,
            Symbol.FLAG.value: self.flag,
            Symbol.MAYBE.value: self.maybe,
            Symbol.EMPTY.value: self.empty,
            Symbol.MINE.value: self.mine,
            Symbol.WRONG_FLAG.value: self.wrong_flag,
        }
        numbers = {str(count): ink for count, ink in enumerate(self.numbers, start=1)}
        return {char: ink.sgr for char, ink in (cells | numbers).items()}

    @property
    def exploded_style(self) -> str:
        return f"{self.exploded.sgr};48;5;{self.exploded_background}"


def _bold(*colours: int) -> tuple[Ink, Ink, Ink, Ink, Ink, Ink, Ink, Ink]:
    one, two, three, four, five, six, seven, eight = (Ink(colour, bold=True) for colour in colours)
    return one, two, three, four, five, six, seven, eight


DARK = Theme(
    "dark",
    background=236,  # #303030: lighter than most dark terminals (#282828, #282c34, #002b36)
    # blue, green, salmon red, lilac, ochre, teal, near white, grey: the usual hues, light
    # enough for a dark background
    numbers=_bold(75, 77, 210, 141, 172, 44, 255, 247),
    hidden=Ink(250),
    flag=Ink(214, bold=True),  # amber: a flag never reads as a red 3
    maybe=Ink(183, bold=True),
    empty=Ink(244),
    mine=Ink(231, bold=True),
    wrong_flag=Ink(210, bold=True),
    cursor=Ink(231, bold=True),
    exploded=Ink(231, bold=True),
    exploded_background=160,
)
"""The game's first palette, made explicit: mid hues, lifted where they read dim."""

LIGHT = Theme(
    "light",
    background=255,  # #eeeeee: darker than a white terminal
    numbers=_bold(20, 22, 124, 91, 94, 23, 16, 240),
    hidden=Ink(238),
    flag=Ink(125, bold=True),  # raspberry: orange is too light to read on white
    maybe=Ink(55, bold=True),
    empty=Ink(244),
    mine=Ink(16, bold=True),
    wrong_flag=Ink(124, bold=True),
    cursor=Ink(16, bold=True),
    exploded=Ink(231, bold=True),
    exploded_background=124,
)

COLOUR_BLIND = Theme(
    "colour-blind",
    background=236,
    # Okabe and Ito's hues, which the common colour blindnesses keep apart, and no two
    # numbers alike in both weight and lightness: 1 and 5 plain, 2 and 6 bold, 3 and 7
    # underlined, 4 and 8 bold and underlined, the first of each pair the darker by far.
    numbers=(
        Ink(74),  # sky blue
        Ink(227, bold=True),  # yellow
        Ink(209, underline=True),  # vermilion
        Ink(175, bold=True, underline=True),  # reddish purple
        Ink(222),  # light orange
        Ink(36, bold=True),  # bluish green
        Ink(231, underline=True),  # white
        Ink(255, bold=True, underline=True),  # light grey
    ),
    hidden=Ink(250),
    flag=Ink(214, bold=True),
    maybe=Ink(183, bold=True),
    empty=Ink(244),
    mine=Ink(231, bold=True),
    wrong_flag=Ink(209, bold=True),
    cursor=Ink(231, bold=True),
    exploded=Ink(231, bold=True),
    exploded_background=160,
)

THEMES = {theme.name: theme for theme in (DARK, LIGHT, COLOUR_BLIND)}
DEFAULT = DARK.name
SPELLINGS = {"color-blind": COLOUR_BLIND.name}
"""Other spellings of the themes' names, as players write them."""


def theme_named(name: str) -> str | None:
    """The theme ``name`` names, whatever its case or spelling; None for no theme."""
    folded = name.strip().lower()
    return SPELLINGS.get(folded, folded if folded in THEMES else None)
