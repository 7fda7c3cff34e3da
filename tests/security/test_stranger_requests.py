"""What a stranger can send to any URL of the app never gets a 500: a Host that is not ours, a
form in another charset, a multipart body without a boundary or broken further on.

Signed out and signed in, with CSRF checks on and the CSRF cookie and header a browser would
send, so that a body reaches the views. What the middleware refuses before any view runs (a
Host not ours, a charset not UTF-8, no boundary, a body Django's parser refuses as the CSRF
check reads it) is sent to one route of each kind (KINDS: what the middleware could tell apart
by its path); a multipart body cut short, which the views read as far as it goes, is sent to
every URL (tests/helpers/urlconf.py). Sent to every URL, the refused ones took 354 tests.
"""

import pytest
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client
from django.test import client as test_client
from django.utils.http import MAX_HEADER_LENGTH

from scorekeeper.handler import Request
from tests.helpers import worlds
from tests.helpers.live import Phone
from tests.helpers.pagetext import text
from tests.helpers.urlconf import every_route, fillers_for

ROUTES = every_route()
# One route of each kind the middleware could tell apart by its path: outside the language
# prefix or in it, owner's or public, a page, a form, a POST-only write, JSON, a picture, a
# download, a stream, a scorer's and a live link's, the admin's, a view exempt from the CSRF
# check (it reads its upload itself), static files served by a view, the health check.
KINDS = [
    "healthz", "admin/login/", "login", "account", "set_language", "service_worker",
    "game", "round_add", "round_edit", "game_json", "game_result_png", "game_events",
    "live", "live_events", "scorer_sheet", "scorer_round_add", "backup_import", "export_csv",
    "job_file", "home", "rules_page",
]  # fmt: skip
# Every view exempt from the CSRF check reads its body itself: each is a kind of its own.
ONE_OF_EACH_KIND = [
    route for route in ROUTES if str(route) in KINDS or getattr(route.view, "csrf_exempt", False)
]
OUR_400 = "This request could not be understood"
FORM = b"username=alice&name=Ren%E9&round_number=1&seat_0=3"
# Not UTF-8: an unknown name, a real text charset, and two that Python knows but are not text.
CHARSETS = ["latin-9", "iso-8859-15", "utf-16", "base64", "undefined"]
BOUNDARY = "----form7MA4YWxk"


def part(headers, body):
    return f"--{BOUNDARY}\r\n{headers}\r\n\r\n".encode() + body + b"\r\n"


# Bodies Django's parser refuses (400), and one it reads as far as it goes.
REFUSED_MULTIPART = {
    "a part's headers too big": part("X-Pad: " + "a" * 20_000, b"1"),
    "bad base64": part(
        'Content-Disposition: form-data; name="backup"; filename="b.json"\r\n'
        "Content-Transfer-Encoding: base64",
        b"not base64 at all!",
    ),
}
TRUNCATED_MULTIPART = part('Content-Disposition: form-data; name="name"', b"Ana")[:-4]


@pytest.fixture(autouse=True)
def _requests_as_the_site_builds_them(monkeypatch):
    """The test client builds Django's own WSGIRequest; the site's handler, its own."""
    monkeypatch.setattr(test_client, "WSGIRequest", Request)


@pytest.fixture(scope="module")
def module_world(django_db_setup, django_db_blocker):
    """alice's game, its links and the paths of every route (tests/helpers/worlds.py)."""
    with worlds.for_the_module(django_db_blocker):
        (alice,) = worlds.users("alice")
        game = worlds.game(alice, ["Ana", "Ben", "Cleo"], [[3, 5, 0], [2, 0, 4]])
        fillers = fillers_for(alice, game)
        yield {"alice": alice, "game": game, "paths": {r: r.fill(fillers) for r in ROUTES}}


@pytest.fixture
def world(db, module_world):
    """The module's world, each test in a savepoint of its own: what a request changed (a
    logout, a round undone) goes with its test."""
    return module_world


@pytest.fixture(params=["signed out", "signed in"])
def browser(request, world):
    """A browser with the CSRF cookie of a page it saw and the token in its header, as htmx
    sends it. Only the last request of a test may be read by a view (it may log out)."""
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    if request.param == "signed in":
        client.force_login(world["alice"])
    token = _get_new_csrf_string()
    client.cookies["csrftoken"] = token
    client.defaults.update(HTTP_X_CSRFTOKEN=token, HTTP_ACCEPT_LANGUAGE="en")
    return client


def refused_as_bad_request(response):
    return response.status_code == 400 and OUR_400 in text(response.content.decode())


def unread(response):
    """Sent to log in by a view that reads no body before it knows its reader (the import's
    upload, which the CSRF check reads only once the account's turn is claimed)."""
    return response.status_code == 302 and response["Location"].startswith("/accounts/login/")


# Each refused before any view reads it: (what, method, what else the request carries).
REFUSED = [
    ("GET with a Host not ours", "GET", {"HTTP_HOST": "evil.example"}),
    ("POST with a Host not ours", "POST", {"HTTP_HOST": "evil.example"}),
    *[
        (f"a form in {charset}", "POST",
         {"data": FORM, "content_type": f"application/x-www-form-urlencoded; charset={charset}"})
        for charset in CHARSETS
    ],
    # Django decodes the query string in the request's charset too.
    ("a query in base64", "GET",
     {"QUERY_STRING": "q=x", "CONTENT_TYPE": "text/plain; charset=base64"}),
    ("a Content-Type too long", "POST",
     {"data": FORM, "content_type": "text/plain; a=" + "x" * MAX_HEADER_LENGTH}),
    ("an RFC 2231 charset unknown", "POST",
     {"data": FORM, "content_type": "text/plain; name*=nope''x"}),
    *[
        (f"multipart{params[:20]}", "POST",
         {"data": FORM, "content_type": f"multipart/form-data{params}"})
        for params in ("", "; boundary=", "; boundary=" + "b" * 300)
    ],
]  # fmt: skip


def test_every_kind_is_a_route_of_the_app():
    assert set(KINDS) <= set(map(str, ONE_OF_EACH_KIND))


@pytest.mark.parametrize("route", ONE_OF_EACH_KIND, ids=str)
def test_a_bad_host_a_bad_charset_or_no_boundary_gets_our_400(browser, world, route):
    path = world["paths"][route]
    for what, method, request in REFUSED:
        response = browser.generic(method, path, **request)
        assert refused_as_bad_request(response), (what, response.status_code)


@pytest.mark.parametrize("route", ONE_OF_EACH_KIND, ids=str)
def test_a_broken_multipart_body_gets_our_400_unread(browser, world, route):
    path = world["paths"][route]
    content_type = f"multipart/form-data; boundary={BOUNDARY}"
    for broken, body in REFUSED_MULTIPART.items():
        response = browser.generic("POST", path, body, content_type)
        assert refused_as_bad_request(response) or unread(response), (broken, response.status_code)


@pytest.mark.every_url
@pytest.mark.parametrize("route", ROUTES, ids=str)
def test_a_multipart_body_cut_short_is_read_as_far_as_it_goes(browser, world, route):
    path = world["paths"][route]
    content_type = f"multipart/form-data; boundary={BOUNDARY}"
    response = browser.generic("POST", path, TRUNCATED_MULTIPART, content_type)
    assert response.status_code < 500


def test_the_form_of_a_browser_in_utf_8_is_read(client, world):
    game = worlds.game(world["alice"], ["Ana", "Ben", "Cleo"])
    client.force_login(world["alice"])
    for number, charset in enumerate(("utf-8", "UTF-8"), start=1):
        body = f"round_number={number}&seat_0=3&seat_1=0&seat_2=5".encode()
        content_type = f"application/x-www-form-urlencoded; charset={charset}"
        response = client.post(f"/games/{game.pk}/rounds/", body, content_type=content_type)
        assert response.status_code == 302
    assert game.rounds.count() == 2


@pytest.mark.parametrize(
    ("method", "path", "headers"),
    [
        ("POST", "/healthz", {"Host": "evil.example"}),
        ("GET", "/en/", {"Host": "evil.example"}),
        ("GET", "/en/?q=x", {"Content-Type": "text/plain; charset=base64"}),
        # (gunicorn itself answers 431 to a header too long for Django)
        ("POST", "/accounts/login/", {"Content-Type": "text/plain; name*=nope''x"}),
        ("POST", "/accounts/login/", {"Content-Type": "multipart/form-data"}),
    ],
)
def test_gunicorn_answers_them_with_our_400_too(live_app, method, path, headers):
    """Through the site's own WSGI handler (scorekeeper/wsgi.py), with production settings."""
    response = Phone(live_app).request(method, path, headers=headers, body=FORM)
    assert response.status == 400
    assert OUR_400 in text(response.text)


@pytest.mark.parametrize("body", REFUSED_MULTIPART.values(), ids=REFUSED_MULTIPART.keys())
@pytest.mark.parametrize("path", ["/no/such/page/", "/games/999999/nothing/"])
def test_a_broken_multipart_body_to_an_address_that_does_not_exist_gets_our_400(
    browser, path, body
):
    """The 404 page reads the CSRF token from the body, as the CSRF check does."""
    content_type = f"multipart/form-data; boundary={BOUNDARY}"
    response = browser.generic("POST", path, body, content_type)
    assert refused_as_bad_request(response), response.status_code
