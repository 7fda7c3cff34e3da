#!/usr/bin/env python
"""Big accounts in `make bench`: the history and player pages at a small and a large size.

bench/run.py calls `measure` and `report` with the server it started. The accounts:
- "growth-small": 50 finished games, Fay at 20 of them;
- "growth-large": 5,000 finished games, Fay at 2,000 of them.
Each page is loaded with wrk at both sizes in the same run; the cost ratio is the small
account's requests/s over the large one's (1.0: no dearer with a hundred times the games).

On its own, on the engine of DATABASE_URL (SQLite without one), with bench/run.py's options:
    bench/growth.py run [--duration 10 --connections 20 --repeat 3 ...]
Run by bench/run.py in the server's environment (production settings):
    python bench/growth.py seed          -> JSON: the accounts and their player Fay
    python bench/growth.py cold IDS      -> JSON: in-process ms of each page when not kept
"""

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = {"small": (50, 20), "large": (5000, 2000)}  # games in the account, games of Fay
PASSWORD = "growth-horse-battery-9"


def pages(ids):
    """{label: {size: path}} of the pages measured."""
    return {
        "history (/history/)": dict.fromkeys(SIZES, "/history/"),
        "history, finished games only": dict.fromkeys(SIZES, "/history/?status=finished"),
        "player page (/players/<pk>/)": {
            size: f"/players/{ids[size]['player']}/" for size in SIZES
        },
    }


def measure(server, opts, wrk, signed_in):
    """wrk on each page at both sizes, `opts.repeat` times in turn; the median run is kept."""
    ids = _script(server.env, "seed")
    cookies = {size: signed_in(server, ids[size]["username"], PASSWORD)[0] for size in SIZES}
    measured = pages(ids)
    for paths in measured.values():
        for size, path in paths.items():
            # warm up every worker: its first visit folds every game of the account
            wrk(server, opts, "get.lua", path, cookies[size], duration=5)
    runs = {(label, size): [] for label in measured for size in SIZES}
    for _ in range(opts.repeat):
        for (label, size), kept in runs.items():
            kept.append(wrk(server, opts, "get.lua", measured[label][size], cookies[size]))
    warm = {key: sorted(kept, key=lambda r: r["rps"])[len(kept) // 2] for key, kept in runs.items()}
    return {"warm": warm, "cold": _script(server.env, "cold", json.dumps(ids))}


def report(results):
    print("\n### Big accounts: the same page at 50 and 5,000 games (Fay: 20 and 2,000)\n")
    print("| page | small: requests/s | large: requests/s | p99 small / large (ms) "
          "| cost ratio (large / small) |")  # fmt: skip
    print("|---|---:|---:|---:|---:|")
    warm = results["warm"]
    for label in dict.fromkeys(label for label, _size in warm):
        small, large = warm[label, "small"], warm[label, "large"]
        print(f"| {label} | {small['rps']:.0f} | {large['rps']:.0f} | "
              f"{small['p99_us'] / 1000:.1f} / {large['p99_us'] / 1000:.1f} | "
              f"**{_ratio(small['rps'], large['rps'])}** |")  # fmt: skip
    print(
        "\nIn-process, one worker, when its cache does not hold the page yet (ms, median of 3):\n"
    )
    print("| page | small, first visit | large, first visit | large, after one game changed |")
    print("|---|---:|---:|---:|")
    for label, cold in results["cold"].items():
        print(f"| {label} | {cold['small']['first']:.0f} | {cold['large']['first']:.0f} | "
              f"{cold['large']['changed']:.0f} |")  # fmt: skip
    sys.stdout.flush()


def _ratio(small, large):
    return f"{small / large:.2f}" if large else "none answered"


def _script(env, *args):
    done = subprocess.run([sys.executable, __file__, *args], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True)  # fmt: skip
    return json.loads(done.stdout.splitlines()[-1])


# What follows runs in the subprocess, with Django set up on the server's database.


def seed():
    from django.contrib.auth import get_user_model

    from tests.helpers import seeding

    ids = {}
    for size, (games, fays) in SIZES.items():
        owner = get_user_model().objects.create_user(f"growth-{size}", password=PASSWORD)
        seeding.finished_games(owner, seeding.tables(games, regular_games=fays))
        fay = owner.players.get(name="Fay")
        assert fay.games.count() == fays
        ids[size] = {"username": owner.username, "player": fay.pk}
    return ids


def cold(ids):
    """Each page's in-process time at its first visit (every game folded), then after a write
    to one game of the account (that game folded again, the others read from the cache)."""
    from django.contrib.auth import get_user_model
    from django.core.cache import caches
    from django.test import Client

    from games.models import Game

    timings = {}
    for label, paths in pages(ids).items():
        timings[label] = {}
        for size, path in paths.items():
            owner = get_user_model().objects.get(username=ids[size]["username"])
            shown = (
                owner.games.filter(players=ids[size]["player"])
                if "player" in label
                else owner.games
            )
            client = Client(SERVER_NAME="127.0.0.1")
            client.force_login(owner)
            first, changed = [], []
            for _ in range(3):
                caches["folds"].clear()
                first.append(_timed(client, path))
                Game.objects.filter(pk__in=shown.values("pk")[:1]).touch()  # a game it shows
                changed.append(_timed(client, path))
            timings[label][size] = {
                "first": statistics.median(first),
                "changed": statistics.median(changed),
            }
    return timings


def _timed(client, path):
    start = time.perf_counter()
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    return (time.perf_counter() - start) * 1000


def alone():
    """These figures only, without the rest of bench/run.py."""
    import tempfile

    from bench import run

    sys.argv[1:2] = []  # the rest are bench/run.py's options
    opts = run.options()
    with (
        tempfile.TemporaryDirectory() as folder,
        run.running_server(folder, workers=opts.workers) as server,
    ):
        results = measure(server, opts, run.wrk, run.signed_in)
    engine = "PostgreSQL" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "SQLite"
    print(f"\n## {engine}: {opts.connections} connections, median of {opts.repeat} runs of "
          f"{opts.duration} s per page, {opts.workers} gunicorn workers")  # fmt: skip
    report(results)


if __name__ == "__main__" and sys.argv[1] == "run":
    sys.path.insert(0, str(ROOT))
    alone()
elif __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    import django

    django.setup()
    if sys.argv[1] == "seed":
        print(json.dumps(seed()))
    else:
        print(json.dumps(cold(json.loads(sys.argv[2]))))
