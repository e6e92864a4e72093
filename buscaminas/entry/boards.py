"""The board the flags name, checked: the flags that go together, a board file read,
a share code or the day's board dealt or refused in the player's words."""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from .. import i18n
from ..i18n import _
from .invocation import BoardFlags, leave

if TYPE_CHECKING:
    from pathlib import Path

    from ..game.drills import Drill
    from ..game.questions import Custom
    from ..game.settings import Settings
    from ..records import sharecode


def _refuse(message: str) -> NoReturn:
    """Flags that do not go together: refused as the parser refuses a command line
    (which is loaded only then: the game's start needs no parser's words)."""
    from .parser import refuse

    refuse(message)


def settings_from_flags(args: BoardFlags) -> Settings | Custom | None:
    """The board the flags ask for; :class:`Custom` when its size is to be asked
    (``--preset custom`` alone), None when the board is."""
    from ..core.limits import out_of_bounds
    from ..game.questions import Custom
    from ..game.settings import Settings
    from ..records import boardfile, inputfile, mbf
    from ..records.presets import CUSTOM, out_of_bounds_message

    if args.game is not None or args.daily:
        return _shared_board(args)
    if args.board is not None:
        if any(value is not None for value in (args.preset, args.width, args.height, args.mines)):
            _refuse(_("--board brings its own size and mines: give it alone"))
        try:
            board = boardfile.load(args.board)
        except OSError as error:
            leave(f"{args.board}: {i18n.reason(error)}")
        except (inputfile.UnreadableFile, boardfile.BoardFileError, mbf.MbfError) as error:
            leave(f"{args.board}: {error}")
        return Settings(board.width, board.height, len(board.mines), board_file=board)
    sizes = (args.width, args.height, args.mines)
    custom = args.preset == CUSTOM[0]
    if args.preset is not None and not custom:
        if any(value is not None for value in sizes):
            _refuse(_("give either --preset or --width, --height and --mines"))
        return Settings.from_preset(args.preset, args.seed, no_guess=not args.classic)
    if all(value is None for value in sizes):
        return Custom() if custom else None
    width, height, mines = sizes
    if width is None or height is None or mines is None:
        _refuse(_("--width, --height and --mines go together"))
    problem = out_of_bounds(width, height, mines)
    if problem is not None:
        _refuse(out_of_bounds_message(problem))
    return Settings(width, height, mines, seed=args.seed, no_guess=not args.classic)


def drill_or_board(
    args: BoardFlags, settings: Settings | Custom | None, data_dir: Path | None
) -> tuple[Settings | Custom | None, Drill | None]:
    """The board ``settings`` names, or with ``--drill`` the drill and its first board;
    ``--logic`` and ``--drill`` refused beside the flags they cannot go with."""
    if args.logic is not None and (args.classic or args.board or args.game or args.daily):
        _refuse(_("--logic grades the boards it deals without guessing: give it alone"
                  " with a board's size"))
    if not args.drill:
        return settings, None
    if settings is not None or args.logic or args.classic or args.resume:
        _refuse(_("--drill deals its own boards: give it alone"))
    drill = _drilling(args.seed, data_dir)
    return drill.settings, drill


def _drilling(seed: int | None, data_dir: Path | None) -> Drill:
    """The drill for the patterns missed in the latest recorded games."""
    import random

    from ..game import drills
    from .lookback import store_in

    games = store_in(data_dir).recent(drills.GAMES) or []
    counted = drills.missed(drills.journals(game for _number, game in games))
    return drills.Drill(drills.rotation(counted), random.randrange(2**30) if seed is None else seed)


def _shared_board(args: BoardFlags) -> Settings:
    """``--game CODE`` or ``--daily``: a board named exactly, alone on the command line."""
    from datetime import date

    from ..game.settings import Settings
    from ..records import sharecode
    from ..records.presets import DAILY, daily_code, preset_of

    others = (args.preset, args.width, args.height, args.mines, args.seed, args.board)
    both = args.game is not None and args.daily
    if any(value is not None for value in others) or args.classic or both:
        _refuse(_("--game and --daily name their own board: give them alone"))
    if args.daily:
        return Settings.from_code(daily_code(date.today()), DAILY)
    typed = args.game or ""
    try:
        code = sharecode.parse(typed)
    except sharecode.CodeError as error:
        leave(_code_refused(error, typed))
    refusal = _undealt(code)
    if refusal is not None:
        leave(_no_board(typed, refusal))
    return Settings.from_code(code, preset_of(code.width, code.height, code.mines))


EXAMPLE_CODE = "R0SE-HS08-3GW0-A0T6-SKRA"


def _code_refused(error: sharecode.CodeError, typed: str) -> str:
    """Why ``typed`` deals no board, in words."""
    from ..game import textwidth
    from ..records import sharecode

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
            "“{code}” is a code cut short, or a code of an earlier version of buscaminas,"
            " which this version no longer deals: its check let a typo deal another board."
            " A code of this version has 20 letters or more: copy it whole, or ask for it"
            " again"
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
    from ..core import generator
    from ..core.board import BoardKind
    from ..records import sharecode

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
    from ..game.dealer import why_no_board
    from ..records import sharecode

    if isinstance(refusal, sharecode.CodeError):
        return _code_refused(refusal, typed)
    return deals_no_board(typed, why_no_board(refusal))


def deals_no_board(typed: str, why: str) -> str:
    from ..game import textwidth

    return _("“{code}” deals no board: {why}").format(code=textwidth.clip(typed, 40), why=why)
