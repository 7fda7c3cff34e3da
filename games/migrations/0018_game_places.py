"""Game.places, filled for the finished games of before by replaying each with the rules."""

from collections import defaultdict

from django.db import migrations, models

# The rules as they were then: replayed with today's, an old database would be settled by
# rules it never knew (games/migrations/frozen_rules/__init__.py).
from games.migrations import frozen_rules as rules

BATCH = 500


def place_finished_games(apps, schema_editor):
    Game, Seat = apps.get_model("games", "Game"), apps.get_model("games", "Seat")
    finished = Game.objects.filter(finished_at__isnull=False).order_by("pk")
    pks = list(finished.values_list("pk", flat=True))
    for start in range(0, len(pks), BATCH):
        placed = _places(Seat, pks[start : start + BATCH])
        games = Game.objects.filter(pk__in=placed)
        for game in games:
            game.places = placed[game.pk]
        Game.objects.bulk_update(games, ["places"])


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
    except (rules.RoundRefused, ValueError, KeyError):  # left to `manage.py resettle`
        return None
    return list(ruleset.places(state)) if state.finished else None


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0017_undone_key"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="places",
            field=models.JSONField(blank=True, editable=False, null=True, verbose_name="places"),
        ),
        migrations.RunPython(place_finished_games, migrations.RunPython.noop, elidable=True),
    ]
