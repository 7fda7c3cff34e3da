"""Every URL the app serves, read from the URLconf and filled in with real objects.

The ownership, CSRF and CSP tests iterate over `every_route()`, so a view added later is
covered without anyone touching them. A parameter they cannot fill makes them fail with the
name to add to their fillers: a new view is never skipped in silence. The admin's URLs,
some fifty built the same way by Django, are checked by how they are built instead
(`admin_routes()`, tests/security/test_admin_views.py), and their pages' inline code in one
test of test_csp.py.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.urls import URLResolver, get_resolver
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from games.models import Entry, Game, Night, Player, Round, ScorerLink, Seat, ShareLink

PARAM = re.compile(r"<(?:\w+:)?(\w+)>|\(\?P<(\w+)>[^)]*\)")


@dataclass(frozen=True)
class Route:
    template: str  # as written in the URLconf, e.g. "games/<int:pk>/rounds/"
    name: str  # with its namespace, e.g. "admin:auth_user_change"; "" when unnamed
    view: Callable = field(compare=False, repr=False)
    admin: bool = field(default=False, compare=False)  # served by an admin site

    def __str__(self):
        return self.name or self.template

    @property
    def params(self):
        return [a or b for a, b in PARAM.findall(self.template)]

    def fill(self, values):
        """The path, each parameter taken from `values` by (route name, parameter) or name."""

        def one(match):
            param = match.group(1) or match.group(2)
            for key in ((self.name, param), param):
                if key in values:
                    return str(values[key])
            raise LookupError(
                f"No value for <{param}> in {self}: add one to the fillers of this test"
            )

        return "/" + PARAM.sub(one, self.template).replace("^", "").replace("$", "")


def _walk(resolver, prefix="", namespace="", admin=False):
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            inner = ":".join(part for part in (namespace, entry.namespace) if part)
            in_admin = admin or entry.app_name == "admin"
            yield from _walk(entry, prefix + str(entry.pattern), inner, in_admin)
        else:
            name = f"{namespace}:{entry.name}" if namespace and entry.name else entry.name
            yield Route(prefix + str(entry.pattern), name or "", entry.callback, admin)


def every_route():
    """The URLs of the app, each once (the first pattern of a path is the one served),
    without the admin site's. /admin/login/ stays: the app serves it, throttled."""
    seen, routes = set(), []
    for route in _walk(get_resolver()):
        if route.template not in seen:
            seen.add(route.template)
            if not route.admin:
                routes.append(route)
    return routes


def admin_routes(resolver=None):
    """Every pattern of the admin sites in `resolver` (the project's URLconf by default)."""
    return [route for route in _walk(resolver or get_resolver()) if route.admin]


# What a real form of each view would send to a game with rounds [3, 5, 0] and [2, 0, 4]: a
# write refused with it is refused for ownership or CSRF, not because the data was wrong
# (test_ownership.test_the_owner_can_write_with_that_data proves it).
WRITE_DATA = {
    "round_add": {"round_number": 3, "seat_0": 4, "seat_1": 6, "seat_2": 0},
    "round_edit": {"round_number": 1, "seat_0": 6, "seat_1": 5, "seat_2": 0},
    "round_undo": {"round_number": 2},
    "game_rematch": {},
    "game_share": {},
    "game_share_revoke": {},
    "scorer_round_add": {"round_number": 3, "seat_0": 4, "seat_1": 6, "seat_2": 0},
    "scorer_round_edit": {"round_number": 1, "seat_0": 6, "seat_1": 5, "seat_2": 0},
    "scorer_round_undo": {"round_number": 2},
    "game_scorers": {},
    "game_scorer_revoke": {},
    "player_rename": {"name": "Renamed"},
    "game_night": {"night": "new"},
    "night_label": {"label": "Birthday"},
}
ANY_FORM = {"player_0": "Mallory", "player_1": "Trudy", "starter": 0, "username": "alice",
            "password": "not-her-password", "language": "fr"}  # fmt: skip


# The URLs a scorer link opens (games/access.py): its token is their only key.
SCORER_ROUTES = {
    "scorer_sheet", "scorer_board", "scorer_round_add", "scorer_round_edit", "scorer_round_undo",
    "scorer_round_calculate", "scorer_round_goal", "scorer_round_return",
    "scorer_round_edit_calculate", "scorer_round_edit_goal", "scorer_round_edit_return",
    "scorer_events",
    "scorer_round_edit_preview",
    "scorer_result_png",
}  # fmt: skip
# The live link's URLs: the read-only page and its stream.
LIVE_ROUTES = {"live", "live_events"}


def scorer_link_for(game):
    """A working scorer link of `game` (number 1, made if it has none)."""
    return ScorerLink.objects.get_or_create(game=game, number=1, revoked_at=None)[0]


def fillers_for(user, game):
    """Values naming `user`'s objects for every parameter the URLconf has today."""
    token = scorer_link_for(game).token
    return {
        **{(name, "token"): token for name in SCORER_ROUTES},
        "pk": game.pk,
        ("player", "pk"): game.seats[0].player_id,
        ("player_rename", "pk"): game.seats[0].player_id,
        ("player_merge", "pk"): game.seats[0].player_id,
        ("player_compare", "pk"): game.seats[0].player_id,
        ("night", "pk"): game.night_id,
        ("night_json", "pk"): game.night_id,
        ("night_png", "pk"): game.night_id,
        ("night_label", "pk"): game.night_id,
        **{
            (name, "token"): ShareLink.objects.get_or_create(game=game)[0].token
            for name in LIVE_ROUTES
        },
        ("rules_page", "slug"): "scoring",
        ("rules_llama_llama_page", "slug"): "scoring",
        "number": 1,
        "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
        ("password_reset_confirm", "token"): "set-password",
    }


def snapshot(user):
    """Everything of `user`'s that a write could change."""
    games = Game.objects.filter(owner=user)
    return {
        "user": list(get_user_model().objects.filter(pk=user.pk).values()),
        "players": list(Player.objects.filter(owner=user).values().order_by("pk")),
        "games": list(games.values().order_by("pk")),
        "nights": list(Night.objects.filter(owner=user).values().order_by("pk")),
        "seats": list(Seat.objects.filter(game__in=games).values().order_by("pk")),
        "rounds": list(Round.objects.filter(game__in=games).values().order_by("pk")),
        "entries": list(Entry.objects.filter(round__game__in=games).values().order_by("pk")),
        "share_links": list(ShareLink.objects.filter(game__in=games).values().order_by("pk")),
        "scorer_links": list(ScorerLink.objects.filter(game__in=games).values().order_by("pk")),
    }
