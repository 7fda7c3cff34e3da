"""Issue 15's first promise, end to end at 390×844: three rounds typed with no signal, a reload
and a closed tab in between, are saved once each, in order, when the signal returns. The
server is taken away for real (a relay unplugged, tests/helpers/relay.py): the page comes from
the service worker (templates/sw.js), the rounds wait in the outbox (static/js/outbox.js)."""

import time

import pytest
from playwright.sync_api import expect

from games.models import Game, Round
from tests.browser.conftest import wait_for_requests
from tests.browser.sheet import type_round
from tests.browser.test_offline import wait_for_worker, wait_until_copied


@pytest.fixture
def server_url(relay):
    return relay.url


ROUNDS = [
    {"Ana": 5, "Ben": 0, "Cleo": 12},
    {"Ana": 7, "Ben": 3, "Cleo": 0},
    {"Ana": 0, "Ben": 9, "Cleo": 2},
]


def sheet_with_signal_to_lose(page, watch, make_game):
    """A new game's sheet, opened with the service worker at work, and the failures that
    losing the signal causes expected: the outbox's tries, and a board poll on its way when
    the signal goes (js/live.js polls no more once the phone knows, but htmx logs that one)."""
    watch.expect("failed", "/rounds/")
    watch.expect("failed", "/board/")
    for logged in ("net::ERR_INTERNET_DISCONNECTED", "htmx:sendError", "htmx:afterRequest"):
        watch.expect_console(logged)
    game = make_game()
    sheet = f"/games/{game.pk}/"
    page.goto(sheet)
    wait_for_worker(page)
    return game, sheet


def queue_round(page, values, waiting):
    type_round(page, values)
    page.get_by_role("button", name="Save round").click()
    expect(page.locator("tbody tr.queued")).to_have_count(waiting)


def test_three_rounds_typed_without_signal_are_saved_once_each_in_order(
    page, context, relay, signed_in, make_game, watch
):
    game, sheet = sheet_with_signal_to_lose(page, watch, make_game)
    wait_until_copied(page, sheet)

    relay.unplug()
    context.set_offline(True)
    queue_round(page, ROUNDS[0], waiting=1)
    page.reload()
    expect(page.locator("tbody tr.queued")).to_have_count(1)
    queue_round(page, ROUNDS[1], waiting=2)
    page.close()
    page = context.new_page()
    page.goto(sheet)
    expect(page.locator("legend").first).to_have_text("Points for round 3")
    queue_round(page, ROUNDS[2], waiting=3)
    expect(page.locator("tfoot td strong")).to_have_text(["0", "0", "0"])
    workers_copy = page.get_by_role("status").filter(has_text="No connection")
    expect(workers_copy).to_be_visible()

    relay.plug()
    context.set_offline(False)

    expect(workers_copy).to_have_count(0)  # heard from the server again: no reload needed

    expect(page.locator("[data-outbox]").filter(has_text="saved")).to_contain_text("Round 3 saved.")
    expect(page.locator("tbody tr.queued")).to_have_count(0)
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 4")
    expect(page.locator("tfoot td strong")).to_have_text(["12", "12", "14"])
    wait_for_requests()
    saved = Game.objects.get(pk=game.pk).state.rounds
    assert [r.entries for r in saved] == [tuple(values.values()) for values in ROUNDS]
    assert Round.objects.filter(game=game).count() == 3


def test_the_worker_sends_the_outbox_by_itself_with_no_page_open(
    page, context, relay, signed_in, make_game, watch
):
    """Background Sync: the sheet asked for it when the round was queued; the browser wakes
    the worker when the signal returns (dispatched here through DevTools), and the worker
    sends the outbox on its own."""
    game, sheet = sheet_with_signal_to_lose(page, watch, make_game)
    cdp = context.new_cdp_session(page)
    registrations = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(event["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    relay.unplug()
    context.set_offline(True)
    queue_round(page, ROUNDS[0], waiting=1)
    page.goto("about:blank")  # no page of the app is open any more

    relay.plug()
    context.set_offline(False)
    origin = relay.url
    ours = [r for r in registrations if r["scopeURL"].startswith(origin) and not r["isDeleted"]]
    cdp.send(
        "ServiceWorker.dispatchSyncEvent",
        {"origin": origin, "registrationId": ours[0]["registrationId"], "tag": "outbox",
         "lastChance": False},
    )  # fmt: skip

    deadline = time.monotonic() + 5
    while not (wait_for_requests() or Round.objects.filter(game=game).exists()):
        assert time.monotonic() < deadline, "the worker did not send the outbox"
        time.sleep(0.1)
    assert [r.entries for r in Game.objects.get(pk=game.pk).state.rounds] == [(5, 0, 12)]
