"""`manage.py worker` in a subprocess, on a database of the test's own (tests/helpers/live.py)."""

import json
import signal
import subprocess
import time

import psycopg

from tests.helpers.live import PYTHON, ROOT, manage

QUEUE_PINGS = """
import json
from django.contrib.auth import get_user_model
from jobs.models import Job
from tests.helpers.tasks import ping
owner, _ = get_user_model().objects.get_or_create(username="pinger")
ids = []
for _ in range({count}):
    job = Job.objects.create(owner=owner, kind=Job.Kind.EXPORT)
    ping.enqueue(job.pk)
    ids.append(job.pk)
print(json.dumps(ids))
"""


def queue_pings(env, count):
    """Queue `count` ping tasks, each with a job; their job ids."""
    return json.loads(shell(env, QUEUE_PINGS.format(count=count)))


def job_states(env):
    """{job id: state}, read straight from PostgreSQL (a `manage.py shell` costs a second)."""
    with psycopg.connect(env["DATABASE_URL"], autocommit=True) as connection:
        return dict(connection.execute("SELECT id, state FROM jobs_job").fetchall())


def shell(env, code):
    return manage(env, "shell", "--no-imports", "-c", code).stdout


class Worker:
    def __init__(self, env):
        self.env, self.process = env, None

    def start(self):
        command = [PYTHON, "manage.py", "worker", "--interval", "0.1", "--no-startup-delay"]
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=self.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True,
        )  # fmt: skip
        return self

    @property
    def pid(self):
        return self.process.pid

    def kill(self):
        """kill -9: no handler runs, no transaction is ended by the worker itself."""
        self.process.send_signal(signal.SIGKILL)
        return self.output()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
        return self.output()

    def output(self):
        """What the worker printed, once it has ended (killed if it takes too long)."""
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=30)
        if self.process.stdout.closed:
            return ""
        with self.process.stdout:
            return self.process.stdout.read()


def wait_for(check, timeout=60, every=0.2):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if found := check():
            return found
        time.sleep(every)
    raise AssertionError(f"not within {timeout} s: {check.__doc__ or check}")
