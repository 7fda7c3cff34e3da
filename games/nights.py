"""Nights: the games an account plays on one evening.

A game joins the night of the account's latest game when it starts within NIGHT_GAP_HOURS of
that game's start (the night's latest) and within NIGHT_SPAN_HOURS of the night's first game,
whatever it was started from (a rematch of an old game, the roster, the history); otherwise it
starts a night of its own. The span keeps games a few hours apart from chaining into one
endless night. A gap is a duration, the same in every time zone; the night's date, like every
date the account reads, is read in the account's time zone (chosen on its account page, else
the site's settings.TIME_ZONE: common/zones.py), so the same night falls on another day for
an account in another zone. The owner can move a game to another night, or start a new night
with it; deleting or moving a game refreshes the night it leaves (`refresh`).
"""

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, Max, Min, OuterRef, Q
from django.utils import timezone

from games.locks import lock_account
from games.models import Game, Night


def shown(nights):
    """`nights` that hold a game in sight: not one that only an import still being written
    fills (games/archive/restore.py makes a backup's nights with its first game)."""
    return nights.filter(Exists(Game.objects.filter(night=OuterRef("pk"))))


def gap():
    return timedelta(hours=settings.NIGHT_GAP_HOURS)


def span():
    return timedelta(hours=settings.NIGHT_SPAN_HOURS)


def joins(moment, latest, first):
    """Whether a game started at `moment` joins the night whose latest game started at
    `latest` and whose first at `first`."""
    return moment - latest <= gap() and moment - first <= span()


def _latest(owner, moment):
    """`owner`'s latest game started by `moment` that has a night, with its night; or None."""
    return (
        Game.objects.filter(owner=owner, night__isnull=False, created_at__lte=moment)
        .select_related("night")
        .order_by("-created_at", "-pk")
        .first()
    )


def night_for(owner, moment):
    """The night a game `owner` starts at `moment` joins: their latest game's if it `joins`,
    or a new one. Called in the game-creating transaction, after the owner's row is locked
    (games/locks.py)."""
    latest = _latest(owner, moment)
    if latest and joins(moment, latest.created_at, latest.night.start):
        return latest.night
    return Night.objects.create(owner=owner, start=moment)


def tonight(owner):
    """The night of `owner`'s latest game if that game started within the gap (recent), else
    None: a rematch of a weeks-old game never makes its old night tonight's."""
    now = timezone.now()
    latest = _latest(owner, now)
    return latest.night if latest and now - latest.created_at <= gap() else None


# Games read, and placed, at a time by place_unplaced: its memory is the same for any import.
BATCH = 500


def place_unplaced(owner):
    """Give a night to each of `owner`'s visible games without one (an import's), in the order
    they started: each joins the night of the game before it as a new game would (`joins`:
    within the gap of it and the span of its night's first game), or a new one. (The night of
    a game before it is its night already: nights only grow later.) Read and written BATCH
    games at a time, so that an import of any size costs the same memory."""
    games = Game.objects.filter(owner=owner).order_by("created_at", "pk")
    pending, last, after = _Placing(owner), None, None  # last: (its start, night, night's start)
    fields = ("pk", "created_at", "night", "night__start")
    while rows := list(_after(games, after).values_list(*fields)[:BATCH]):
        for pk, started, night, first in rows:
            if night is None:
                if last is not None and joins(started, last[0], last[2]):
                    night, first = last[1], last[2]
                else:
                    night, first = _NewNight(started), started
                pending.place(pk, night)
            last = (started, night, first)
        after = rows[-1][1], rows[-1][0]
        pending.flush(BATCH)
    pending.flush()


def cut_endless(nights):
    """Each of `nights` (an import's) that lasts longer than the span, cut where a game would
    no longer join it (`joins`): a backup made before the span chained a history of games a
    few hours apart into nights of months. Its first evening keeps the night and its name;
    each next one gets a night of its own. A night's games are read as a stream."""
    lengths = Game.objects.filter(night__in=nights).values("night").order_by()
    lengths = lengths.annotate(first=Min("created_at"), last=Max("created_at"))
    for row in lengths.iterator():
        if row["last"] - row["first"] > span():
            _cut(Night.objects.get(pk=row["night"]))


def _cut(night):
    games = Game.objects.filter(night=night).order_by("created_at", "pk")
    first = previous = current = None  # current: the new night the games go to, if any
    pending = _Placing(night.owner)
    for pk, started in games.values_list("pk", "created_at").iterator(chunk_size=BATCH):
        if first is None:
            first = started
        elif not joins(started, previous, first):
            first, current = started, _NewNight(started)
        if current is not None:
            pending.place(pk, current)
            pending.flush(BATCH)
        previous = started
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
    """Move `game` to `night` (one of its owner's), or to a new night of its own when None;
    the night it is in then, or None if `night` was deleted meanwhile (the game stays).
    The account's row is locked first, as starting and deleting a game lock it
    (games/locks.py): a game started meanwhile never joins a night this deletes."""
    lock_account(game.owner)
    old = Game.objects.filter(pk=game.pk).values_list("night", flat=True).first()
    if night is None:
        night = Night.objects.create(owner=game.owner, start=game.created_at)
    elif not Night.objects.filter(pk=night.pk).exists():
        return None  # emptied and deleted since the form was shown
    Game.objects.filter(pk=game.pk).update(night=night)
    game.night = night
    refresh(Night.objects.filter(pk__in=[pk for pk in (old, night.pk) if pk]))
    return night


def refresh(nights):
    """Each night's start is its first game's (its name and picture read it); a night left
    with no game goes."""
    for night in nights.annotate(first=Min("games__created_at")):
        if night.first is None:
            night.delete()
        elif night.first != night.start:
            Night.objects.filter(pk=night.pk).update(start=night.first)


def name(night, label):
    """A night's name: no part of any game, so no game's version changes."""
    Night.objects.filter(pk=night.pk).update(label=label)
    night.label = label
