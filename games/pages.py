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

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import caches
from django.http import HttpResponse
from django.middleware.csp import get_nonce
from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH, get_token
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
ALPHABET = len(CSRF_ALLOWED_CHARS)


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
        CSRF_TOKEN.encode(): csrf_token(request).encode(),
        CSP_NONCE.encode(): nonce(request).encode(),
        str(SUBMISSION_KEY).encode(): str(uuid.uuid4()).encode(),
    }
    return b"".join(values.get(part, part) for part in parts)


def csrf_token(request):
    """The CSRF token for this response, made as django.middleware.csrf.get_token makes it:
    the secret of the visitor's CSRF cookie under a fresh random mask, so that no two
    responses carry the same token (BREACH). Two differences take a sixth off a kept sheet:
    the mask comes from one draw of the system's random source, not one per character (each
    a system call), and the cookie is not sent again (every other page renews it; it lasts
    CSRF_COOKIE_AGE). A visitor without a secret yet gets Django's own, and the cookie.
    tests/test_kept_pages.py proves Django's CSRF middleware takes these tokens."""
    secret = request.META.get("CSRF_COOKIE")
    if secret is None or settings.CSRF_USE_SESSIONS or len(secret) != CSRF_SECRET_LENGTH:
        return get_token(request)
    mask = random_csrf_string(CSRF_SECRET_LENGTH)
    index = CSRF_ALLOWED_CHARS.index
    cipher = (
        CSRF_ALLOWED_CHARS[(index(s) + index(m)) % ALPHABET]
        for s, m in zip(secret, mask, strict=True)
    )
    return mask + "".join(cipher)


def random_csrf_string(length):
    # Unbiased: a byte picks one of the 62 characters only if it is below 4 x 62.
    chars = []
    while len(chars) < length:
        chars += [CSRF_ALLOWED_CHARS[b % ALPHABET] for b in secrets.token_bytes(length) if b < 248]
    return "".join(chars[:length])


def nonce(request):
    value = get_nonce(request)  # a LazyNonce, made on first use; None without the middleware
    return "" if value is None else str(value)
