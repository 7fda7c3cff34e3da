"""Refusing a request too big to serve before anything reads its body."""

from django.conf import settings
from django.shortcuts import render
from django.urls import reverse_lazy

from games.views.offline import ACCOUNT_HEADER, account_key


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


def name_the_account(get_response):
    """Says whose page this is (games.views.offline.ACCOUNT_HEADER), for the service worker
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
            and "HX-Request" not in request.headers
            and not request.path.startswith(str(admin))
        )
        if keepable:
            response[ACCOUNT_HEADER] = account_key(request.user)
        return response

    return middleware
