"""Writes that touch several rows: each one transaction, re-checked by the rules.

Each write to what a sheet shows draws its games a new version, once, here (the admin and the
import do so themselves): the version is a save's optimistic lock, the polls' tag and the key
of what is kept of the game (games/models.py, Game.version).
"""

import uuid
from dataclasses import replace

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from games import names, nights, rules
from games.models import (
    Entry,
    Game,
    Player,
    Round,
    ScorerLink,
    Seat,
    StoredRound,
    UndoneKey,
)
from games.reports import folds
from games.streams import notices


class StaleSheet(Exception):
    """Another phone changed the game first."""


class RoundChanged(StaleSheet):
    """The round was written again (edited) since the page that asks was opened."""


class PlayedTogether(Exception):
    """Two players who sat at one table cannot be merged: a game seats a person once."""

    def __init__(self, games):
        super().__init__(games)
        self.games = games


class LinkStopped(StaleSheet):
    """The scorer link saving was turned off (or its game ended) before the save: nothing is
    saved (the view reads the game again through the link, and answers that it stopped)."""


class AccountGone(PermissionDenied):
    """The account was deleted meanwhile (a request already under way answers 403)."""


class SamePlayer(Exception):
    """Two names typed for one table are one player of the roster."""

    def __init__(self, name):
        super().__init__(name)
        self.name = name


def roster_player(owner, name):
    same_name = owner.players.named(name)
    player = same_name.first()
    if player is None:
        try:
            with transaction.atomic():
                player = Player.objects.create(owner=owner, name=name)
        except IntegrityError:
            player = same_name.get()
    return player


def new_game_refusal(owner):
    """Why `owner` may not start another game (a new one or a rematch); None when they may."""
    held = held_at_most(owner)
    if held:
        message = _(
            "Your history holds %(count)s games, the most an account can hold: delete some "
            "before starting another."
        )
        return message % {"count": held}
    return None


def held_at_most(owner):
    """The games `owner` holds, as words, when they hold the most an account may; else None
    (an import asks it too: games/archive/quota.py)."""
    held = owner.games.count()
    if held >= settings.ACCOUNT_MAX_GAMES:
        return formats.number_format(held, force_grouping=True)
    return None


def lock_account(owner):
    """`owner`'s row locked until the transaction ends: what changes who sits where in the
    account (a game started, two players merged, a batch of an import, the account deleted)
    goes one at a time, so a player is never seated while being merged away. AccountGone if
    the account was deleted meanwhile."""
    if not get_user_model()._default_manager.select_for_update().filter(pk=owner.pk).exists():
        raise AccountGone


@transaction.atomic
def start_game(owner, names, first_starter=0, kind=rules.DEFAULT_KIND, night=None):
    """A new game of `kind` with `names` in seat order, in `night` (a rematch's) or the one
    games/nights.py decides; SamePlayer if two of them are one player.

    ValueError if the game is not for that many players (the forms say so first)."""
    if rules.for_kind(kind).players_violation(len(names)) is not None:
        raise ValueError(f"{len(names)} players cannot play {kind}")
    lock_account(owner)
    players = [roster_player(owner, name) for name in names]
    for name, player in zip(names, players, strict=True):
        if players.count(player) > 1:
            raise SamePlayer(name)
    if night is None:  # the owner's row locked above: two games started at once find one night
        night = nights.night_for(owner, timezone.now())
    game = Game.objects.create(owner=owner, first_starter=first_starter, kind=kind, night=night)
    nights.refresh(type(night).objects.filter(pk=night.pk))  # a new night starts with its game
    Seat.objects.bulk_create(
        Seat(game=game, player=player, position=position) for position, player in enumerate(players)
    )
    return game


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
            counted = state.rounds[number - 1].points  # stored as it counts (store_as_counted)
            Entry.objects.bulk_create(
                Entry(round=saved, seat=seat, value=value)
                for seat, value in zip(fresh.seats, counted, strict=True)
            )
            fresh.settle(state, saved.created_at)
    except IntegrityError as error:  # the unique (game, number) constraint, the last guard
        raise StaleSheet from error
    by = saved_by.number if saved_by else None
    as_stored = rules.Round(counted, round_.last_to_quit)
    played = StoredRound(number, as_stored, saved.created_at, key, by, fresh.version)
    stored = replace(fresh.stored, version=fresh.version, rounds=(*fresh.stored_rounds, played))
    fresh.attach(stored=stored, state=state)
    if state.rounds[number - 1].entries == counted:  # else its fold shows what was typed
        folds.keep(fresh)
    return fresh


@transaction.atomic
def replace_round(game, number, round_, round_id=None, saved_by=None, round_version=None):
    """Replace the numbers of round `number` (the stored round `round_id`, as it was at
    `round_version`, when given), by the scorer link `saved_by` (None for the owner: the round
    then names who saved it last); StaleSheet if it was undone (even if another round took its
    number) or no longer fits, RoundChanged if it was edited since."""
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
    for seat, value in zip(fresh.seats, state.rounds[number - 1].points, strict=True):
        Entry.objects.filter(round=stored, seat=seat).update(value=value)
    fresh.store_as_counted(state, since=number + 1)  # a later return may count otherwise now
    fresh.settle(state, fresh.stored_rounds[-1].created_at)


def undo_last_round(game, number, round_id=None, round_version=None):
    """Delete round `number` (the stored round `round_id`, as it was at `round_version`, when
    given) if it is still the last one; StaleSheet otherwise: already undone, no longer the
    last, or edited since."""
    with transaction.atomic():
        fresh = lock(game)
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


def round_id(game, number):
    """The id of the stored round `number` of `game` (what an undo or an edit is bound to), or
    None when the game has no such round."""
    found = bound_round(game, number)
    return found and found[0]


def bound_round(game, number):
    """(id, version) of the stored round `number` of `game`, what an undo or an edit page is
    bound to; None when the game has no such round."""
    return game.rounds.filter(number=number).values_list("pk", "version").first()


@transaction.atomic
def add_scorer_link(game):
    """A new scorer link for `game`, numbered after every link it ever had (a revoked link
    keeps its number: the rounds it saved still name it)."""
    lock(game)  # two taps on "Create" at once would draw the same number
    last = game.scorer_links.order_by("-number").values_list("number", flat=True).first()
    return ScorerLink.objects.create(game=game, number=(last or 0) + 1)


def revoke_scorer_link(link):
    """The link stops working at once: every request of its holder looks it up, and its
    stream is told to (games/streams)."""
    ScorerLink.objects.filter(pk=link.pk, revoked_at__isnull=True).update(revoked_at=timezone.now())
    notices.recheck_game(link.game_id)


@transaction.atomic
def delete_game(game):
    """Delete a game with its seats, rounds and live link; its players stay in the roster.
    Its row is locked first: a round being saved is then either deleted with it, or finds
    the game gone (StaleSheet), never written after its game's rows were gathered."""
    games = Game.objects.select_for_update().filter(pk=game.pk)
    if games.exists():
        games.delete()
        notices.recheck_game(game.pk)  # its streams end


@transaction.atomic
def delete_account(user):
    """The account with everything in it: its games first (with their seats, rounds and live
    links), since a seat protects its player, then the account with its players and jobs.
    Its games include those an import is still writing (`Game.importing`): the account's row
    is locked first, which waits for the import's batch and stops the next one (the job goes
    with the account, and its task finds it gone), then every game's row, as delete_game."""
    lock_account(user)
    games = Game.including_imports.select_for_update().filter(owner=user)
    for pk in games.values_list("pk", flat=True):  # locks them (PostgreSQL); their streams end
        notices.recheck_game(pk)
    games.delete()
    user.delete()


def undone_with(game, key):
    """The number of the round that was saved with this submission key and then undone, or
    None."""
    key = _as_key(key)
    if key is None:
        return None
    return game.undone_keys.filter(key=key).values_list("number", flat=True).first()


def _as_key(key):
    """A submission key as posted, as a UUID; None for none or any junk."""
    try:
        return uuid.UUID(str(key)) if key else None
    except ValueError:
        return None


def saved_with(game, key):
    """(number, rules.Round) of the round saved with this submission key, or None (any junk
    is simply not a key)."""
    number = game.submission_keys.get(_as_key(key))
    return None if number is None else (number, game.stored_rounds[number - 1].played)


@transaction.atomic
def rename_player(player, name):
    """Give `player` a new name; every sheet they sit at shows it (their games get a new
    version). A player with no game left who looks like the new name goes
    first: nobody sees them (Player.objects.seated), and they hold nothing to keep."""
    idle = player.owner.players.exclude(pk=player.pk).exclude(pk__in=_seated(player.owner))
    Player.objects.filter(pk__in=[p.pk for p in idle if names.look_alike(name, [p.name])]).delete()
    player.name = name
    player.save(update_fields=["name"])
    Game.objects.filter(players=player).raise_version()


def _seated(owner):
    return owner.players.seated().values("pk")


def games_together(player, other):
    """The games in which `player` and `other` both sat, newest first."""
    return player.games.filter(pk__in=other.games.values("pk"))


@transaction.atomic
def merge_players(player, into):
    """`player`'s seats given to `into`, then `player` deleted: their games, figures and
    history follow. PlayedTogether if both sat at one game (a game seats a person once).
    The account's row, then both players', are locked before anything is read: a game
    started meanwhile seats them before the merge or after it, never in between.
    Player.DoesNotExist if either is gone meanwhile (merged or deleted by another request)."""
    lock_account(player.owner)
    locked = Player.objects.select_for_update().filter(pk__in=[player.pk, into.pk]).order_by("pk")
    if len(locked) != 2:
        raise Player.DoesNotExist
    together = list(games_together(player, into))
    if together:
        raise PlayedTogether(together)
    # New versions: every sheet, kept fragment and fold of these games is read again.
    Game.objects.filter(pk__in=player.games.values("pk")).raise_version()
    try:
        with transaction.atomic():
            Seat.objects.filter(player=player).update(player=into)
    except IntegrityError as error:  # a game seating both was started meanwhile
        raise PlayedTogether(list(games_together(player, into))) from error
    player.delete()


def set_place_and_note(game, place, note):
    """The game's place and note. Not a new version: they are no part of the scoresheet, so a
    round typed meanwhile on another phone is not refused as stale, and the live view and the
    kept folds stay as they are (the result picture keys on them itself)."""
    Game.objects.filter(pk=game.pk).update(place=place, note=note)
    game.place, game.note = place, note
