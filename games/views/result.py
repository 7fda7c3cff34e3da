"""A finished game's result as a picture (games/reports/picture.py), for the players' chat."""

import hashlib

from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.utils.cache import patch_vary_headers
from django.utils.csp import CSP
from django.utils.http import content_disposition_header
from django.utils.translation import get_language
from django.views.decorators.csp import csp_override
from django.views.decorators.http import condition, require_GET

from games.access import get_game_for
from games.reports import folds, picture

# Part of the kept picture's key and its ETag: a new drawing makes new ones.
VERSION = 1
KEPT_SECONDS = 60 * 60 * 24


def _etag(request, pk):
    """The picture changes with the game's rounds (its version, drawn at random by each
    write: games/models.py, new_version), its place and note (kept apart from the version:
    services.set_place_and_note) and the language it is drawn in."""
    found = request.user.games.filter(pk=pk).values_list("version", "place", "note").first()
    return None if found is None else _tag(pk, *found)


def _tag(pk, version, place, note):
    about = hashlib.sha256(f"{place}\n{note}".encode()).hexdigest()[:12]
    return f"{pk}-{version}-{about}-{get_language()}-{VERSION}"


# A picture opened on its own: the browser's viewer styles it inline, and nothing else runs.
IMAGE_ONLY = {"default-src": [CSP.NONE], "img-src": [CSP.SELF], "style-src": [CSP.UNSAFE_INLINE]}


@csp_override(IMAGE_ONLY)
@login_required
@require_GET
@condition(etag_func=_etag)  # a second share of an unchanged game is a 304
def game_result_png(request, pk):
    game = folds.with_kept_state(get_game_for(request.user, pk))
    if not game.state.finished:
        raise Http404("A game in progress has no result to share yet.")
    key = f"result-png:{_tag(game.pk, game.version, game.place, game.note)}"
    drawn = cache.get(key)
    if drawn is None:
        drawn = picture.png(game)
        cache.set(key, drawn, KEPT_SECONDS)
    response = HttpResponse(drawn, content_type="image/png")
    response["Content-Disposition"] = content_disposition_header(
        False, picture.describe(game).filename
    )
    # Private (an account's game), and asked again each time: a round edited after the end
    # changes the picture, which the ETag then tells in a 304 or a new picture.
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ["Cookie", "Accept-Language"])
    return response
