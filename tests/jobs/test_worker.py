"""The real worker (`manage.py worker`, django-tasks-db's queue) on PostgreSQL, shared by nodes."""

import contextlib

import psycopg
import pytest

from tests.helpers.worker import Worker, job_states, queue_pings, shell, wait_for

pytestmark = pytest.mark.xdist_group("worker")


@pytest.fixture
def workers(database):
    started = []
    with contextlib.ExitStack() as stack:

        def start():
            worker = Worker(database).start()
            stack.callback(worker.stop)
            started.append(worker)
            return worker

        yield start


def test_two_workers_run_every_task_once(database, workers):
    ids = queue_pings(database, 30)
    workers(), workers()

    def all_done():
        states = job_states(database)
        return all(states[pk] == "done" for pk in ids)

    wait_for(all_done)
    runs = shell(database, RUNS).split()
    assert sorted(runs) == ["SUCCESSFUL"] * len(ids)


RUNS = """
from django_tasks_db.models import DBTaskResult
for result in DBTaskResult.objects.filter(task_path="tests.helpers.tasks.ping"):
    print(result.status)
"""


def test_a_worker_skips_a_task_another_worker_holds(database, workers):
    first, second = queue_pings(database, 2)
    with psycopg.connect(database["DATABASE_URL"]) as other_worker:
        # As another node's worker does while it claims a task: the oldest row, locked.
        other_worker.execute(
            "SELECT id FROM django_tasks_database_dbtaskresult WHERE status = 'READY'"
            " ORDER BY priority DESC, run_after, enqueued_at LIMIT 1 FOR UPDATE"
        )
        workers()
        wait_for(lambda: job_states(database)[second] == "done")
        assert job_states(database)[first] == "queued"  # not waited for: skipped
    wait_for(lambda: job_states(database)[first] == "done")


STALE_JOB = """
from datetime import timedelta
from django.contrib.auth import get_user_model
from django.utils import timezone
from jobs.models import Job
owner, _ = get_user_model().objects.get_or_create(username="lost")
job = Job.objects.create(owner=owner, kind=Job.Kind.EXPORT, state=Job.State.RUNNING,
    worker="a-machine-that-burnt:42", heartbeat=timezone.now() - timedelta(seconds=10))
print(job.pk)
"""


def test_a_running_worker_gives_up_a_job_silent_elsewhere(database):
    """Its node lost, a job is given up by a worker already running on another node, once it
    has been silent for JOB_STALE_SECONDS (not only by the next worker to start)."""
    env = {**database, "JOB_STALE_SECONDS": "4"}
    worker = Worker(env).start()
    try:
        [ping] = queue_pings(env, 1)
        wait_for(lambda: job_states(env)[ping] == "done")  # it runs: past its start's sweep
        lost = int(shell(env, STALE_JOB))

        wait_for(lambda: job_states(env)[lost] == "failed", timeout=20)
    finally:
        worker.stop()
