"""The limiter's counters and the accounts' preferences move from the accounts app, which made
their tables and keeps them (accounts_counter, accounts_preferences): only Django's idea of
which app holds them changes (accounts/migrations/0005 forgets them), with their content types,
so that a permission given on them stays given."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import common.models

MOVED = ["counter", "preferences"]


def move_content_types(apps, schema_editor, source="accounts", target="common"):
    ContentType = apps.get_model("contenttypes", "ContentType")
    taken = ContentType.objects.filter(app_label=target, model__in=MOVED).values("model")
    moved = ContentType.objects.filter(app_label=source, model__in=MOVED).exclude(model__in=taken)
    moved.update(app_label=target)


def move_content_types_back(apps, schema_editor):
    move_content_types(apps, schema_editor, source="common", target="accounts")


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("accounts", "0004_preferences"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Counter",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "key",
                            models.CharField(max_length=96, unique=True, verbose_name="counter"),
                        ),
                        ("count", models.PositiveIntegerField(default=0, verbose_name="tries")),
                        (
                            "window_ends",
                            models.DateTimeField(db_index=True, verbose_name="window ends"),
                        ),
                    ],
                    options={
                        "verbose_name": "rate counter",
                        "verbose_name_plural": "rate counters",
                        "db_table": "accounts_counter",
                    },
                ),
                migrations.CreateModel(
                    name="Preferences",
                    fields=[
                        (
                            "user",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                primary_key=True,
                                related_name="preferences",
                                serialize=False,
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "time_zone",
                            models.CharField(
                                blank=True,
                                max_length=64,
                                validators=[common.models.validate_time_zone],
                                verbose_name="time zone",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "account preferences",
                        "verbose_name_plural": "account preferences",
                        "db_table": "accounts_preferences",
                    },
                ),
            ],
        ),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
