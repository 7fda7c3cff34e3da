"""The admin's some fifty URLs, checked by how they are built rather than one request each.

Every view of the admin site must pass through `AdminSite.admin_view`, which asks the site's
`has_permission` (active staff only) before the view runs, and adds Django's CSRF check
unless the view is `csrf_exempt`. Each view is probed without the database: the site's
permission check is replaced by one that raises `Asked`, so a GET that raises it went
through admin_view, and a POST without a token must be refused (403) before it is asked.
The app's own URLs are covered request by request (test_ownership, test_csrf, test_csp).
"""

from unittest import mock

import pytest
from django.contrib import admin
from django.contrib.auth.models import AnonymousUser
from django.http import HttpResponse
from django.test import RequestFactory
from django.urls import URLResolver, path
from django.urls.resolvers import RegexPattern
from django.views.decorators.csrf import csrf_exempt

from games.models import Player
from tests.helpers.urlconf import admin_routes

# Any value does: admin_view answers before the view reads them.
PROBE_VALUES = {"object_id": 1, "id": 1, "content_type_id": 1, "app_label": "games", "url": "x/"}


class Asked(Exception):
    """Raised by the site's permission check: the request went through admin_view."""


def probe(site, route, method):
    """What the view of `route` does with an anonymous request: "asked" if the site's
    permission check came first, else its status code or the exception it raised."""
    request = getattr(RequestFactory(), method)(route.fill(PROBE_VALUES))
    request.user = AnonymousUser()
    kwargs = {param: str(PROBE_VALUES[param]) for param in route.params}
    with mock.patch.object(site, "has_permission", side_effect=Asked):
        try:
            return route.view(request, **kwargs).status_code
        except Asked:
            return "asked"
        except Exception as error:  # the view itself ran, and failed without a user
            return type(error).__name__


def problems(site, routes):
    """Each route of `site` that a visitor reaches without the admin's permission check, or
    that takes a POST without a CSRF token; its log-in page is open to all by design."""
    found = []
    for route in routes:
        if route.view == site.login:
            continue
        if (answer := probe(site, route, "get")) != "asked":
            found.append(f"{route}: runs without admin_view ({answer})")
        if (answer := probe(site, route, "post")) != 403:
            found.append(f"{route}: takes a POST without a CSRF token ({answer})")
    return found


def test_every_admin_view_is_behind_admin_view_and_its_csrf_check():
    routes = admin_routes()
    names = {route.name for route in routes}
    assert {"admin:index", "admin:logout", "admin:games_game_change", "admin:games_round_delete",
            "admin:games_player_add", "admin:auth_user_password_change"} <= names  # fmt: skip
    assert len(routes) > 40
    assert problems(admin.site, routes) == []


class CarelessPlayerAdmin(admin.ModelAdmin):
    """Three views a ModelAdmin might add: left out of admin_view, exempt, and as it should."""

    def get_urls(self):
        return [
            path("export/", self.export),
            path("upload/", self.admin_site.admin_view(csrf_exempt(self.export))),
            path("guarded/", self.admin_site.admin_view(self.export)),
            *super().get_urls(),
        ]

    def export(self, request):
        return HttpResponse("every player")


def test_the_check_finds_a_view_left_out_of_admin_view_or_exempt_from_csrf():
    site = admin.AdminSite(name="careless")
    site.register(Player, CarelessPlayerAdmin)
    urlconf = URLResolver(RegexPattern(r"^/"), [path("careless/", site.urls)])

    assert problems(site, admin_routes(urlconf)) == [
        "careless/games/player/export/: runs without admin_view (200)",
        "careless/games/player/export/: takes a POST without a CSRF token (200)",
        "careless/games/player/upload/: takes a POST without a CSRF token (asked)",
    ]


@pytest.mark.parametrize(
    ("who", "allowed"),
    [("anonymous", False), ("account", False), ("inactive staff", False), ("staff", True)],
)
def test_the_admin_lets_in_active_staff_only(rf, alice, who, allowed):
    request = rf.get("/admin/")
    alice.is_staff = who in {"staff", "inactive staff"}
    alice.is_active = who != "inactive staff"
    request.user = AnonymousUser() if who == "anonymous" else alice
    assert admin.site.has_permission(request) is allowed
