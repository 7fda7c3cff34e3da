"""Usernames: one that looks like another account's is refused, at sign-up and in the admin,
by the rule that keeps look-alike players from one table (common/names.py)."""

from html import unescape

import pytest
from django.contrib.auth import get_user_model

from tests.helpers.admin import change_account
from tests.helpers.pagetext import tags, texts

pytestmark = pytest.mark.django_db

User = get_user_model()
PASSWORD = "llama-chips-40"
CYRILLIC_ROOT = "r\u043e\u043et"  # "rооt": two Cyrillic o's


@pytest.fixture
def root(db):
    return User.objects.create_user("root", password=PASSWORD)


def sign_up(client, username):
    data = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    return client.post("/accounts/signup/", data)


def username_errors(response):
    body = response.text
    [field] = tags(body, "input", name="username")
    assert field.get("aria-invalid") == "true"
    assert "id_username_error" in field.get("aria-describedby", "").split()  # linked to it
    [errors] = texts(body, "ul", class_="errors", id="id_username_error")
    return errors


@pytest.mark.parametrize(
    "look_alike",
    [CYRILLIC_ROOT, "r\u043eot", "R\u043e\u043et", "r\u03bfot"],
    ids=["Cyrillic o's", "one Cyrillic o", "capital and Cyrillic", "Greek ο"],
)
def test_sign_up_refuses_a_name_that_looks_like_another_accounts(client, root, look_alike):
    response = sign_up(client, look_alike)

    assert response.status_code == 422
    assert "This name looks just like root, another account’s" in username_errors(response)
    assert list(User.objects.values_list("username", flat=True)) == ["root"]


@pytest.mark.parametrize("taken", ["root", "ROOT"])
def test_a_name_taken_in_any_case_gets_djangos_own_refusal(client, root, taken):
    response = sign_up(client, taken)
    assert response.status_code == 422
    assert "A user with that username already exists." in username_errors(response)


def test_the_admin_refuses_a_taken_name_in_any_case(admin_client, root):
    data = {"username": "Root", "usable_password": "false"}
    response = admin_client.post("/admin/auth/user/add/", data)
    assert "A user with that username already exists." in unescape(response.text)


def test_the_refusal_is_in_french_too(client, root):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    response = sign_up(client, CYRILLIC_ROOT)
    assert "Ce nom ressemble trop à root" in username_errors(response)


@pytest.mark.parametrize("name", ["roots", "rot", "Zoé"])
def test_a_name_that_only_resembles_is_welcome(client, root, name):
    User.objects.create_user("Zoe", password=PASSWORD)
    assert sign_up(client, name).status_code == 302
    assert User.objects.filter(username=name).exists()


def test_the_admin_refuses_a_new_account_that_looks_like_another(admin_client, root):
    data = {"username": CYRILLIC_ROOT, "usable_password": "true"}
    data |= {"password1": PASSWORD, "password2": PASSWORD}
    response = admin_client.post("/admin/auth/user/add/", data)

    assert response.status_code == 200  # the admin's own way of refusing a form
    assert "This name looks just like root" in unescape(response.text)
    assert not User.objects.filter(username=CYRILLIC_ROOT).exists()


def test_the_admin_refuses_a_rename_that_looks_like_another(admin_client, root):
    erin = User.objects.create_user("erin", password=PASSWORD)

    response = change_account(admin_client, erin, username=CYRILLIC_ROOT)

    assert "This name looks just like root" in unescape(response.text)
    erin.refresh_from_db()
    assert erin.username == "erin"


def test_two_accounts_that_already_look_alike_can_still_be_edited(admin_client, root):
    twin = User.objects.create_user(CYRILLIC_ROOT, password=PASSWORD)

    assert change_account(admin_client, twin, first_name="Twin").status_code == 302
    twin.refresh_from_db()
    assert twin.first_name == "Twin"


def test_the_admin_renames_to_a_name_unlike_the_others(admin_client, root):
    erin = User.objects.create_user("erin", password=PASSWORD)
    assert change_account(admin_client, erin, username="erin2").status_code == 302
    erin.refresh_from_db()
    assert erin.username == "erin2"
