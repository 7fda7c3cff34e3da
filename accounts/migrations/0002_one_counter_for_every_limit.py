"""The log-in failures' table becomes the one counter of every limit (accounts/limits.py):
its rows keep counting, and the last hour's imports and exports, which were counted from
their jobs, are carried over, so that nobody gets a fresh hour from the upgrade."""

from datetime import timedelta
from hashlib import sha256

from django.db import migrations, models
from django.db.models import Count, Min
from django.utils import timezone

HOUR = timedelta(hours=1)


def carry_jobs_over(apps, schema_editor):
    Counter = apps.get_model("accounts", "Counter")
    Job = apps.get_model("jobs", "Job")
    since = timezone.now() - HOUR
    recent = Job.objects.filter(created_at__gte=since).exclude(state="receiving")
    counted = recent.values("owner", "kind").annotate(count=Count("pk"), first=Min("created_at"))
    Counter.objects.bulk_create(
        Counter(
            key=f"{each['kind']}:{sha256(str(each['owner']).encode()).hexdigest()}",
            count=each["count"],
            window_ends=each["first"] + HOUR,
        )
        for each in counted
        if each["kind"] in ("import", "export")
    )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_login_failures"),
        ("jobs", "0002_job_receiving_state"),
    ]

    operations = [
        migrations.RenameModel("LoginFailures", "Counter"),
        migrations.AlterModelOptions(
            name="counter",
            options={"verbose_name": "rate counter", "verbose_name_plural": "rate counters"},
        ),
        migrations.AlterField(
            model_name="counter",
            name="key",
            field=models.CharField(max_length=96, unique=True, verbose_name="counter"),
        ),
        migrations.RunPython(carry_jobs_over, migrations.RunPython.noop),
    ]
