"""Django's Content Security Policy, and pages that need nothing inline to work under it."""

import re
from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType

from tests.helpers.pagetext import tags
from tests.helpers.urlconf import admin_routes, every_route, fillers_for

ROUTES = every_route()


class InlineFinder(HTMLParser):
    """Collects what the policy would block: inline code or style not carrying the nonce."""

    def __init__(self, nonce):
        super().__init__()
        self.nonce, self.blocked = nonce, []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        where = f"<{tag} {attrs}>"
        if tag == "script" and not attrs.get("src") and attrs.get("nonce") != self.nonce:
            self.blocked.append(f"inline script without the nonce: {where}")
        if tag == "script" and attrs.get("src", "/").startswith(("http:", "https:", "//")):
            self.blocked.append(f"script from another site: {where}")
        if tag == "style":
            self.blocked.append(f"<style> element: {where}")
        for name, value in attrs.items():
            if name == "style" or name.startswith("on"):
                self.blocked.append(f"inline {name} attribute: {where}")
            if name in {"href", "src", "action"} and (value or "").startswith("javascript:"):
                self.blocked.append(f"javascript: URL: {where}")


def policy(response):
    header = response["Content-Security-Policy"]
    return {
        directive.split()[0]: directive.split()[1:]
        for directive in header.split(";")
        if directive.strip()
    }


@pytest.fixture
def superuser_alice(client, alice):
    """Alice, owner of the games, as a superuser too: her pages and the admin's all render."""
    alice.is_staff = alice.is_superuser = True
    alice.save()
    client.force_login(alice)
    return client


def test_the_policy_allows_only_this_site_and_the_nonce(client):
    response = client.get("/accounts/login/")
    directives = policy(response)
    assert directives["default-src"] == ["'self'"]
    assert directives["style-src"] == ["'self'"]
    assert directives["script-src"][0] == "'self'"
    assert re.fullmatch(r"'nonce-[\w+/=-]+'", directives["script-src"][1])
    assert directives["object-src"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in response["Content-Security-Policy"]
    assert "'unsafe-eval'" not in response["Content-Security-Policy"]


def test_the_nonce_changes_with_every_response(client):
    first = policy(client.get("/accounts/login/"))["script-src"][1]
    assert policy(client.get("/accounts/login/"))["script-src"][1] != first


def test_htmx_carries_the_nonce(client):
    response = client.get("/accounts/login/")
    nonce = policy(response)["script-src"][1][len("'nonce-") : -1]
    assert any("htmx" in script.get("src", "") for script in tags(response.text, nonce=nonce))


def blocked(response):
    """What the policy of `response` would block in it, if it is a page."""
    if "text/html" not in response.get("Content-Type", ""):
        return []
    assert "Content-Security-Policy" in response
    # Django names the nonce only in responses that used it.
    nonces = [source[len("'nonce-") : -1] for source in policy(response)["script-src"][1:]]
    finder = InlineFinder(nonces[0] if nonces else None)
    finder.feed(response.content.decode())
    return finder.blocked


@pytest.mark.every_url
@pytest.mark.parametrize("route", ROUTES, ids=str)
def test_no_page_needs_inline_script_or_style(superuser_alice, alice, make_game, route):
    game = make_game(rounds=[[3, 5, 0], [2, 0, 4]])
    response = superuser_alice.get(route.fill(fillers_for(alice, game)), follow=True)
    assert blocked(response) == []


def admin_fillers(alice, game):
    """Values for the admin's URLs: each page of our models on one of alice's objects, the
    other models' pages on alice's account."""
    ids = {"game": game.pk, "round": game.rounds.last().pk, "player": game.seats[0].player_id}
    user_type = ContentType.objects.get_for_model(get_user_model())
    values = {"object_id": alice.pk, "id": alice.pk, "app_label": "games", "url": "auth/user/",
              "content_type_id": user_type.pk}  # fmt: skip
    return values | {
        (f"admin:games_{model}_{page}", "object_id"): pk
        for model, pk in ids.items()
        for page in ("change", "history", "delete")
    }


def test_no_admin_page_needs_inline_script_or_style(superuser_alice, alice, make_game):
    """Every page of the admin, in one test: how each is reached is checked in
    test_admin_views.py, what each page holds here."""
    values = admin_fillers(alice, make_game(rounds=[[3, 5, 0], [2, 0, 4]]))
    found, ours = {}, {}
    for route in admin_routes():
        response = superuser_alice.get(route.fill(values), follow=True)
        found |= {str(route): problems} if (problems := blocked(response)) else {}
        if route.name.startswith("admin:games_"):
            ours[route.name] = response.status_code
    assert found == {}
    # The pages of our models were shown, so checked: all but adding a game or a round.
    refused = {"admin:games_game_add", "admin:games_round_add"}
    assert ours == {name: 403 if name in refused else 200 for name in ours} and len(ours) == 15


def test_the_finder_notices_inline_code():
    finder = InlineFinder("abc")
    finder.feed('<script>alert(1)</script><p style="color:red" onclick="x()"></p><style></style>')
    finder.feed('<script nonce="abc">ok()</script><script src="/static/app.js"></script>')
    assert len(finder.blocked) == 4
