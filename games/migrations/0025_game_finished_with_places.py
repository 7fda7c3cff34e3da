"""A game is over with its places, or neither (Game.decide sets both): a named constraint, in a
migration of its own, after 0024 made every game keep it."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0024_settle_games_half_settled"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="game",
            constraint=models.CheckConstraint(
                condition=models.Q(finished_at__isnull=True, places__isnull=True)
                | models.Q(finished_at__isnull=False, places__isnull=False),
                name="game_finished_with_places",
            ),
        ),
    ]
