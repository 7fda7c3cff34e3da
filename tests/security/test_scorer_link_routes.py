"""A scorer link opens one game's rounds and nothing else, on every URL of the app.

Alice hands the scoring of game A to a phone with a scorer link; her game B is not shared.
Whoever holds the link (a phone without an account, or bob signed in to his own) is sent to
every URL of the URLconf, filled in with game A's objects and the link's token, by GET, POST
and htmx POST with data a real form would accept. The scorer's own URLs may change game A's
rounds, never game B; every other URL answers 403, 404, 405 or the log-in page for A's
objects, changes nothing of alice's and shows neither game.
"""

import pytest
from django.test import Client

from games.models import Entry, Game, Round, ScorerLink
from tests.helpers import worlds
from tests.helpers.streams import said_at_once
from tests.helpers.urlconf import (
    ANY_FORM,
    LIVE_ROUTES,
    SCORER_ROUTES,
    WRITE_DATA,
    every_route,
    fillers_for,
    snapshot,
)
from tests.security.test_ownership import OWNED_PARAMS, is_login_redirect

GAME_A, GAME_B = "alpha-4e2", "beta-8d7"
ROUTES = every_route()


@pytest.fixture(scope="module")
def module_world(django_db_setup, django_db_blocker):
    with worlds.for_the_module(django_db_blocker):
        alice, bob = worlds.users("alice", "bob")
        game_a = worlds.game(alice, [f"Zoé {GAME_A}", "Léon", "Ana"], [[3, 5, 0], [2, 0, 4]])
        game_b = worlds.game(alice, [f"Ugo {GAME_B}", "Ida", "Max"], [[3, 5, 0], [2, 0, 4]])
        ScorerLink.objects.create(game=game_b, number=1)  # B's own link, which nobody here holds
        fillers = fillers_for(alice, game_a)  # makes game A's scorer link, number 1
        fillers |= {(name, "token"): "not-shared-with-the-scorer" for name in LIVE_ROUTES}
        link = ScorerLink.objects.get(game=game_a)
        yield {"alice": alice, "bob": bob, "a": game_a, "b": game_b, "link": link,
               "fillers": fillers}  # fmt: skip


@pytest.fixture
def world(db, module_world):
    """The module's world, each test in a savepoint of its own (tests/helpers/worlds.py)."""
    return module_world


def scorer(kind, world):
    """A phone that opened the scorer link: without an account, or signed in as bob."""
    client = Client()
    if kind == "signed in as bob":
        client.force_login(world["bob"])
    assert client.get(f"/s/{world['link'].token}/").status_code == 200
    return client


def game_rows(game):
    rounds = Round.objects.filter(game=game)
    return {
        "game": list(Game.objects.filter(pk=game.pk).values()),
        "rounds": list(rounds.values().order_by("pk")),
        "entries": list(Entry.objects.filter(round__in=rounds).values().order_by("pk")),
        "links": list(ScorerLink.objects.filter(game=game).values().order_by("pk")),
    }


def assert_within_its_game(route, response, world, before, before_b):
    body = said_at_once(response).decode(errors="replace") + response.get("Location", "")
    assert GAME_B not in body, f"{route} showed game B"
    assert game_rows(world["b"]) == before_b, f"{route} changed game B"
    if route.name in SCORER_ROUTES:
        assert response.status_code < 500
        return
    assert GAME_A not in body, f"{route} showed game A outside the scorer's pages"
    assert snapshot(world["alice"]) == before, f"{route} changed alice's data"
    if OWNED_PARAMS.intersection(route.params) or "token" in route.params:
        refused = response.status_code in {403, 404, 405} or is_login_redirect(response)
        assert refused or route.name == "password_reset_confirm", (
            f"{route} answered {response.status_code} to the scorer link"
        )


@pytest.mark.every_url
@pytest.mark.parametrize("kind", ["without an account", "signed in as bob"])
@pytest.mark.parametrize("route", ROUTES, ids=str)
def test_a_scorer_link_reaches_its_games_rounds_and_nothing_else(world, route, kind):
    path = route.fill(world["fillers"])
    data = ANY_FORM | WRITE_DATA.get(route.name, {})
    for method, headers in (("get", {}), ("post", {}), ("post", {"HX-Request": "true"})):
        phone = scorer(kind, world)
        before, before_b = snapshot(world["alice"]), game_rows(world["b"])
        # the scorer's own forms carry their CSRF token, as the page gives it
        token = phone.cookies["csrftoken"].value if "csrftoken" in phone.cookies else ""
        sent = data | {"csrfmiddlewaretoken": token}
        response = getattr(phone, method)(path, sent if method == "post" else None, headers=headers)
        assert_within_its_game(route, response, world, before, before_b)


@pytest.mark.parametrize("name", sorted(SCORER_ROUTES & set(WRITE_DATA)))
def test_the_scorer_can_write_with_that_data(world, name):
    """The control: the scorer's data does change game A, so the refusals above are real."""
    phone = scorer("without an account", world)
    route = next(route for route in ROUTES if route.name == name)
    before = game_rows(world["a"])
    data = WRITE_DATA[name] | {"csrfmiddlewaretoken": phone.cookies["csrftoken"].value}
    response = phone.post(route.fill(world["fillers"]), data)
    assert response.status_code == 302
    assert game_rows(world["a"]) != before


def test_every_scorer_route_is_in_the_urlconf():
    assert {route.name for route in ROUTES} >= SCORER_ROUTES
