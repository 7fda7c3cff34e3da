"""Whose page a response is, for the service worker that keeps pages on the phone
(templates/sw.js): the header that names the account, and the name it gives. The middleware
sets it on every page (scorekeeper/middleware.py); the worker's config names the header
(games/views/offline.py)."""

from django.utils.crypto import salted_hmac

ACCOUNT_HEADER = "Scorekeeper-Account"
ANONYMOUS = "anonymous"


def account_key(user):
    """Whose pages these are, for the worker's keeping (ACCOUNT_HEADER): not the account's
    id, which a page has no need to show."""
    if not user.is_authenticated:
        return ANONYMOUS
    # The salt names where this function was first written: changed, it would give every
    # account a new key, and each phone would forget the pages it keeps once.
    return salted_hmac(
        "games.views.offline.account_key", str(user.pk), algorithm="sha256"
    ).hexdigest()[:20]
