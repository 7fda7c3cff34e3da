"""What became of a round posted from a sheet (Outcome): saved, the same save again, undone
since, changed since, refused; and of an undo (undo_round). The repeat and race rules of a save
live here alone; games/answers.py maps each outcome to a response."""

import uuid
from dataclasses import dataclass, replace

from games import rules
from games.models import Game
from games.services.rounds import (
    LinkStopped,
    RoundChanged,
    StaleSheet,
    add_round,
    bound_round,
    replace_round,
    saved_with,
    undo_last_round,
    undone_with,
)

# What became of a save (Outcome.result): the one answer the views turn into a response.
SAVED = "saved"  # written now
REPEATED = "repeated"  # the same save again (a retry, a double tap, the other phone's same round)
UNDONE = "undone"  # saved before, then undone: it stays undone
CHANGED = "changed"  # the game changed since the page was read (another phone's round or edit)
REFUSED = "refused"  # the rules refuse it: the form says why, next to its fields


@dataclass(frozen=True)
class Submission:
    """A round form as posted: what a save needs to tell itself from a repeat or a race."""

    number: int | None  # the round the page showed (posted with it)
    round: rules.Round | None  # as the form read it; None when the form refused it
    state: rules.GameState | None = None  # the form's one fold of the game with it
    key: uuid.UUID | None = None  # its submission key
    saved_key: uuid.UUID | None = None  # the key of the round saved just before the page
    empty: bool = False  # nothing typed at all
    shown_totals: tuple[int, ...] | None = None  # the totals it was typed against


@dataclass(frozen=True)
class Outcome:
    """What became of a save, for round `number`, with the game as it now stands (None when
    it could not be read: deleted, or the scorer link stopped; the view reads it again)."""

    result: str
    number: int
    game: Game | None = None
    # CHANGED: the round another phone saved under `number`, with other numbers (both shown)
    theirs: rules.Round | None = None
    # CHANGED: (seat, total then, total now) of returns typed on totals changed since
    moved: tuple[tuple[int, int, int], ...] = ()
    # SAVED (an edit): the later returns that now count otherwise (rules.Recount)
    recounts: tuple = ()
    # SAVED (an edit): where it moved the end (rules.EndShift), None where it did not
    end: rules.EndShift | None = None


def save_round(game, sub, saved_by=None):
    """Save `sub` as `game`'s next round (by the scorer link `saved_by`, None for the owner),
    and say what became of it: the repeat, replay and race rules of a save live here alone."""
    earlier = _answered(game, sub)
    if earlier is not None:
        return earlier
    if sub.number != game.next_round:
        return _taken(game, sub)
    if sub.round is None:
        return Outcome(REFUSED, sub.number, game)
    if moved := _moved(game, sub):
        return Outcome(CHANGED, sub.number, game, moved=moved)
    try:
        fresh = add_round(game, sub.round, sub.number, sub.key, saved_by, sub.state)
    except LinkStopped:
        return Outcome(CHANGED, sub.number)
    except StaleSheet:  # another phone wrote first: the game as it now stands decides
        fresh = _read_again(game)
        if fresh is None:
            return Outcome(CHANGED, sub.number)
        # without the game read here: the view reads it again through its door (a scorer
        # link stopped meanwhile is answered there)
        return replace(_answered(fresh, sub) or _taken(fresh, sub), game=None)
    return Outcome(SAVED, sub.number, fresh)


def _read_again(game):
    fresh = Game.objects.filter(pk=game.pk).first()
    return fresh and fresh.attach(seats=game.seats)


def _answered(game, sub):
    """The outcome of a submission made before (a retry, a double tap, an old page), or None."""
    saved = saved_with(game, sub.key)
    if saved is not None:  # this key saved a round: the same one again, or an old page's
        number, played = saved
        if number == sub.number and _same_numbers(game, number, sub.round, played):
            return Outcome(REPEATED, number, game)
        return Outcome(CHANGED, sub.number or number, game, theirs=played)
    undone = undone_with(game, sub.key)
    if undone is not None:
        return Outcome(UNDONE, undone, game)
    just_saved = saved_with(game, sub.saved_key)
    if sub.empty and just_saved is not None and just_saved[0] == game.next_round - 1:
        # A late second tap of a double tap, on the new form shown after the save (which
        # carries the key just saved): the answer to the first tap again, never a refusal.
        return Outcome(REPEATED, just_saved[0], game)
    return None


def _taken(game, sub):
    """A round typed for a number the game has passed (another phone saved that round a moment
    before, or the page was old): the same numbers are the same round, saved; other numbers
    are a conflict, answered with both."""
    rounds = game.stored_rounds
    if sub.number is None or not 1 <= sub.number <= len(rounds):
        return Outcome(CHANGED, sub.number or game.next_round - 1, game)
    played = rounds[sub.number - 1].played
    if _same_numbers(game, sub.number, sub.round, played):
        return Outcome(REPEATED, sub.number, game)
    return Outcome(CHANGED, sub.number, game, theirs=played)


def _same_numbers(game, number, typed, played):
    """Whether `typed` (a form's round, None if refused) has the numbers stored in `played`,
    round `number` of `game`: an emptied hand is the chip it gave back on the totals then."""
    if typed is None or len(typed.entries) != len(played.entries):
        return False
    state = game.state
    before = state.round_at(number - 1).totals if number > 1 else (0,) * len(played.entries)
    ruleset = game.ruleset
    resolved = tuple(
        ruleset.best_return(total) if entry is rules.EMPTIED else entry
        for entry, total in zip(typed.entries, before, strict=True)
    )
    return resolved == played.entries


def _moved(game, sub):
    """The returns typed by hand for players whose total another phone changed since the page
    showed it: (seat, total then, total now), the totals now read from the form's fold."""
    shown, ruleset, number = sub.shown_totals, game.ruleset, sub.number
    if shown is None or sub.round is None or sub.state is None or len(shown) != len(game.seats):
        return ()
    before = sub.state.round_at(number - 1).totals if number > 1 else (0,) * len(shown)
    return tuple(
        (seat, was, now)
        for seat, (was, now, typed) in enumerate(zip(shown, before, sub.round.entries, strict=True))
        if was != now and typed is not rules.EMPTIED and ruleset.reads_total(typed)
    )


def correct_round(game, number, sub, saved_by=None, round_id=None, round_version=None):
    """Replace round `number` with `sub` (the stored round `round_id` as it was at
    `round_version`, when given), and say what became of it: SAVED with the later returns that
    now count otherwise, UNDONE if the round is gone, CHANGED if it was edited since, no
    longer fits, or the totals it was typed against moved; REFUSED by the form's rules. Never
    refused for where it moves the end (Outcome.end says where)."""
    if sub.round is None:
        return Outcome(REFUSED, number, game)
    if moved := _moved(game, sub):
        return Outcome(CHANGED, number, game, moved=moved)
    try:
        recounts, end = replace_round(game, number, sub.round, round_id, saved_by, round_version)
    except RoundChanged:  # edited on another phone: its numbers, beside the ones typed here
        fresh = _read_again(game)
        rounds = fresh.stored_rounds if fresh else ()
        theirs = rounds[number - 1].played if len(rounds) >= number else None
        return Outcome(CHANGED, number, theirs=theirs)
    except LinkStopped:
        return Outcome(CHANGED, number)
    except StaleSheet:  # undone since (even if another round took its number), or no longer fits
        fresh = _read_again(game)
        bound = fresh and bound_round(fresh, number)
        still = bool(bound) and bound[0] == round_id
        return Outcome(CHANGED if still else UNDONE, number)
    return Outcome(SAVED, number, recounts=recounts, end=end)


def undo_round(game, number, round_id=None, round_version=None, saved_by=None):
    """Undo round `number` (the stored round `round_id` as it was at `round_version`, when
    given), by the scorer link `saved_by` (None: the owner, or staff in the admin), and say what
    became of it: SAVED (undone now, its submission key kept so that a retry of its save is not
    saved again); UNDONE if the round is gone (undone already, or another took its number);
    CHANGED if it is still there but edited since or no longer the last, or the link stopped;
    REFUSED when its confirmation could not be read (`number` None): nothing is undone."""
    if number is None:
        return Outcome(REFUSED, game.next_round - 1, game)
    try:
        undo_last_round(game, number, round_id, round_version, saved_by)
    except LinkStopped:
        return Outcome(CHANGED, number)
    except StaleSheet:
        fresh = _read_again(game)
        bound = fresh and bound_round(fresh, number)
        gone = not bound or round_id not in (None, bound[0])
        return Outcome(UNDONE if gone else CHANGED, number, fresh)
    return Outcome(SAVED, number)
