"""Refusing a request too big to serve before anything reads its body."""

from django.conf import settings
from django.shortcuts import render


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
