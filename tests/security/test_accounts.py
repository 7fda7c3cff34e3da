import pytest
from django.conf import settings
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db


def test_it_signs_up_and_logs_in(client):
    response = client.post(
        "/accounts/signup/",
        {"username": "carol", "password1": "llama-chips-40", "password2": "llama-chips-40"},
    )
    assert response.status_code == 302
    assert get_user_model().objects.filter(username="carol").exists()
    assert "New game" in client.get("/en/").content.decode()


def test_the_login_page_lives_under_accounts(client, alice):
    assert client.get("/accounts/login/").status_code == 200
    response = client.post("/accounts/login/", {"username": "alice", "password": "correct-horse-9"})
    assert response.status_code == 302


def test_it_logs_out_by_post(alice_client):
    assert alice_client.post("/accounts/logout/").status_code == 302
    assert alice_client.get("/games/new/").status_code == 302


def test_a_phone_stays_signed_in_for_weeks(client, alice):
    response = client.post("/accounts/login/", {"username": "alice", "password": "correct-horse-9"})

    cookie = response.cookies[settings.SESSION_COOKIE_NAME]
    assert int(cookie["max-age"]) >= 60 * 60 * 24 * 28


HUGE = "n" * 2_000_000


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("/accounts/signup/", {"username": HUGE}),
        ("/accounts/signup/", {"username": "nina", "email": HUGE}),
        ("/accounts/login/", {"username": HUGE, "password": "x"}),
        ("/accounts/password_reset/", {"email": HUGE}),
        ("/accounts/email/", {"email": HUGE, "password": "x"}),
    ],
)
def test_a_refused_account_form_types_back_a_bounded_value(alice_client, path, data):
    if path != "/accounts/email/":
        alice_client.logout()
    response = alice_client.post(path, data)
    assert response.status_code == 422
    assert len(response.content) < 50_000
    assert "n" * 150 in response.text  # what was typed is shown again, cut short
