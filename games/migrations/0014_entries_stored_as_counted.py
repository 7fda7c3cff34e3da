"""Entry.value's field renamed "points". Its data step once rewrote every entry as it counted
(a -10 given back by a player with 5 points stored as -1), which lost what was typed for good
on any database migrated from before it; 0021 went back to storing entries as typed. The step
is gone, so a database older than this keeps what was typed (tests/history/
test_migration_typed_kept.py): what an entry counts is the rules' fold's, read at each view."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0013_nights")]

    operations = [
        migrations.AlterField(
            model_name="entry",
            name="value",
            field=models.SmallIntegerField(verbose_name="points"),
        ),
    ]
