"""Nights: a game moved to another night, a night's page, its JSON, the nights listed."""

import hashlib

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.http import content_disposition_header
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.csp import csp_override
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import nights, pictures
from games.access import get_game_for, get_night_for
from games.forms.nights import NightForm, NightLabelForm, night_name
from games.pages import IMAGE_ONLY, VERSION, posted
from games.reports import night_picture, table

PER_PAGE = 20


@login_required
@require_http_methods(["GET", "POST"])
def game_night(request, pk):
    """The owner moves a game to another of their nights, or starts a new one with it."""
    game = get_game_for(request.user, pk)
    form = NightForm(game, posted(request))
    if request.method == "POST" and form.is_valid():
        night = nights.move(game, form.cleaned_data["night"])
        if night is not None:
            messages.success(request, _("The game is now in the night of %(night)s.") % {
                "night": night_name(night)})  # fmt: skip
            return redirect(night)
        form.add_error("night", _("That night has just been emptied: choose another."))
    status = 422 if form.errors else 200
    return render(request, "games/game_night.html", {"game": game, "form": form}, status=status)


@login_required
@require_GET
def night_detail(request, pk):
    night = get_night_for(request.user, pk)
    return _night_page(request, night, NightLabelForm(initial={"label": night.label}))


@login_required
@require_POST
def night_label(request, pk):
    """The owner names a night (or clears its name); 422 with the page when refused."""
    night = get_night_for(request.user, pk)
    form = NightLabelForm(request.POST)
    if not form.is_valid():
        return _night_page(request, night, form, status=422)
    nights.name(night, form.cleaned_data["label"])
    return redirect(night)


def _night_page(request, night, form, status=200):
    summary, names = table.night_summary(night), table.roster_names(request.user)
    context = {"night": night, "name": night_name(night), "summary": summary, "names": names,
               "picture": night_picture.describe(night, summary, names), "form": form}  # fmt: skip
    return render(request, "games/night.html", context, status=status)


@csp_override(IMAGE_ONLY)
@login_required
@require_GET
def night_png(request, pk):
    """The picture of the night, drawn in the reader's language and time zone, kept under the
    night's summary (its games' versions), names and label."""
    night = get_night_for(request.user, pk)
    summary, names = table.night_summary(night), table.roster_names(request.user)
    about = hashlib.sha256(repr((summary, sorted(names.items()), night.label)).encode())
    zone = timezone.get_current_timezone_name()  # its date is read in the account's
    key = f"night-png:{night.pk}:{about.hexdigest()[:16]}:{get_language()}:{zone}:{VERSION}"
    drawn = pictures.kept_or_drawn(
        request.user.pk, key, key, lambda: night_picture.png(night, summary, names)
    )
    if isinstance(drawn, HttpResponse):
        return drawn
    response = HttpResponse(drawn, content_type="image/png")
    filename = night_picture.describe(night, summary, names).filename
    response["Content-Disposition"] = content_disposition_header(False, filename)
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ["Cookie", "Accept-Language"])
    return response


@login_required
@require_GET
def night_json(request, pk):
    night = get_night_for(request.user, pk)
    found = table.night_json(night, table.night_summary(night), table.roster_names(request.user))
    return JsonResponse(found, json_dumps_params={"ensure_ascii": False})


@login_required
@require_GET
def night_list(request):
    """The history by night, newest first: each night's date, games and winners."""
    page = Paginator(nights.shown(request.user.nights.all()), PER_PAGE)
    shown = page.get_page(request.GET.get("page"))
    names = table.roster_names(request.user)
    summaries = table.night_summaries(list(shown))  # the page's nights at once
    rows = [(night, night_name(night), summaries[night.pk]) for night in shown]
    return render(request, "games/nights.html", {"page": shown, "rows": rows, "names": names})
