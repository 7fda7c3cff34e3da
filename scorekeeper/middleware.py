"""The site's own middleware: refusing a request that cannot be served before anything reads
its body, reading each request in its account's time zone, and naming the account a page
belongs to, for the service worker."""

import codecs
from functools import partial

from django.conf import settings
from django.contrib import auth
from django.http.multipartparser import MultiPartParser
from django.shortcuts import render
from django.urls import reverse_lazy
from django.utils import timezone
from django.utils.functional import SimpleLazyObject

from common import zones
from games.keeping import ACCOUNT_HEADER, account_key
from scorekeeper import typography


def bind_polish_single_letters(get_response):
    """Every Polish page with a no-break space after its one-letter words (w, z, i, a, o, u:
    scorekeeper/typography.py), so that none ends a line: one place for the catalog's words,
    the rule pages and the names typed, the htmx partials and the error pages too. A stream
    (the live view's events) and anything but HTML pass as they are."""

    def middleware(request):
        response = get_response(request)
        html = response.get("Content-Type", "").startswith("text/html")
        if html and not response.streaming and getattr(request, "LANGUAGE_CODE", "") == "pl":
            charset = response.charset
            page = response.content.decode(charset)
            response.content = typography.bind_single_letters(page).encode(charset)
            if response.has_header("Content-Length"):
                response["Content-Length"] = str(len(response.content))
        return response

    return middleware


def refuse_oversized_requests(get_response):
    """413 for a body over UPLOAD_MAX_BYTES, by its Content-Length: the CSRF check, the forms
    and the upload handlers would otherwise read it all first, however big. (A body sent
    without a length is not read by Django at all.)"""

    def middleware(request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > settings.UPLOAD_MAX_BYTES:
            context = {"max_mb": settings.UPLOAD_MAX_BYTES // (1024 * 1024)}
            return render(request, "413.html", context, status=413)
        return get_response(request)

    return middleware


def refuse_unreadable_requests(get_response):
    """400 for a request in a charset other than UTF-8, or a multipart body without a usable
    boundary. Every page of the site is UTF-8, so a browser posts its forms in UTF-8; Django
    would decode any other charset it knows (even "base64" or "undefined", which are not
    text, and raise a 500) and silently read an unknown one as UTF-8. A multipart body that is
    broken further on is refused by Django's own parser, with the same 400 page. (A
    Content-Type that cannot be read at all is noted by scorekeeper.handler.Request.)"""

    def middleware(request):
        unreadable = getattr(request, "unreadable_content_type", False)
        if unreadable or not (_is_utf8(request.content_params) and _has_boundary(request)):
            return render(request, "400.html", status=400)
        return get_response(request)

    return middleware


def _is_utf8(params):
    if "charset" not in params:
        return True
    try:
        return codecs.lookup(params["charset"]).name == "utf-8"
    except LookupError:
        return False


def _has_boundary(request):
    if request.content_type != "multipart/form-data":
        return True
    boundary = request.content_params.get("boundary", "")
    return bool(boundary) and MultiPartParser.boundary_re.fullmatch(boundary) is not None


def follow_the_account_zone(get_response):
    """Every date and time in the signed-in account's time zone (common/zones.py), read with
    the account in one query (accounts/backends.py) and activated then: Django reads the
    account lazily, at the first look at request.user, which an account's page takes before
    anything else (login_required does). So it costs no query of its own, and a request that
    never asks whose it is (a link's poll) reads nothing for it."""

    def middleware(request):
        timezone.deactivate()  # until the account is known
        request.user = SimpleLazyObject(partial(_account, request))
        return get_response(request)

    return middleware


def _account(request):
    """Django's own read of the request's account (AuthenticationMiddleware's), then its zone."""
    user = auth.get_user(request)
    if user.is_authenticated:
        zones.activate(user)
    return user


def name_the_account(get_response):
    """Says whose page this is (games/keeping.py), for the service worker
    (templates/sw.js): it keeps the pages of one account at a time, and forgets them all when
    a page comes for another account, or for nobody after a log-out. Only full pages that the
    worker may keep carry it: a GET answered 200 with HTML, not an htmx part, not the admin."""
    admin = reverse_lazy("admin:index")

    def middleware(request):
        response = get_response(request)
        keepable = (
            request.method == "GET"
            and response.status_code == 200
            and not response.streaming
            and response.get("Content-Type", "").startswith("text/html")
            and not request.htmx  # HtmxMiddleware, just before this one
            and not request.path.startswith(str(admin))
        )
        if keepable:
            response[ACCOUNT_HEADER] = account_key(request.user)
        return response

    return middleware
