"""Writes that touch several rows: each one transaction, re-checked by the rules.

Each write to what a sheet shows draws its games a new version, once, here (the admin and the
import do so themselves): the version is a save's optimistic lock, the polls' tag and the key
of what is kept of the game (games/models.py, Game.version).
"""

import time
import uuid
from dataclasses import dataclass, replace

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.dispatch import receiver
from django.utils import formats, timezone
from django.utils.translation import ngettext

from common import names
from common.signals import account_deleting, account_disabled, account_emptying
from games import nights, rules
from games.models import (
    Entry,
    Game,
    Night,
    Player,
    Round,
    ScorerLink,
    Seat,
    ShareLink,
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
        message = ngettext(
            "Your history holds %(count)s game, the most an account can hold: delete it "
            "before starting another.",
            "Your history holds %(count)s games, the most an account can hold: delete some "
            "before starting another.",
            held.count,
        )
        return message % {"count": held.words}
    return None


@dataclass(frozen=True)
class Held:
    count: int  # what the sentence agrees with (Polish: 2 gry, 5 gier)
    words: str  # how it reads ("5,000", "5 000")


def held_at_most(owner):
    """The games `owner` holds, when they hold the most an account may; else None (an import
    asks it too: games/archive/quota.py)."""
    held = owner.games.count()
    if held >= settings.ACCOUNT_MAX_GAMES:
        return Held(held, formats.number_format(held, force_grouping=True))
    return None


def lock_account(owner):
    """`owner`'s row locked until the transaction ends: what changes who sits where in the
    account (a game started, two players merged, a batch of an import, the account deleted)
    goes one at a time, so a player is never seated while being merged away. AccountGone if
    the account was deleted meanwhile."""
    if not get_user_model()._default_manager.select_for_update().filter(pk=owner.pk).exists():
        raise AccountGone


@transaction.atomic
def start_game(owner, names, first_starter=0, kind=rules.DEFAULT_KIND):
    """A new game of `kind` with `names` in seat order, in the night games/nights.py decides
    (a rematch's too); SamePlayer if two of them are one player.

    ValueError if the game is not for that many players (the forms say so first)."""
    if rules.for_kind(kind).players_violation(len(names)) is not None:
        raise ValueError(f"{len(names)} players cannot play {kind}")
    lock_account(owner)
    players = [roster_player(owner, name) for name in names]
    for name, player in zip(names, players, strict=True):
        if players.count(player) > 1:
            raise SamePlayer(name)
    # the owner's row locked above: two games started at once find one night
    night = nights.night_for(owner, timezone.now())
    game = Game.objects.create(owner=owner, first_starter=first_starter, kind=kind, night=night)
    nights.refresh(Night.objects.filter(pk=night.pk))  # a new night starts with its game
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
    before = state.rounds[number - 2].totals if number > 1 else (0,) * len(played.entries)
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
    before = sub.state.rounds[number - 2].totals if number > 1 else (0,) * len(shown)
    return tuple(
        (seat, was, now)
        for seat, (was, now, typed) in enumerate(zip(shown, before, sub.round.entries, strict=True))
        if was != now and typed is not rules.EMPTIED and ruleset.reads_total(typed)
    )


def correct_round(game, number, sub, saved_by=None, round_id=None, round_version=None):
    """Replace round `number` with `sub` (the stored round `round_id` as it was at
    `round_version`, when given), and say what became of it: SAVED with the later returns that
    now count otherwise, UNDONE if the round is gone, CHANGED if it was edited since, no
    longer fits, or the totals it was typed against moved; REFUSED by the form's rules."""
    if sub.round is None:
        return Outcome(REFUSED, number, game)
    if moved := _moved(game, sub):
        return Outcome(CHANGED, number, game, moved=moved)
    try:
        recounts = replace_round(game, number, sub.round, round_id, saved_by, round_version)
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
    return Outcome(SAVED, number, recounts=recounts)


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
    that count otherwise now (rules.Recount), for the answer to say."""
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
    # This round's entries alone, as typed: what a later one counts follows from the fold
    for seat, value in zip(fresh.seats, state.rounds[number - 1].entries, strict=True):
        Entry.objects.filter(round=stored, seat=seat).update(value=value)
    fresh.settle(state, fresh.stored_rounds[-1].created_at)
    return fresh.ruleset.recounted(fresh.state, state, number)


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
    bound to; None when the game has no such round. Read from the rounds the page shows (one
    snapshot, Game.stored): read apart, another phone's undo could land between the two."""
    found = [(r.pk, r.version) for r in game.stored_rounds if r.number == number]
    return found[0] if found else None


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
    """Delete a game with its seats, rounds and live link; its players stay in the roster, and
    the night it leaves is refreshed (its start; gone with its last game). The account's row
    is locked first, as starting a game and moving one lock it (one order: no deadlock, and no
    game starts in a night being emptied), then the game's: a round being saved is then either
    deleted with it, or finds the game gone (StaleSheet), never written after its game's rows
    were gathered."""
    lock_account(game.owner)
    games = Game.objects.select_for_update().filter(pk=game.pk)
    for night in list(games.values_list("night", flat=True)):  # none if deleted meanwhile
        games.delete()
        nights.refresh(Night.objects.filter(pk=night))
        notices.recheck_game(game.pk)  # its streams end


@receiver(account_deleting)
def delete_games_of(sender, user, **kwargs):
    """An account's games (with their seats, rounds and live links), in the transaction that
    deletes it (accounts/services.py), since a seat protects its player; the account then goes
    with its players and jobs. Its games include those an import is still writing
    (`Game.importing`): the account's row is locked first, which waits for the import's batch
    and stops the next one (the job goes with the account, and its task finds it gone), then
    every game's row, as delete_game."""
    lock_account(user)
    games = Game.including_imports.select_for_update().filter(owner=user)
    for pk in games.values_list("pk", flat=True):  # locks them (PostgreSQL); their streams end
        notices.recheck_game(pk)
    games.delete()


@receiver(account_disabled)
def stop_links_of(sender, user, **kwargs):
    """A disabled account's scorer links stop and its live links go, at once."""
    ScorerLink.objects.filter(game__owner=user, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
    ShareLink.objects.filter(game__owner=user).delete()
    notices.recheck_account(user.pk)  # its own streams end; its links' at their heartbeat


# The games of a deleted account's first chunk, and the fewest and the most of any chunk
# (between them, the size follows the time the last chunk took).
FIRST_CHUNK, LEAST_CHUNK, MOST_CHUNK = 50, 10, 2000


@receiver(account_emptying)
def delete_games_in_chunks(sender, user, progress, **kwargs):
    """A disabled account's games, a chunk at a time, each chunk its own transaction that
    holds its games' rows only, and lasts about DELETION_CHUNK_SECONDS: the chunk's size
    follows the time the last one took."""
    games = Game.including_imports.filter(owner=user)
    total, done, size = games.count(), 0, FIRST_CHUNK
    while pks := list(games.values_list("pk", flat=True)[:size]):
        started = time.monotonic()
        with transaction.atomic():
            Game.including_imports.select_for_update().filter(pk__in=pks).delete()
        done += len(pks)
        progress(min(done, total), total)
        took, aim = time.monotonic() - started, settings.DELETION_CHUNK_SECONDS
        if took > aim:
            size = max(LEAST_CHUNK, size // 2)
        elif took < aim / 3:
            size = min(MOST_CHUNK, size * 2)


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


def set_venue_and_note(game, venue, note):
    """Where the game was played, and its note. Not a new version: they are no part of the
    scoresheet, so a round typed meanwhile on another phone is not refused as stale, and the
    live view and the kept folds stay as they are (the result picture keys on them itself)."""
    Game.objects.filter(pk=game.pk).update(venue=venue, note=note)
    game.venue, game.note = venue, note
