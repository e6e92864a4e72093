"""The ``buscaminas`` command: flags, the startup questions, and wiring."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import signal
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, NoReturn

from . import collector, configured, i18n, signals
from .i18n import _

if TYPE_CHECKING:
    from .game.questions import Custom
    from .game.rounds import Kept
    from .game.screen import Audience, Screen
    from .game.settings import Settings
    from .records import sharecode
    from .records.storage import Store
    from .ui.renderer import IconSet

# Each command imports what it uses where it uses it: ``--help``, ``stats`` and
# ``analyze`` start in a fraction of the game's time, and load no terminal toolkit.

EXIT_USAGE = 2
_WHOLE_ARGUMENT = re.compile(r"[+-]?[0-9]{1,18}")
RECENT = 20
"""How many games ``buscaminas games`` lists unless told."""


TOOLS = (
    "stats", "analyze", "games", "replay", "review", "export", "config", "manpage", "completion"
)
GAME = "game"
"""A command line that names no tool: the game, built by :func:`build_parser` alone."""


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
    settled = False
    """True once it has parsed the command line: a refusal after that is the game's
    own (``--game`` given with a size), worded as the whole parser words it."""

    def error(self, message: str) -> NoReturn:
        if not self.settled:
            raise Refused(message)
        build_parser().error(message)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with ``command``, only what a command line for it
    can use.  For a tool named first, its own options and the shared ones it takes
    after its name: the game's could only come before the name, so ``buscaminas
    stats`` neither builds them nor loads what they name (the presets).  For the
    :data:`GAME`, no tool's parser.  Those parsers raise :class:`Refused` where the
    whole one would print an error."""
    from . import __version__

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
            type=_game_or_replay,
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
    from .ui.themes import THEMES, theme_named

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
    from .core.limits import MAX_SIDE, MIN_SIDE
    from .records import presets

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
    parser.add_argument(
        "--resume", action="store_true", help=_("go on with the game left unfinished, unasked")
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


def command_of(arguments: Sequence[str]) -> str | None:
    """What a command line surely asks for: a tool named first; the :data:`GAME` when
    no word could name a tool or ask for help; else None, for the whole parser."""
    if arguments[:1] and arguments[0] in TOOLS:
        return arguments[0]
    if any(word in TOOLS or word.startswith(("-h", "--h")) for word in arguments):
        return None
    return GAME


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


def _game_or_replay(text: str) -> int | Path:
    """What ``replay`` and ``review`` look back at: a game's number, or a replay file,
    known by its name."""
    from .records.replayfile import KINDS

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


def settings_from_flags(
    parser: argparse.ArgumentParser, args: argparse.Namespace
) -> Settings | Custom | None:
    """The board the flags ask for; :class:`Custom` when its size is to be asked
    (``--preset custom`` alone), None when the board is."""
    from .core.limits import out_of_bounds
    from .game.questions import Custom
    from .game.settings import Settings
    from .records import boardfile, inputfile, mbf
    from .records.presets import CUSTOM, out_of_bounds_message

    if args.game is not None or args.daily:
        return _shared_board(parser, args)
    if args.board is not None:
        if any(value is not None for value in (args.preset, args.width, args.height, args.mines)):
            parser.error(_("--board brings its own size and mines: give it alone"))
        try:
            board = boardfile.load(args.board)
        except OSError as error:
            parser.exit(EXIT_USAGE, f"buscaminas: {args.board}: {i18n.reason(error)}\n")
        except (inputfile.UnreadableFile, boardfile.BoardFileError, mbf.MbfError) as error:
            parser.exit(EXIT_USAGE, f"buscaminas: {args.board}: {error}\n")
        return Settings(board.width, board.height, len(board.mines), board_file=board)
    sizes = (args.width, args.height, args.mines)
    custom = args.preset == CUSTOM[0]
    if args.preset is not None and not custom:
        if any(value is not None for value in sizes):
            parser.error(_("give either --preset or --width, --height and --mines"))
        return Settings.from_preset(args.preset, args.seed, no_guess=not args.classic)
    if all(value is None for value in sizes):
        return Custom() if custom else None
    if any(value is None for value in sizes):
        parser.error(_("--width, --height and --mines go together"))
    problem = out_of_bounds(args.width, args.height, args.mines)
    if problem is not None:
        parser.error(out_of_bounds_message(problem))
    return Settings(args.width, args.height, args.mines, seed=args.seed, no_guess=not args.classic)


def _shared_board(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Settings:
    """``--game CODE`` or ``--daily``: a board named exactly, alone on the command line."""
    from datetime import date

    from .game.settings import Settings
    from .records import sharecode
    from .records.presets import DAILY, daily_code, preset_of

    others = (args.preset, args.width, args.height, args.mines, args.seed, args.board)
    both = args.game is not None and args.daily
    if any(value is not None for value in others) or args.classic or both:
        parser.error(_("--game and --daily name their own board: give them alone"))
    if args.daily:
        return Settings.from_code(daily_code(date.today()), DAILY)
    try:
        code = sharecode.parse(args.game)
    except sharecode.CodeError as error:
        parser.exit(EXIT_USAGE, f"buscaminas: {_code_refused(error, args.game)}\n")
    refusal = _undealt(code)
    if refusal is not None:
        parser.exit(EXIT_USAGE, f"buscaminas: {_no_board(args.game, refusal)}\n")
    return Settings.from_code(code, preset_of(code.width, code.height, code.mines))


EXAMPLE_CODE = "R0SE-HS08-3GW0-A0T6-SKRA"


def _code_refused(error: sharecode.CodeError, typed: str) -> str:
    """Why ``typed`` deals no board, in words."""
    from .game import textwidth
    from .records import sharecode

    shown = textwidth.clip(typed, 40)
    if isinstance(error, sharecode.MistypedCode):
        if error.fix is not None:
            message = _(
                "“{code}” is mistyped: a letter is wrong, missing, extra or swapped with"
                " its neighbour. Did you mean {fix}?"
            )
            return message.format(code=shown, fix=error.fix)
        message = _(
            "“{code}” is mistyped: a letter is wrong, missing, extra or swapped with its"
            " neighbour; check it against the code you were given"
        )
        return message.format(code=shown)
    if isinstance(error, sharecode.NewerCode):
        message = _(
            "“{code}” comes from a newer version of buscaminas: update it to play that board"
        )
        return message.format(code=shown)
    if isinstance(error, sharecode.OlderCode):
        message = _(
            "“{code}” is a code of an earlier version of buscaminas, which this version no"
            " longer deals: its check let a typo deal another board. Ask for the board's"
            " code from this version (20 letters or more)"
        )
        return message.format(code=shown)
    if isinstance(error, sharecode.MalformedCode) and error.fix is not None:
        message = _(
            "“{code}” is not a share code as it is written: a code is groups of four"
            " letters and digits joined by hyphens. Did you mean {fix}?"
        )
        return message.format(code=shown, fix=error.fix)
    message = _(
        "“{code}” is not a share code: a code is groups of four letters and digits,"
        " like {example}"
    )
    return message.format(code=shown, example=EXAMPLE_CODE)


def _undealt(code: sharecode.ShareCode) -> BaseException | None:
    """Why the generator cannot deal ``code``'s board, found before any search: a
    generator version it does not have, or a no-guess request it can refuse at once
    (too many mines for its size, no room for an opening)."""
    from .core import generator
    from .core.board import BoardKind
    from .records import sharecode

    if code.layout is not None:
        return None
    if code.generator not in generator.VERSIONS:
        newer = code.generator > generator.VERSION
        return sharecode.NewerCode(code) if newer else sharecode.MalformedCode(code)
    if code.kind is BoardKind.NO_GUESS:
        try:
            generator.check_no_guess(code.width, code.height, code.mines, code.first)
        except generator.LayoutError as refusal:
            return refusal
    return None


def _no_board(typed: str, refusal: BaseException) -> str:
    """``typed`` refused because its board cannot be dealt (``refusal``), in words."""
    from .game.dealer import why_no_board
    from .records import sharecode

    if isinstance(refusal, sharecode.CodeError):
        return _code_refused(refusal, typed)
    return _deals_no_board(typed, why_no_board(refusal))


def _deals_no_board(typed: str, why: str) -> str:
    from .game import textwidth

    return _("“{code}” deals no board: {why}").format(code=textwidth.clip(typed, 40), why=why)


def choose_icons(screen: Screen, args: argparse.Namespace) -> IconSet:
    """The flags decide; else the answer remembered from last time; else ask, and remember."""
    icons = given_icons(args)
    if icons is not None:
        return icons
    from .game import questions
    from .records.preferences import Preferences
    from .ui.renderer import LEGACY, NERD

    sets = {icons.name: icons for icons in (LEGACY, NERD)}
    shown = {
        name: " ".join((icons.hidden, icons.flag, icons.mine, icons.wrong_flag, icons.maybe))
        for name, icons in sets.items()
    }
    name = questions.ask(screen, questions.ChooseIcons(shown[LEGACY.name], shown[NERD.name]))
    Preferences(data_directory(args.data_dir)).remember_icons(name)
    return sets[name]


def given_icons(args: argparse.Namespace) -> IconSet | None:
    """The icons the flags ask for (or ``config.toml``: :func:`configured.apply_config`
    has put its choice among the flags), else those remembered from last time, if any."""
    from .ui.renderer import LEGACY, NERD

    if args.legacy or args.nerd:
        return LEGACY if args.legacy else NERD
    from .records.preferences import Preferences

    preferences = Preferences(data_directory(args.data_dir))
    return {icons.name: icons for icons in (NERD, LEGACY)}.get(preferences.icons() or "")


def chosen_icons(args: argparse.Namespace) -> IconSet:
    """The player's icons without a question (plain characters if never chosen), in
    colour unless the player opted out."""
    from .ui.renderer import LEGACY

    return styled(given_icons(args) or LEGACY, args)


def styled(icons: IconSet, args: argparse.Namespace) -> IconSet:
    """``icons`` in the theme asked for, or in no colour at all if the player opted out
    (``NO_COLOR`` outranks any theme)."""
    return icons.with_theme(args.theme) if coloured() else icons.without_colour()


def ask_settings(
    screen: Screen, seed: int | None, *, no_guess: bool, columns: int | None = None
) -> Settings:
    """The preset, or a custom size asked until valid; Enter alone is beginner.
    ``columns``: the terminal's width, for the menu to say which boards scroll."""
    from .game import questions
    from .game.settings import Settings
    from .records.presets import PRESETS
    from .ui import layout

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
    from .core.limits import MAX_SIDE, MIN_SIDE, mine_range
    from .game import questions
    from .game.settings import Settings
    from .records.presets import usual_mines

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


def play(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """The game: on a terminal with the startup questions, in a pipe line by line.

    A terminal that says it cannot move its cursor (``TERM=dumb``) gets the
    line-by-line game too, with the board question, since a person is there.
    """
    from .game.screen import Audience

    settings = settings_from_flags(parser, args)
    audience = audience_of_the_streams()
    if audience is Audience.VIEWER:
        return play_on_terminal(settings, args)
    return play_piped(settings, args, audience)


def audience_of_the_streams() -> Audience:
    """Who is at the other end: a person at a full screen when both standard streams are
    a terminal that can move its cursor, a person reading lines on a dumb one, and a
    program whenever either stream is a pipe or a file (a terminal typing into a pipe
    included: what the game writes is read by a program)."""
    from .game.screen import Audience

    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return Audience.PROGRAM
    return Audience.READER if os.environ.get("TERM") == "dumb" else Audience.VIEWER


def play_piped(
    settings: Settings | Custom | None, args: argparse.Namespace, audience: Audience
) -> int:
    """Line by line with plain text; the end of the input, or ``quit`` at a question,
    ends the game quietly.

    A :attr:`Audience.READER` is asked the startup questions; a program is given
    the beginner board instead, or asked the size that ``--preset custom`` leaves
    out.
    """
    import shutil

    from .game.app import App
    from .game.dealer import BoardRefused
    from .game.keeper import Keeper
    from .game.questions import Custom, Leave
    from .game.screen import Audience
    from .game.settings import Settings
    from .records.presets import DEFAULT
    from .records.storage import database_in
    from .ui.pipe import PipeScreen
    from .ui.renderer import LEGACY, Renderer

    for stream in (sys.stdin, sys.stdout):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")  # a stray byte is bad input, not a crash
    collector.release()  # a game read from a pipe may be long: it is up
    ask = audience is Audience.READER
    pipe = PipeScreen(audience=audience, icons=_forced_colours(args))
    no_guess = not args.classic
    keeper = Keeper.open(database_in(args.data_dir), on_warning=pipe.say)
    taken = _Taken(None)
    try:
        if args.resume:
            taken = _resumed(keeper.store, time.monotonic, pipe, ask=False)
        if taken.kept is not None:
            settings = taken.kept.round.settings
        elif isinstance(settings, Custom):
            settings = ask_size(pipe, args.seed, no_guess=no_guess)
        elif settings is None:
            columns = shutil.get_terminal_size().columns if ask else None
            settings = (
                ask_settings(pipe, args.seed, no_guess=no_guess, columns=columns)
                if ask or taken.lost
                else Settings.from_preset(DEFAULT, args.seed, no_guess=no_guess)
            )
    except (EOFError, KeyboardInterrupt, Leave):
        return 0
    try:
        app = App(
            settings,
            pipe,
            legend=Renderer.legend(LEGACY),
            keeper=keeper,
            scripted=not sys.stdin.isatty(),  # lines typed by a program, not a person
            resumed=taken.kept,
        )
    except KeyboardInterrupt:
        return 0
    except BoardRefused as refused:
        return _refuse_board(args.game, refused)
    app.session.marks = args.marks
    if args.config.problem is not None:  # standard output is the script's
        print(f"buscaminas: {configured.problem(args.config)}", file=sys.stderr)
    if args.keys_problem is not None:
        print(f"buscaminas: {args.keys_problem}", file=sys.stderr)
    try:
        app.run()
    except (EOFError, KeyboardInterrupt):
        pass
    finally:
        app.session.put_away()
    for line in [*app.goodbye(), _("See you soon!")]:
        pipe.say(line)
    return 0


class _Taken(NamedTuple):
    """What became of the game left unfinished at the start."""

    kept: Kept | None
    """The game to go on with; None when there was none, or it was given up or lost."""
    lost: bool = False
    """Another terminal took it up first (said): the board menu is to be offered."""


def _resumed(store: Store, clock: Callable[[], float], screen: Screen, *, ask: bool) -> _Taken:
    """The game left unfinished, taken up if the player wants it (given up if not).
    ``ask``: offer it; else ``--resume`` asked for it, and hearing that there is none
    is news.  Another terminal may take it up between the look and the take (while
    the player reads the offer, say): the player is told, not dealt a board unasked."""
    from .game import questions, unfinished
    from .records.storage import Claim

    kept = unfinished.newest(store, clock)
    if kept is None:
        if not ask:
            screen.say(_nothing_to_resume(store))
        return _Taken(None)
    if ask and not questions.ask(screen, questions.TakeUp(kept)):
        unfinished.give_up(store, kept)
        return _Taken(None)
    claimed = unfinished.take_up(store, kept)
    if claimed is Claim.TAKEN:
        return _Taken(kept)
    if claimed is Claim.FAILED:  # the records said why: nobody else has it
        return _Taken(None)
    screen.say(_("That game was just taken up elsewhere: it goes on there, not here."))
    return _Taken(None, lost=True)


def _nothing_to_resume(store: Store) -> str:
    """Why ``--resume`` finds no game to take up: there is none, or the one there is
    is being played by another process now."""
    if store.played_elsewhere:
        return _(
            "Your game in progress is being played in another window: it goes on there,"
            " and “buscaminas --resume” takes it up here once it is left."
        )
    return _("There is no game in progress to resume.")


def play_on_terminal(settings: Settings | Custom | None, args: argparse.Namespace) -> int:
    """The board in place, the questions first; the terminal is restored however it ends."""
    from .game import commands, textwidth
    from .game.app import App
    from .game.dealer import BoardRefused
    from .game.keeper import Keeper
    from .game.questions import Custom, Leave
    from .records.storage import database_in
    from .ui.pipe import columns_of
    from .ui.renderer import LEGACY, Renderer
    from .ui.terminal import TerminalScreen

    if sys.platform == "win32":  # the one console that needs it: elsewhere, no time lost
        import colorama

        colorama.just_fix_windows_console()
    screen = TerminalScreen(
        LEGACY,
        animated=args.animation,
        words=commands.verb_names(),
        mouse=args.mouse,
    )
    app: App | None = None
    refusal: BoardRefused | None = None
    told: list[str] = []
    """The records' warnings before the board: a line said now would be drawn over."""
    try:
        with signals.suspending(screen.step_away, screen.resume):
            screen.enter()  # one application from here to the exit: every screen is in it
            icons = choose_icons(screen, args)
            screen.icons = styled(icons, args)
            keeper = Keeper.open(database_in(args.data_dir), on_warning=told.append)
            store = keeper.store
            waiting = False
            if args.resume or settings is None:
                resumed = _resumed(store, signals.playing_clock, screen, ask=not args.resume).kept
            else:  # the board the flags name is the game wanted; a kept one waits its turn
                from .game import unfinished

                resumed = None
                waiting = unfinished.newest(store, signals.playing_clock) is not None
            no_guess = not args.classic
            if resumed is not None:
                settings = resumed.round.settings
            elif settings is None:
                columns = screen.size()[0]
                settings = ask_settings(screen, args.seed, no_guess=no_guess, columns=columns)
            elif isinstance(settings, Custom):
                settings = ask_size(screen, args.seed, no_guess=no_guess)
            app = App(
                settings,
                screen,
                legend=Renderer.legend(icons),
                keeper=keeper,
                clock=signals.playing_clock,
                resumed=resumed,
            )
            app.session.marks = args.marks
            if args.config.problem is not None:
                app.session.tell(configured.problem(args.config))
            if args.keys_problem is not None:
                app.session.tell(args.keys_problem)
            for line in told:
                app.session.tell(line)
            told.clear()
            if waiting:
                app.session.tell(
                    _("A game you left unfinished waits: “buscaminas --resume” goes on with it.")
                )
            app.run()
    except (EOFError, KeyboardInterrupt, Leave):
        pass
    except BoardRefused as refused:
        refusal = refused
    finally:
        screen.restore()
        if app is not None:
            app.session.put_away()  # however the player left, the game waits for them
    if refusal is not None:
        return _refuse_board(args.game, refusal)
    width = columns_of(sys.stdout)
    for line in [*told, *(app.goodbye() if app else []), _("See you soon!")]:
        for wrapped in [line] if width is None else textwidth.paragraph(line, width):
            print(wrapped)  # words whole, not cut by the terminal at its edge
    return 0


def _refuse_board(code: str | None, refused: Exception) -> int:
    """A shared board the generator found no layout for: the code is refused, with
    the reason, and nothing else is dealt in its place."""
    said = str(refused) if code is None else _deals_no_board(code, str(refused))
    print(f"buscaminas: {said}", file=sys.stderr)  # None: the day's board, named by the date
    return EXIT_USAGE


def _forced_colours(args: argparse.Namespace) -> IconSet | None:
    """The board's colours line by line: none, unless the environment forces them
    (:func:`buscaminas.environment.colour`), in the theme asked for."""
    from .environment import colour
    from .ui.renderer import LEGACY

    return LEGACY.with_theme(args.theme) if colour(os.environ, terminal=False).on else None


def coloured() -> bool:
    """Colour on a terminal's full screen unless the environment turns it off
    (``NO_COLOR``, ``CLICOLOR=0``: :func:`buscaminas.environment.colour`)."""
    from .environment import colour

    return colour(os.environ, terminal=True).on


def data_directory(given: Path | None) -> Path:
    """Where the scores and preferences live: ``--data-dir``, else the default."""
    from .records.storage import default_path

    return given if given is not None else default_path().parent


def show_stats(args: argparse.Namespace) -> int:
    """``buscaminas stats``: the same tables as the in-game ``stats`` page."""
    from .records.presets import board_label
    from .records.stats import format_stats
    from .records.storage import Store, database_in

    store = Store(database_in(args.data_dir), on_warning=lambda line: print(line, file=sys.stderr))
    if args.json:
        from .lookback import print_stats_document

        return print_stats_document(store)
    for line in format_stats(store, board_label):
        print(line)
    return 0


def show_config(args: argparse.Namespace) -> int:
    """``buscaminas config``: where the settings file is, and every setting in effect."""
    from .records.preferences import FILE_NAME, Preferences

    kept = data_directory(args.data_dir)
    remembered = Preferences(kept).icons()
    remembered = remembered if remembered in configured.ICONS else None
    for line in configured.show(args, args.config, remembered, kept / FILE_NAME):
        print(line)
    return 0


def show_analysis(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``buscaminas analyze FILE --mines M``: probabilities and certain cells of a position."""
    from .analyze_file import Unreadable, analysis_of, certain_cells, probability_grid
    from .records import inputfile

    try:
        position, analysis = analysis_of(inputfile.read_text(args.file), args.mines)
    except OSError as error:
        parser.exit(EXIT_USAGE, f"buscaminas: {args.file}: {i18n.reason(error)}\n")
    except (inputfile.UnreadableFile, Unreadable) as error:
        parser.exit(EXIT_USAGE, f"buscaminas: {args.file}: {error}\n")
    for line in [*probability_grid(position, analysis), "", *certain_cells(analysis)]:
        print(line)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; every way out is a status, never a traceback.

    A closed or full standard stream ends with one line on standard error;
    SIGTERM, SIGHUP and SIGQUIT with 128 plus their number, as a shell expects.
    The cycle collector waits until the command is up (:mod:`buscaminas.collector`).
    """
    collector.hold()
    try:
        return _main(argv)
    finally:
        collector.release()


def _main(argv: Sequence[str] | None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    found = configured.read_config()
    asked = _language_asked(arguments) or configured.file_language(found)
    i18n.use(i18n.choose_language(asked))  # for --help and errors
    try:
        parser = build_parser(command_of(arguments))
        args = parser.parse_args(arguments)
    except Refused:
        parser = build_parser()
        args = parser.parse_args(arguments)
    if isinstance(parser, _ToolParser):
        parser.settled = True
    for shared in ("lang", "data_dir"):
        if not hasattr(args, shared):
            setattr(args, shared, None)
    configured.apply_config(args, found)
    i18n.use(i18n.choose_language(args.lang))
    if found.problem is not None:  # read again, to word it in the language now in use
        found = configured.read_config()
    args.config = found
    args.keys_problem = configured.apply_keys(found)
    if found.problem is not None and args.tool not in (None, "config"):
        print(f"buscaminas: {configured.problem(found)}", file=sys.stderr)
    if sys.stdin is None or sys.stdout is None:
        closed = _("standard input") if sys.stdin is None else _("standard output")
        return _fail(_("{stream} is closed").format(stream=closed))
    try:
        with signals.ending():
            status = run(parser, args)
            sys.stdout.flush()
            return status
    except BrokenPipeError:
        # The reader has gone (``| head``): nobody is left to tell.
        _silence_stdout()
        return 0
    except KeyboardInterrupt:  # Ctrl-C in a tool (the game itself takes it as goodbye)
        return 128 + signal.SIGINT
    except signals.Terminated as ending:
        _silence_stdout()
        return ending.exit_status
    except OSError as error:
        _silence_stdout()
        return _fail(_("cannot write: {reason}").format(reason=i18n.reason(error)))


def _language_asked(arguments: Sequence[str]) -> str | None:
    """The language ``--lang`` names on the command line, before it is parsed: the
    parser's own words (``--help``, its refusals) are to be in it."""
    for index, word in enumerate(arguments):
        if word == "--":
            break
        given = word.removeprefix("--lang=") if word.startswith("--lang=") else None
        if word == "--lang" and index + 1 < len(arguments):
            given = arguments[index + 1]
        if given in i18n.LANGUAGES:
            return given
    return None


def run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """The command the arguments name: a tool, or the game."""
    if args.tool == "config":
        return show_config(args)
    if args.tool == "stats":
        return show_stats(args)
    if args.tool == "analyze":
        return show_analysis(parser, args)
    if args.tool == "manpage":
        from .manpage import page

        print(page(build_parser()), end="")
        return 0
    if args.tool == "completion":
        from .completion import script

        print(script(build_parser(), args.shell), end="")
        return 0
    if args.tool in ("games", "replay", "review", "export"):
        return show_history(args)
    return play(parser, args)


def show_history(args: argparse.Namespace) -> int:
    """``games``, ``replay``, ``review`` and ``export``: the games played, listed, watched,
    judged, written for other tools."""
    from . import lookback

    collector.release()  # a replay is watched, a review may be long: they are up
    if args.tool == "games":
        count = RECENT if args.count is None else args.count
        return lookback.list_games(args.data_dir, None if args.all else count, args.form)
    if args.tool == "export":
        return lookback.export_game(args.data_dir, args.number, args.file)
    if args.tool == "replay":
        from .game.screen import Audience

        watching = audience_of_the_streams() is Audience.VIEWER
        icons = chosen_icons(args) if watching else None
        return lookback.replay_game(args.data_dir, args.number, icons)
    return lookback.review_game(args.data_dir, args.number, clicks=args.clicks)


def _silence_stdout() -> None:
    """Point standard output at the null device, so that what is still buffered does
    not fail again, with a traceback, when the interpreter flushes it at exit."""
    if sys.stdout is not None:
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _fail(reason: str) -> int:
    """One line on standard error, if it is there to take it, and a failing status."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError):
            print(f"buscaminas: {reason}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
