"""The roster's players: found or made by name, renamed, merged."""

from django.db import IntegrityError, transaction

from common import names
from games.locks import lock_account
from games.models import Game, Player, Seat


class PlayedTogether(Exception):
    """Two players who sat at one table cannot be merged: a game seats a person once."""

    def __init__(self, games):
        super().__init__(games)
        self.games = games


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
