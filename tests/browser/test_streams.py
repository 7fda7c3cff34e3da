"""The other phones follow by a stream (issue 33), on Chromium, WebKit and Firefox: a round
saved on one phone shows on the other with no poll in between; a round saved while the
stream is cut shows once it reconnects; with streams refused, the poll takes over.

The phone that follows is the engine's, through a relay (tests/helpers/relay.py) that counts
its requests and cuts its connections; the phone that saves is Chromium's, on the server
directly.
"""

import time

import pytest

from games import pages
from games.models import ShareLink
from games.streams.hub import hub
from games.views import live
from tests.browser.sheet import save_round
from tests.helpers.browser import sign_in


@pytest.fixture
def server_url(relay):
    return relay.url


def polls_set_to(monkeypatch, seconds):
    """Every page opened from now on polls every `seconds` while it has no stream."""
    monkeypatch.setattr(pages, "POLL_SECONDS", seconds)
    monkeypatch.setattr(live, "POLL_SECONDS", seconds)


def streams_held(count, timeout=5):
    deadline = time.monotonic() + timeout
    while hub().held_streams() != count:
        assert time.monotonic() < deadline, f"{hub().held_streams()} streams, not {count}"
        time.sleep(0.05)


def test_the_others_follow_by_streams(
    phone, relay, other_phone, live_server, alice, make_game, settings, monkeypatch, watch
):
    polls_set_to(monkeypatch, 1)
    saver = other_phone
    sign_in(saver.context, live_server.url, alice)
    game = make_game(names=("Ana", "Ben"))
    link = f"/live/{ShareLink.objects.create(game=game).token}/"
    saver.goto(f"/games/{game.pk}/")
    phone.open(link)
    phone.sees("h1", "Round 1")
    streams_held(2)

    def fetches():
        return sum(line.startswith(f"GET {link}?".encode()) for line in relay.asked)

    before = fetches()
    time.sleep(2.5)  # two polls and a half, were the page polling
    assert fetches() == before
    save_round(saver, {"Ana": 3, "Ben": 0})
    phone.sees("h1", "Round 2")
    assert fetches() == before + 1  # the stream's "moved": one fetch

    # The stream cut, and a round saved meanwhile: the page's poll is a minute away, so only
    # its stream, opened again, can bring it.
    polls_set_to(monkeypatch, 60)
    phone.open(link)
    phone.sees("h1", "Round 2")
    streams_held(2)
    relay.unplug()
    streams_held(1)
    save_round(saver, {"Ana": 4, "Ben": 0})
    relay.plug()
    phone.sees("h1", "Round 3", timeout=10)

    # Streams refused by the server: the poll takes over.
    polls_set_to(monkeypatch, 1)
    settings.STREAMS_PER_ADDRESS = 0
    watch.expect(429, "/events/")
    phone.open(link)
    phone.sees("h1", "Round 3")
    save_round(saver, {"Ana": 5, "Ben": 0})
    phone.sees("h1", "Round 4", timeout=5)
    assert hub().held_streams() == 1  # the saver's own, opened before
