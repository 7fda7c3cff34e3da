#!/usr/bin/env python
"""A 10 MB backup's import: the time it takes and the memory it costs (docs/benchmarks.md).

`bench/imports.py run [--code DIR] [--kind valid|hostile]` makes a 10 MB backup (valid: as many
six-player games as fit; hostile: two-player games of 200 rounds, refused for their numbers
typed), then, in a process of its own on a new SQLite file with the production settings, signs
an account in and posts the file to /history/import/ as a browser does (Django's test client,
the whole middleware stack, every byte of the answer read). Where the import is a task, the
task then runs in the same process, as the worker would. It prints the request's time, the
task's, and the peak resident memory above what the process held before (ru_maxrss).
`--code DIR` measures another checkout (the code before the import became a task: `git
archive <commit> | tar -x -C DIR`).

`bench/imports.py beside [--phones 4 --pace 0.2 --duration 15 --workers N]`: the other
accounts while one account posts three hostile 10 MB backups at once (issue 16). gunicorn
with the production settings (as many workers as gunicorn.conf.py starts) and one `manage.py
worker` on a fresh database (tests/helpers/live.py, as bench/run.py does; PostgreSQL when
DATABASE_URL names one: `bin/with-postgres bench/imports.py beside`). Another account saves
rounds paced (bench/phones.py: 4 phones, each waiting 0.2 s after a save, some 16 saves/s):
first `--duration` seconds without uploads (the reference), then as long again with three
uploads at once, again and again, each three posted once the worker has ended the last
three's imports (a hostile file is refused within seconds: one such burst alone would leave a
p99 of a few dozen saves). It prints both runs' p50 and p99, their errors, every upload's
status and time, and the machine's load (os.getloadavg).
"""

import argparse
import itertools
import json
import os
import resource
import secrets
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def backup(kind):
    """The 10 MB file the import's tests post too (tests/helpers/backups.py)."""
    sys.path.insert(0, str(ROOT))
    from tests.helpers.backups import TEN_MB, hostile_backup, valid_backup

    return hostile_backup() if kind == "hostile" else valid_backup(TEN_MB)[0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["run", "measure", "task", "beside"])
    parser.add_argument("--code", default=str(ROOT))
    parser.add_argument("--kind", choices=["valid", "hostile"], default="valid")
    parser.add_argument("--file")
    parser.add_argument("--job", type=int)
    parser.add_argument("--phones", type=int, default=4)
    parser.add_argument("--pace", type=float, default=0.2, help="seconds between a phone's saves")
    parser.add_argument("--duration", type=float, default=15, help="seconds of the reference")
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1) + 1,
                        help="gunicorn's: as many as gunicorn.conf.py starts")  # fmt: skip
    args = parser.parse_args()
    if args.command == "beside":
        beside(args)
    elif args.command == "run":
        run(args)
    elif args.command == "task":
        print(json.dumps(run_task(args.job)))
    else:
        print(json.dumps(measure(Path(args.file))))


def run(args):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "backup.json"
        path.write_bytes(backup(args.kind))
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder}/db.sqlite3", "DEBUG": "0",
               "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "testserver",
               "SECURE_SSL_REDIRECT": "0", "CACHE_DIR": f"{folder}/cache",
               "STATIC_ROOT": f"{folder}/static", "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
               "PYTHONPATH": args.code, "IMPORTS_PER_HOUR": "1000"}  # fmt: skip
        python = [sys.executable]
        subprocess.run([*python, "manage.py", "migrate", "-v0"], cwd=args.code, env=env, check=True)
        subprocess.run([*python, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=args.code,
                       env=env, check=True)  # fmt: skip
        script = [*python, str(Path(__file__).resolve()), "measure", "--file", str(path)]
        out = subprocess.run(script, cwd=args.code, env=env, check=True, capture_output=True,
                             text=True).stdout  # fmt: skip
        result = json.loads(out.strip().splitlines()[-1])
        print(f"{args.kind}, {path.stat().st_size / 1e6:.1f} MB: {json.dumps(result)}")


def measure(path):
    sys.path.insert(0, os.getcwd())
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client, override_settings

    user = get_user_model().objects.create_user("bench")
    client = Client()
    client.force_login(user)
    client.get("/history/import/")  # every module and template loaded before measuring
    content = path.read_bytes()
    idle, cpu = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, _cpu()
    tasks = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}
    started = time.monotonic()
    with override_settings(TASKS=tasks):  # the task queued, not run: run below, apart
        file = SimpleUploadedFile("backup.json", content, "application/json")
        response = client.post("/history/import/", {"backup": file})
        body = b"".join(response.streaming_content) if response.streaming else response.content
    request = time.monotonic() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result = {"request_s": round(request, 2), "request_cpu_s": round(_cpu() - cpu, 2),
              "status": response.status_code,
              "request_peak_mb_above_idle": round((peak - idle) / 1024, 1)}  # fmt: skip
    if response.status_code == 302 and "/jobs/" in response["Location"]:
        job = response["Location"].rstrip("/").rsplit("/", 1)[1]
        command = [sys.executable, __file__, "task", "--job", job]
        out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        result |= json.loads(out.strip().splitlines()[-1])
    else:
        result["outcome"] = body.decode(errors="replace")[-300:].split("<p")[-1][:120]
    result["games"] = user.games.count()
    return result


def run_task(job_id):
    """The import's task, as the worker runs it, in a process of its own."""
    sys.path.insert(0, os.getcwd())
    import django

    django.setup()
    from games.archive.tasks import import_backup
    from jobs.models import Job

    Job.objects.get(pk=job_id)  # the database's first queries, before measuring
    idle, cpu, started = (
        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        _cpu(),
        time.monotonic(),
    )
    import_backup.call(job_id)
    seconds, peak = time.monotonic() - started, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"task_s": round(seconds, 2), "task_cpu_s": round(_cpu() - cpu, 2),
            "task_peak_mb_above_idle": round((peak - idle) / 1024, 1),
            "outcome": Job.objects.get(pk=job_id).message[:120]}  # fmt: skip


def beside(args):
    sys.path.insert(0, str(ROOT))
    from bench import phones
    from tests.helpers.live import Phone, at_once, running_server, uploading

    load = [round(figure, 2) for figure in os.getloadavg()]
    with (
        tempfile.TemporaryDirectory() as folder,
        running_server(
            folder,
            workers=args.workers,
            DJANGO_SETTINGS_MODULE="bench.settings",
            IMPORTS_PER_HOUR="1000",
        ) as server,
    ):
        saver, games = _saver(server, Phone, count=3 * args.phones * 4)
        games = iter(itertools.batched(games, args.phones * 4))  # fresh games for every run
        paced = {"phones": args.phones, "pace": args.pace}
        phones.run(server.url, *saver, next(games), duration=2, **paced)  # warm-up, not counted
        reference = phones.run(server.url, *saver, next(games), duration=args.duration, **paced)
        uploader = Phone(server).sign_up("uploader")
        posts = [uploading(uploader, backup("hostile")) for _ in range(3)]
        done, found = threading.Event(), {}
        saving = threading.Thread(target=lambda: found.update(phones.run(
            server.url, *saver, next(games), duration=600, until=done, **paced)))  # fmt: skip
        saving.start()
        time.sleep(1)  # a few saves before the uploads
        uploads, end = [], time.monotonic() + args.duration - 1
        while not uploads or time.monotonic() < end:  # as long as the reference, at least once
            burst = at_once(*posts)
            for response, _seconds in burst:
                _wait_for_job(uploader, response)
            uploads += [(response.status, round(seconds, 2)) for response, seconds in burst]
        done.set()
        saving.join()
    print(json.dumps({"load_before": load, "load_after": [round(f, 2) for f in os.getloadavg()],
                      "reference": reference, "during_uploads": found, "uploads": uploads,
                      "cores": os.cpu_count(), "workers": args.workers} | paced))  # fmt: skip


def _saver(server, phone_class, count):
    """The cookie and token of another account's phones, and `count` games of theirs (a game
    ends after 40 saves: 4 games a phone are 160 saves, some 40 s of pacing). Not
    bench/seed.py: its big transactions can hold SQLite's write lock longer than the worker
    waits for it (20 s), and the worker dies of it ("database is locked")."""
    phone = phone_class(server).sign_up("saver")
    games = [phone.start_game("Ann", "Bob") for _ in range(count)]
    token = phone.get("/games/new/").csrf_token()
    return ("; ".join(f"{key}={value}" for key, value in phone.cookies.items()), token), games


def _wait_for_job(phone, response):
    """Until the job's progress page says the import ended (refused, or done)."""
    if response.status != 302 or "/jobs/" not in response.location:
        return
    page, give_up = "", time.monotonic() + 300
    while "Nothing was imported" not in page and "imported." not in page:
        if time.monotonic() > give_up:
            sys.exit(f"{response.location} did not end within 300 s: is the worker alive?")
        time.sleep(0.2)
        page = phone.get(response.location).text


def _cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    main()
