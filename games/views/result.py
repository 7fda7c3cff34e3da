"""A finished game's result as a picture (games/reports/picture.py), for the players' chat."""

import hashlib

from django.http import Http404, HttpResponse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.http import content_disposition_header
from django.utils.translation import get_language
from django.views.decorators.csp import csp_override
from django.views.decorators.http import condition, require_GET

from games import pictures
from games.access import for_owner, for_scorer
from games.pages import IMAGE_ONLY, VERSION
from games.reports import folds, picture


def _etag(request, access):
    """The picture changes with the game's rounds (its version, drawn at random by each
    write: games/models.py, new_version), its venue and note (kept apart from the version:
    games.set_venue_and_note), the language it is drawn in and the time zone its date is
    read in (the account's: common/zones.py)."""
    found = access.row("version", "venue", "note")
    return None if found is None else _tag(access.pk, *found)


def _tag(pk, version, venue, note):
    about = hashlib.sha256(f"{venue}\n{note}".encode()).hexdigest()[:12]
    return (
        f"{pk}-{version}-{about}-{get_language()}-{timezone.get_current_timezone_name()}-{VERSION}"
    )


@csp_override(IMAGE_ONLY)
@require_GET
@condition(etag_func=_etag)  # a second share of an unchanged game is a 304
def result_png(request, access):
    game = folds.with_kept_state(access.read())
    if not game.state.finished:
        raise Http404("A game in progress has no result to share yet.")
    drawn = _kept_or_drawn(game)
    if isinstance(drawn, HttpResponse):
        return drawn
    response = HttpResponse(drawn, content_type="image/png")
    response["Content-Disposition"] = content_disposition_header(
        False, picture.describe(game).filename
    )
    # Private (an account's game), and asked again each time: a round edited after the end
    # changes the picture, which the ETag then tells in a 304 or a new picture.
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ["Cookie", "Accept-Language"])
    return response


# The owner's, and the scorer link's that saved the last round (it shows the end too).
game_result_png = for_owner(result_png)
scorer_result_png = for_scorer(result_png, showing=True)


def _kept_or_drawn(game):
    """The game's picture, kept once per game and language: replaced when its version, venue,
    note or time zone change (games/pictures.py)."""
    key = f"result-png:{game.pk}:{get_language()}"
    tag = _tag(game.pk, game.version, game.venue, game.note)
    return pictures.kept_or_drawn(game.owner_id, key, tag, lambda: picture.png(game))
