"""Every game gets finished_at and places together, or neither, before the constraint that
holds them together (0025). Migration 0018 placed only the finished games that the rules
then ranked: a game whose finished_at was set but whose rounds the rules refuse (or no longer
call over) kept no places, and the group's table left it out without a word.

Each game with one of the two and not the other is replayed by its rules, as Game.decide
does: over, it gets both (it ended when its last round was saved); otherwise, whether its
rounds are refused or the game goes on, it gets neither: it is shown as in progress (not
finished) rather than as finished without a ranking. `manage.py resettle` decides every game
again after a change of the rules."""

from collections import defaultdict

from django.db import migrations
from django.db.models import Max, Q

# The rules as they were then: replayed with today's, an old database would be settled by
# rules it never knew (games/migrations/frozen_rules/__init__.py).
from games.migrations import frozen_rules as rules

BATCH = 500


def settle_half_settled(apps, schema_editor):
    Game, Seat = apps.get_model("games", "Game"), apps.get_model("games", "Seat")
    half = Q(finished_at__isnull=False, places__isnull=True)
    half |= Q(finished_at__isnull=True, places__isnull=False)
    pks = list(Game.objects.filter(half).order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(pks), BATCH):
        chunk = pks[start : start + BATCH]
        placed = _places(Seat, chunk)
        ended = dict(
            Game.objects.filter(pk__in=chunk)
            .annotate(last=Max("rounds__created_at"))
            .values_list("pk", "last")
        )
        games = list(Game.objects.filter(pk__in=chunk))
        for game in games:
            places = placed.get(game.pk)
            game.finished_at = None if places is None else ended[game.pk]
            game.places = places
        Game.objects.bulk_update(games, ["finished_at", "places"])


def _places(Seat, pks):
    """{pk: each seat's place} of the games `pks` that the rules say are over."""
    rows = (
        Seat.objects.filter(game__in=pks)
        .order_by("game", "entries__round__number", "position")
        .values_list(
            "game", "game__kind", "game__first_starter", "position", "entries__round__number",
            "entries__round__last_to_quit", "entries__value",
        )
    )  # fmt: skip
    games = {}
    for game, kind, starter, position, number, last_to_quit, value in rows:
        stored = games.setdefault(game, (kind, starter, set(), defaultdict(list), {}))
        stored[2].add(position)
        if number is not None:
            stored[3][number].append(value)
            stored[4][number] = last_to_quit
    placed = {game: _placed(*stored) for game, stored in games.items()}
    return {game: places for game, places in placed.items() if places is not None}


def _placed(kind, first_starter, positions, values, quitters):
    played = [rules.Round(tuple(values[n]), quitters[n]) for n in sorted(values)]
    try:
        ruleset = rules.for_kind(kind)
        state = ruleset.fold(len(positions), played, first_starter)
    except (rules.RoundRefused, ValueError, KeyError):  # refused: not over
        return None
    return list(ruleset.places(state)) if state.finished else None


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0023_created_at_defaults"),
    ]

    operations = [
        migrations.RunPython(settle_half_settled, migrations.RunPython.noop, elidable=True),
    ]
