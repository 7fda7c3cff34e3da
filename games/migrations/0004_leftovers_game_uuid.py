"""Games get the UUID that backups carry (games/archive/identity.py).

Games of before are given the identity their exports already imply (start time and players),
so importing an old export into the account it came from adds nothing; a game that already
has a twin with that identity (imported twice before this fix) gets a random one instead.
"""

import uuid

from django.db import migrations, models

from games.archive.identity import legacy_uuid


def give_games_their_identity(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    names = {}
    for game_id, name in Seat.objects.order_by("game_id", "position").values_list(
        "game_id", "player__name"
    ):
        names.setdefault(game_id, []).append(name)
    taken, games = set(), list(Game.objects.order_by("pk"))
    for game in games:
        game.uuid = legacy_uuid(game.created_at, names.get(game.pk, []))
        if (game.owner_id, game.uuid) in taken:
            game.uuid = uuid.uuid4()
        taken.add((game.owner_id, game.uuid))
    Game.objects.bulk_update(games, ["uuid"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0003_table_share_link"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="uuid",
            field=models.UUIDField(editable=False, null=True, verbose_name="backup identifier"),
        ),
        migrations.RunPython(give_games_their_identity, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="game",
            name="uuid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, verbose_name="backup identifier"
            ),
        ),
        migrations.AddConstraint(
            model_name="game",
            constraint=models.UniqueConstraint(
                models.F("owner"), models.F("uuid"), name="game_uuid_once_per_owner"
            ),
        ),
    ]
