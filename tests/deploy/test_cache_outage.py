"""Redis away is slower, not down (scorekeeper/cache.py): with REDIS_URL on a port where
nothing answers, every page answers and every write lands; with a Redis cut off and back, what
was logged out during the cut stays logged out."""

import logging
import re
import time
import uuid
from unittest.mock import patch

import pytest
from django.conf import settings as django_settings
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError

from games.models import ShareLink
from scorekeeper import cache as resilient
from tests.helpers import services
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
    folds = shared | {"OPTIONS": shared["OPTIONS"] | {"keys_never_stale": True}}
    return django_settings.CACHES | {"default": shared, "folds": folds}


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
    assert (errors, down) == (1, True) and skipped > 10
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


@pytest.fixture(scope="module")
def redis_url():
    with services.redis() as url:
        yield url


def cut_off():
    """Redis unreachable from this process, and back at the end of the block."""
    return patch.object(RedisCacheClient, "get_client", side_effect=RedisConnectionError("cut"))


def test_a_log_out_during_a_cut_holds_when_redis_comes_back(client, alice, settings, redis_url):
    settings.CACHES = redis_caches(redis_url, retry_after=0)
    assert client.post("/accounts/login/", CREDENTIALS).status_code == 302
    assert client.get("/games/new/").status_code == 200  # the session is now in Redis
    kept_cookie = client.cookies["sessionid"].value

    with cut_off():
        assert client.post("/accounts/logout/").status_code == 302  # not deleted from Redis

    client.cookies["sessionid"] = kept_cookie  # replayed by whoever had copied it
    response = client.get("/games/new/")
    assert response.status_code == 302 and response.url.startswith("/accounts/login/")
    errors, _skipped, down = resilient.outages()[redis_url]
    assert errors > 0 and not down


def test_a_session_changed_during_a_cut_is_read_from_the_database_afterwards(
    client, alice, settings, redis_url
):
    settings.CACHES = redis_caches(redis_url, retry_after=0)
    assert client.post("/accounts/login/", CREDENTIALS).status_code == 302
    assert client.get("/games/new/").status_code == 200
    session = client.session
    with cut_off():
        session["marker"] = "written during the cut"
        session.save()

    assert client.session["marker"] == "written during the cut"


def test_past_max_missed_keys_the_cache_is_emptied_when_redis_comes_back(
    settings, redis_url, monkeypatch
):
    settings.CACHES = redis_caches(redis_url, retry_after=0)
    monkeypatch.setattr(resilient, "MAX_MISSED", 3)
    cache = caches["default"]
    cache.set_many({"kept-before": 1, "written-during": "old"})
    with cut_off():
        cache.set_many({f"written-during-{n}": n for n in range(4)} | {"written-during": "new"})

    assert cache.get("written-during") is None  # not "old"
    assert cache.get("kept-before") is None  # emptied with the rest
