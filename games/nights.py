"""Nights: the games an account plays on one evening.

A game started within NIGHT_GAP_HOURS of the start of the account's previous game joins that
game's night; otherwise it starts a night of its own. A gap is a duration, the same in every
time zone; the night's date is read in the site's time zone (settings.TIME_ZONE, the one
zone the project shows every time in). The owner can move a game to another night, or start
a new night with it.
"""

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Min

from games.models import Game, Night


def gap():
    return timedelta(hours=settings.NIGHT_GAP_HOURS)


def night_for(owner, moment):
    """The night a game `owner` starts at `moment` joins: the previous game's, within the gap,
    or a new one. Called in the game-creating transaction, after the owner's row is locked."""
    previous = (
        Game.objects.filter(owner=owner, night__isnull=False, created_at__lte=moment)
        .order_by("-created_at", "-pk")
        .values_list("night", "created_at")
        .first()
    )
    if previous and moment - previous[1] <= gap():
        return Night.objects.get(pk=previous[0])
    return Night.objects.create(owner=owner, start=moment)


def place_unplaced(owner):
    """Give a night to each of `owner`'s visible games without one (an import's), in the order
    they started: each joins the night of the game before it within the gap, or a new one.
    (The night of a game before it is its night already: nights only grow later.)"""
    rows = Game.objects.filter(owner=owner).order_by("created_at", "pk")
    rows = list(rows.values_list("pk", "created_at", "night"))
    groups, starts, last = {}, {}, None  # {group: game pks}; {new group: its start}
    for pk, started, night in rows:
        if night is not None:
            group = ("held", night)
        else:
            if last is not None and started - last[0] <= gap():
                group = last[1]
            else:
                group = ("new", len(starts))
                starts[group] = started
            groups.setdefault(group, []).append(pk)
        last = (started, group)
    made = Night.objects.bulk_create(Night(owner=owner, start=start) for start in starts.values())
    nights = dict(zip(starts, (night.pk for night in made), strict=True))
    placed = [Game(pk=pk, night_id=nights.get(group, group[1]))
              for group, pks in groups.items() for pk in pks]  # fmt: skip
    Game.objects.bulk_update(placed, ["night"], batch_size=500)


@transaction.atomic
def move(game, night):
    """Move `game` to `night` (one of its owner's), or to a new night of its own when None."""
    old = game.night_id
    if night is None:
        night = Night.objects.create(owner=game.owner, start=game.created_at)
    Game.objects.filter(pk=game.pk).update(night=night)
    game.night = night
    refresh(Night.objects.filter(pk__in=[pk for pk in (old, night.pk) if pk]))
    return night


def refresh(nights):
    """Each night's start is its first game's; a night left with no game goes."""
    for night in nights.annotate(first=Min("games__created_at")):
        if night.first is None:
            night.delete()
        elif night.first != night.start:
            Night.objects.filter(pk=night.pk).update(start=night.first)


def name(night, label):
    """A night's name: no part of any game, so no game's version changes."""
    Night.objects.filter(pk=night.pk).update(label=label)
    night.label = label
