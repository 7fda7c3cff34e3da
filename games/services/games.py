"""A game started (in its night), deleted, or given its place and note; how many an account
may hold."""

from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import ngettext

from games import nights, rules
from games.locks import lock_account
from games.models import Game, Night, Seat
from games.services.players import SamePlayer, roster_player
from games.streams import notices


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


def set_venue_and_note(game, venue, note):
    """Where the game was played, and its note. Not a new version: they are no part of the
    scoresheet, so a round typed meanwhile on another phone is not refused as stale, and the
    live view and the kept folds stay as they are (the result picture keys on them itself)."""
    Game.objects.filter(pk=game.pk).update(venue=venue, note=note)
    game.venue, game.note = venue, note
