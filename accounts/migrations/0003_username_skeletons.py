"""What each account's name looks like, stored and unique (accounts/usernames.py), filled for
the accounts there are. Of two accounts whose names already look alike, the older holds the
skeleton and the other stores none, as one made in a shell would."""

import hashlib

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

from common.names import skeleton

BATCH = 2000


def index_every_account(apps, schema_editor):
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    Skeleton = apps.get_model("accounts", "Skeleton")
    held, batch = set(), []
    for pk, username in User.objects.order_by("pk").values_list("pk", "username").iterator():
        value = hashlib.sha256(skeleton.__wrapped__(username).encode()).hexdigest()
        batch.append(Skeleton(user_id=pk, skeleton=None if value in held else value))
        held.add(value)
        if len(batch) == BATCH:
            Skeleton.objects.bulk_create(batch)
            batch = []
    Skeleton.objects.bulk_create(batch)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_one_counter_for_every_limit"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.CreateModel(
            name="Skeleton",
            fields=[
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="skeleton",
                        serialize=False,
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "skeleton",
                    models.CharField(
                        max_length=64, null=True, unique=True, verbose_name="looks like"
                    ),
                ),
            ],
            options={
                "verbose_name": "username skeleton",
                "verbose_name_plural": "username skeletons",
            },
        ),
        migrations.RunPython(index_every_account, migrations.RunPython.noop),
    ]
