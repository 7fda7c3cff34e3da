"""Entries are stored as typed from now on (games/models.py, Entry.value): what an entry
counts is the rules' fold's, and no write rewrites another round's entries.

Until now each entry was stored as it counted (migration 0014, and `Game.store_as_counted`
after each correction of an earlier round). Today's values are kept as they are, as what was
typed: a value stored as it counted is one the rules accept as typed, and counts the same
(a return stored as 0, -1 or -10 was one its player could give), so no total moves. What those
rewrites lost (a -10 stored as 0 or -1 when an earlier round was corrected) cannot be brought
back from what is stored, so this migration changes no value: only the field's name says
what it now holds."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0020_nights_within_span")]

    operations = [
        migrations.AlterField(
            model_name="entry",
            name="value",
            field=models.SmallIntegerField(verbose_name="points typed"),
        ),
    ]
