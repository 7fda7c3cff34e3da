#!/usr/bin/env python
"""What the phones that follow a game cost the server, at the app's poll (docs/benchmarks.md).

Starts gunicorn (production settings, SQLite, 3 sync workers) on a fresh database, makes a
game with a live link and a scorer link, then measures the three polls that find nothing
new (the live view's, the owner's sheet's board, a scorer link's board):

- the bytes of one poll on the wire, as Chromium sends it through htmx over HTTP/1.1 (the
  request with its headers and cookies, and the 204 with its headers);
- the processor time of gunicorn's workers per poll, over `--polls` polls sent flat out;
- `--viewers` phones each polling every POLL_SECONDS for `--seconds`: the requests/s the
  server answered, their latency, and the share of one core its workers used.

    bench/viewers.py --viewers 50 200 --seconds 20 --polls 3000
"""

import argparse
import os
import re
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.helpers.live import Phone, running_server  # noqa: E402

POLL_SECONDS = 1  # read from the sheet's page by setup()

USER_AGENT = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Mobile Safari/537.36"
)
TICKS = os.sysconf("SC_CLK_TCK")


def options():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--polls", type=int, default=3000)
    return parser.parse_args()


def raw_poll(port, path, page, cookies=""):
    """(bytes sent, bytes received, status) of one poll as htmx sends it from `page`."""
    origin = f"http://127.0.0.1:{port}"
    lines = [
        f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: keep-alive",
        "HX-Request: true", f"HX-Current-URL: {origin}{page}", "HX-Target: board",
        "HX-Trigger: board", f"User-Agent: {USER_AGENT}", "Accept: */*",
        f"Referer: {origin}{page}", "Accept-Encoding: gzip, deflate, br, zstd",
        "Accept-Language: en-GB,en;q=0.9",
    ]  # fmt: skip
    if cookies:
        lines.append(f"Cookie: {cookies}")
    request = ("\r\n".join(lines) + "\r\n\r\n").encode()
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(request)
        received = b""
        while chunk := connection.recv(65536):  # a sync worker closes after each answer
            received += chunk
    return len(request), len(received), int(received.split()[1])


def worker_seconds(master):
    """Processor time (user + system) used so far by gunicorn's workers."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master:  # ppid
            total += int(fields[11]) + int(fields[12])
    return total / TICKS


def flat_out(port, path, page, cookies, polls, threads=4):
    """Processor time of the workers per poll, and polls/s, sent by `threads` at once."""
    left = iter(range(polls))
    lock = threading.Lock()

    def run():
        while True:
            with lock:
                if next(left, None) is None:
                    return
            raw_poll(port, path, page, cookies)

    return timed(run, threads, polls)


def timed(run, threads, requests):
    before, start = worker_seconds(MASTER), time.monotonic()
    workers = [threading.Thread(target=run) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    elapsed, cpu = time.monotonic() - start, worker_seconds(MASTER) - before
    return cpu / requests * 1000, requests / elapsed, cpu / elapsed


def paced(port, path, page, cookies, viewers, seconds):
    """`viewers` phones polling every POLL_SECONDS, from random moments: requests/s, the
    latency's median and 95th percentile, the share of a core the workers used."""
    latencies, lock = [], threading.Lock()
    stop = time.monotonic() + seconds

    def phone():
        import random

        time.sleep(random.uniform(0, POLL_SECONDS))
        while time.monotonic() < stop:
            start = time.monotonic()
            raw_poll(port, path, page, cookies)
            took = time.monotonic() - start
            with lock:
                latencies.append(took)
            time.sleep(max(0, POLL_SECONDS - took))

    before, start = worker_seconds(MASTER), time.monotonic()
    threads = [threading.Thread(target=phone) for _ in range(viewers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - start
    cores = (worker_seconds(MASTER) - before) / elapsed
    latencies.sort()
    p95 = latencies[int(0.95 * (len(latencies) - 1))]
    return len(latencies) / elapsed, statistics.median(latencies) * 1000, p95 * 1000, cores


def setup(server):
    owner = Phone(server).sign_up("owner")
    game = owner.start_game("Ana", "Ben", "Cleo")
    share = owner.submit(f"/games/{game}/share/", {})
    assert share.status == 302, share.text
    live = re.search(r"/live/([\w-]+)/", owner.get(f"/games/{game}/share/").text).group(1)
    owner.submit(f"/games/{game}/scorers/", {})
    token = re.search(r"/s/([\w-]+)/", owner.get(f"/games/{game}/scorers/").text).group(1)
    global POLL_SECONDS
    sheet = owner.get(f"/games/{game}/").text
    seen = re.search(r"board/\?seen=(\d+)", sheet).group(1)
    POLL_SECONDS = float(re.search(r'data-hx-trigger="every ([\d.]+)s"', sheet).group(1))
    cookies = "; ".join(f"{key}={value}" for key, value in owner.cookies.items())
    anonymous = Phone(server)
    anonymous.get(f"/live/{live}/")
    anonymous_cookies = "; ".join(f"{k}={v}" for k, v in anonymous.cookies.items())
    return {
        "live view": (f"/live/{live}/?seen={seen}", f"/live/{live}/", anonymous_cookies),
        "owner's sheet": (f"/games/{game}/board/?seen={seen}", f"/games/{game}/", cookies),
        "scorer link": (f"/s/{token}/board/?seen={seen}", f"/s/{token}/", anonymous_cookies),
    }


MASTER = None


def main():
    global MASTER
    opts = options()
    with tempfile.TemporaryDirectory() as folder, running_server(folder, workers=3) as server:
        MASTER = server.process.pid
        polls = setup(server)
        print(f"poll every {POLL_SECONDS} s; gunicorn, 3 sync workers, SQLite")
        print("| poll (204) | bytes sent | bytes received | kB a minute a phone "
              "| worker CPU a poll (ms) | polls/s flat out |")  # fmt: skip
        print("|---|---:|---:|---:|---:|---:|")
        for name, (path, page, cookies) in polls.items():
            sent, received, status = raw_poll(server.port, path, page, cookies)
            assert status == 204, (name, status)
            cpu, rate, _cores = flat_out(server.port, path, page, cookies, opts.polls)
            per_minute = (sent + received) * 60 / POLL_SECONDS / 1000
            print(f"| {name} | {sent} | {received} | {per_minute:.1f} | {cpu:.2f} | {rate:.0f} |")
        print("\n| phones polling the live view | requests/s | p50 (ms) | p95 (ms) "
              "| workers' share of one core |")  # fmt: skip
        print("|---:|---:|---:|---:|---:|")
        path, page, cookies = polls["live view"]
        for viewers in opts.viewers:
            rate, p50, p95, cores = paced(server.port, path, page, cookies, viewers, opts.seconds)
            print(f"| {viewers} | {rate:.0f} | {p50:.1f} | {p95:.1f} | {cores:.0%} |")


if __name__ == "__main__":
    main()
