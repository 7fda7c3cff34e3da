"""`manage.py worker` in a subprocess, on a database of the test's own (tests/helpers/live.py),
and `running_server`: gunicorn with the worker beside it, as production runs them."""

import contextlib
import json
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import psycopg

from tests.helpers.live import PYTHON, ROOT, Server, fresh_database, manage, production_env

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
    """`manage.py worker` with the environment `env`, its output in a file (a pipe nobody reads
    would fill up and stop it)."""

    def __init__(self, env):
        self.env, self.process = env, None
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (lives as the worker does: output())

    def start(self):
        command = [PYTHON, "manage.py", "worker", "--interval", "0.1", "--no-startup-delay"]
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=self.env, stdout=self.log, stderr=subprocess.STDOUT
        )
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
        if self.log.closed:
            return ""
        with self.log:
            self.log.seek(0)
            return self.log.read().decode(errors="replace")


def wait_for(check, timeout=60, every=0.2):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if found := check():
            return found
        time.sleep(every)
    raise AssertionError(f"not within {timeout} s: {check.__doc__ or check}")


@contextlib.contextmanager
def running_server(folder, workers=4, **extra_env):
    """gunicorn on a migrated fresh database, with collected static files, and the worker that
    runs its tasks (`manage.py worker`, as in production); stopped afterwards."""
    with fresh_database(folder) as database_url:
        env = production_env(Path(folder) / "static", database_url, **extra_env)
        manage(env, "collectstatic", "--noinput")
        manage(env, "migrate", "--noinput")
        server, worker = Server(env, workers=workers), Worker(env)
        try:
            worker.start()
            yield server.start()
        finally:
            server.stop()
            worker.stop()
