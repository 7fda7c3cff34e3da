"""A stream that says nothing is noticed, and a fetch that fails is tried again (issue 39).

The phone reaches the live server through a proxy that can hold an event stream's body
(tests/helpers/buffering.py), itself in front of a relay that can refuse some requests
(tests/helpers/relay.py). The streams' heartbeat is short here (HEARTBEAT), so that the
page's bound (two heartbeats and a margin of at most one: SILENT_FOR) costs seconds.
"""

import re
import time

import pytest
from playwright.sync_api import expect

from games import pages
from games.models import ShareLink
from games.rules import Round
from games.services.rounds import add_round
from games.streams.hub import hub
from games.views import live
from tests.browser.conftest import between_requests
from tests.helpers.buffering import BufferingProxy
from tests.helpers.worker import wait_for

HEARTBEAT = 1  # seconds
SILENT_FOR = 2 * HEARTBEAT + min(5, HEARTBEAT)  # static/js/stream.js
FETCH = 1  # seconds for the board's fetch that follows, on this shared machine


@pytest.fixture
def proxy(relay):
    with BufferingProxy("127.0.0.1", relay.port) as proxy:
        yield proxy
    # The relay behind, closed next, waits for the server's threads (tests/browser/conftest.py).


@pytest.fixture
def server_url(proxy):
    return proxy.url


@pytest.fixture(autouse=True)
def heartbeats(settings):
    settings.STREAM_HEARTBEAT_SECONDS = HEARTBEAT


def polls_set_to(monkeypatch, seconds):
    """Every page opened from now on polls every `seconds` while it trusts no stream."""
    monkeypatch.setattr(pages, "POLL_SECONDS", seconds)
    monkeypatch.setattr(live, "POLL_SECONDS", seconds)


def streams_held(count, timeout=5):
    deadline = time.monotonic() + timeout
    while hub().held_streams() != count:
        assert time.monotonic() < deadline, f"{hub().held_streams()} streams, not {count}"
        time.sleep(0.05)


def heard(proxy, timeout=5):
    """Wait until a heartbeat has passed the proxy to the page: a page trusts a stream once it
    has heard it, and polls until then (so a round could come by its poll, unannounced)."""
    deadline = time.monotonic() + timeout
    while not proxy.heartbeats:
        assert time.monotonic() < deadline, "no heartbeat passed the proxy"
        time.sleep(0.05)


def statuses_said(page):
    """From now on, each text the live view's status takes, in `window.said`."""
    page.evaluate(
        """() => {
            const status = document.getElementById("live-connection");
            window.said = [];
            const note = () => window.said.push(status.textContent);
            new MutationObserver(note).observe(status, { childList: true, characterData: true });
        }"""
    )


def test_behind_a_proxy_that_holds_the_stream_the_live_view_still_follows(
    page, proxy, make_game, monkeypatch
):
    polls_set_to(monkeypatch, 1)
    game = make_game(rounds=[(31, 0, 20)])
    page.goto(ShareLink.objects.create(game=game).get_absolute_url())
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2")
    streams_held(1)  # open on the server, its heartbeats and events held by the proxy

    with between_requests():
        add_round(game, Round((2, 5, 0)), 2)  # as another phone saves it
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Round 3", timeout=(SILENT_FOR + FETCH) * 1000
    )


def test_a_stream_fallen_silent_is_noticed_within_the_bound(page, proxy, make_game, monkeypatch):
    polls_set_to(monkeypatch, 1)
    proxy.holding = False
    game = make_game(rounds=[(31, 0, 20)])
    page.goto(ShareLink.objects.create(game=game).get_absolute_url())
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2")
    streams_held(1)
    heard(proxy)
    statuses_said(page)

    proxy.holding = True  # a connection gone half-open: open at both ends, nothing arriving
    mute = time.monotonic()
    with between_requests():
        add_round(game, Round((2, 5, 0)), 2)
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Round 3", timeout=(SILENT_FOR + FETCH) * 1000
    )
    assert time.monotonic() - mute <= SILENT_FOR + FETCH
    said = page.evaluate("window.said")
    assert any(re.fullmatch(r"Last update \d\d:\d\d, reconnecting…", text) for text in said), said
    expect(page.locator("#live-connection")).to_be_empty()  # its poll got through


def test_a_phone_whose_fetches_failed_under_a_live_stream_catches_up(
    page, relay, proxy, signed_in, make_game, monkeypatch, watch
):
    polls_set_to(monkeypatch, 60)  # only the stream, and the page's retries, bring rounds
    proxy.holding = False
    game = make_game(rounds=[(31, 0, 20)])
    page.goto(f"/games/{game.pk}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2")
    streams_held(1)

    watch.expect("failed", "/board/")
    for logged in ("net::ERR_", "htmx:sendError", "htmx:afterRequest"):
        watch.expect_console(logged)
    relay.refuse(rb"GET /games/\d+/board/")  # the fetches fail, the stream stays up
    with between_requests():
        add_round(game, Round((2, 5, 0)), 2)  # as other phones save them
        add_round(game, Round((0, 7, 4)), 3)
    # Its fetch fails, and so does the same fetch tried again a second later.
    wait_for(lambda: sum(b"/board/" in line for line in relay.cut_off) >= 2, 10, every=0.05)
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2")

    relay.refuse(None)
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 4", timeout=7000)
