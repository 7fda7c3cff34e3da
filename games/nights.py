"""Nights: the games an account plays on one evening.

A game started within NIGHT_GAP_HOURS of the start of the account's previous game joins that
game's night; otherwise it starts a night of its own. A gap is a duration, the same in every
time zone; the night's date, like every date the account reads, is read in the account's time
zone (chosen on its account page, else the site's settings.TIME_ZONE: common/zones.py), so
the same night falls on another day for an account in another zone. The owner can move a game
to another night, or start a new night with it.
"""

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, Min, OuterRef, Q

from games.models import Game, Night


def shown(nights):
    """`nights` that hold a game in sight: not one that only an import still being written
    fills (games/archive/restore.py makes a backup's nights with its first game)."""
    return nights.filter(Exists(Game.objects.filter(night=OuterRef("pk"))))


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


# Games read, and placed, at a time by place_unplaced: its memory is the same for any import.
BATCH = 500


def place_unplaced(owner):
    """Give a night to each of `owner`'s visible games without one (an import's), in the order
    they started: each joins the night of the game before it within the gap, or a new one.
    (The night of a game before it is its night already: nights only grow later.) Read and
    written BATCH games at a time, so that an import of any size costs the same memory."""
    games = Game.objects.filter(owner=owner).order_by("created_at", "pk")
    pending, last, after = _Placing(owner), None, None  # last: (its start, its night)
    while rows := list(_after(games, after).values_list("pk", "created_at", "night")[:BATCH]):
        for pk, started, night in rows:
            if night is None:
                joins = last is not None and started - last[0] <= gap()
                night = last[1] if joins else _NewNight(started)
                pending.place(pk, night)
            last = (started, night)
        after = rows[-1][1], rows[-1][0]
        pending.flush(BATCH)
    pending.flush()


def _after(games, after):
    """`games` past (created_at, pk) `after`, in their order."""
    if after is None:
        return games
    started, pk = after
    return games.filter(Q(created_at__gt=started) | Q(created_at=started, pk__gt=pk))


class _NewNight:
    """A night to be made when its games are written; then its pk."""

    def __init__(self, start):
        self.start, self.pk = start, None


class _Placing:
    """Games given a night, written once there are `most` of them."""

    def __init__(self, owner):
        self.owner, self.games = owner, []

    def place(self, pk, night):
        self.games.append((pk, night))

    def flush(self, most=0):
        if len(self.games) < max(most, 1):
            return
        new = {id(n): n for _, n in self.games if isinstance(n, _NewNight) and n.pk is None}
        made = Night.objects.bulk_create(
            Night(owner=self.owner, start=n.start) for n in new.values()
        )
        for night, row in zip(new.values(), made, strict=True):
            night.pk = row.pk
        # One UPDATE per night, not bulk_update: its model instance and CASE WHEN per game
        # took some 4 KB a game, the import's peak (a night holds a few games, often dozens).
        placed = {}
        for pk, night in self.games:
            placed.setdefault(getattr(night, "pk", night), []).append(pk)
        for night, pks in placed.items():
            Game.objects.filter(pk__in=pks).update(night=night)
        self.games = []


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
