#!/usr/bin/env python
"""What the pages' streams cost, in `make bench` (issue 33), beside the poll's figures:

- the requests an idle follower sends (the live view, nothing saved): counted by Chromium over
  IDLE_SECONDS and scaled to ten minutes, with its stream and without (no EventSource: the
  poll every second that is the fallback);
- the idle streams one worker holds (HELD, opened at once, on one gunicorn worker) and what
  they cost it: its resident memory and its threads before and after;
- the sheet's save p99 (bench/phones.py's paced saves, 20 phones) without streams open, and
  with BESIDE streams open on the server beside them.

bench/run.py calls `measure(opts)` and `report(results)`; alone: `bench/streams.py run`.
"""

import socket
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IDLE_SECONDS = 60  # scaled to ten minutes: a browser's idle minute is like any other
HELD, BESIDE = 2000, 1000
TARGET_MB, TARGET_SAVE_RATIO = 300, 1.2
USERNAME, PASSWORD = "streamer", "stream-horse-battery-9"
CAPS = {"STREAMS_PER_OPENER": "100000", "STREAMS_PER_ADDRESS": "100000"}


def measure(opts=None):
    from bench.inside import run_inside
    from tests.helpers.live import running_server

    workers = getattr(opts, "workers", 3)
    results = {}
    with tempfile.TemporaryDirectory() as folder, running_server(folder, 1, **CAPS) as server:
        ids = run_inside(server.env, __file__, "seed")
        results["idle"] = {mode: idle_requests(server, ids["live"], mode) for mode in (1, 0)}
        results["held"] = held(server, ids["live"], HELD)
    with tempfile.TemporaryDirectory() as folder, running_server(folder, workers, **CAPS) as server:
        ids = run_inside(server.env, __file__, "seed")
        results["saves"] = saves_beside_streams(server, ids)
    return results


def idle_requests(server, live, streams):
    """The requests the live view sends in IDLE_SECONDS once loaded, nothing being saved."""
    from playwright.sync_api import sync_playwright

    from bench.follow import NO_STREAMS
    from tests.helpers.browser import CHROMIUM, CHROMIUM_ARGS, PHONE

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(base_url=server.url, **PHONE)
        if not streams:
            context.add_init_script(NO_STREAMS)
        page = context.new_page()
        page.goto(live)
        page.wait_for_load_state("networkidle" if not streams else "load")
        time.sleep(2)  # the stream opened, the service worker's install done
        sent = []
        page.on("request", lambda request: sent.append(request.url))
        time.sleep(IDLE_SECONDS)
        browser.close()
    return len(sent)


def open_stream(server, path):
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    answer = b""
    while b"retry:" not in answer:
        chunk = connection.recv(4096)
        assert chunk, answer
        answer += chunk
    assert answer.startswith(b"HTTP/1.1 200"), answer[:100]
    return connection


def worker_pids(server):
    pid = server.process.pid
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def status(pid):
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["Threads"])


def held(server, live, count):
    """One worker's memory (MB) and threads, before and with `count` idle streams open."""
    [worker] = worker_pids(server)
    path = live + "events/"
    close_all(open_stream(server, path) for _ in range(20))  # its first streams: warmed up
    before = status(worker)
    started = time.monotonic()
    streams = [open_stream(server, path) for _ in range(count)]
    opening = time.monotonic() - started
    time.sleep(1)
    after = status(worker)
    close_all(streams)
    return {"count": count, "before": before, "after": after, "opening": opening}


def close_all(connections):
    for connection in connections:
        connection.close()


def saves_beside_streams(server, ids):
    from bench import phones
    from tests.helpers.live import Phone

    phone = Phone(server).log_in(USERNAME, PASSWORD)
    cookie = "; ".join(f"{key}={value}" for key, value in phone.cookies.items())
    token = phone.get("/games/new/").csrf_token()
    games = ids["games"]
    half = len(games) // 3
    phones.run(server.url, cookie, token, games[:half], duration=2)  # warm-up
    alone = phones.run(server.url, cookie, token, games[half : 2 * half])
    streams = [open_stream(server, ids["live"] + "events/") for _ in range(BESIDE)]
    beside = phones.run(server.url, cookie, token, games[2 * half :])
    close_all(streams)
    return {"alone": alone, "beside": beside}


def report(results):
    idle, held_, saves = results["idle"], results["held"], results["saves"]
    scale = 600 / IDLE_SECONDS
    print("\n### What the streams cost (bench/streams.py)\n")
    print("| figure | streams | polls (fallback) | target |\n|---|---:|---:|---|")
    print(
        f"| requests an idle follower sends in ten minutes ({IDLE_SECONDS} s counted, × "
        f"{scale:g}) | {idle[1] * scale:g} | {idle[0] * scale:g} | none but reconnects |"
    )
    (rss0, threads0), (rss1, threads1) = held_["before"], held_["after"]
    print(
        f"| one worker holding {held_['count']:,} idle streams: resident memory | "
        f"{rss1:.0f} MB (+{rss1 - rss0:.0f} MB; {rss0:.0f} MB before) | | "
        f"<= {TARGET_MB} MB |"
    )
    print(f"| its threads | {threads1} ({threads0} before) | | not one per stream |")
    print(f"| {held_['count']:,} streams opened in | {held_['opening']:.1f} s | | |")
    alone, beside = saves["alone"]["p99_us"] / 1000, saves["beside"]["p99_us"] / 1000
    print(
        f"| sheet's save p99, 20 phones paced, alone / with {BESIDE:,} streams open | "
        f"{beside:.1f} ms ({beside / alone:.2f}×) | {alone:.1f} ms alone | "
        f"<= {TARGET_SAVE_RATIO}× |"
    )
    sys.stdout.flush()


def alone():
    report(measure())


# What follows runs in the subprocess, with Django set up on the server's database.


def seed():
    from django.contrib.auth import get_user_model

    from games.models import ShareLink
    from games.services.games import start_game

    owner = get_user_model().objects.create_user(USERNAME, password=PASSWORD)
    games = [start_game(owner, ["Ana", "Ben"]).pk for _ in range(300)]
    watched = start_game(owner, ["Cleo", "Dan"])
    return {"games": games, "live": ShareLink.objects.create(game=watched).get_absolute_url()}


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    from bench.inside import main

    main(alone, seed=seed)
