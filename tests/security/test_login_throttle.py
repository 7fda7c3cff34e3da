import uuid
from datetime import timedelta

import pytest
from django.test import override_settings
from django.utils import timezone

from accounts import throttle
from common import limits
from common.models import Counter
from tests.helpers.live import PASSWORD, Phone, at_once

WRONG = {"username": "alice", "password": "wrong-horse"}
RIGHT = {"username": "alice", "password": "correct-horse-9"}


def fail(client, times, **data):
    for _ in range(times):
        response = client.post("/accounts/login/", WRONG | data)
        assert response.status_code == 422


def is_logged_in(client):
    return "_auth_user_id" in client.session


def test_a_wrong_password_is_refused_with_422(client, alice):
    response = client.post("/accounts/login/", WRONG)
    assert response.status_code == 422
    assert not is_logged_in(client)


def test_it_makes_an_account_wait_after_five_failures(client, alice):
    fail(client, 5)
    response = client.post("/accounts/login/", RIGHT)
    assert response.status_code == 429
    assert "Too many failed log-ins for this account or from this address." in response.text
    assert "Wait 15 minutes" in response.text
    assert response["Retry-After"] == "900"
    assert not is_logged_in(client)


def test_the_wait_is_for_that_account_only(client, alice, bob):
    fail(client, 5)
    response = client.post("/accounts/login/", {"username": "bob", "password": "correct-horse-9"})
    assert response.status_code == 302
    assert is_logged_in(client)


def test_the_account_count_ignores_the_case_of_the_name(client, alice):
    fail(client, 5, username="ALICE")
    assert client.post("/accounts/login/", RIGHT).status_code == 429


# What the log-in form turns into "alice": it strips (any white space) and NFKC-normalises.
RESPELLINGS = ["alice ", " alice", "ａｌｉｃｅ", "alice\u00a0", "ALICE"]


@pytest.mark.parametrize("page", ["/accounts/login/", "/admin/login/"])
@pytest.mark.parametrize("respelled", RESPELLINGS, ids=ascii)
def test_a_respelled_name_gets_no_fresh_tries(client, alice, page, respelled):
    fail(client, 5)
    response = client.post(page, WRONG | {"username": respelled})
    assert response.status_code == 429


@pytest.mark.parametrize("page", ["/accounts/login/", "/admin/login/"])
@pytest.mark.parametrize("respelled", RESPELLINGS, ids=ascii)
def test_a_respelled_name_with_the_right_password_waits_too(client, alice, page, respelled):
    alice.is_staff = True
    alice.save()
    fail(client, 5)
    response = client.post(page, RIGHT | {"username": respelled})
    assert response.status_code == 429
    assert not is_logged_in(client)


def test_failures_under_a_respelled_name_count_for_the_account(client, alice):
    for respelled in RESPELLINGS:
        fail(client, 1, username=respelled)
    assert client.post("/accounts/login/", RIGHT).status_code == 429


def test_it_makes_an_address_wait_after_twenty_failures(client, alice, bob):
    for attempt in range(20):
        client.post("/accounts/login/", {"username": f"guess{attempt}", "password": "x"})
    response = client.post("/accounts/login/", {"username": "bob", "password": "correct-horse-9"})
    assert response.status_code == 429
    other_address = client.post(
        "/accounts/login/", {"username": "bob", "password": "correct-horse-9"},
        REMOTE_ADDR="192.0.2.7",
    )  # fmt: skip
    assert other_address.status_code == 302


def test_it_lets_the_account_in_after_the_wait(client, alice, monkeypatch):
    fail(client, 5)
    later = timezone.now() + timedelta(minutes=15, seconds=1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    assert client.post("/accounts/login/", RIGHT).status_code == 302


def test_a_try_forgets_the_windows_that_have_ended_whoevers_they_were(client, alice, bob):
    client.post("/accounts/login/", WRONG | {"username": "bob"}, REMOTE_ADDR="10.0.0.7")
    client.post("/accounts/login/", WRONG | {"username": "carol"}, REMOTE_ADDR="10.0.0.8")
    later = timezone.now() + timedelta(minutes=15, seconds=1)
    still_open = Counter.objects.filter(key=throttle._account_key("carol"))
    still_open.update(window_ends=later + timedelta(minutes=1))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(timezone, "now", lambda: later)
        fail(client, 1)

    left = set(Counter.objects.values_list("key", flat=True))
    assert left == {
        throttle._account_key("carol"),
        throttle._account_key("alice"),
        limits.key("address", "127.0.0.1"),
    }


def test_a_success_clears_the_account_count(client, alice):
    fail(client, 4)
    assert client.post("/accounts/login/", RIGHT).status_code == 302
    client.logout()
    fail(client, 4)
    assert client.post("/accounts/login/", RIGHT).status_code == 302


def test_successful_log_ins_do_not_use_up_the_address(client, alice):
    for _ in range(25):
        assert client.post("/accounts/login/", RIGHT).status_code == 302
        client.logout()


def test_the_admin_log_in_is_throttled_too(client, alice):
    fail(client, 5)
    response = client.post("/admin/login/", RIGHT)
    assert response.status_code == 429


@override_settings(CLIENT_IP_HEADER="HTTP_X_REAL_IP")
def test_behind_a_proxy_it_counts_the_address_the_proxy_saw(client, alice, bob, rf):
    for attempt in range(20):
        client.post("/accounts/login/", {"username": f"guess{attempt}", "password": "x"},
                    HTTP_X_REAL_IP="198.51.100.1")  # fmt: skip
    data = {"username": "bob", "password": "correct-horse-9"}
    assert client.post("/accounts/login/", data, HTTP_X_REAL_IP="198.51.100.1").status_code == 429
    assert client.post("/accounts/login/", data, HTTP_X_REAL_IP="198.51.100.2").status_code == 302


@pytest.mark.parametrize(
    ("header", "address"),
    [("", "127.0.0.1"), ("10.0.0.1, 203.0.113.9", "203.0.113.9"), ("203.0.113.9", "203.0.113.9")],
)
def test_client_address_takes_the_last_address_the_proxy_added(rf, settings, header, address):
    settings.CLIENT_IP_HEADER = "HTTP_X_FORWARDED_FOR"
    request = rf.get("/", HTTP_X_FORWARDED_FOR=header) if header else rf.get("/")
    assert limits.client_address(request) == address


def test_parallel_wrong_passwords_get_no_more_checks_than_the_limit(live_app):
    username = f"erin-{uuid.uuid4().hex[:8]}"
    Phone(live_app).sign_up(username)
    posts = []
    for _ in range(16):
        phone = Phone(live_app)
        token = phone.get("/accounts/login/").csrf_token()
        data = {"csrfmiddlewaretoken": token, "username": username, "password": "wrong-9"}
        posts.append(lambda phone=phone, data=data: phone.post("/accounts/login/", data))

    statuses = [response.status for response in at_once(*posts)]

    assert sorted(statuses) == [422] * 5 + [429] * 11
    right = {"username": username, "password": PASSWORD}
    assert Phone(live_app).submit("/accounts/login/", right).status == 429
