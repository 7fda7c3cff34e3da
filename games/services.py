"""Writes that touch several rows: each one transaction, re-checked by the rules."""

from django.db import IntegrityError, transaction

from games import rules
from games.models import Entry, Game, Player, Round, Seat


class StaleSheet(Exception):
    """Another phone changed the game first."""


def roster_player(owner, name):
    player = owner.players.filter(name__iexact=name).first()
    if player is None:
        try:
            with transaction.atomic():
                player = Player.objects.create(owner=owner, name=name)
        except IntegrityError:
            player = owner.players.get(name__iexact=name)
    return player


@transaction.atomic
def start_game(owner, names, first_starter=0):
    game = Game.objects.create(owner=owner, first_starter=first_starter)
    Seat.objects.bulk_create(
        Seat(game=game, player=roster_player(owner, name), position=position)
        for position, name in enumerate(names)
    )
    return game


def lock(game):
    """The game as stored now, its row locked until the transaction ends.

    On PostgreSQL this queues writes to one game, so two phones cannot both pass the checks
    below (an undo racing a new round would leave a gap). SQLite ignores it: its IMMEDIATE
    transactions already queue every write.
    """
    return Game.objects.select_for_update().get(pk=game.pk)


def recheck(fresh, number, round_):
    """Replay the game as stored now with `round_` as round `number`: StaleSheet if it breaks."""
    rounds = fresh.as_rules_rounds()
    if number > len(rounds) + 1:
        raise StaleSheet
    rounds[number - 1 : number] = [round_]
    try:
        return rules.fold(len(fresh.seats), rounds, fresh.first_starter)
    except rules.RoundRefused as refused:  # valid on the sheet the phone had, not on this one
        raise StaleSheet from refused


def add_round(game, round_, number, key=None):
    """Save round `number`; StaleSheet if that number was taken meanwhile."""
    try:
        with transaction.atomic():
            fresh = lock(game)
            if fresh.rounds.filter(number__gte=number).exists():
                raise StaleSheet
            recheck(fresh, number, round_)
            saved = Round.objects.create(
                game=fresh, number=number, last_to_quit=round_.last_to_quit, idempotency_key=key
            )
            Entry.objects.bulk_create(
                Entry(round=saved, seat=seat, value=value)
                for seat, value in zip(fresh.seats, round_.entries, strict=True)
            )
    except IntegrityError as error:  # the unique (game, number) constraint, the last guard
        raise StaleSheet from error
    return saved


@transaction.atomic
def replace_round(game, number, round_):
    """Replace the numbers of round `number`; StaleSheet if it was undone or no longer fits."""
    fresh = lock(game)
    stored = fresh.rounds.filter(number=number).first()
    if stored is None:
        raise StaleSheet
    recheck(fresh, number, round_)
    stored.last_to_quit = round_.last_to_quit
    stored.save(update_fields=["last_to_quit"])
    for seat, value in zip(fresh.seats, round_.entries, strict=True):
        Entry.objects.filter(round=stored, seat=seat).update(value=value)


def undo_last_round(game, number):
    """Delete round `number` if it is still the last one; StaleSheet otherwise."""
    with transaction.atomic():
        fresh = lock(game)
        deleted, _ = (
            fresh.rounds.filter(number=number).exclude(game__rounds__number__gt=number).delete()
        )
    if not deleted:
        raise StaleSheet


def already_saved(game, key):
    return key is not None and game.rounds.filter(idempotency_key=key).exists()
