"""Saves offered at a stated rate, as phones at many tables make them (run by bench/run.py).

Each phone saves a round, waits `pace` seconds, and saves the next one; the phones start at
random moments within the first `pace`, so that they do not all save at once. Not wrk: wrk
4.1 measures latencies far above the server's own when its delay() varies (a paced /healthz:
p50 40 ms against 1.3 ms), and with a fixed delay its connections save in step.
"""

import http.client
import random
import threading
import time
import uuid
from urllib.parse import urlsplit

LAST_ROUND = 40  # rounds of 1 and 1 end a two-player game at round 40


def run(url, cookie, token, games, phones=20, pace=0.2, duration=10.0, until=None):
    """What wrk's report gives for these saves: requests, duration, p50 and p99, errors.
    They end after `duration` seconds, or sooner once the event `until` is set."""
    port = urlsplit(url).port
    headers = {
        "Cookie": cookie,
        "X-CSRFToken": token,
        "Content-Type": "application/x-www-form-urlencoded",
    }
    results, lock = [], threading.Lock()
    start = time.monotonic()
    stop = start + duration

    def phone(mine):
        time.sleep(random.random() * pace)
        for number in range(1, LAST_ROUND + 1):
            for game in mine:
                if time.monotonic() >= stop or (until and until.is_set()):
                    return
                body = (f"round_number={number}&seat_0=1&seat_1=1&last_to_quit=0"
                        f"&idempotency_key={uuid.uuid4()}")  # fmt: skip
                status, took = _post(port, f"/games/{game}/rounds/", body, headers)
                with lock:
                    results.append((status, took))
                time.sleep(pace)

    threads = [threading.Thread(target=phone, args=(games[i::phones],)) for i in range(phones)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return _report(results, time.monotonic() - start)


def _post(port, path, body, headers):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    began = time.perf_counter()
    try:
        connection.request("POST", path, body, headers)
        response = connection.getresponse()
        response.read()
        return response.status, time.perf_counter() - began
    except OSError:
        return None, time.perf_counter() - began
    finally:
        connection.close()


def _report(results, elapsed):
    took = sorted(seconds for _status, seconds in results)

    def percentile(share):
        return int(took[min(len(took) - 1, int(len(took) * share))] * 1e6) if took else 0

    statuses = [status for status, _seconds in results]
    return {
        "requests": len(results),
        "duration_us": int(elapsed * 1e6),
        "p50_us": percentile(0.5),
        "p99_us": percentile(0.99),
        "status_errors": sum(1 for s in statuses if s is not None and s >= 400),
        "socket_errors": statuses.count(None),
        "saved": statuses.count(302),
        "refused": sum(1 for s in statuses if s not in (None, 302)),
    }
