"""One version per game: the revision (a counter, the save's lock and the polls' tag) and the
stamp (drawn at random with each write, the folds' cache key) become one token, the version,
raised by each write in the code that makes it (no more signals).

The stamp carries over as the version: it was drawn anew with every write, as the version is,
so each game keeps a value that names its current state, and nothing kept under it (a fold in
the cache) is read for another state. The revision goes.
"""

import games.models
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0014_entries_stored_as_counted"),
    ]

    operations = [
        migrations.RemoveField(model_name="game", name="revision"),
        migrations.RenameField(model_name="game", old_name="stamp", new_name="version"),
        migrations.AlterField(
            model_name="game",
            name="version",
            field=models.BigIntegerField(
                default=games.models.new_version, editable=False, verbose_name="version"
            ),
        ),
    ]
