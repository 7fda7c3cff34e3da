"""A game's rounds written: added, replaced, undone, each one transaction that locks or claims
the game and replays it through the rules first (a save's outcome, from these: saves.py)."""

import uuid
from dataclasses import replace

from django.db import IntegrityError, transaction

from games import rules
from games.models import Entry, Game, Round, ScorerLink, UndoneKey
from games.reads import StoredRound
from games.reports import folds


class StaleSheet(Exception):
    """Another phone changed the game first."""


class RoundChanged(StaleSheet):
    """The round was written again (edited) since the page that asks was opened."""


class LinkStopped(StaleSheet):
    """The scorer link saving was turned off (or its game ended) before the save: nothing is
    saved (the view reads the game again through the link, and answers that it stopped)."""


def lock(game):
    """The game as stored now, its row locked until the transaction ends; StaleSheet if it was
    deleted meanwhile (the view then reads it again, and answers 404).

    On PostgreSQL the lock queues writes to one game, so two phones cannot both pass the
    checks below (an undo racing a new round would leave a gap). SQLite's IMMEDIATE
    transactions already queue every write (and Django leaves out FOR UPDATE there).
    """
    fresh = Game.objects.select_for_update().filter(pk=game.pk).first()
    if fresh is None:
        raise StaleSheet
    return fresh.attach(seats=game.seats)  # seats never change once a game has started


def still_scoring(link):
    """LinkStopped unless the scorer link `link` (None: the owner) still works, its row locked
    (after the game's, as a deletion locks them) until the save commits: a revocation then
    comes before the save, which is refused, or after it, which stands."""
    if link is None:
        return
    working = ScorerLink.objects.working().select_for_update(of=("self",)).filter(pk=link.pk)
    if not working.exists():
        raise LinkStopped


def raise_version(game):
    """The one raise of a write: `game` (locked by it) gets a new version."""
    game.version = Game.objects.filter(pk=game.pk).raise_version(pks=[game.pk])


def claim(game):
    """Raise `game`'s version if it is still the one its rounds were read at (no other phone
    wrote since): the optimistic lock, in one UPDATE that is also the write's raise."""
    unchanged = Game.objects.filter(pk=game.pk, version=game.stored.version)
    version = unchanged.raise_version(pks=[game.pk])
    if version is None:
        return False
    game.version = version
    return True


def recheck(fresh, number, round_):
    """Replay the game as stored now with `round_` as round `number`: StaleSheet if it breaks."""
    rounds, players = fresh.as_rules_rounds(), len(fresh.seats)
    try:
        return fresh.ruleset.fold_with(players, rounds, number, round_, fresh.first_starter)
    # Valid on the sheet the phone had, not on this one: refused by the rules (RoundRefused),
    # or a round number the game no longer reaches (ValueError).
    except ValueError as refused:
        raise StaleSheet from refused


def add_round(game, round_, number, key=None, saved_by=None, state=None):
    """Save round `number` (by the scorer link `saved_by`, None for the owner); StaleSheet if
    that number was taken meanwhile. `state`: the game folded with the round, as the form
    decided it on `game`'s rounds (folded here when not given).

    Returns the game as it now stands (`game` itself unless another phone wrote first), with
    its new version, its rounds and its state: the answer shows it without reading or
    folding it again, and its state is kept for the pages that follow."""
    try:
        with transaction.atomic():
            if claim(game):  # the rounds read with `game` are the rounds as stored
                fresh = game
            else:  # another phone wrote first: the game as it stands decides
                fresh, state = lock(game), None
                if undone_with(fresh, key) is not None:
                    raise StaleSheet  # undone since the view asked (the view says so)
                raise_version(fresh)
            still_scoring(saved_by)
            if len(fresh.stored_rounds) >= number:
                raise StaleSheet
            state = state or recheck(fresh, number, round_)
            saved = Round.objects.create(
                game=fresh,
                number=number,
                last_to_quit=round_.last_to_quit,
                idempotency_key=key,
                saved_by=saved_by,
                version=fresh.version,
            )
            # As typed, an emptied hand as the chip it gives back now (rules.EMPTIED)
            typed = state.rounds[number - 1].entries
            Entry.objects.bulk_create(
                Entry(round=saved, seat=seat, value=value)
                for seat, value in zip(fresh.seats, typed, strict=True)
            )
            fresh.settle(state, saved.created_at)
    except IntegrityError as error:  # the unique (game, number) constraint, the last guard
        raise StaleSheet from error
    by = saved_by.number if saved_by else None
    as_stored = rules.Round(typed, round_.last_to_quit)
    played = StoredRound(number, as_stored, saved.created_at, key, by, fresh.version, saved.pk)
    stored = replace(fresh.stored, version=fresh.version, rounds=(*fresh.stored_rounds, played))
    fresh.attach(stored=stored, state=state)
    folds.keep(fresh)
    return fresh


@transaction.atomic
def replace_round(game, number, round_, round_id=None, saved_by=None, round_version=None):
    """Replace the numbers of round `number` (the stored round `round_id`, as it was at
    `round_version`, when given), by the scorer link `saved_by` (None for the owner: the round
    then names who saved it last); StaleSheet if it was undone (even if another round took its
    number) or no longer fits, RoundChanged if it was edited since. Returns the later returns
    that count otherwise now (rules.Recount) and where the end moved (rules.EndShift, None
    when it did not), for the answer to say. A correction is never refused for moving the end:
    the rounds typed after it stay as typed, beyond it (GameState.beyond)."""
    fresh = lock(game)
    still_scoring(saved_by)
    stored = fresh.rounds.filter(number=number).first()
    if stored is None or round_id not in (None, stored.pk):
        raise StaleSheet
    if round_version not in (None, stored.version):
        raise RoundChanged
    state = recheck(fresh, number, round_)
    raise_version(fresh)
    stored.last_to_quit, stored.saved_by = round_.last_to_quit, saved_by
    stored.version = fresh.version
    stored.save(update_fields=["last_to_quit", "saved_by", "version"])
    # This round's entries alone, as typed: what a later one counts, and where the game ends
    # (rounds after it then stay stored as typed, beyond the end), follow from the fold
    for seat, value in zip(fresh.seats, state.round_at(number).entries, strict=True):
        Entry.objects.filter(round=stored, seat=seat).update(value=value)
    fresh.settle(state, fresh.ended_at(state))
    ruleset = fresh.ruleset
    return ruleset.recounted(fresh.state, state, number), ruleset.end_shift(fresh.state, state)


def undo_last_round(game, number, round_id=None, round_version=None, saved_by=None):
    """Delete round `number` (the stored round `round_id`, as it was at `round_version`, when
    given) if it is still the last one; StaleSheet otherwise: already undone, no longer the
    last, or edited since; LinkStopped when the scorer link `saved_by` was turned off before
    the undo could commit, as for a save."""
    with transaction.atomic():
        fresh = lock(game)
        still_scoring(saved_by)
        rounds = fresh.rounds.filter(number=number)
        if round_id is not None:
            rounds = rounds.filter(pk=round_id)
        if round_version is not None:
            rounds = rounds.filter(version=round_version)
        rounds = rounds.exclude(game__rounds__number__gt=number)
        keys = list(rounds.exclude(idempotency_key=None).values_list("idempotency_key", flat=True))
        deleted, _ = rounds.delete()
        if deleted:
            UndoneKey.objects.bulk_create(UndoneKey(game=fresh, key=k, number=number) for k in keys)
            raise_version(fresh)
            fresh.settle()
    if not deleted:
        raise StaleSheet


def bound_round(game, number):
    """(id, version) of the stored round `number` of `game`, what an undo or an edit page is
    bound to; None when the game has no such round. Read from the rounds the page shows (one
    snapshot, Game.stored): read apart, another phone's undo could land between the two."""
    found = [(r.pk, r.version) for r in game.stored_rounds if r.number == number]
    return found[0] if found else None


def undone_with(game, key):
    """The number of the round that was saved with this submission key and then undone, or
    None."""
    key = as_key(key)
    if key is None:
        return None
    return game.undone_keys.filter(key=key).values_list("number", flat=True).first()


def as_key(key):
    """A submission key as posted, as a UUID; None for none or any junk."""
    try:
        return uuid.UUID(str(key)) if key else None
    except ValueError:
        return None


def saved_with(game, key):
    """(number, rules.Round) of the round saved with this submission key, or None (any junk
    is simply not a key)."""
    number = game.submission_keys.get(as_key(key))
    return None if number is None else (number, game.stored_rounds[number - 1].played)
