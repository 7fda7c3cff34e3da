"""Every main page is valid HTML: the Nu Html Checker finds no error, in every language of
LANGUAGES (the rule pages are written by hand in each).

Each page is rendered as its visitor gets it (signed in where it needs it, refused forms
included), written to a folder, and the folder is checked in one run of vnu.jar.
"""

import pytest
from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import translation
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.views.defaults import server_error

from games.models import ScorerLink, ShareLink
from games.rulebook import lama as book
from jobs.models import Job
from tests.helpers import vnu

NAMES = ("Ana", "Ben", "Cleo")


def _get(path, status=200):
    return lambda client, tables: (client.get(path), status)


def _game(name, view="game", extra=(), status=200):
    return lambda client, tables: (
        client.get(reverse(view, args=[tables[name].pk, *extra])),
        status,
    )


def _post(path_of, data, status):
    return lambda client, tables: (client.post(path_of(tables), data), status)


def _reset_confirm(client, tables):
    user = tables["alice"]
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    path = reverse("password_reset_confirm", args=[uid, token])
    return client.get(path, follow=True), 200


def _throttled(client, tables):
    for _ in range(6):
        response = client.post("/accounts/login/", {"username": "alice", "password": "x"})
    return response, 429


def _csrf_refused(client, tables):
    phone = Client(
        enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE=client.defaults["HTTP_ACCEPT_LANGUAGE"]
    )
    phone.force_login(tables["alice"])
    return phone.post(reverse("round_add", args=[tables["going"].pk]), {}), 403


def _server_error(client, tables):
    with translation.override(client.defaults["HTTP_ACCEPT_LANGUAGE"]):
        return server_error(RequestFactory().get("/")), 500


def _import_page(ended):
    """The progress page of an import of alice's: under way, or refused with its reasons."""

    def page(client, tables):
        job = Job.objects.create(owner=tables["alice"], kind=Job.Kind.IMPORT)
        job.start(total=10)
        job.advance(3)
        if ended:
            job.fail(
                "some games of the file break the rules.", ["Game 2: Round 1: 32 is too many."]
            )
        return client.get(job.get_absolute_url()), 200

    return page


def _round_path(name):
    return lambda tables: reverse("round_add", args=[tables[name].pk])


SIGNED_IN = {
    "home": _get("/en/"),
    "new game": _get("/games/new/"),
    "refused new game": _post(
        lambda tables: "/games/new/",
        {"game": "lama", "player_0": "Ana", "player_1": "ana", "starter": 5},
        422,
    ),
    "sheet": _game("going"),
    "sheet of llama llama": _game("llama"),
    "finished sheet": _game("done"),
    "refused round": _post(
        _round_path("going"), {"round_number": 3, "seat_0": 40, "seat_1": "", "seat_2": -10}, 422
    ),
    "stale round": _post(
        _round_path("going"), {"round_number": 1, "seat_0": 4, "seat_1": 0, "seat_2": 2}, 409
    ),
    "round edit": _game("going", "round_edit", [1]),
    "undo": _game("going", "round_undo"),
    "delete": _game("done", "game_delete"),
    "share": _game("going", "game_share"),
    "share with a link": _game("shared", "game_share"),
    "stop sharing": _game("shared", "game_share_revoke"),
    "scorer links": _game("shared", "game_scorers"),
    "history": _get("/history/"),
    "import": _get("/history/import/"),
    "import under way": _import_page(ended=False),
    "import refused": _import_page(ended=True),
    "player": lambda client, tables: (
        client.get(reverse("player", args=[tables["done"].seats[0].player_id])),
        200,
    ),
    "account": _get("/accounts/"),
    "refused time zone": _post(lambda tables: "/accounts/", {"time_zone": "Mars/Olympus"}, 422),
    "e-mail address": _get("/accounts/email/"),
    "password change": _get("/accounts/password_change/"),
    "refused password change": _post(
        lambda tables: "/accounts/password_change/", {"old_password": "x"}, 422
    ),
    "account deletion": _get("/accounts/delete/"),
    "player rename": lambda client, tables: (
        client.get(reverse("player_rename", args=[tables["done"].seats[0].player_id])),
        200,
    ),
    "refused merge": _post(
        lambda tables: reverse("player_merge", args=[tables["done"].seats[0].player_id]),
        {"into": "nonsense"},
        422,
    ),
    "night": lambda client, tables: (
        client.get(reverse("night", args=[tables["done"].night_id])),
        200,
    ),
    "nights": _get("/nights/"),
    "group's table": _get("/table/"),
    "move to another night": _game("done", "game_night"),
    "refused move": _post(
        lambda tables: reverse("game_night", args=[tables["done"].pk]), {"night": "junk"}, 422
    ),  # fmt: skip
    "compare": lambda client, tables: (
        client.get(
            reverse("player_compare", args=[tables["done"].seats[0].player_id]),
            {"other": tables["done"].seats[1].player_id},
        ),
        200,
    ),
    "refused compare": lambda client, tables: (
        client.get(
            reverse("player_compare", args=[tables["done"].seats[0].player_id]), {"other": "x"}
        ),
        422,
    ),
    "game not found": _get("/games/999999/", 404),
    "csrf refused": _csrf_refused,
}
SIGNED_OUT = {
    "home signed out": _get("/en/"),
    "rules": _get("/en/rules/"),
    "rules of the table": _get("/en/rules/table/"),
    **{f"rules {slug}": _get(f"/en/rules/{slug}/") for slug, _title in book.SECTIONS},
    "login": _get("/accounts/login/"),
    "refused login": _post(
        lambda tables: "/accounts/login/", {"username": "alice", "password": "x"}, 422
    ),
    "throttled login": _throttled,
    "signup": _get("/accounts/signup/"),
    "refused signup": _post(
        lambda tables: "/accounts/signup/",
        {"username": "x", "password1": "1", "password2": "2"},
        422,
    ),
    "password reset": _get("/accounts/password_reset/"),
    "password reset sent": _get("/accounts/password_reset/done/"),
    "password reset confirm": _reset_confirm,
    "password reset complete": _get("/accounts/reset/done/"),
    "live": lambda client, tables: (
        client.get(tables["shared"].share_link.get_absolute_url()),
        200,
    ),
    "live link turned off": _get("/live/no-such-link/", 404),
    "scorer's sheet": lambda client, tables: (
        client.get(ScorerLink.objects.get(game=tables["shared"]).get_absolute_url()),
        200,
    ),
    "scorer link turned off": _get("/s/no-such-link/", 404),
    "offline": _get("/en/offline/"),
    "offline in french": _get("/fr/offline/"),
    "page not found": _get("/no/such/page/", 404),
    "bad request": lambda client, tables: (client.get("/", HTTP_HOST="elsewhere.example"), 400),
    "server error": _server_error,
}


@pytest.fixture
def tables(alice, make_game):
    shared = make_game(NAMES, rounds=[(5, 0, 12)])
    ShareLink.objects.create(game=shared)
    ScorerLink.objects.create(game=shared, number=1)
    return {
        "alice": alice,
        "going": make_game(NAMES, rounds=[(5, 0, 12), (7, 11, -1)]),
        "done": make_game(NAMES, rounds=[(0, 13, 21), (17, -10, 9), (6, 20, 12)]),
        "llama": make_game(NAMES, rounds=[(12, 30, 7)], kind="llama_llama"),
        "shared": shared,
    }


def render_all(tables, folder):
    for language, _name in settings.LANGUAGES:  # the rule pages are written in each language
        for pages, signed_in in ((SIGNED_IN, True), (SIGNED_OUT, False)):
            for name, get in pages.items():
                client = Client(HTTP_ACCEPT_LANGUAGE=language)
                if signed_in:
                    client.force_login(tables["alice"])
                response, status = get(client, tables)
                assert response.status_code == status, (name, language, response.status_code)
                file = folder / f"{language}-{name.replace(' ', '-')}.html"
                file.write_bytes(response.content)


# The control, checked in the same run (Java starts slowly): a page the checker must refuse.
INVALID = '<!doctype html><html lang="en"><title>x</title><p><ul><li>x</ul></p></html>'


def test_every_main_page_is_valid_html_and_an_invalid_one_is_reported(tables, tmp_path):
    if problem := vnu.missing():
        pytest.fail(problem)
    render_all(tables, tmp_path)
    (tmp_path / "control-invalid.html").write_text(INVALID)
    errors = vnu.check(tmp_path)
    assert errors.pop("control-invalid.html", None), "the checker let an invalid page through"
    report = "\n".join(f"{page}: {error}" for page, found in errors.items() for error in found)
    assert not errors, f"The Nu Html Checker found errors:\n{report}"
