"""Sign-up is held to its share: tries per client in a window (the one limiter,
common/limits.py), and the look-alike check is one look-up on the index of what usernames
look like (accounts.models.Skeleton), however many accounts there are."""

from datetime import timedelta
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts import usernames
from accounts.models import Skeleton
from tests.helpers.admin import change_account
from tests.helpers.pagetext import tags

pytestmark = pytest.mark.django_db

User = get_user_model()
PASSWORD = "llama-chips-40"
CYRILLIC_ROOT = "r\u043e\u043et"  # "rооt": two Cyrillic o's


def sign_up(client, username, **extra):
    data = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    return client.post("/accounts/signup/", data, **extra)


@pytest.fixture
def two_a_window(settings):
    settings.SIGNUPS_PER_CLIENT = 2


def test_a_client_past_its_tries_waits_for_the_window_to_end(client, two_a_window):
    assert sign_up(client, "ana").status_code == 302
    client.logout()
    mismatched = {"username": "x", "password1": PASSWORD, "password2": "other"}
    assert client.post("/accounts/signup/", mismatched).status_code == 422  # refused ones count

    response = sign_up(client, "ben")

    assert response.status_code == 429
    assert "Too many sign-ups from this address: try again after" in response.text
    assert 0 < int(response["Retry-After"]) <= 60 * 60
    assert tags(response.text, "input", name="username", value="ben")  # the name typed, still there
    assert not User.objects.filter(username="ben").exists()


def test_another_client_still_signs_up(client, two_a_window):
    sign_up(client, "ana")
    sign_up(client, "ben")

    assert sign_up(client, "cleo", REMOTE_ADDR="192.0.2.7").status_code == 302


def test_the_window_ends(client, two_a_window, monkeypatch):
    sign_up(client, "ana")
    sign_up(client, "ben")
    later = timezone.now() + timedelta(hours=1, seconds=1)
    monkeypatch.setattr(timezone, "now", lambda: later)

    assert sign_up(client, "cleo").status_code == 302


def test_behind_a_proxy_it_counts_the_address_the_proxy_saw(client, two_a_window, settings):
    settings.CLIENT_IP_HEADER = "HTTP_X_REAL_IP"
    for name in ("ana", "ben"):
        sign_up(client, name, HTTP_X_REAL_IP="198.51.100.1")

    assert sign_up(client, "cleo", HTTP_X_REAL_IP="198.51.100.1").status_code == 429
    assert sign_up(client, "cleo", HTTP_X_REAL_IP="198.51.100.2").status_code == 302


def test_the_page_itself_is_not_counted(client, two_a_window):
    for _ in range(3):
        assert client.get("/accounts/signup/").status_code == 200
    assert sign_up(client, "ana").status_code == 302


def test_the_wait_is_said_in_french_too(client, settings):
    settings.SIGNUPS_PER_CLIENT = 0
    response = sign_up(client, "ana", HTTP_ACCEPT_LANGUAGE="fr")
    assert "Trop d’inscriptions depuis cette adresse" in unescape(response.text)


def test_each_account_stores_what_its_name_looks_like(client):
    sign_up(client, "root")
    root = User.objects.get(username="root")

    assert root.skeleton.skeleton == usernames.fingerprint(CYRILLIC_ROOT)


def test_a_look_alike_taken_meanwhile_is_refused_not_doubled(client, monkeypatch):
    """Two sign-ups at once both pass the check before either is saved: the index keeps one."""
    User.objects.create_user("root", password=PASSWORD)
    monkeypatch.setattr(usernames, "refuse_look_alike", lambda *args, **kwargs: None)
    passed = sign_up(client, CYRILLIC_ROOT)  # checked as if root were not there yet
    monkeypatch.undo()

    assert passed.status_code == 422
    assert "This name looks just like root" in unescape(passed.text)
    assert list(User.objects.values_list("username", flat=True)) == ["root"]


def test_an_account_renamed_takes_its_new_look_along(admin_client):
    erin = User.objects.create_user("erin", password=PASSWORD)
    assert change_account(admin_client, erin, username="root").status_code == 302

    assert sign_up(admin_client, "erin").status_code == 302  # the old name is free
    refused = sign_up(admin_client, CYRILLIC_ROOT)
    assert "This name looks just like root" in unescape(refused.text)


def test_a_name_made_outside_the_forms_that_looks_like_another_holds_no_skeleton(db):
    root = User.objects.create_user("root", password=PASSWORD)
    twin = User.objects.create_user(CYRILLIC_ROOT, password=PASSWORD)

    assert root.skeleton.skeleton is not None
    assert Skeleton.objects.get(user=twin).skeleton is None


def test_when_the_holder_goes_its_look_alike_holds_the_skeleton(client):
    root = User.objects.create_user("root", password=PASSWORD)
    twin = User.objects.create_user(CYRILLIC_ROOT, password=PASSWORD)

    root.delete()

    assert Skeleton.objects.get(user=twin).skeleton == usernames.fingerprint("root")
    refused = sign_up(client, "root")
    assert f"This name looks just like {CYRILLIC_ROOT}" in unescape(refused.text)


def test_a_log_in_does_not_rewrite_the_index(client, alice):
    with CaptureQueriesContext(connection) as queries:
        client.post("/accounts/login/", {"username": "alice", "password": "correct-horse-9"})
    assert not any("accounts_skeleton" in query["sql"] for query in queries)


def accounts(count):
    """`count` accounts, one of them player000007: the others written by the database itself
    (bulk_create takes a minute for 100,000 on a busy machine), each with an entry in the
    index, as the data migration leaves them."""
    User.objects.create_user("player000007", password=PASSWORD)
    with connection.cursor() as cursor:
        cursor.execute(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %s) "
            "INSERT INTO auth_user (username, password, is_superuser, is_staff, is_active, "
            "first_name, last_name, email, date_joined) "
            "SELECT 'filler' || i, '!', 1 = 0, 1 = 0, 1 = 1, '', '', '', CURRENT_TIMESTAMP FROM n",
            [count - 1],
        )
        cursor.execute(
            "INSERT INTO accounts_skeleton (user_id, skeleton) "
            "SELECT id, 'filler' || id FROM auth_user WHERE username LIKE 'filler%%'"
        )
    assert Skeleton.objects.count() == User.objects.count() == count


LOOK_ALIKE = "pl\u0430yer000007"  # a Cyrillic а


def sign_up_costs(client, monkeypatch, address):
    """The queries of a refused sign-up of a look-alike from a new client at `address`, and
    how many skeletons it drew."""
    drawn = []
    skeleton = usernames.skeleton.__wrapped__
    monkeypatch.setattr(
        usernames.skeleton, "__wrapped__", lambda name: drawn.append(name) or skeleton(name)
    )
    with CaptureQueriesContext(connection) as queries:
        response = sign_up(client, LOOK_ALIKE, REMOTE_ADDR=address)
    monkeypatch.undo()
    assert response.status_code == 422
    assert "This name looks just like player000007" in unescape(response.text)
    return len(queries), len(drawn)


def test_with_100000_accounts_a_sign_up_costs_what_it_costs_with_10(client, monkeypatch):
    accounts(10)
    few = sign_up_costs(client, monkeypatch, "192.0.2.1")
    User.objects.all().delete()
    accounts(100_000)

    many = sign_up_costs(client, monkeypatch, "192.0.2.2")

    assert many == few
    assert few[1] == 1  # the new name's skeleton only, never the others'
