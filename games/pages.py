"""Sheets kept rendered, in each worker's memory, under the revision of the game they show.

Rendering a sheet costs milliseconds (a cell per player and round, a form with a row per
player); serving one already rendered costs a dictionary lookup. Most requests for a sheet
ask for a revision some request has already rendered: the scorekeeper coming back to it,
phones reloading it. A write to a game gives it a new revision (GameQuerySet.touch), so a
kept page is never served stale and nothing needs invalidating.

What is the visitor's own in each response (the CSRF token, the CSP nonce, the form's
submission key) is rendered as a placeholder, kept that way, and filled in per response.
"""

import hashlib
import re
import secrets
import uuid

from django.contrib.messages import get_messages
from django.core.cache import caches
from django.http import HttpResponse
from django.middleware.csp import get_nonce
from django.middleware.csrf import get_token
from django.utils.translation import get_language

# Random per process, so no text typed into a page (a player's name) can be one.
CSRF_TOKEN = "csrf" + secrets.token_hex(16)
CSP_NONCE = "nonce" + secrets.token_hex(16)
SUBMISSION_KEY = uuid.uuid4()
PLACEHOLDER = re.compile(
    b"("
    + b"|".join(re.escape(p.encode()) for p in (CSRF_TOKEN, CSP_NONCE, str(SUBMISSION_KEY)))
    + b")"
)


def placeholders():
    """Context entries that override the context processors' per-request values."""
    return {"csrf_token": CSRF_TOKEN, "csp_nonce": CSP_NONCE}


def kept_page(request, revision, render_page):
    """The page for this request at `revision`, rendered by `render_page()` when not kept.

    `render_page` renders with placeholders() and SUBMISSION_KEY. A page showing flash
    messages is this visitor's alone: rendered, not kept.
    """
    key = page_key(request, revision)
    keep = not get_messages(request)
    page = caches["pages"].get(key) if keep else None
    if page is None:
        response = render_page()
        if response.status_code != 200:
            return response
        # split once at the placeholders, which are filled in per response
        page = (PLACEHOLDER.split(response.content), response["Content-Type"])
        if keep:
            caches["pages"].set(key, page)
    parts, content_type = page
    return HttpResponse(filled(request, parts), content_type=content_type)


def page_key(request, revision):
    # Everything a page may take from the request, besides the placeholders: who asks, where
    # (the language switch links back to the full path), in what language, and whether htmx
    # asks for the partial (read from META: request.htmx would build all of request.headers).
    # Pages with absolute links to themselves (hreflang) would need the host too; the sheet
    # has none.
    htmx = request.META.get("HTTP_HX_REQUEST") == "true"
    parts = f"{request.user.pk} {revision} {get_language()} {htmx} "
    return "page:" + hashlib.sha256((parts + request.get_full_path()).encode()).hexdigest()


def filled(request, parts):
    values = {
        CSRF_TOKEN.encode(): get_token(request).encode(),
        CSP_NONCE.encode(): nonce(request).encode(),
        str(SUBMISSION_KEY).encode(): str(uuid.uuid4()).encode(),
    }
    return b"".join(values.get(part, part) for part in parts)


def nonce(request):
    value = get_nonce(request)  # a LazyNonce, made on first use; None without the middleware
    return "" if value is None else str(value)
