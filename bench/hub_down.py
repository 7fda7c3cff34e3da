#!/usr/bin/env python
"""The streams with their hub down, in `make bench` (issue 39): one worker holding STREAMS
live-view streams over GAMES games, its subscription through Redis (REDIS_URL); then Redis
killed. With Redis up and then down, reported: save → event (from the save's request sent to
the event read on a stream of that game), a new stream's first byte, the worker's CPU, and on
PostgreSQL the database's transactions a second (xact_commit); on SQLite, the worker's CPU
stands for its checks. Before the hub checked for all (issue 39): 1.7-3.1 s, 2.8-5.6 s, 87% of
a core, and 802 transactions/s for 1,913 streams with Redis paused.

Sizes from the environment: HUB_STREAMS (2000), HUB_GAMES (100), HUB_SAVES (5), HUB_SETTLE (10).
bench/run.py calls `measure(opts)` and `report(results)`; alone: `bench/hub_down.py run`.
"""

import os
import select
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STREAMS = int(os.environ.get("HUB_STREAMS", 2000))
GAMES = int(os.environ.get("HUB_GAMES", 100))
SAVES = int(os.environ.get("HUB_SAVES", 5))
WINDOW = 10  # seconds over which the CPU and the transactions are counted
# After Redis is killed, before they are: its loss noticed (redis-py tries again first) and
# every stream's one ask at the drop done, so that the window counts the steady state.
SETTLE = float(os.environ.get("HUB_SETTLE", 10))
USERNAME, PASSWORD = "hubber", "hub-horse-battery-9"


def measure(opts=None):
    from bench.inside import run_inside
    from bench.streams import CAPS, close_all, open_stream, worker_pids
    from tests.helpers.live import Phone, running_server
    from tests.helpers.services import RedisServer

    results = {"size": {"streams": STREAMS, "games": GAMES, "saves": SAVES}}
    with tempfile.TemporaryDirectory() as folder:
        redis = RedisServer(folder).start()
        try:
            env = {**CAPS, "REDIS_URL": redis.url}
            with running_server(folder, 1, **env) as server:
                ids = run_inside(server.env, __file__, "seed")
                [worker] = worker_pids(server)
                phone = Phone(server).log_in(USERNAME, PASSWORD)
                streams = {}
                for index in range(STREAMS):
                    game, live = ids["games"][index % GAMES]
                    streams.setdefault(game, []).append(open_stream(server, live + "events/"))
                time.sleep(2)
                games = iter(ids["games"])
                results["up"] = state(server, worker, phone, streams, games, ids)
                redis.kill()
                time.sleep(SETTLE)
                results["down"] = state(server, worker, phone, streams, games, ids)
                close_all(stream for held in streams.values() for stream in held)
        finally:
            redis.stop()
    return results


def state(server, worker, phone, streams, games, ids):
    from bench.heartbeats import cpu_seconds

    before, commits, started = cpu_seconds(worker), transactions(server), time.monotonic()
    time.sleep(WINDOW)
    took = time.monotonic() - started
    cpu = (cpu_seconds(worker) - before) / took
    tps = None if commits is None else (transactions(server) - commits) / took
    heard = [save_heard(phone, streams, *next(games)) for _ in range(SAVES)]
    live = ids["games"][0][1] + "events/"
    firsts = [first_byte(server, live) for _ in range(SAVES)]
    return {"heard": heard, "first": firsts, "cpu": cpu, "tps": tps}


def transactions(server):
    url = server.env["DATABASE_URL"]
    if not url.startswith("postgres"):
        return None
    import psycopg

    with psycopg.connect(url) as connection:
        row = connection.execute(
            "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"
        ).fetchone()
    return row[0]


def drain(connection):
    while select.select([connection], [], [], 0)[0]:
        if not connection.recv(65536):
            return


def save_heard(phone, streams, game, live):
    """Seconds from a round's save sent to its event read on one of the game's streams."""
    from tests.helpers.live import round_post

    listener = streams[game][0]
    drain(listener)
    post = round_post(phone, game, 1, (3, 5))
    started = time.monotonic()
    assert post().status == 302
    said = b""
    while b"id: " not in said:
        if not select.select([listener], [], [], 30)[0]:
            return None
        said += listener.recv(65536)
    return time.monotonic() - started


def first_byte(server, live):
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as connection:
        started = time.monotonic()
        connection.sendall(f"GET {live} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        connection.recv(1)
        return time.monotonic() - started


def spread(values):
    known = [value for value in values if value is not None]
    if not known:
        return "none"
    lost = len(values) - len(known)
    text = f"{min(known):.2f}-{max(known):.2f} s (median {statistics.median(known):.2f})"
    return text + (f", {lost} never heard" if lost else "")


def report(results):
    size, up, down = results["size"], results["up"], results["down"]
    print(
        f"\n### Hub down (bench/hub_down.py): one worker, {size['streams']:,} streams over "
        f"{size['games']} games, {size['saves']} saves each way\n"
    )
    print("| figure | Redis up | Redis killed |\n|---|---|---|")
    print(f"| save → event | {spread(up['heard'])} | {spread(down['heard'])} |")
    print(f"| a new stream's first byte | {spread(up['first'])} | {spread(down['first'])} |")
    print(f"| worker CPU (share of a core) | {up['cpu']:.0%} | {down['cpu']:.0%} |")
    if up["tps"] is not None:
        print(f"| database transactions/s | {up['tps']:.0f} | {down['tps']:.0f} |")
    sys.stdout.flush()


def alone():
    report(measure())


# What follows runs in the subprocess, with Django set up on the server's database.


def seed():
    from django.contrib.auth import get_user_model

    from games.models import ShareLink
    from games.services.games import start_game

    owner = get_user_model().objects.create_user(USERNAME, password=PASSWORD)
    games = []
    for _ in range(GAMES):
        game = start_game(owner, ["Ana", "Ben"])
        games.append((game.pk, ShareLink.objects.create(game=game).get_absolute_url()))
    return {"games": games}


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    from bench.inside import main

    main(alone, seed=seed)
