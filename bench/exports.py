#!/usr/bin/env python
"""A big account's exports: the time each takes and the memory it costs (docs/benchmarks.md).

`bench/exports.py run [--games 20000] [--how request|task]` writes one account of that many
finished games in bulk (tests/helpers/seeding.py) on the database of DATABASE_URL (a new
SQLite file in a temporary folder without one), then measures each export in a process of its
own, with the production settings: the time from the request (or the task) to the last byte,
and the peak resident memory of the process above what it held before the export started
(VmHWM). `--how request` asks for the file as a browser does (Django's test client, the
whole middleware stack, every byte read); `--how task` runs the export's task
(games/archive/export_job.py) in the process: the file written from the snapshot, then stored
with its job.
"""

import argparse
import json
import os
import resource
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
USERNAME = "export-bench"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["run", "seed", "measure"])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--how", default="request", help="request, task, or both: request,task")
    parser.add_argument("--format", choices=["json", "csv"], default="json")
    parser.add_argument(
        "--night",
        type=int,
        default=0,
        help="move this many of the games into one night (an imported history)",
    )
    args = parser.parse_args()
    if args.command == "run":
        run(args)
        return
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    import django

    django.setup()
    print(json.dumps(seed(args.games, args.night) if args.command == "seed" else measure(args)))


def run(args):
    with tempfile.TemporaryDirectory() as folder:
        env = _environment(folder)
        _script(env, "migrate")
        seeded = _script(env, "seed", "--games", str(args.games), "--night", str(args.night))
        print(f"{seeded['games']} games, {seeded['entries']} numbers typed "
              f"(seeded in {seeded['seconds']:.0f} s)")  # fmt: skip
        for how, what in [(how, what) for how in args.how.split(",") for what in ("json", "csv")]:
            result = _script(env, "measure", "--how", how, "--format", what)
            written, peak = result["bytes"] / 1e6, result["peak_mb"]
            print(f"{how}, {what}: {result['seconds']:.1f} s, peak memory +{peak:.0f} MB "
                  f"above {result['idle_mb']:.0f} MB, {written:.1f} MB written")  # fmt: skip


def _environment(folder):
    env = dict(os.environ)
    env.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1,testserver",
        SECURE_SSL_REDIRECT="0",
        CACHE_DIR=str(Path(folder) / "cache"),
        MEDIA_ROOT=str(Path(folder) / "media"),
    )
    env.setdefault("DATABASE_URL", f"sqlite:///{Path(folder) / 'bench.sqlite3'}")
    # `--how request` measures the streamed GET, which a big account is otherwise refused
    env.setdefault("EXPORT_STREAM_MAX_ROUNDS", str(10**9))
    return env


def _script(env, command, *args):
    if command == "migrate":
        manage = [sys.executable, "manage.py", "migrate", "--noinput", "-v0"]
        subprocess.run(manage, cwd=ROOT, env=env, check=True)
        return None
    done = subprocess.run([sys.executable, __file__, command, *args], cwd=ROOT, env=env,
                          check=True, capture_output=True, text=True)  # fmt: skip
    return json.loads(done.stdout.splitlines()[-1])


# What follows runs in the subprocesses, with Django set up on the benchmark's database.


def seed(games, night=0):
    """`games` finished games a day apart, the newest `night` of them moved into one night."""
    from django.contrib.auth import get_user_model

    from games.models import Entry, Game
    from tests.helpers import seeding

    started = time.perf_counter()
    owner = get_user_model().objects.create_user(USERNAME)
    for first in range(0, games, 2000):  # a transaction per 2,000 games
        seeding.finished_games(owner, seeding.tables(min(2000, games - first), seed=first))
    if night:
        newest = list(owner.games.order_by("-created_at").values_list("pk", "night")[:night])
        Game.objects.filter(pk__in=[pk for pk, _night in newest]).update(night=newest[0][1])
    return {
        "games": owner.games.count(),
        "entries": Entry.objects.filter(round__game__owner=owner).count(),
        "seconds": time.perf_counter() - started,
    }


def measure(args):
    from django.contrib.auth import get_user_model

    owner = get_user_model().objects.get(username=USERNAME)
    export = _by_request if args.how == "request" else _by_task
    idle = _peak_mb()
    started = time.perf_counter()
    written = export(owner, args.format)
    return {
        "seconds": time.perf_counter() - started,
        "idle_mb": idle,
        "peak_mb": _peak_mb() - idle,
        "bytes": written,
    }


def _by_request(owner, extension):
    from django.test import Client

    client = Client()
    client.force_login(owner)
    response = client.get(f"/history/export.{extension}")
    assert response.status_code == 200, response.status_code
    if response.streaming:
        return sum(len(part) for part in response.streaming_content)
    return len(response.content)


def _by_task(owner, extension):
    """The export job's task, run here: the file written from the snapshot, then stored."""
    from games.archive import export_job
    from jobs.models import Job

    job = Job.objects.create(owner=owner, kind=Job.Kind.EXPORT, result_name=f"x.{extension}")
    export_job.write_export.call(job.pk, extension)
    job.refresh_from_db()
    assert job.state == Job.State.DONE, job.state
    return job.file_size("result")


def _peak_mb():
    """The process's peak resident memory since its exec. Not ru_maxrss where /proc has VmHWM:
    Linux carries ru_maxrss across exec, so a process started by a big one (a test runner of
    850 MB) would report the parent's peak as its own."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


if __name__ == "__main__":
    main()
