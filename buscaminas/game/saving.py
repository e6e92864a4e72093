"""``save``: a game in progress written as a board file, mines and all, for
``buscaminas --board`` to go on with."""

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from .. import i18n
from ..i18n import _
from ..records import boardfile
from .rounds import Round


class Saved(NamedTuple):
    """What became of a ``save``: a file already there (to ask before replacing it),
    the game written, and what to tell the player."""

    there: bool
    written: bool
    said: str


def save(
    current: Round, path: Path, *, replace: bool, own: Callable[[Path], str | None]
) -> Saved:
    """Write ``current`` to ``path``; a file already there only when ``replace``, and
    never one of the game's own files (``own`` says why not)."""
    refused = own(path)
    if refused is not None:
        return Saved(False, False, refused)
    start = current.journal.start
    if start is None:
        told = _("There is nothing to save yet: the mines are laid at the first reveal.")
        return Saved(False, False, told)
    if current.game.end is not None:
        return Saved(False, False, _("The game is over: there is nothing left to save."))
    game = current.game
    board = boardfile.BoardFile(
        game.width,
        game.height,
        start.mines,
        frozenset(cell for cell in game.grid.cells() if game.is_revealed(cell)),
        game.flags,
        game.marks,
    )
    try:
        boardfile.save(board, path, replace=replace)
    except FileExistsError:
        return Saved(True, False, _("There is already a file {file}.").format(file=path))
    except OSError as error:
        failure = (
            _("The game was not saved to {file}: {reason}; the file there is as it was.")
            if replace
            else _("The game was not saved to {file}: {reason}.")
        )
        return Saved(False, False, failure.format(file=path, reason=i18n.reason(error)))
    import shlex

    saved = _(
        "Saved to {file}; “buscaminas --board {argument}” goes on with it. The file"
        " holds the mines: this game is practice from now on."
    )
    return Saved(False, True, saved.format(file=path, argument=shlex.quote(str(path))))
