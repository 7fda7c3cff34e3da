import time

import pytest
from django.test import override_settings

from accounts import throttle

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
    later = time.time() + 15 * 60 + 1
    monkeypatch.setattr(time, "time", lambda: later)
    assert client.post("/accounts/login/", RIGHT).status_code == 302


def test_a_success_clears_the_account_count(client, alice):
    fail(client, 4)
    assert client.post("/accounts/login/", RIGHT).status_code == 302
    client.logout()
    fail(client, 4)
    assert client.post("/accounts/login/", RIGHT).status_code == 302


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
    assert throttle.client_address(request) == address
