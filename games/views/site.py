"""The site's own pages: the home page, the health check, the web app manifest, and the page
Django's CSRF check refuses a form with."""

from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_safe

from games import nights
from games.forms.nights import night_name
from games.reports import table
from games.reports.folds import with_states

THEME_COLOR = "#8a4b08"  # the accent of static/app.css, light theme
BACKGROUND_COLOR = "#fbfaf7"


@require_safe
def healthz(request):
    """For load balancers and monitoring; also the bare view the benchmark compares with."""
    return HttpResponse("ok", content_type="text/plain")


@require_GET
def home(request):
    games, tonight = [], None
    if request.user.is_authenticated:
        games = with_states(request.user.games.all()[:10])
        tonight = tonight_of(request.user)
    return render(request, "games/home.html", {"games": games, "tonight": tonight})


def tonight_of(user):
    """The night of the account's latest game while it is recent (games/nights.py), with its
    name (its date in the account's time zone) and its standings; None otherwise."""
    night = nights.tonight(user)
    if night is None:
        return None
    summary = table.night_summary(night)
    names = dict(user.players.values_list("pk", "name"))
    return {"night": night, "name": night_name(night), "summary": summary, "names": names}


@require_GET
def manifest(request):
    """Served by a view, not as a static file: its words follow the reader's language."""
    data = {
        "name": _("Scorekeeper for L.L.A.M.A. and Llama Llama"),
        "short_name": "Scorekeeper",
        "description": _(
            "Keep the score of L.L.A.M.A., its Lato z komarami rule, its Party Edition, or Llama "
            "Llama at the table, on your phone."
        ),
        "lang": get_language(),
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "background_color": BACKGROUND_COLOR,
        "theme_color": THEME_COLOR,
        "icons": [
            {"src": static("icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": static("icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return JsonResponse(
        data, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )


def csrf_failure(request, reason=""):
    """CSRF_FAILURE_VIEW: Django's refusal of a form, in the site's words and look (a page open
    for too long, or since before a log-in), with a link back to the page of the form."""
    referer = request.META.get("HTTP_REFERER", "")
    same_site = url_has_allowed_host_and_scheme(referer, {request.get_host()}, request.is_secure())
    context = {"back": referer if same_site else None}
    return render(request, "403_csrf.html", context, status=403)
