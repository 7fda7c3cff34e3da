"""The counters and the preferences are the common app's now (common/migrations/0001), in the
same tables: the accounts app only forgets them."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_preferences"),
        ("common", "0001_counter_and_preferences_from_accounts"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="Counter"),
                migrations.DeleteModel(name="Preferences"),
            ],
        ),
    ]
