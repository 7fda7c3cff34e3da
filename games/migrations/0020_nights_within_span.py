from datetime import timedelta

from django.db import migrations
from django.db.models import Max, Min

# NIGHT_GAP_HOURS's and NIGHT_SPAN_HOURS's defaults, as games/nights.py now places games.
GAP, SPAN = timedelta(hours=6), timedelta(hours=16)


def split_endless_nights(apps, schema_editor):
    """A night longer than the span (games within the gap of the one before chained into it:
    an imported history made nights of months) is cut where a game would no longer join it:
    its first evening keeps the night and its name, each next one gets a night of its own.
    Nights left with no game (deleted ones' nights were kept) go."""
    Game, Night = apps.get_model("games", "Game"), apps.get_model("games", "Night")
    lengths = Game.objects.filter(night__isnull=False).values("night")
    lengths = lengths.annotate(first=Min("created_at"), last=Max("created_at")).order_by()
    endless = [row["night"] for row in lengths.iterator() if row["last"] - row["first"] > SPAN]
    for pk in endless:
        _split(Game, Night, Night.objects.get(pk=pk))
    Night.objects.filter(games__isnull=True).delete()


def _split(Game, Night, night):
    games = Game.objects.filter(night=night).order_by("created_at", "pk")
    first = previous = None
    moved = []  # (its new night, the pks of its games)
    for pk, started in games.values_list("pk", "created_at").iterator(chunk_size=2000):
        if first is None:
            first = started
        elif started - previous > GAP or started - first > SPAN:
            first = started
            moved.append((Night.objects.create(owner_id=night.owner_id, start=started), []))
        if moved:
            moved[-1][1].append(pk)
        previous = started
    for new, pks in moved:
        Game.objects.filter(pk__in=pks).update(night=new)


class Migration(migrations.Migration):
    dependencies = [("games", "0019_game_venue")]

    operations = [migrations.RunPython(split_endless_nights, migrations.RunPython.noop)]
