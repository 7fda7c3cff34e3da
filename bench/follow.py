#!/usr/bin/env python
"""How long a saved round takes to show on the other phones at the table, in `make bench`
(issue 15: at most 1.5 s at the 95th percentile).

From the tap on Save on one phone to the new total on another, which follows by polling: 15
rounds saved on the owner's sheet with the live view following, then 15 on a scorer link's
sheet with the owner's sheet following, each save at a random moment of the poll's interval.
Debian's Chromium at phone size, one browser context per phone, against the benchmark's
server (gunicorn, production settings). Both times are taken in the pages themselves (a
page's time origin plus its clock, the machine's one clock): the script's own round trips to
the browser are left out. A figure, not a test: the suite checks that the pages follow
(tests/browser/test_live_view.py, test_scorer_link.py), this measures how fast.

bench/run.py calls `measure(server)` and `report(delays)` with the server it started; or
alone, on the engine of DATABASE_URL (SQLite without one): `bench/follow.py run`. In the
environment of the server: `python bench/follow.py seed`.
"""

import math
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = 15  # per pair of phones: 30 delays in all
TARGET_P95 = 1.5
TARGET_STREAMS_P95 = 0.3  # issue 33
USERNAME, PASSWORD = "follower", "follow-horse-battery-9"
NAMES = ["Ana", "Ben", "Cleo"]

RECORD_TAPS = """() => {
  window.taps = [];
  document.addEventListener("click", (event) => {
    const now = performance.timeOrigin + performance.now();
    if (event.target.closest("button.primary")) window.taps.push(now);
  }, true);
}"""
# When each total of the first player first showed on the board of the page that follows.
RECORD_TOTALS = """() => {
  window.shown = {};
  const note = () => {
    const cell = document.querySelector("#board tfoot td strong");
    const total = cell && cell.textContent.trim();
    const now = performance.timeOrigin + performance.now();
    if (total && !(total in window.shown)) window.shown[total] = now;
  };
  const all = { childList: true, subtree: true, characterData: true };
  new MutationObserver(note).observe(document.body, all);
  note();
}"""
FIRST_TOTAL = (
    "total => document.querySelector('#board tfoot td strong')?.textContent.trim() === total"
)


# A browser without EventSource: the pages poll, as they do wherever no stream can be held.
NO_STREAMS = "delete window.EventSource"


def measure(server, streams=True):
    """The delays, in seconds, of the 30 saves: the pages following by their streams, or by
    their polls (`streams` False: the fallback's figures)."""
    from playwright.sync_api import sync_playwright

    from bench.inside import run_inside
    from tests.helpers.browser import CHROMIUM, CHROMIUM_ARGS, PHONE
    from tests.helpers.live import Phone

    ids = run_inside(server.env, __file__, "seed")
    owner = Phone(server).log_in(USERNAME, PASSWORD)
    poll = ids["poll_seconds"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        mine = browser.new_context(base_url=server.url, **PHONE)
        other_phone = browser.new_context(base_url=server.url, **PHONE)
        if not streams:
            mine.add_init_script(NO_STREAMS)
            other_phone.add_init_script(NO_STREAMS)
        mine.add_cookies([{"name": name, "value": value, "url": server.url}
                          for name, value in owner.cookies.items()])  # fmt: skip
        sheet = mine.new_page()
        other = other_phone.new_page()
        other.goto(ids["live"])
        sheet.goto(f"/games/{ids['watched']}/")
        delays = follow_delays(sheet, other, poll)  # the owner saves, the live view follows
        sheet.goto(f"/games/{ids['scored']}/")
        other.goto(ids["scorer"])
        delays += follow_delays(other, sheet, poll)  # a scorer saves, the owner's sheet follows
        browser.close()
    return {"delays": delays, "poll_seconds": poll, "streams": streams}


def follow_delays(saver, follower, poll, samples=SAMPLES):
    """Save `samples` rounds on `saver`, each as the first player's 1 point: how long each
    took from the tap on Save to the new total on `follower`, in seconds."""
    saver.evaluate(RECORD_TAPS)
    follower.evaluate(RECORD_TOTALS)
    delays = []
    for total in range(1, samples + 1):
        # Saves land anywhere in the follower's poll interval, as they do at a real table.
        time.sleep(random.uniform(0, poll))
        for name, points in zip(NAMES, (1, 1, 0), strict=True):
            saver.get_by_role("spinbutton", name=name, exact=True).fill(str(points))
        saver.get_by_role("button", name="Save round").click()
        follower.wait_for_function(FIRST_TOTAL, arg=str(total), polling=50, timeout=10_000)
        tapped = saver.evaluate("() => window.taps.at(-1)")
        shown = follower.evaluate("total => window.shown[total]", str(total))
        delays.append((shown - tapped) / 1000)
        saver.get_by_role("heading", level=1, name=f"Round {total + 1}").wait_for()
    return delays


def percentile(values, share):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def report(results):
    delays, poll = results["delays"], results["poll_seconds"]
    p50, p95 = percentile(delays, 0.5), percentile(delays, 0.95)
    by, target = ("streams", TARGET_STREAMS_P95) if results["streams"] else (
        f"polls every {poll} s (no EventSource)", TARGET_P95)  # fmt: skip
    print(f"\n### The other phones follow: {len(delays)} saves, by {by}\n")
    print("| p50 | p95 | max | target (p95) | met? |")
    print("|---:|---:|---:|---:|---|")
    print(f"| {p50:.2f} s | **{p95:.2f} s** | {max(delays):.2f} s | {target} s | "
          f"{'yes' if p95 <= target else '**no**'} |")  # fmt: skip
    sys.stdout.flush()


def alone():
    """These figures only, without the rest of bench/run.py."""
    from tests.helpers.live import running_server

    with tempfile.TemporaryDirectory() as folder, running_server(folder, workers=2) as server:
        report(measure(server))
        report(measure(server, streams=False))


# What follows runs in the subprocess, with Django set up on the server's database.


def seed():
    from django.contrib.auth import get_user_model

    from games import pages
    from games.models import ScorerLink, ShareLink
    from games.services.games import start_game

    users = get_user_model().objects  # measured twice (streams, polls): one account
    owner = users.filter(username=USERNAME).first() or users.create_user(
        USERNAME, password=PASSWORD
    )
    watched, scored = (start_game(owner, NAMES) for _ in range(2))
    return {
        "watched": watched.pk,
        "live": ShareLink.objects.create(game=watched).get_absolute_url(),
        "scored": scored.pk,
        "scorer": ScorerLink.objects.create(game=scored, number=1).get_absolute_url(),
        "poll_seconds": pages.POLL_SECONDS,
    }


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    from bench.inside import main

    main(alone, seed=seed)
