"""No read or write crosses ownership, on every URL of the app.

Alice owns a game whose player names carry a marker. Every URL, filled in with alice's
objects, is read (GET) and written to (POST with data a real form would accept) by an
anonymous visitor, by bob and by whoever holds a read-only link to one of alice's games.
None of them may see the marker of a game not shared with them, nor change anything of
alice's, nor give themselves her data; URLs naming her objects answer 403, 404, 405 or a
redirect to the log-in page, and to another account exactly what a missing object gets: a 404
(or the 405 of a method the URL never takes). The views' own test files leave this to the
sweep. The admin's URLs, staff only, are checked by how they are built (test_admin_views.py).
"""

import pytest
from django.test import Client

from games.models import Player, ShareLink
from tests.helpers import worlds
from tests.helpers.streams import said_at_once
from tests.helpers.urlconf import (
    ANY_FORM,
    LIVE_ROUTES,
    SCORER_ROUTES,
    WRITE_DATA,
    every_route,
    fillers_for,
    scorer_link_for,
    snapshot,
)

SECRET = "secret-7f3"
SHARED = "shared-9c1"
ROUTES = every_route()

# URLs that name one of alice's objects through these parameters must not serve a page.
OWNED_PARAMS = {"pk", "number", "uidb64"}
# ...except these, which by design answer anyone with a page that shows nothing of hers; the
# scorer link's open its one game to whoever holds it, and are filled with a link to bob's.
PUBLIC_BY_DESIGN = {"password_reset_confirm"} | SCORER_ROUTES


def read_only_link_for(game):
    """The read-only link of `game`: its holder is checked on every URL like the others."""
    return ShareLink.objects.get_or_create(game=game)[0].get_absolute_url()


@pytest.fixture(scope="module")
def module_world(django_db_setup, django_db_blocker):
    with worlds.for_the_module(django_db_blocker):
        alice, bob = worlds.users("alice", "bob")
        secret = worlds.game(
            alice, [f"Zoé {SECRET}", f"Léon {SECRET}", f"Ana {SECRET}"], [[3, 5, 0], [2, 0, 4]]
        )
        shared = worlds.game(alice, [f"Ugo {SHARED}", f"Ida {SHARED}"], [[3, 0]])
        fillers = fillers_for(alice, secret)
        # The live view answers whoever holds a token, by design: the one it is filled with is
        # the shared game's, whose page must show nothing of alice's secret game.
        live = ShareLink.objects.create(game=shared).token
        fillers |= {(name, "token"): live for name in LIVE_ROUTES}
        bobs = scorer_link_for(worlds.game(bob, ["Bo", "Di"])).token
        fillers |= {(name, "token"): bobs for name in SCORER_ROUTES}
        yield {"alice": alice, "bob": bob, "game": secret, "shared": shared, "fillers": fillers}


@pytest.fixture
def world(db, module_world):
    """The module's world, each test in a savepoint of its own (tests/helpers/worlds.py)."""
    return module_world


def visitor(kind, world):
    client = Client()
    if kind == "another account":
        client.force_login(world["bob"])
    elif kind == "read-only link":
        assert client.get(read_only_link_for(world["shared"])).status_code == 200
    return client


def is_login_redirect(response):
    return response.status_code == 302 and response["Location"].split("?")[0] == "/accounts/login/"


def assert_nothing_crossed(route, response, world, before, kind):
    # streamed responses too (the JSON export); a page's stream, as much as it says at once
    content = said_at_once(response)
    body = content.decode(errors="replace") + response.get("Location", "")
    assert SECRET not in body, f"{route} showed alice's game"
    assert snapshot(world["alice"]) == before, f"{route} changed alice's data"
    assert not Player.objects.exclude(owner=world["alice"]).filter(name__contains=SECRET)
    owned = OWNED_PARAMS.intersection(route.params) and route.name not in PUBLIC_BY_DESIGN
    if owned and kind == "another account":  # signed in: alice's game does not exist for bob
        assert response.status_code in {404, 405}, (
            f"{route} answered {response.status_code} to bob for alice's objects"
        )
    elif owned:
        assert response.status_code in {403, 404, 405} or is_login_redirect(response), (
            f"{route} answered {response.status_code} for alice's objects"
        )


@pytest.mark.every_url
@pytest.mark.parametrize("kind", ["anonymous", "another account", "read-only link"])
@pytest.mark.parametrize("route", ROUTES, ids=str)
def test_no_read_or_write_crosses_ownership(world, route, kind):
    path = route.fill(world["fillers"])
    before = snapshot(world["alice"])
    read = visitor(kind, world).get(path)
    assert_nothing_crossed(route, read, world, before, kind)
    data = ANY_FORM | WRITE_DATA.get(route.name, {})
    written = visitor(kind, world).post(path, data)
    assert_nothing_crossed(route, written, world, before, kind)
    htmx = visitor(kind, world).post(path, data, headers={"HX-Request": "true"})
    assert_nothing_crossed(route, htmx, world, before, kind)


@pytest.mark.parametrize("name", sorted(set(WRITE_DATA) - SCORER_ROUTES))
def test_the_owner_can_write_with_that_data(world, client, name):
    """The control: the data above does write when alice sends it, so refusals are real (the
    scorer's, in test_scorer_link_routes.py)."""
    client.force_login(world["alice"])
    route = next(route for route in ROUTES if route.name == name)
    if name == "game_share":
        ShareLink.objects.filter(game=world["game"]).delete()
    if name == "game_scorer_revoke":
        scorer_link_for(world["game"])
    before = snapshot(world["alice"])
    response = client.post(route.fill(world["fillers"]), WRITE_DATA[name])
    assert response.status_code == 302
    assert snapshot(world["alice"]) != before


def test_the_owner_sees_her_own_game(world, client):
    """The control: the marker is on alice's pages, so its absence elsewhere means something."""
    client.force_login(world["alice"])
    assert SECRET in client.get(f"/games/{world['game'].pk}/").text
    assert SECRET in client.get(f"/games/{world['game'].pk}.json").text


def test_every_game_view_is_in_the_list():
    names = {route.name for route in ROUTES}
    assert {"game", "round_add", "round_edit", "round_undo", "game_rematch", "game_json"} <= names
