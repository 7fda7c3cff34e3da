"""What makes the app installable on a phone's home screen: its web app manifest."""

from django.http import JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

THEME_COLOR = "#8a4b08"  # the accent of static/app.css, light theme
BACKGROUND_COLOR = "#fbfaf7"


@require_GET
def manifest(request):
    """Served by a view, not as a static file: its words follow the reader's language."""
    data = {
        "name": _("Scorekeeper for L.L.A.M.A."),
        "short_name": "Scorekeeper",
        "description": _("Keep the score of L.L.A.M.A. at the table, on your phone."),
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
