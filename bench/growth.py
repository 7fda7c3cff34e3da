#!/usr/bin/env python
"""Big accounts in `make bench`: the history and player pages at a small and a large size.

The accounts, written in bulk (tests/helpers/seeding.py):
- "growth-small": 50 finished games, Fay at 20 of them;
- "growth-large": 5,000 finished games, Fay at 2,000 of them.
Each page is timed in-process (production settings, Django's test client: the whole middleware
stack and template, no network), at both sizes in turn, ROUNDS times BATCH requests; the best
round counts, as the least disturbed by the other processes of the machine. The cost ratio is
the large account's time over the small one's (1.0: no dearer with a hundred times the games).
Then the first visit of a process with nothing in memory, the visit after one shown game
changed, the visit after the newest game shown ended, and the worker's recount of the table.

bench/run.py calls `measure(server)` and `report(results)` with the server it started; or alone,
on the engine of DATABASE_URL (SQLite without one): `bench/growth.py run`. In the environment of
the server (production settings): `python bench/growth.py seed` and `... time IDS`.
"""

import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = {"small": (50, 20), "large": (5000, 2000)}  # games in the account, games of Fay
PASSWORD = "growth-horse-battery-9"
ROUNDS, BATCH = 9, 10
# Issue 12: the large page's cost over the small's; issue 25: the table's as the history's.
TARGETS = {"history": 1.5, "player": 3.0}


def pages(ids):
    """{label: {size: path}} of the pages measured."""
    return {
        "history (/history/)": dict.fromkeys(SIZES, "/history/"),
        "history, finished games only": dict.fromkeys(SIZES, "/history/?status=finished"),
        "player page (/players/<pk>/)": {
            size: f"/players/{ids[size]['player']}/" for size in SIZES
        },
        "group's table (/table/)": dict.fromkeys(SIZES, "/table/"),
        "standings (/standings.json)": dict.fromkeys(SIZES, "/standings.json"),
    }


def measure(server):
    ids = _script(server.env, "seed")
    return _script(server.env, "time", json.dumps(ids))


def report(results):
    print("\n### Big accounts: the same page at 50 and 5,000 games (Fay: 20 and 2,000)\n")
    print("In-process, ms per request, best of "
          f"{ROUNDS} rounds of {BATCH} (median in brackets):\n")  # fmt: skip
    print("| page | small | large | cost ratio (large / small) | target |")
    print("|---|---:|---:|---:|---:|")
    for label, timed in results.items():
        small, large = timed["small"], timed["large"]
        target = TARGETS["player" if "player" in label else "history"]  # the table: as history
        print(f"| {label} | {small['best']:.1f} ({small['median']:.1f}) | "
              f"{large['best']:.1f} ({large['median']:.1f}) | "
              f"**{large['best'] / small['best']:.2f}** | {target} |")  # fmt: skip
    print("\nA process with nothing in memory (ms, median of 3); up to 300 finished games the"
          " table is counted in the request, above by the worker (its recount after one game"
          " changed, last column), the page showing the table kept meanwhile:\n")  # fmt: skip
    print(
        "| page | small, first visit | large, first visit | large, after one game changed "
        "| large, after its newest game ended | the worker's recount, one game changed |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for label, timed in results.items():
        print(f"| {label} | {timed['small']['first']:.0f} | {timed['large']['first']:.0f} | "
              f"{timed['large']['changed']:.0f} | {timed['large']['ended']:.0f} | "
              f"{timed['large']['recount']:.0f} |")  # fmt: skip
    sys.stdout.flush()


def _script(env, *args):
    from bench.inside import run_inside

    return run_inside(env, __file__, *args)


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


def timings(ids):
    """{label: {size: {best, median, first, changed}}} in ms; see the module's docstring."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    results = {}
    for label, paths in pages(ids).items():
        clients = {}
        for size in SIZES:
            clients[size] = Client(SERVER_NAME="127.0.0.1")
            clients[size].force_login(get_user_model().objects.get(username=ids[size]["username"]))
        results[label] = {size: _cold(clients[size], paths[size], ids[size]) for size in SIZES}
        rounds = {size: [] for size in SIZES}
        for _ in range(ROUNDS):
            for size in SIZES:  # in turn, so that both sizes meet the same load
                rounds[size].append(_timed(clients[size], paths[size], BATCH) / BATCH)
        for size, times in rounds.items():
            results[label][size] |= {"best": min(times), "median": statistics.median(times)}
    return results


def _cold(client, path, ids):
    """The first visit of a process with nothing in memory (the table the worker kept is in
    the database); then the visit after one game of the page changed (a new version, as a
    rename gives it), and after its newest game ended (its last round undone, seen, then saved
    again through the services, as at the table); and what the worker's recount of the table
    after each change costs (a big account's pages show the kept table meanwhile)."""
    from django.core.cache import caches

    from games.models import Game, Player
    from games.reports import recount

    player = Player.objects.get(pk=ids["player"])
    games = player.games if "players" in path else Game.objects.filter(owner=player.owner)
    first, changed, ended, counted = [], [], [], []
    for _ in range(3):
        recount.recount_table.call(player.owner_id)
        caches["folds"].clear()
        first.append(_timed(client, path))
        games.filter(pk__in=games.values("pk")[:1]).raise_version()
        changed.append(_timed(client, path))
        counted.append(_timed_call(recount.recount_table.call, player.owner_id))
        ended.append(_ended(client, path, games.first()))
    return {"first": statistics.median(first), "changed": statistics.median(changed),
            "ended": statistics.median(ended), "recount": statistics.median(counted)}  # fmt: skip


def _timed_call(function, *args):
    start = time.perf_counter()
    function(*args)
    return (time.perf_counter() - start) * 1000


def _ended(client, path, game):
    from games.services.rounds import add_round, undo_last_round

    last = game.stored_rounds[-1]
    undo_last_round(game, last.number)
    _timed(client, path)
    game = type(game).objects.get(pk=game.pk)
    add_round(game, last.played, last.number)
    return _timed(client, path)


def _timed(client, path, times=1):
    start = time.perf_counter()
    for _ in range(times):
        response = client.get(path)
        assert response.status_code == 200, (path, response.status_code)
    return (time.perf_counter() - start) * 1000


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
