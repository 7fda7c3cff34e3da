"""One limiter for every limit (common/limits.py): log-in failures, password resets, sign-ups,
imports and exports are each counted in its one table, and hold with the cache gone."""

import pytest
from django.core.cache import caches

from common.models import Counter
from jobs.models import Job
from tests.history.test_backup_import import a_game, upload

pytestmark = pytest.mark.django_db

PASSWORD = "llama-chips-40"


def log_in(client, n):
    return client.post("/accounts/login/", {"username": "alice", "password": f"wrong-{n}"})


def reset(client, n):
    return client.post("/accounts/password_reset/", {"email": "alice@example.org"})


def sign_up(client, n):
    data = {"username": f"new{n}", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post("/accounts/signup/", data)
    client.logout()
    return response


def import_(client, n):
    return upload(client, [a_game()]).response


def export(client, n):
    return client.get("/history/export.json")


# Each limit, set to 2, with what a third try answers.
LIMITS = {
    "log-in": (log_in, "LOGIN_FAILURES_PER_ACCOUNT", 429),
    "sign-up": (sign_up, "SIGNUPS_PER_CLIENT", 429),
    "import": (import_, "IMPORTS_PER_HOUR", 422),
    "export": (export, "EXPORTS_PER_HOUR", 302),  # back to the history, with a message
}


@pytest.fixture
def no_cache(settings):
    """Every cache gone, as a Redis that does not answer leaves them: nothing is kept."""
    dummy = {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
    settings.CACHES = dict.fromkeys(settings.CACHES, dummy)
    yield
    caches.close_all()


@pytest.mark.parametrize("limit", LIMITS)
def test_each_limit_holds_with_the_cache_gone(alice, alice_client, settings, no_cache, limit):
    try_once, setting, refused = LIMITS[limit]
    setattr(settings, setting, 2)
    client = alice_client if limit in ("import", "export") else alice_client.__class__()

    first, second = try_once(client, 1), try_once(client, 2)
    third = try_once(client, 3)

    assert refused not in (first.status_code, second.status_code)
    assert third.status_code == refused
    if limit == "export":
        assert "You asked for 2 exports in the last hour" in client.get("/history/").text
    assert Counter.objects.filter(count=2).exists()  # counted in the one table


def test_a_password_reset_is_counted_in_the_one_table(alice, client, settings):
    settings.PASSWORD_RESETS_PER_ADDRESS = 1
    reset(client, 1)
    assert list(Counter.objects.values_list("count", flat=True)) == [1, 1]  # client, address


def test_a_streamed_export_leaves_no_job(alice_client):
    assert alice_client.get("/history/export.csv").status_code == 200
    assert not Job.objects.exists()


def test_an_upload_that_never_counted_gives_its_try_back(alice_client, settings):
    settings.IMPORTS_PER_HOUR = 1
    assert upload(alice_client, b"").response.status_code == 422  # refused on the form

    assert upload(alice_client, [a_game()]).imported
