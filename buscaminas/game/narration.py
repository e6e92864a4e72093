"""What a move did, in the player's words.

The engine answers a move with an :class:`~buscaminas.core.engine.Outcome`, a
value with no words in it; this module says it: why a move was refused and
what would work instead, what an ``expand`` flagged, how the game ended.
"""

from __future__ import annotations

from ..core.board import Level
from ..core.engine import Action, Minesweeper, Notice, Outcome, Termination
from ..i18n import _, ngettext
from .commands import label, labels, said
from .journal import Journal, Played


def outcome(
    done: Outcome, game: Minesweeper, seconds: float, journal: Journal | None = None
) -> tuple[str, ...]:
    """The words for what a move did (``done``): why it was refused, what it flagged,
    how the game ended; ``seconds`` is the time to tell if it ended, and after a win
    the clicks of the game's ``journal`` are set beside the fewest the board needed."""
    messages: list[str] = []
    if done.notice is Notice.WRONG_FLAG:
        messages.append(
            _("A flag around {cell} was wrong, so expanding revealed a mine.").format(
                cell=label(done.move.cell)
            )
        )
    elif done.notice is not None:
        messages.append(_notice(done, game))
    elif done.move.action is Action.EXPAND and done.flagged and not done.waves:
        # An expand either flags or reveals: flags beside a reveal are the win's, not its.
        messages.append(
            ngettext(
                "Flagged {cells}: the {number} at {cell} needs it as a mine.",
                "Flagged {cells}: the {number} at {cell} needs them all as mines.",
                len(done.flagged),
            ).format(
                cells=labels(done.flagged),
                number=game.number(done.move.cell),
                cell=label(done.move.cell),
            )
        )
    if done.end is Termination.LOST:
        exploded = game.exploded if game.exploded is not None else done.move.cell
        messages.append(
            _("Boom! The mine at {cell} exploded. Time: {seconds:.2f} s.").format(
                cell=label(exploded), seconds=seconds
            )
        )
    if done.end is Termination.WON and journal is not None:
        from . import efficiency  # its coaching is needed after a win, not at the start

        clicks = journal.clicks
        assisted = any(played.by_ai for played in journal.moves)
        messages.append(
            efficiency.after_win(
                game, len(journal.moves) if clicks is None else clicks, assisted=assisted
            )
        )
    return tuple(messages)


def no_guessing(logic: Level | None) -> tuple[str, ...]:
    """The promise a no-guess board makes, said once it exists (a search that fails
    would make it untrue), and the grade ``--logic`` asked for, so that the player
    knows what the board will ask of them."""
    promise = _("This board can be solved without guessing.")
    if logic is None:
        return (promise,)
    hardest = {
        Level.SINGLE: _("Its hardest deduction reads one number alone (single)."),
        Level.PAIR: _("Its hardest deduction reads two numbers together (pair)."),
        Level.SUBSET: _("Its hardest deduction reads several numbers together (subset)."),
        Level.GLOBAL: _("Its hardest deduction reads the numbers with the mines left (global)."),
    }
    return (promise, hardest[logic])


def made(played: Played, before: Minesweeper) -> str:
    """A move as it was made, named on the board as it stood ``before`` it, the way the
    player would type it: a flag taken off is ``unflag 1 3``; the AI's says so
    (``AI: try 1 3``)."""
    move = played.move
    if move.action is Action.FLAG and move.cell in before.flags:
        words = _("unflag {cell}").format(cell=label(move.cell))
    else:
        words = said(move)
    return _("AI: {move}").format(move=words) if played.by_ai else words


def _notice(done: Outcome, game: Minesweeper) -> str:
    """Why the engine refused a move, with the numbers that show it."""
    cell = label(done.move.cell)
    notice = done.notice
    if notice is Notice.FLAGGED:
        return _(
            "{cell} has a flag: take it off first (“flag {cell}”, a right click, or f)."
        ).format(cell=cell)
    if notice is Notice.ALREADY_REVEALED:
        if done.move.action is Action.FLAG:
            return _("{cell} is already revealed: only hidden cells take flags.").format(cell=cell)
        if done.move.action is Action.MARK:
            return _("{cell} is already revealed: only hidden cells take a ?.").format(cell=cell)
        return _("{cell} is already revealed.").format(cell=cell)
    if notice is Notice.NOT_REVEALED:
        return _("{cell} is still hidden: “expand” works on a revealed number.").format(cell=cell)
    if notice is Notice.NOTHING_AROUND:
        return _("{cell} has no hidden neighbours left to expand.").format(cell=cell)
    number = game.number(done.move.cell) or 0
    flags, hidden = game.around(done.move.cell)
    if notice is Notice.TOO_MANY_FLAGS:
        return ngettext(
            "The {number} at {cell} touches {flags} flag, more than its number: it is wrong.",
            "The {number} at {cell} touches {flags} flags, more than its number:"
            " one of them is wrong.",
            flags,
        ).format(number=number, cell=cell, flags=flags)
    if notice is Notice.UNDECIDED:
        # Only this number is undecided: its neighbours may well settle it, so say no more.
        return ngettext(
            "Nothing to expand: the {number} at {cell} still needs {missing} more mine"
            " among its {hidden} hidden neighbours, and this number alone does not tell which;"
            " “help” looks further.",
            "Nothing to expand: the {number} at {cell} still needs {missing} more mines"
            " among its {hidden} hidden neighbours, and this number alone does not tell which;"
            " “help” looks further.",
            number - flags,
        ).format(number=number, cell=cell, hidden=hidden, missing=number - flags)
    return _("The game is over.")
