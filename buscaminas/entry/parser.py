"""The command line's parser: every flag and tool, their help and their refusals."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from .. import i18n
from ..i18n import _
from .invocation import GAME, RECENT, TOOLS, command_of

_WHOLE_ARGUMENT = re.compile(r"[+-]?[0-9]{1,18}")


class Refused(Exception):
    """A parser built for one tool found the command line wrong: the whole parser is to
    say so, in its own words (its usage names every option)."""


class _Formatter(argparse.HelpFormatter):
    """The epilog's paragraphs filled as the environment's table lays them out: a path
    or a variable's name is never broken across lines."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        from .environment import fill

        return fill(text, width, indent)


class _ToolParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise Refused(message)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with ``command``, only what a command line for it
    can use.  For a tool named first, its own options and the shared ones it takes
    after its name: the game's could only come before the name, so ``buscaminas
    stats`` neither builds them nor loads what they name (the presets).  For the
    :data:`GAME`, no tool's parser.  Those parsers raise :class:`Refused` where the
    whole one would print an error."""
    from .. import __version__

    i18n.word_argparse()  # its usage and refusals in the player's language
    tool = None if command == GAME else command
    parser = (argparse.ArgumentParser if command is None else _ToolParser)(
        prog="buscaminas",
        description=_("Minesweeper for the terminal. Type “man” in the game for the manual."),
        epilog=_epilog() if command is None else None,
        formatter_class=_Formatter,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"buscaminas {__version__}",
        help=_("print the version and leave"),
    )
    _shared_options(parser)
    tools = parser.add_subparsers(
        dest="tool", metavar="{" + ",".join(TOOLS) + "}", title=_("tools")
    )

    def add_tool(name: str, does: str) -> argparse.ArgumentParser:
        made = tools.add_parser(name, help=does)
        _shared_options(made)
        return made

    if command is None or command == "stats":
        stats = add_tool("stats", _("print your statistics and best times"))
        stats.add_argument(
            "--json", action="store_true", help=_("as one JSON document, for programs")
        )
    if command is None or command == "games":
        games = add_tool("games", _("list your recent games with their numbers"))
        games.add_argument(
            "count",
            nargs="?",
            type=_whole,
            metavar=_("count"),
            help=_("how many (default {count})").format(count=RECENT),
        )
        games.add_argument("--all", action="store_true", help=_("list every game"))
        _listing_options(games)
    looking_back_tools = (
        ("replay", _("watch game N again (default: the last one)")),
        ("review", _("judge game N's moves (default: the last one)")),
    )
    for name, does in looking_back_tools:
        if command not in (None, name):
            continue
        looking_back = add_tool(name, does)
        looking_back.add_argument(
            "number",
            nargs="?",
            type=game_or_replay,
            metavar=_("number|file"),
            help=_("its number in “games”, or a replay of another game (.evf, .avf, .rmv)"),
        )
        if name == "review":
            looking_back.add_argument(
                "--clicks",
                action="store_true",
                help=_("show where a chord or a flag left out would have saved clicks"),
            )
        if name == "replay":
            _icon_options(looking_back, default=argparse.SUPPRESS)
    if command is None or command == "export":
        export = add_tool(
            "export", _("write game N as an EVF replay (FILE.evf) or its board as MBF (FILE.mbf)")
        )
        export.add_argument(
            "number", type=_whole, metavar=_("number"), help=_("its number in “games”")
        )
        export.add_argument(
            "file", type=Path, metavar=_("file"), help=_("FILE.evf or FILE.mbf")
        )
    if command is None or command == "analyze":
        analyze = add_tool("analyze", _("print the mine probabilities of a position"))
        analyze.add_argument(
            "file",
            type=Path,
            metavar=_("file"),
            help=_("a position in the position text format (- for standard input)"),
        )
        analyze.add_argument(
            "--mines",
            type=_whole,
            required=True,
            metavar=_("MINES"),
            help=_("the board's mine total"),
        )
    if command is None or command == "config":
        shown = add_tool(
            "config", _("print where the settings file is, and the settings in effect")
        )
        _setting_options(shown, default=argparse.SUPPRESS)
        _icon_options(shown, default=argparse.SUPPRESS)
    if command is None or command == "manpage":
        add_tool("manpage", _("print the manual page, buscaminas.6, in roff"))
    if command is None or command == "completion":
        from .completion import SHELLS

        completes = add_tool("completion", _("print a completion script for a shell"))
        completes.add_argument("shell", choices=SHELLS, help=_("the shell it is for"))
    if tool is None:
        _game_options(parser)
    _icon_options(parser, default=None)
    if tool in (None, "config"):
        _setting_options(parser, default=None)
    return parser


def _epilog() -> str:
    """The end of the whole ``--help``: the environment and the files (built only for the
    parser that can print it, since it looks the files' places up)."""
    from .environment import help_epilog

    return help_epilog()


def _listing_options(games: argparse.ArgumentParser) -> None:
    """How ``games`` lists: a table, unless a program is to read it."""
    forms = games.add_mutually_exclusive_group()
    forms.add_argument(
        "--json",
        dest="form",
        action="store_const",
        const="json",
        default="table",
        help=_("as one JSON document, for programs"),
    )
    forms.add_argument(
        "--csv",
        dest="form",
        action="store_const",
        const="csv",
        help=_("as CSV with a header row, for spreadsheets"),
    )
    forms.add_argument(
        "--ids",
        dest="form",
        action="store_const",
        const="ids",
        help=_("only their numbers, one a line"),
    )


def _setting_options(parser: argparse.ArgumentParser, *, default: object) -> None:
    """The settings that ``config.toml`` may hold too, under the flag's name
    (``--lang`` is among the shared options, the icons have their own pair); each
    yes-or-no one has its ``--no-`` form, so that a flag can undo the file."""
    from ..ui.themes import THEMES, theme_named

    parser.add_argument(
        "--marks",
        action=argparse.BooleanOptionalAction,
        default=default,
        help=_("? marks: flag, f and a right click go flag, ?, hidden; “mark x y” puts one"),
    )
    parser.add_argument(
        "--theme",
        type=_Named(
            theme_named,
            _("there is no theme “{name}”; the themes are {names}"),
            THEMES,
            THEMES,
        ),
        metavar=_("NAME"),
        default=default,
        help=_("colours for your terminal's background: {names}").format(
            names=", ".join(THEMES)
        ),
    )
    parser.add_argument(
        "--animation",
        action=argparse.BooleanOptionalAction,
        default=default,
        help=_("reveal openings wave by wave (--no-animation: at once)"),
    )
    parser.add_argument(
        "--mouse",
        action=argparse.BooleanOptionalAction,
        default=default,
        help=_("clicks play (--no-mouse: leave the mouse to the terminal, its own"
               " selection and scrolling)"),
    )


def _game_options(parser: argparse.ArgumentParser) -> None:
    """The board to play, and ``--resume``."""
    from ..core.board import Level
    from ..core.limits import MAX_SIDE, MIN_SIDE
    from ..records import presets

    sides = {"low": MIN_SIDE, "high": MAX_SIDE}
    board = parser.add_argument_group(_("board"))
    refusal = _("there is no board “{name}”; the boards are {names}")
    board.add_argument(
        "--preset",
        type=_Named(
            presets.board_named,
            refusal,
            [*presets.names(), presets.custom_name()],
            presets.spellings(),
        ),
        metavar=_("NAME"),
        help=_(
            "a board by name, in English or Spanish, whatever the case and accents: {names};"
            " or {custom}, which asks its size or takes --width, --height and --mines"
        ).format(names=", ".join(presets.names(sized=True)), custom=presets.custom_name()),
    )
    board.add_argument(
        "--width",
        type=_whole,
        metavar=_("WIDTH"),
        help=_("columns, {low}-{high}").format(**sides),
    )
    board.add_argument(
        "--height",
        type=_whole,
        metavar=_("HEIGHT"),
        help=_("rows, {low}-{high}").format(**sides),
    )
    board.add_argument(
        "--mines", type=_whole, metavar=_("MINES"), help=_("mines, 1 to width×height−1")
    )
    board.add_argument(
        "--seed", type=_whole, metavar=_("SEED"), help=_("make the mine layout reproducible")
    )
    board.add_argument(
        "--board",
        type=Path,
        metavar=_("FILE"),
        help=_("start from a lab board file (- for standard input)"),
    )
    board.add_argument(
        "--classic", action="store_true", help=_("random boards, which may need a guess")
    )
    board.add_argument(
        "--game",
        metavar=_("CODE"),
        help=_("play the board a share code names (shown after a game)"),
    )
    board.add_argument(
        "--daily", action="store_true", help=_("play the day's board, the same for everyone")
    )
    board.add_argument(
        "--logic",
        choices=[level.word for level in Level],
        metavar=_("LEVEL"),
        help=_("deal boards whose hardest deduction is LEVEL: single (one number), pair (two"
               " numbers), subset (more numbers together) or global (the mine count)"),
    )
    parser.add_argument(
        "--resume", action="store_true", help=_("go on with the game left unfinished, unasked")
    )
    parser.add_argument(
        "--drill",
        action="store_true",
        help=_("small boards built around the patterns you missed in your games (1-2-1,"
               " 1-2-2-1, T), each dealt again until solved without a mistake"),
    )
    parser.add_argument(
        "--reader",
        action="store_true",
        help=_("for a screen reader: the board said in words, what each move changed (as"
               " TERM=dumb)"),
    )


def tool_parsers(
    parser: argparse.ArgumentParser,
) -> list[tuple[str, str, argparse.ArgumentParser]]:
    """Each tool the whole ``parser`` knows: its name, its words and its own parser, in
    the order ``--help`` lists them (for the manual page and the completion scripts)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            said = {choice.dest: choice.help or "" for choice in action._choices_actions}
            return [(name, said[name], tool) for name, tool in action.choices.items()]
    return []


class _Named:
    """An option's reading of a name: what ``meaning`` makes of it, or ``refusal``,
    which lists ``names``; in the player's words, where argparse's ``choices`` would
    list them in its own, and could neither ignore case nor take a second spelling.
    ``spellings`` are every name it takes, for completion to offer."""

    def __init__(
        self,
        meaning: Callable[[str], str | None],
        refusal: str,
        names: Iterable[str],
        spellings: Iterable[str],
    ) -> None:
        self.meaning = meaning
        self.refusal = refusal
        self.names = list(names)
        self.spellings = tuple(spellings)

    def __call__(self, text: str) -> str:
        meant = self.meaning(text)
        if meant is None:
            raise argparse.ArgumentTypeError(
                self.refusal.format(name=text[:30], names=", ".join(self.names))
            )
        return meant


def _whole(text: str) -> int:
    """A number an option takes (a size, a seed, a count, a game's number): a whole
    number the records can hold (SQLite's integers are 64-bit), so that a long one is
    refused, not a crash, and refused in the player's words rather than argparse's."""
    if not _WHOLE_ARGUMENT.fullmatch(text):
        raise argparse.ArgumentTypeError(
            _("“{text}” is not a whole number of at most 18 digits").format(
                text=text[:30]
            )
        )
    return int(text)


def game_or_replay(text: str) -> int | Path:
    """What ``replay`` and ``review`` look back at: a game's number, or a replay file,
    known by its name."""
    from ..records.replayfile import KINDS

    if Path(text).suffix.lower() in KINDS:
        return Path(text)
    if text.lstrip("+-").isdigit():
        return _whole(text)
    raise argparse.ArgumentTypeError(
        _("“{text}” is neither a game's number nor a replay (.evf, .avf or .rmv)").format(
            text=text[:300]
        )
    )


def _icon_options(parser: argparse.ArgumentParser, *, default: object) -> None:
    """``--legacy`` or ``--nerd``: for the game, and for ``replay`` after its name too
    (suppressed there unless given, so that one given before the name holds)."""
    icons = parser.add_mutually_exclusive_group()
    for flag, words in (
        ("--legacy", _("plain characters for icons")),
        ("--nerd", _("Nerd Font icons")),
    ):
        icons.add_argument(flag, action="store_true", default=default, help=words)


def _shared_options(parser: argparse.ArgumentParser) -> None:
    """Options that go before or after a tool's name.

    Every parser suppresses their defaults, so that a value given before
    ``stats`` is not reset by the tool's parser; :func:`main` fills in the
    ones never given.
    """
    parser.add_argument(
        "--lang",
        choices=i18n.LANGUAGES,
        default=argparse.SUPPRESS,
        help=_("language (default: the locale)"),
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        metavar=_("DIR"),
        default=argparse.SUPPRESS,
        help=_("where scores are kept"),
    )


def parsed(arguments: Sequence[str]) -> dict[str, Any]:
    """The command line's values by their names; a command line wrong for the parser built
    for its tool alone is parsed again by the whole parser, which words the refusal."""
    try:
        return vars(build_parser(command_of(arguments)).parse_args(arguments))
    except Refused:
        return vars(build_parser().parse_args(arguments))


def refuse(message: str) -> NoReturn:
    """A command line the parser took but the game cannot (flags that do not go
    together), refused in the whole parser's words: its usage names every option."""
    build_parser().error(message)
