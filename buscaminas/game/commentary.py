"""A review (:mod:`buscaminas.game.review`) in the player's words: one line per move, then
the summary.  The same lines serve the in-game page and ``buscaminas review``."""

from __future__ import annotations

from ..core.engine import Action, Termination
from ..i18n import _, ngettext
from . import guessing
from .commands import label, said
from .percent import percent
from .review import Judgement, Review, Verdict


def review_lines(review: Review) -> list[str]:
    """Every move judged, then the summary; a game with no move says so."""
    if not review.judgements:
        return [_("No move has been played yet: there is nothing to review.")]
    heading = f"{_('Move'):>6}  {_('Time'):>6}  {_('Played'):<16}  {_('Verdict')}"
    lines = [heading]
    lines += [move_line(judgement) for judgement in review.judgements]
    return [*lines, "", *summary(review)]


def move_line(judgement: Judgement) -> str:
    """``  12   31.20  try 3 4           certain: the numbers proved it safe``, and the
    AI's moves marked as its own; two spaces or more apart, so that a verdict too
    long for its line wraps under its column."""
    played = judgement.played
    words = verdict(judgement)
    if played.by_ai:
        words = _("AI · {verdict}").format(verdict=words)
    return f"{judgement.number:>6}  {played.at:>6.2f}  {said(played.move):<16}  {words}"


def verdict(judgement: Judgement) -> str:
    """What the move was, and why, in a phrase."""
    words = _verdict(judgement)
    if judgement.estimated:
        words = _("{verdict} (an estimate: too many layouts to count)").format(verdict=words)
    if judgement.lost:
        words = _("{verdict}; this move lost the game").format(verdict=words)
    if judgement.reasons is not None:
        reason = guessing.why(judgement.reasons)
        words = _("{verdict}. {reason}").format(verdict=words, reason=reason)
    return words


def _verdict(judgement: Judgement) -> str:
    action = judgement.played.move.action
    flagging = judgement.flagging
    kind = judgement.verdict
    if kind is Verdict.FIRST:
        return _("first reveal: the mines are laid around it, so it is always safe")
    if kind is Verdict.MARK:
        return _("question mark: a note to yourself, no risk")
    if kind is Verdict.UNFLAG:
        return _("flag taken off: it reveals nothing, so no risk")
    if kind is Verdict.FLAG_GUESS:
        return _("unproven flag: a guess, but a flag cannot lose the game, so no risk")
    if kind is Verdict.CERTAIN:
        if flagging:
            return _("certain: the numbers proved it a mine")
        if action is Action.EXPAND:
            return _("certain: the numbers proved every cell it opened safe")
        return _("certain: the numbers proved it safe")
    if kind is Verdict.BLUNDER:
        if flagging:
            return _("blunder: the numbers proved it safe, not a mine")
        if action is Action.EXPAND:
            return _("blunder: the numbers proved that it would open a mine")
        return _("blunder: the numbers proved it a mine")
    risk = _risk(judgement)
    if kind is Verdict.AVOIDABLE_GUESS:
        assert judgement.certain is not None
        return _("avoidable guess: {risk}, while {cell} was certain").format(
            risk=risk, cell=label(judgement.certain)
        )
    assert judgement.safest is not None
    if judgement.was_safest:
        return _("forced guess: nothing was certain; {risk}, the safest there was").format(
            risk=risk
        )
    return _("forced guess: nothing was certain; {risk}, where the safest was {safest}").format(
        risk=risk, safest=percent(judgement.safest)
    )


def _risk(judgement: Judgement) -> str:
    """The chance the guess took: of its one cell, or of any of the cells an expand opened."""
    chance = percent(judgement.risk)
    if judgement.played.move.action is not Action.EXPAND:
        return _("{chance} risk of a mine").format(chance=chance)
    return ngettext(
        "{chance} risk that the cell it opened hid a mine",
        "{chance} risk that one of the {count} cells it opened hid a mine",
        len(judgement.cells),
    ).format(chance=chance, count=len(judgement.cells))


def summary(review: Review) -> list[str]:
    """The guesses, the chance of losing taken against the least there was, the end."""
    lines = [
        _("Guesses: {count}, {avoidable} of them avoidable.").format(
            count=review.guesses, avoidable=review.avoidable
        )
    ]
    if review.ai_moves:
        lines.insert(
            0,
            ngettext(
                "The AI played {count} move (marked “AI”): what follows counts only yours.",
                "The AI played {count} moves (marked “AI”): what follows counts only yours.",
                review.ai_moves,
            ).format(count=review.ai_moves),
        )
    if review.flag_guesses:
        lines.append(
            _(
                "Flags the numbers did not prove: {count} (a flag cannot lose the game: no risk)."
            ).format(count=review.flag_guesses)
        )
    if review.blunders:
        lines.append(_("Blunders: {count}.").format(count=review.blunders))
    lines.append(
        _(
            "Chance of losing you accepted: {accepted}. The least possible on the positions"
            " you faced: {least} (the safest guess wherever nothing was certain)."
        ).format(accepted=percent(review.accepted), least=percent(review.least))
    )
    losing = review.losing
    if losing is not None:
        lost = (
            _("The move that lost: move {number}, {move}, the AI's.")
            if losing.played.by_ai
            else _("The move that lost: move {number}, {move}.")
        )
        lines.append(lost.format(number=losing.number, move=said(losing.played.move)))
    elif review.end is Termination.WON:
        lines.append(_("The game was won."))
    else:
        lines.append(_("The game was not finished."))
    if review.estimated:
        lines.append(
            _("Some positions had too many layouts to count exactly: their risks are estimates.")
        )
    return lines


def help_note(review: Review, assisted: bool) -> list[str]:
    """For an assisted game whose journal is too old to say which moves the AI played."""
    if review.whose_known or not assisted:
        return []
    return [
        _(
            "The AI played in this game, or a move was taken back: every move above is"
            " judged as yours, for the records do not say whose each one was."
        )
    ]
