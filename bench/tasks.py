#!/usr/bin/env python
"""How many tasks one worker runs a minute (docs/benchmarks.md).

`bench/tasks.py [--tasks 300]` queues that many tasks that do nothing but end their job
(tests/helpers/tasks.py: a job claimed, then finished, as every real task's job is) on a new
SQLite file, or on the database of DATABASE_URL, then runs one `manage.py worker --batch` until
the queue is empty. The rate is taken between the first task's start and the last one's end,
as the queue recorded them: the worker's own start is left out.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.helpers.worker import QUEUE_PINGS  # noqa: E402

SPAN = """
import json
from django.db.models import Max, Min
from django_tasks_db.models import DBTaskResult
span = DBTaskResult.objects.filter(status="SUCCESSFUL").aggregate(
    first=Min("started_at"), last=Max("finished_at"))
count = DBTaskResult.objects.filter(status="SUCCESSFUL").count()
print(json.dumps([count, (span["last"] - span["first"]).total_seconds()]))
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tasks", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        env = {"DEBUG": "1", **os.environ, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"}
        env.setdefault("DATABASE_URL", f"sqlite:///{folder}/db.sqlite3")
        manage(env, "migrate", "-v0")
        manage(env, "shell", "--no-imports", "-c", QUEUE_PINGS.format(count=args.tasks))
        manage(env, "worker", "--batch", "--no-startup-delay", "--interval", "0", "-v0")
        count, seconds = json.loads(manage(env, "shell", "--no-imports", "-c", SPAN))
        print(f"{count} tasks in {seconds:.1f} s: {count / seconds * 60:.0f} tasks a minute")


def manage(env, *args):
    command = [sys.executable, "manage.py", *args]
    run = subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    return run.stdout.strip().splitlines()[-1] if run.stdout.strip() else ""


if __name__ == "__main__":
    main()
