"""The 404 page, which a broken request body cannot turn into a 500.

Django's 404 view reads the CSRF token the way the CSRF check does (`requires_csrf_token`): for
a POST with the CSRF cookie, from the body. A multipart body broken further on than the
middleware looks (scorekeeper/middleware.py) raised there, while the 404 was being answered,
and became a 500. Such a request gets the 400 page: the body could not be read.
"""

from django.core.exceptions import SuspiciousOperation
from django.http.multipartparser import MultiPartParserError
from django.views import defaults


def page_not_found(request, exception):
    try:
        return defaults.page_not_found(request, exception)
    except (MultiPartParserError, SuspiciousOperation) as unreadable:
        # The body is marked unread by then (an empty POST): the 400 page reads nothing.
        return defaults.bad_request(request, unreadable)
