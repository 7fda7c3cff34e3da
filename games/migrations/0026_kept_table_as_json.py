"""The kept table as JSON text (games/reports/kept.py) instead of pickles.

The pickled columns are dropped, not converted: what they held is derived, and a kept table
with no readable document of this release's format is counted again from the games
(games/reports/counting.py). The rows stay, with their recount's queue times.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0025_game_finished_with_places"),
    ]

    operations = [
        migrations.RemoveField(model_name="kepttable", name="tables"),
        migrations.RemoveField(model_name="kepttable", name="progress"),
        migrations.AddField(
            model_name="kepttable",
            name="format",
            field=models.CharField(blank=True, default="", max_length=64, verbose_name="format"),
        ),
        migrations.AddField(
            model_name="kepttable",
            name="tables",
            field=models.TextField(null=True, verbose_name="tables"),
        ),
        migrations.AddField(
            model_name="kepttable",
            name="progress",
            field=models.TextField(null=True, verbose_name="ratings"),
        ),
    ]
