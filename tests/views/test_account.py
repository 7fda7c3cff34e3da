"""The account page: its e-mail address, its password, its players, and its deletion."""

import json

import pytest
from django.contrib.auth import get_user_model
from pytest_django.asserts import assertInHTML

from games.archive import export_job
from games.models import Entry, Game, Player, Round, Seat
from jobs.models import Job
from tests.helpers.pagetext import tags, text

PASSWORD = "correct-horse-9"  # tests/conftest.py


def test_the_menu_links_to_the_account_page(alice_client):
    page = alice_client.get("/games/new/").text
    assertInHTML('<a href="/accounts/">Account</a>', page)
    assert "Log out" in text(alice_client.get("/accounts/").text)


def test_the_account_page_lists_the_players_with_games_left(alice_client, alice, make_game):
    make_game(names=("Ana", "Ben"))
    make_game(names=("Ana", "Cleo"))
    Player.objects.create(owner=alice, name="Zed")  # their games were deleted

    page = text(alice_client.get("/accounts/").text)

    assert "Ana (2 games) Ben (1 game) Cleo (1 game)" in page
    assert "Zed" not in page


# ------------------------------------------------------------------------------- e-mail


def test_it_changes_the_address_with_the_password(alice_client, alice):
    response = alice_client.post(
        "/accounts/email/", {"email": "a@example.com", "password": PASSWORD}
    )

    assert response.status_code == 302 and response.url == "/accounts/"
    alice.refresh_from_db()
    assert alice.email == "a@example.com"


def test_an_empty_address_removes_it(alice_client, alice):
    alice.email = "a@example.com"
    alice.save()

    alice_client.post("/accounts/email/", {"email": "", "password": PASSWORD})

    alice.refresh_from_db()
    assert alice.email == ""


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"email": "a@example.com", "password": "wrong"}, "This is not your password."),
        ({"email": "a@example.com"}, "This field is required."),
        ({"email": "not an address", "password": PASSWORD}, "Enter a valid email address."),
    ],
)
def test_a_refused_address_is_422_and_changes_nothing(alice_client, alice, data, message):
    response = alice_client.post("/accounts/email/", data)

    assert response.status_code == 422
    assert message in text(response.text)
    alice.refresh_from_db()
    assert alice.email == ""


# ----------------------------------------------------------------------------- password


def test_it_changes_the_password_with_djangos_form_and_stays_signed_in(alice_client, alice):
    data = {
        "old_password": PASSWORD,
        "new_password1": "llama-chips-41",
        "new_password2": "llama-chips-41",
    }

    response = alice_client.post("/accounts/password_change/", data)

    assert response.status_code == 302 and response.url == "/accounts/"
    alice.refresh_from_db()
    assert alice.check_password("llama-chips-41")
    assert "Your new password is set." in text(alice_client.get("/accounts/").text)


def test_a_refused_password_change_is_422(alice_client, alice):
    data = {"old_password": "wrong", "new_password1": "x", "new_password2": "y"}

    response = alice_client.post("/accounts/password_change/", data)

    assert response.status_code == 422
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)


# ------------------------------------------------------------------------------ sign-up


def test_sign_up_takes_an_optional_address_and_says_why(client, db):
    page = text(client.get("/accounts/signup/").text)
    assert "without an address, it cannot be reset" in page

    data = {"username": "dora", "email": "d@example.com", "password1": "llama-chips-40"}
    client.post("/accounts/signup/", data | {"password2": "llama-chips-40"})
    client.post("/accounts/signup/", {"username": "eve", "password1": "llama-chips-40",
                                      "password2": "llama-chips-40"})  # fmt: skip

    emails = dict(get_user_model().objects.values_list("username", "email"))
    assert emails == {"dora": "d@example.com", "eve": ""}


# ------------------------------------------------------------------------------- delete


def test_the_deletion_page_offers_a_last_backup_first(alice_client, make_game):
    make_game()
    page = alice_client.get("/accounts/delete/").text
    assert tags(page, "form", action="/history/export.json")
    assert not tags(page, name="password")  # not before the backup is ready


def test_the_last_backup_is_a_task_and_the_deletion_is_offered_once_it_is_ready(
    alice_client, make_game, settings
):
    make_game()
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}

    response = alice_client.post("/history/export.json", {"for_deletion": "1"})

    assert response["Location"] == "/accounts/delete/"
    job = Job.objects.get()
    page = alice_client.get("/accounts/delete/").text
    assert "The deletion is offered here once the file is ready." in page
    assert not tags(page, name="password") and tags(page, data_hx_trigger="every 1s")
    export_job.write_export.call(job.pk, "json")  # as the worker does, off the request

    page = alice_client.get("/accounts/delete/", headers={"HX-Request": "true"}).text
    assert tags(page, "a", href=f"/jobs/{job.pk}/file/", download=True)
    assert tags(page, name="password")
    assert json.loads(alice_client.get(f"/jobs/{job.pk}/file/").getvalue())["games"][0]["players"]


def test_it_deletes_the_account_with_its_games_and_players_and_logs_out(
    alice_client, alice, bob, make_game
):
    make_game(names=("Ana", "Ben"), rounds=[(5, 0), (3, 2)])
    bobs = make_game(names=("Ana", "Ben"), owner=bob)

    response = alice_client.post("/accounts/delete/", {"password": PASSWORD})

    assert response.status_code == 302
    assert not get_user_model().objects.filter(username="alice").exists()
    assert list(Game.objects.all()) == [bobs]
    assert set(Player.objects.values_list("owner__username", flat=True)) == {"bob"}
    assert Seat.objects.count() == 2 and not Round.objects.exists() and not Entry.objects.exists()
    assert alice_client.get("/games/new/").status_code == 302  # to the log-in page


@pytest.mark.parametrize("data", [{}, {"password": "wrong"}])
def test_a_deletion_without_the_password_is_422_and_deletes_nothing(
    alice_client, alice, make_game, data
):
    make_game()

    response = alice_client.post("/accounts/delete/", data)

    assert response.status_code == 422
    assert Game.objects.filter(owner=alice).exists()


@pytest.mark.parametrize(
    "path", ["/accounts/", "/accounts/email/", "/accounts/password_change/", "/accounts/delete/"]
)
def test_the_account_pages_require_login(client, db, path):
    response = client.get(path)
    assert response.status_code == 302 and response.url.startswith("/accounts/login/")
