"""A picture to share (a game's result, views/result.py; a night's, views/nights.py): the one kept
in the shared cache, or drawn and kept, under one limiter per account.

Drawing costs some 150 ms: an account draws at most PICTURES_PER_MINUTE pictures a minute,
whichever games and nights they show. A picture the cache cannot give (not kept yet, or the
cache away: scorekeeper/cache.py answers a miss) is drawn and counted once, like any drawing;
a cache outage is slower, never a refusal of its own.
"""

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from common import limits
from games.pages import KEPT_SECONDS


def kept_or_drawn(owner_pk, key, tag, draw):
    """The picture kept under `key` if it is the one of `tag`, else `draw()`, kept in its place
    (one entry per key: a new tag replaces the picture rather than add one); or a 429 past the
    account's drawings of the minute."""
    kept = cache.get(key)
    if kept is not None and kept[0] == tag:
        return kept[1]
    counter = limits.key("pictures", owner_pk)
    until = limits.take([(counter, settings.PICTURES_PER_MINUTE)], 60)
    if until is not None:
        return _too_soon(until)
    drawn = draw()
    cache.set(key, (tag, drawn), KEPT_SECONDS)
    return drawn


def _too_soon(until):
    seconds = max(1, round((until - timezone.now()).total_seconds()))
    message = _("Your pictures were drawn many times this minute: try again shortly.")
    response = HttpResponse(message, status=429, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(seconds)
    response["Cache-Control"] = "no-store"
    return response
