"""How long a saved round takes to show on the other phones at the table: from the tap on
Save on one phone to the number on another, which follows by polling (issue 15: at most
1.5 s at the 95th percentile). The live view follows the owner's sheet, and the owner's
sheet follows a scorer link's. docs/benchmarks.md gives the figures, before and after.
"""

import math
import random
import time

from playwright.sync_api import expect

from games import pages
from games.models import ScorerLink
from tests.browser.sheet import type_round

SAMPLES = 15  # per pair of phones: 30 delays in all
TARGET_P95 = 1.5

# Both times are taken in the pages themselves, on the machine's one clock (a page's time
# origin plus its clock): the test's own round trips to the browser are left out.
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


def follow_delays(saver, follower, samples=SAMPLES):
    """Save `samples` rounds on `saver`, each as the first player's 1 point: how long each
    took from the tap on Save to the new total on `follower`, in seconds."""
    saver.evaluate(RECORD_TAPS)
    follower.evaluate(RECORD_TOTALS)
    delays = []
    for total in range(1, samples + 1):
        # Saves land anywhere in the follower's poll interval, as they do at a real table.
        time.sleep(random.uniform(0, pages.POLL_SECONDS))
        type_round(saver, {"Ana": 1, "Ben": 1, "Cleo": 0})
        start = time.monotonic()
        saver.get_by_role("button", name="Save round").click()
        follower.wait_for_function(FIRST_TOTAL, arg=str(total), polling=50, timeout=10_000)
        waited = time.monotonic() - start  # with the test's round trips to the browser
        tapped = saver.evaluate("() => window.taps.at(-1)")
        shown = follower.evaluate("total => window.shown[total]", str(total))
        delays.append((shown - tapped) / 1000 if tapped and shown else waited)
        expect(saver.get_by_role("heading", level=1)).to_have_text(f"Round {total + 1}")
    return delays


def percentile(values, share):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def test_a_saved_round_shows_on_the_other_phones_within_1_5_s_at_p95(
    page, other_phone, browser, live_server, signed_in, make_game
):
    watched = make_game()
    page.goto(f"/games/{watched.pk}/share/")
    page.get_by_role("button", name="Create the live link").click()
    other_phone.goto(page.get_by_label("Live link").input_value())
    page.goto(f"/games/{watched.pk}/")
    delays = follow_delays(page, other_phone)  # the owner saves, the live view follows

    scored = make_game()
    link = ScorerLink.objects.create(game=scored, number=1)
    page.goto(f"/games/{scored.pk}/")
    other_phone.goto(link.get_absolute_url())
    delays += follow_delays(other_phone, page)  # a scorer saves, the owner's sheet follows

    p50, p95 = percentile(delays, 0.5), percentile(delays, 0.95)
    print(f"\nfollow delay over {len(delays)} saves: p50 {p50:.2f} s, p95 {p95:.2f} s, "
          f"max {max(delays):.2f} s (poll every {pages.POLL_SECONDS} s)")  # fmt: skip
    assert p95 <= TARGET_P95, sorted(round(delay, 2) for delay in delays)
