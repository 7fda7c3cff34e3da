"""Game.created_at and Round.created_at default to the time of the write instead of being set
by auto_now_add, which the import's bulk_create could not give a backup's times past. Only
Django's idea of the fields changes: neither is a default the database holds, so the tables
stay as they are (SQLite would otherwise copy both whole)."""

import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0022_kept_table"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="game",
                    name="created_at",
                    field=models.DateTimeField(
                        db_index=True,
                        default=django.utils.timezone.now,
                        editable=False,
                        verbose_name="started at",
                    ),
                ),
                migrations.AlterField(
                    model_name="round",
                    name="created_at",
                    field=models.DateTimeField(
                        default=django.utils.timezone.now, editable=False, verbose_name="saved at"
                    ),
                ),
            ],
        ),
    ]
