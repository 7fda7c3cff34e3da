"""The table on the engines people carry: one game of L.L.A.M.A. scored at 390 px on Chromium,
WebKit (Safari's engine) and Firefox, written once (tests/helpers/phones.py), through what a
person sees: labels, buttons' names, headings. The server is taken away for real (a relay
unplugged, tests/helpers/relay.py): the sheet opened before comes from the service worker's
copy, and a round saved then waits in the outbox until the signal returns.

`--durations` shows what each engine's run costs the suite. With SCREENSHOTS_DIR set, WebKit's
and Firefox's sheet at 390 px go there (webkit-sheet.png, firefox-offline.png, ...), to be
looked at.
"""

import os
from pathlib import Path

import pytest

from games.models import Game
from tests.browser.conftest import wait_for_requests
from tests.helpers.phones import TEXT

SHOTS = Path(os.environ["SCREENSHOTS_DIR"]) if os.environ.get("SCREENSHOTS_DIR") else None
COPIED = """async (path) => {
    for (const name of await caches.keys()) {
        if (!name.startsWith("pages-")) continue;
        if (await (await caches.open(name)).match(path, { ignoreVary: true })) return true;
    }
    return false;
}"""
CONTROLLED = "() => navigator.serviceWorker.controller !== null"


@pytest.fixture
def server_url(relay):
    return relay.url


def save(phone, numbers, next_heading, quitter=None):
    for name, number in numbers.items():
        phone.fill(name, number)
    if quitter:
        phone.click("choice", f"{quitter} quit last")
    phone.click("button", "Save round")
    phone.sees("h1", next_heading)


def totals(phone, *expected):
    """Until the sheet's totals read `expected`."""
    script = f"() => ({TEXT})('tfoot td strong').join() === {','.join(expected)!r}"
    try:
        phone.until(script)
    except AssertionError:
        assert phone.texts("tfoot td strong") == list(expected)


def test_a_game_at_the_table(phone, relay, alice):
    phone.open("/accounts/login/")
    phone.fill("Username", "alice")
    phone.fill("Password", "correct-horse-9")
    phone.click("button", "Log in")
    phone.until("() => !location.pathname.includes('/login/')")
    phone.click("link", "New game")
    for seat, name in enumerate(["Ana", "Ben", "Cleo"], start=1):
        phone.fill(f"Player {seat}", name)
    phone.click("button", "Start game")
    phone.sees("h1", "Round 1")
    game = Game.objects.get()
    sheet = f"/games/{game.pk}/"

    save(phone, {"Ana": 11, "Ben": 6, "Cleo": 2}, "Round 2", quitter="Cleo")
    phone.sees(".starter", "Cleo starts this round.")
    phone.click("button", "Emptied hand for Ana")  # 11: a black chip to give back
    assert phone.value("Ana") == "-10"
    save(phone, {"Ben": 5, "Cleo": 20}, "Round 3")
    totals(phone, "1", "11", "22")

    phone.click("link", "Undo round 2")
    phone.click("button", "Yes, undo round 2")
    phone.sees("h1", "Round 2")
    totals(phone, "11", "6", "2")
    save(phone, {"Ana": -10, "Ben": 5, "Cleo": 20}, "Round 3")
    phone.click("link", "Edit round 1")
    phone.finds("button", "Replace round 1 with these numbers")  # the sheet's Ana field is gone
    phone.fill("Ana", 13)
    phone.click("button", "Replace round 1 with these numbers")
    phone.sees("h1", "Round 3")
    totals(phone, "3", "11", "22")
    if SHOTS and phone.engine != "Chromium":
        SHOTS.mkdir(parents=True, exist_ok=True)
        phone.screenshot(SHOTS / f"{phone.engine.lower()}-sheet.png")

    # No server: the sheet opened before comes from the worker's copy, a page never opened
    # says so, and a round saved waits in the outbox.
    phone.until(CONTROLLED)
    phone.until(COPIED, sheet)
    relay.unplug()
    phone.open(sheet)
    phone.sees("h1", "Round 3")
    phone.until(
        "() => /^No connection: this page as it was at \\d\\d:\\d\\d\\.$/.test("
        "document.querySelector('[data-worker-copy]')?.textContent.trim())"
    )
    save(phone, {"Ana": 0, "Ben": 7, "Cleo": 9}, "Round 4")
    phone.until("() => document.querySelectorAll('tbody tr.queued').length === 1")
    totals(phone, "3", "11", "22")  # no total invented before the server's
    if SHOTS and phone.engine != "Chromium":
        phone.screenshot(SHOTS / f"{phone.engine.lower()}-offline.png")
    phone.open("/history/")
    phone.sees("h1", "No connection")

    relay.plug()
    phone.open(sheet)  # the outbox sends what waits when the page opens with a signal
    phone.until("() => document.querySelectorAll('tbody tr.queued').length === 0", timeout=20)
    # The sheet the outbox shows once it has sent the round, not the poll's board before it.
    phone.until("() => /Round 3 saved/.test(document.querySelector('[data-outbox]').textContent)")
    phone.sees("h1", "Round 4")
    totals(phone, "3", "18", "31")
    wait_for_requests()
    assert [r.entries for r in Game.objects.get(pk=game.pk).state.rounds] == [
        (13, 6, 2), (-10, 5, 20), (0, 7, 9)
    ]  # fmt: skip

    phone.click("button", "Emptied hand for Ana")  # 3: a white chip
    assert phone.value("Ana") == "-1"
    save(phone, {"Ben": 4, "Cleo": 10}, "Final scoresheet")
    phone.sees("h1, h2, h3", "Ana wins!")
    totals(phone, "2", "22", "41")
    if SHOTS and phone.engine != "Chromium":
        phone.screenshot(SHOTS / f"{phone.engine.lower()}-end.png")
