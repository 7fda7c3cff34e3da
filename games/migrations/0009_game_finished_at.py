"""Game.finished_at, filled for the games of before by replaying each with the rules."""

from collections import defaultdict

from django.db import migrations, models

# The rules as they were then: replayed with today's, an old database would be settled by
# rules it never knew (games/migrations/frozen_rules/__init__.py).
from games.migrations import frozen_rules as rules

BATCH = 500


def settle_every_game(apps, schema_editor):
    Game, Seat = apps.get_model("games", "Game"), apps.get_model("games", "Seat")
    pks = list(Game.objects.order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(pks), BATCH):
        batch = pks[start : start + BATCH]
        ended = {pk: at for pk, at in _finished(Seat, batch).items() if at is not None}
        games = Game.objects.filter(pk__in=ended)
        for game in games:
            game.finished_at = ended[game.pk]
        Game.objects.bulk_update(games, ["finished_at"])


def _finished(Seat, pks):
    """{pk: when its last round was saved if the rules say the game is over, else None}."""
    rows = (
        Seat.objects.filter(game__in=pks)
        .order_by("game", "entries__round__number", "position")
        .values_list(
            "game", "game__kind", "game__first_starter", "position", "entries__round__number",
            "entries__round__last_to_quit", "entries__round__created_at", "entries__value",
        )
    )  # fmt: skip
    games = {}
    for game, kind, starter, position, number, last_to_quit, saved, value in rows:
        stored = games.setdefault(game, (kind, starter, set(), defaultdict(list), {}))
        stored[2].add(position)
        if number is not None:
            stored[3][number].append(value)
            stored[4][number] = (last_to_quit, saved)
    return {game: _ended_at(*stored) for game, stored in games.items()}


def _ended_at(kind, first_starter, positions, values, rounds):
    played = [rules.Round(tuple(values[n]), rounds[n][0]) for n in sorted(values)]
    try:
        state = rules.for_kind(kind).fold(len(positions), played, first_starter)
    except (rules.RoundRefused, ValueError, KeyError):  # as the history did: not finished
        return None
    return rounds[max(rounds)][1] if state.finished else None


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_game_note_place"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="finished_at",
            field=models.DateTimeField(
                blank=True, editable=False, null=True, verbose_name="finished at"
            ),
        ),
        migrations.RunPython(settle_every_game, migrations.RunPython.noop, elidable=True),
    ]
