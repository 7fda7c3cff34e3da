"""Every entry stored as it counts (Game.store_as_counted): rounds saved through the form were
already, but imported and older rounds held what was typed, so a chip given back by a player
who held none showed -1 or -10 in the admin and the JSON where the sheet showed 0. The rules
package decides: each such game is folded by its ruleset, and each entry that counts
otherwise is stored as it counts. What was typed cannot be brought back from what counts, so
the other way round was never a choice."""

from collections import defaultdict

from django.db import migrations, models

from games import rules


def store_as_counted(apps, schema_editor):
    Entry = apps.get_model("games", "Entry")
    # Only a return (a number below 0) counts otherwise than typed: the games that have one.
    games = Entry.objects.filter(value__lt=0).values_list("round__game", flat=True).distinct()
    for game in apps.get_model("games", "Game")._base_manager.filter(pk__in=games).iterator():
        entries = Entry.objects.filter(round__game=game).order_by("round__number", "seat__position")
        for pk, points in recounted(game, entries):
            Entry.objects.filter(pk=pk).update(value=points)


def recounted(game, entries):
    """(entry pk, what it counts) for each of `game`'s `entries` (in the order the rules read
    them) that counts otherwise than stored."""
    pks, typed, quitters = defaultdict(list), defaultdict(list), {}
    for pk, number, quitter, value in entries.values_list(
        "pk", "round__number", "round__last_to_quit", "value"
    ):
        pks[number].append(pk)
        typed[number].append(value)
        quitters[number] = quitter
    numbers = sorted(typed)
    played = [rules.Round(tuple(typed[n]), quitters[n]) for n in numbers]
    players = len(typed[numbers[0]])
    try:
        state = rules.for_kind(game.kind).fold(players, played, game.first_starter)
    except (ValueError, KeyError):  # refused by the rules as they are now: left as it is
        return []
    return [
        (pk, points)
        for number, counted in zip(numbers, state.rounds, strict=True)
        for pk, value, points in zip(pks[number], typed[number], counted.points, strict=True)
        if value != points
    ]


class Migration(migrations.Migration):
    dependencies = [("games", "0013_nights")]

    operations = [
        migrations.RunPython(store_as_counted, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="entry",
            name="value",
            field=models.SmallIntegerField(verbose_name="points"),
        ),
    ]
