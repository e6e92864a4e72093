"""The tools beside the game: ``stats``, ``config``, ``analyze``, and the games played
(``games``, ``replay``, ``review``, ``export``)."""

from __future__ import annotations

import sys

from .. import collector, i18n
from . import configured
from .choices import chosen_icons, data_directory
from .invocation import Invocation, leave


def show_stats(args: Invocation) -> int:
    """``buscaminas stats``: the same tables as the in-game ``stats`` page."""
    from ..records.presets import board_label
    from ..records.stats import format_stats
    from ..records.storage import Store, database_in

    store = Store(
        database_in(args.options.data_dir), on_warning=lambda line: print(line, file=sys.stderr)
    )
    if args.json:
        from .lookback import print_stats_document

        return print_stats_document(store)
    lines = format_stats(store, board_label)
    for line in lines:
        print(line)
    return 0 if lines else 1  # none: the records could not be read, as said on stderr


def show_config(args: Invocation) -> int:
    """``buscaminas config``: where the settings file is, and every setting in effect."""
    from ..records.preferences import FILE_NAME, Preferences

    kept = data_directory(args.options.data_dir)
    remembered = Preferences(kept).icons()
    remembered = remembered if remembered in configured.ICONS else None
    for line in configured.show(args.options, remembered, kept / FILE_NAME):
        print(line)
    return 0


def show_analysis(args: Invocation) -> int:
    """``buscaminas analyze FILE --mines M``: probabilities and certain cells of a position."""
    from ..records import inputfile
    from .analyze_file import Unreadable, analysis_of, certain_cells, probability_grid

    try:
        position, analysis = analysis_of(inputfile.read_text(args.file), args.mines)
    except OSError as error:
        leave(f"{args.file}: {i18n.reason(error)}")
    except (inputfile.UnreadableFile, Unreadable) as error:
        leave(f"{args.file}: {error}")
    for line in [*probability_grid(position, analysis), "", *certain_cells(analysis)]:
        print(line)
    return 0


def show_history(args: Invocation) -> int:
    """``games``, ``replay``, ``review`` and ``export``: the games played, listed, watched,
    judged, written for other tools."""
    from . import lookback

    collector.release()  # a replay is watched, a review may be long: they are up
    data_dir = args.options.data_dir
    if args.tool == "games":
        return lookback.list_games(data_dir, args.listed, args.form)
    if args.tool == "export":
        assert isinstance(args.number, int)  # the parser requires a game's number
        return lookback.export_game(data_dir, args.number, args.file)
    if args.tool == "replay":
        from ..game.screen import Audience
        from .start import audience_of_the_streams

        watching = audience_of_the_streams() is Audience.VIEWER
        icons = chosen_icons(args.options) if watching else None
        return lookback.replay_game(data_dir, args.number, icons)
    return lookback.review_game(data_dir, args.number, clicks=args.clicks)
