"""A small job does not wait behind other accounts' big ones: the worker takes the queue's
highest priority first (jobs/priorities.py), whatever was queued before it."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django_tasks_db.models import DBTaskResult

from jobs.models import Job

IMPORT = "games.archive.tasks.import_backup"
EXPORT = "games.archive.export_job.write_export"
RESET = "accounts.tasks.send_password_reset"
# The worker closes its connection after each task: outside a test's transaction, as in life.
pytestmark = pytest.mark.django_db(transaction=True)
EMAIL = "alice@example.org"


@pytest.fixture(autouse=True)
def _the_database_queue(settings):
    """The real queue, as in production (tests/conftest.py runs tasks at once otherwise)."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    settings.EXPORT_STREAM_MAX_ROUNDS = 2  # bob's 3 rounds make a big export, alice's 1 not


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def taken_in_turn():
    """What the worker runs, one task at a time, in the order it takes them."""
    order = []
    while DBTaskResult.objects.ready().exists():
        call_command("db_worker", batch=True, max_tasks=1, startup_delay=False, verbosity=0)
        ran = DBTaskResult.objects.exclude(status="READY").exclude(pk__in=[p for p, _ in order])
        order += [(result.pk, named(result)) for result in ran]
    return [name for _, name in order]


def named(result):
    """The task, and whose job it runs (a mail's has none)."""
    [first, *_] = result.args_kwargs["args"]
    job = Job.objects.filter(pk=first).first() if first != EMAIL else None
    return result.task_path.rsplit(".", 1)[1], job and job.owner.username


def test_the_small_jobs_are_taken_before_the_big_ones_queued_first(alice, bob, make_game):
    make_game(owner=bob, rounds=[(1, 2, 3)] * 3)
    make_game(rounds=[(1, 2, 3)])
    bobs, alices = signed_in(bob), signed_in(alice)
    games = [{"players": ["Ana", "Ben"], "rounds": [{"entries": {"Ana": 3, "Ben": 0}}]}] * 50
    file = SimpleUploadedFile("backup.json", json.dumps(games).encode(), "application/json")
    assert bobs.post("/history/import/", {"backup": file}).status_code == 302
    assert bobs.post("/history/export.json").status_code == 302
    assert alices.post("/history/export.json").status_code == 302
    reset = Client().post("/accounts/password_reset/", {"email": EMAIL})
    assert reset.status_code == 302
    queued = list(DBTaskResult.objects.order_by("enqueued_at").values_list("task_path", flat=True))
    assert queued == [IMPORT, EXPORT, EXPORT, RESET]

    order = taken_in_turn()

    assert order == [
        ("send_password_reset", None),
        ("write_export", "alice"),
        ("write_export", "bob"),  # a big export: after the small one queued after it
        ("import_backup", "bob"),
    ]
    assert not DBTaskResult.objects.ready().exists()
