"""Every write needs POST and a CSRF token, on every URL of the app (the admin's:
test_admin_views.py)."""

import re

import pytest
from django.test import Client

from tests.helpers import worlds
from tests.helpers.pagetext import tags
from tests.helpers.urlconf import ANY_FORM, WRITE_DATA, every_route, fillers_for, snapshot

ROUTES = every_route()


@pytest.fixture(scope="module")
def module_world(django_db_setup, django_db_blocker):
    """alice's game, its links, and the path of every route (tests/helpers/worlds.py)."""
    with worlds.for_the_module(django_db_blocker):
        (alice,) = worlds.users("alice")
        game = worlds.game(alice, ["Ana", "Ben", "Cleo"], [[3, 5, 0], [2, 0, 4]])
        fillers = fillers_for(alice, game)
        yield {"alice": alice, "game": game, "paths": {r: r.fill(fillers) for r in ROUTES}}


@pytest.fixture
def world(db, module_world):
    """The module's world, each test in a savepoint of its own: what a test writes goes."""
    return module_world


@pytest.fixture
def game(world):
    return world["game"]


@pytest.fixture
def phone(world):
    """Alice's browser, with CSRF checks on as in production."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(world["alice"])
    return client


@pytest.mark.every_url
@pytest.mark.parametrize("route", ROUTES, ids=str)
def test_a_post_without_the_token_is_refused(phone, world, route):
    before = snapshot(world["alice"])
    response = phone.post(world["paths"][route], ANY_FORM | WRITE_DATA.get(route.name, {}))
    assert response.status_code == 403
    assert snapshot(world["alice"]) == before


@pytest.mark.every_url
@pytest.mark.parametrize("route", ROUTES, ids=str)
def test_a_get_changes_nothing(phone, world, route):
    before = snapshot(world["alice"])
    phone.get(world["paths"][route])
    assert snapshot(world["alice"]) == before


def test_a_post_with_the_token_of_the_page_saves(phone, game):
    page = phone.get(f"/games/{game.pk}/")
    token = tags(page.text, "input", name="csrfmiddlewaretoken")[0]["value"]
    data = WRITE_DATA["round_add"] | {"csrfmiddlewaretoken": token}
    assert phone.post(f"/games/{game.pk}/rounds/", data).status_code == 302
    assert game.rounds.count() == 3


def test_htmx_sends_the_token_from_the_page_in_a_header(phone, game):
    page = phone.get(f"/games/{game.pk}/")
    token = re.search(r'hx-headers=\'\{"x-csrftoken": "([^"]+)"\}\'', page.text).group(1)
    headers = {"HX-Request": "true", "X-CSRFToken": token}
    response = phone.post(f"/games/{game.pk}/rounds/", WRITE_DATA["round_add"], headers=headers)
    assert response.status_code == 200
    assert game.rounds.count() == 3
