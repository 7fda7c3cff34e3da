"""Redis away is slower, not down (scorekeeper/cache.py): with REDIS_URL on a port where
nothing answers, every page answers and every write lands. (Sessions are not in the cache: a
log-out while Redis is away is tests/deploy/test_nodes.py's.)"""

import logging
import re
import time
import uuid

import pytest
from django.conf import settings as django_settings
from django.core.cache import caches

from games.models import ShareLink
from scorekeeper import cache as resilient
from tests.helpers.ports import closed_port

CREDENTIALS = {"username": "alice", "password": "correct-horse-9"}


def redis_caches(url, **options):
    """CACHES as settings.py makes them for REDIS_URL=url, with `options` added."""
    shared = {
        "BACKEND": "scorekeeper.cache.ResilientRedisCache",
        "LOCATION": url,
        "KEY_PREFIX": f"test-{uuid.uuid4().hex}",  # the tests of a run may share one Redis
        "OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 1.0} | options,
    }
    return django_settings.CACHES | {"default": shared, "folds": shared}


@pytest.fixture(autouse=True)
def _no_outage_known(monkeypatch):
    """Each test starts with its workers knowing of no outage."""
    monkeypatch.setattr(resilient, "_outages", {})


@pytest.fixture
def dead_port():
    """A port that refuses connections for the test (bound, never listening)."""
    with closed_port() as taken:
        yield taken.getsockname()[1]


@pytest.fixture
def dead_redis(settings, dead_port):
    url = f"redis://127.0.0.1:{dead_port}/0"  # nothing listens there
    settings.CACHES = redis_caches(url)
    return url


def test_with_redis_dead_every_page_answers_and_every_write_lands(
    client, alice, make_game, dead_redis, caplog
):
    caplog.set_level(logging.WARNING, logger="scorekeeper.cache")
    started = time.monotonic()
    assert client.post("/accounts/login/", CREDENTIALS).status_code == 302
    assert client.get("/games/new/").status_code == 200  # the session, read from the database
    game = make_game(rounds=[[3, 5, 0]])
    assert client.get(f"/games/{game.pk}/").status_code == 200
    round_two = {"round_number": 2, "seat_0": 4, "seat_1": 0, "seat_2": 6}
    assert client.post(f"/games/{game.pk}/rounds/", round_two).status_code == 302
    live = ShareLink.objects.create(game=game).get_absolute_url()
    page = client.get(live)
    assert page.status_code == 200 and "Round 3" in page.text
    seen = re.search(r"\?seen=(\d+)", page.text).group(1)
    assert client.get(f"{live}?seen={seen}", headers={"HX-Request": "true"}).status_code == 204
    history = client.get("/history/")
    assert history.status_code == 200 and "Ana" in history.text
    assert client.get(f"/players/{game.seats[0].player_id}/").status_code == 200
    assert client.post("/accounts/logout/").status_code == 302

    assert [list(r.entries.values_list("value", flat=True)) for r in game.rounds.all()] == [
        [3, 5, 0],
        [4, 0, 6],
    ]
    assert client.get("/games/new/").status_code == 302  # logged out, in the database
    assert time.monotonic() - started < 10
    errors, skipped, down = resilient.outages()[dead_redis]
    # Tried once, then left alone for retry_after: the other calls cost nothing.
    assert (errors, down) == (1, True) and skipped > 5
    assert "unreachable" in caplog.text and dead_redis in caplog.text


def test_a_dead_redis_is_tried_again_after_retry_after(settings, dead_redis):
    settings.CACHES = redis_caches(dead_redis, retry_after=0.2)
    for _ in range(3):
        assert caches["default"].get("anything", "computed") == "computed"
    time.sleep(0.25)
    caches["default"].set("anything", 1)

    assert resilient.outages()[dead_redis] == (2, 2, True)


def test_the_password_of_redis_stays_out_of_the_logs(settings, caplog, dead_port):
    url = f"redis://:s3cret@127.0.0.1:{dead_port}/0"
    settings.CACHES = redis_caches(url)
    caches["default"].get("anything")

    assert "unreachable" in caplog.text and "s3cret" not in caplog.text


def test_with_redis_dead_a_result_picture_is_drawn_each_time_and_counted_once_each(
    client, alice, make_game, dead_redis, settings
):
    from common import limits
    from common.models import Counter

    settings.PICTURES_PER_MINUTE = 5
    game = make_game(rounds=[(31, 0, 12), (20, 3, -10)])  # finished
    client.force_login(alice)
    # Its kept copy cannot be read: each is drawn again, within the account's share.
    answers = [client.get(f"/games/{game.pk}/result.png").status_code for _ in range(5)]
    assert answers == [200] * 5  # the limit per game was 4
    counted = Counter.objects.get(key=limits.key("pictures", alice.pk)).count
    assert counted == 5
