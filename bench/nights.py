#!/usr/bin/env python
"""The nights of a big account in `make bench` (issue 32, item 4): `/nights/` and the page of
its biggest night, for an imported history of 5,000 finished games three hours apart (placed
in nights as an import places them: games/nights.py, place_unplaced).

Each page is timed in-process (production settings, Django's test client: the whole middleware
stack and template, no network): the first visit with nothing kept (the folds' cache cleared),
then warm, best of ROUNDS rounds of BATCH requests. Targets: `/nights/` within 200 ms, a
night's page within 300 ms, first visit included.

bench/run.py calls `measure(server)` and `report(results)`; or alone, on the engine of
DATABASE_URL (SQLite without one): `bench/nights.py run`.
"""

import json
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES, HOURS_APART = 5000, 3
PASSWORD = "nights-horse-battery-9"
ROUNDS, BATCH = 5, 5
TARGETS = {"/nights/": 200, "a night's page (its biggest)": 300}


def measure(server):
    ids = _script(server.env, "seed")
    return _script(server.env, "time", json.dumps(ids))


def report(results):
    print(f"\n### Nights of an imported history: {GAMES:,} games, {HOURS_APART} h apart\n")
    print(f"{results['nights']:,} nights; the biggest holds {results['biggest']:,} games.\n")
    print("In-process, ms per request: the first visit with nothing kept (median of 3), then "
          f"warm (best of {ROUNDS} rounds of {BATCH}; median in brackets):\n")  # fmt: skip
    print("| page | first visit | warm | SQL queries | target (ms) |")
    print("|---|---:|---:|---:|---:|")
    for label, timed in results["pages"].items():
        print(f"| {label} | {timed['first']:.0f} | {timed['best']:.1f} ({timed['median']:.1f}) "
              f"| {timed['queries']} | {TARGETS[label]} |")  # fmt: skip
    sys.stdout.flush()


def _script(env, *args):
    from bench.inside import run_inside

    return run_inside(env, __file__, *args)


# What follows runs in the subprocess, with Django set up on the server's database.


def seed():
    from django.contrib.auth import get_user_model
    from django.db.models import Count

    from tests.helpers import seeding

    owner = get_user_model().objects.create_user("nights-large", password=PASSWORD)
    seeding.finished_games(owner, seeding.tables(GAMES), hours_apart=HOURS_APART)
    nights = owner.nights.annotate(held=Count("games")).order_by("-held", "pk")
    biggest = nights.first()
    return {"username": owner.username, "night": biggest.pk, "biggest": biggest.held,
            "nights": nights.count()}  # fmt: skip


def timings(ids):
    from django.contrib.auth import get_user_model
    from django.test import Client

    from bench.growth import _timed

    client = Client(SERVER_NAME="127.0.0.1")
    client.force_login(get_user_model().objects.get(username=ids["username"]))
    pages = {"/nights/": "/nights/", "a night's page (its biggest)": f"/nights/{ids['night']}/"}
    found = {}
    for label, path in pages.items():
        found[label] = _cold(client, path) | {"queries": _queries(client, path)}
        times = [_timed(client, path, BATCH) / BATCH for _ in range(ROUNDS)]
        found[label] |= {"best": min(times), "median": statistics.median(times)}
    return {"pages": found, "nights": ids["nights"], "biggest": ids["biggest"]}


def _cold(client, path):
    from django.core.cache import caches

    from bench.growth import _timed

    first = []
    for _ in range(3):
        caches["folds"].clear()
        caches["default"].clear()
        first.append(_timed(client, path))
    return {"first": statistics.median(first)}


def _queries(client, path):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        client.get(path)
    return len(captured)


def alone():
    """These figures only, without the rest of bench/run.py."""
    import tempfile

    from tests.helpers.live import running_server

    with tempfile.TemporaryDirectory() as folder, running_server(folder, workers=1) as server:
        results = measure(server)
    engine = "PostgreSQL" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "SQLite"
    print(f"\n## {engine}")
    report(results)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    from bench.inside import main

    main(alone, seed=seed, time=lambda ids: timings(json.loads(ids)))
