#!/usr/bin/env python
"""What the streams' heartbeats cost, in `make bench` (issue 39): one worker holding HELD idle
live-view streams, its CPU time over SECONDS with each heartbeat interval of INTERVALS (3600:
about none). Each heartbeat asks the stream's door again (a query) and writes an event; the
interval bounds how soon a page notices a silent stream (two heartbeats and a margin), so a
shorter one costs this much more.

bench/run.py calls `measure(opts)` and `report(results)`; alone: `bench/heartbeats.py run`.
"""

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HELD, SECONDS = 2000, 60
INTERVALS = ("3600", "25", "15", "10")


def cpu_seconds(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100  # utime and stime, in ticks of 10 ms


def measure(opts=None):
    from bench.inside import run_inside
    from bench.streams import CAPS, close_all, open_stream, worker_pids
    from tests.helpers.live import running_server

    results = {}
    for interval in INTERVALS:
        env = {**CAPS, "STREAM_HEARTBEAT_SECONDS": interval}
        with tempfile.TemporaryDirectory() as folder, running_server(folder, 1, **env) as server:
            ids = run_inside(server.env, str(ROOT / "bench" / "streams.py"), "seed")
            [worker] = worker_pids(server)
            streams = [open_stream(server, ids["live"] + "events/") for _ in range(HELD)]
            time.sleep(min(float(interval), 30) + 2)  # their heartbeats spread out
            before, started = cpu_seconds(worker), time.monotonic()
            time.sleep(SECONDS)
            used = cpu_seconds(worker) - before
            results[interval] = used / (time.monotonic() - started)
            close_all(streams)
    return results


def report(results):
    print(f"\nHeartbeats: one worker holding {HELD:,} idle streams, its CPU over {SECONDS} s")
    print("| heartbeat | silent stream noticed within | worker CPU (share of a core) |")
    print("|---|---:|---:|")
    for interval, share in results.items():
        seconds = float(interval)
        bound = "" if seconds > 60 else f"{2 * seconds + min(5, seconds):g} s"
        print(f"| {'none' if seconds > 60 else f'{seconds:g} s'} | {bound} | {share:.1%} |")


def alone():
    report(measure())


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    from bench.inside import main

    main(alone)
