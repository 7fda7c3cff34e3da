"""Game.place (where it was played) becomes Game.venue: beside Game.places (the ranking) it
read as one of them. The backups keep their key "place"."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0018_game_places"),
    ]

    operations = [
        migrations.RenameField(model_name="game", old_name="place", new_name="venue"),
    ]
