"""The WSGI handler (and the ASGI one's request, scorekeeper/asgi.py), with a request that
cannot fail before the middleware sees it.

Django reads the Content-Type header as it builds the request, before any middleware and
outside the handler's conversion of errors into responses: a header too long, or naming a
charset that is not text (`charset=base64`, with which Django decodes the query string at
once), raised there and answered 500. Here the request only takes note, and
scorekeeper.middleware.refuse_unreadable_requests answers with the 400 page.
"""

from django.core.handlers.wsgi import WSGIHandler, WSGIRequest
from django.utils.http import parse_header_parameters


class Readable:
    """A request whose Content-Type is only taken note of (mixed into WSGI's and ASGI's)."""

    unreadable_content_type = False

    def _set_content_type_params(self, meta):
        try:
            parsed = parse_header_parameters(meta.get("CONTENT_TYPE", ""))
        except ValueError:
            parsed, self.unreadable_content_type = ("", {}), True
        self.content_type, self.content_params = parsed
        # The charset is never used to decode: the middleware lets only UTF-8 through, which
        # is Django's own default (the request's encoding left as None).


class Request(Readable, WSGIRequest):
    pass


class Handler(WSGIHandler):
    request_class = Request
