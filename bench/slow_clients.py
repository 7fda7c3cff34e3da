#!/usr/bin/env python
"""Slow clients against one node with no proxy, in `make bench` (issue 39): HEADERS connections
that send a request's headers and then nothing, UPLOADS uploads of a 10 MB backup sent at
1 kB/s, and READERS readers of an export that take 1 kB a second, all at once; meanwhile another
account loads its sheet, and a monitor /healthz, one request after another for SECONDS, each
given TIMEOUT seconds. Reported: how many answered, and their p50 and p95.

Each size is an environment variable (SLOW_HEADERS, SLOW_UPLOADS, SLOW_READERS, SLOW_SECONDS,
SLOW_WORKERS): the issue's were 45, 20, 45 against a node of production-like workers.

bench/run.py calls `measure(opts)` and `report(results)`; alone: `bench/slow_clients.py run`.
"""

import http.client
import math
import os
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADERS = int(os.environ.get("SLOW_HEADERS", 45))
UPLOADS = int(os.environ.get("SLOW_UPLOADS", 20))
READERS = int(os.environ.get("SLOW_READERS", 45))
SECONDS = float(os.environ.get("SLOW_SECONDS", 30))
WORKERS = int(os.environ.get("SLOW_WORKERS", 2))
TIMEOUT = 15  # a load balancer's patience, about
PASSWORD = "slow-horse-battery-9"
# An export reader's account (big enough that its export fills the socket's buffers), and the
# other account, whose sheet is timed.
READER, OTHER = "exporter", "sheeter"
ENV = {"EXPORTS_PER_HOUR": "100000", "STREAMS_PER_ADDRESS": "100000"}


def measure(opts=None):
    from bench.inside import run_inside
    from tests.helpers.live import Phone, running_server

    results = {}
    with tempfile.TemporaryDirectory() as folder, running_server(folder, WORKERS, **ENV) as server:
        ids = run_inside(server.env, __file__, "seed")
        reader = Phone(server).log_in(READER, PASSWORD)
        other = Phone(server).log_in(OTHER, PASSWORD)
        sheet = f"/games/{ids['sheet']}/"
        results["quiet"] = timed(server, other, [sheet, "/healthz"], seconds=5)
        stop = threading.Event()
        attackers = [held_headers(server) for _ in range(HEADERS)]
        slow = [
            threading.Thread(target=upload, args=(server, reader, stop), daemon=True)
            for _ in range(UPLOADS)
        ] + [
            threading.Thread(target=read_export, args=(server, reader, stop), daemon=True)
            for _ in range(READERS)
        ]
        for thread in slow:
            thread.start()
        time.sleep(3)  # every slow client under way
        results["attacked"] = timed(server, other, [sheet, "/healthz"], seconds=SECONDS)
        stop.set()
        for connection in attackers:
            connection.close()
        for thread in slow:
            thread.join(timeout=5)
    results["seen"] = dict(SEEN)
    results["size"] = {"headers": HEADERS, "uploads": UPLOADS, "readers": READERS,
                       "workers": WORKERS, "seconds": SECONDS}  # fmt: skip
    return results


def held_headers(server):
    """A POST whose headers are whole and whose body never comes."""
    connection = socket.create_connection(("127.0.0.1", server.port))
    connection.sendall(
        b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n"
    )
    return connection


def cookies(phone):
    return "; ".join(f"{key}={value}" for key, value in phone.cookies.items())


SEEN = {"export bytes read": 0, "exports begun": 0, "uploads answered": 0}


def upload(server, phone, stop):
    """A 10 MB backup sent at 1 kB/s (it never ends within the run)."""
    token = phone.get("/history/import/").csrf_token()
    with socket.create_connection(("127.0.0.1", server.port)) as connection:
        connection.sendall(
            b"POST /history/import/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + f"Cookie: {cookies(phone)}\r\nX-CSRFToken: {token}\r\n".encode()
            + b"Content-Type: multipart/form-data; boundary=b\r\n"
            + b"Content-Length: 10000000\r\n\r\n"
        )
        while not stop.wait(1):
            try:
                connection.sendall(b"x" * 1000)
            except OSError:  # answered (408) and closed
                SEEN["uploads answered"] += 1
                return


def read_export(server, phone, stop):
    """A GET of the history's export read at 1 kB/s, again as soon as one ends."""
    while not stop.is_set():
        with socket.socket() as connection:
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            connection.connect(("127.0.0.1", server.port))
            connection.sendall(
                f"GET /history/export.json HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                f"Cookie: {cookies(phone)}\r\nConnection: close\r\n\r\n".encode()
            )
            connection.settimeout(60)
            while not stop.wait(1):
                try:
                    piece = connection.recv(1000)
                except OSError:
                    break
                if not piece:
                    break
                SEEN["exports begun"] += piece.startswith(b"HTTP/1.1 200")
                SEEN["export bytes read"] += len(piece)


def timed(server, phone, paths, seconds):
    """Each of `paths` asked in turn, one at a time, for `seconds` (the sheet with `phone`'s
    cookies): each one's times, None for a request that failed, timed out or was refused."""
    times = {path: [] for path in paths}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for path in paths:
            cookie = cookies(phone) if path != "/healthz" else ""
            started = time.monotonic()
            ok = status(server, path, cookie) == 200
            times[path].append(time.monotonic() - started if ok else None)
    return times


def status(server, path, cookie):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=TIMEOUT)
    try:
        connection.request("GET", path, headers={"Cookie": cookie} if cookie else {})
        response = connection.getresponse()
        response.read()
        return response.status
    except OSError:
        return None
    finally:
        connection.close()


def summary(times):
    """How many answered, and the p50 and p95 of all, an unanswered one counted as TIMEOUT."""
    answered = [took for took in times if took is not None]
    if not times:
        return "none asked"
    every = sorted(took if took is not None else TIMEOUT for took in times)
    p95 = every[min(len(every) - 1, math.ceil(0.95 * len(every)) - 1)]
    median = statistics.median(every)
    return (f"{len(answered)} of {len(times)} answered, p50 {median * 1000:.0f} ms, "
            f"p95 {p95 * 1000:.0f} ms")  # fmt: skip


def report(results):
    size = results["size"]
    print(
        f"\n### Slow clients, no proxy (bench/slow_clients.py): {size['headers']} header-only "
        f"connections, {size['uploads']} uploads at 1 kB/s, {size['readers']} slow export "
        f"readers; one node of {size['workers']} workers, {size['seconds']:g} s\n"
    )
    print("| request | quiet | under the slow clients |\n|---|---|---|")
    for path in results["quiet"]:
        name = "/healthz" if path == "/healthz" else "another account's sheet"
        print(f"| {name} | {summary(results['quiet'][path])} | "
              f"{summary(results['attacked'][path])} |")  # fmt: skip
    seen = results["seen"]
    print(f"\nThe slow clients meanwhile: {seen['exports begun']} exports begun, "
          f"{seen['export bytes read']:,} bytes of them read; {seen['uploads answered']} "
          f"uploads cut off by the server.")  # fmt: skip
    sys.stdout.flush()


def alone():
    report(measure())


# What follows runs in the subprocess, with Django set up on the server's database.


def seed():
    from django.contrib.auth import get_user_model

    from games.services.games import start_game
    from tests.helpers import seeding

    users = get_user_model().objects
    reader = users.create_user(READER, password=PASSWORD)
    seeding.finished_games(reader, seeding.tables(300))  # an export of some 400 kB
    other = users.create_user(OTHER, password=PASSWORD)
    return {"sheet": start_game(other, ["Ana", "Ben", "Cleo"]).pk}


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    from bench.inside import main

    main(alone, seed=seed)
