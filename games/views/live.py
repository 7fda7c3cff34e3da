"""The live view for the table: a read-only link to a game, its QR code, and its revocation.

The link's token is the only key: the live view shows the sheet and nothing else (no form,
no link to the owner's pages), and answers only GET.
"""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from games.access import get_game_for
from games.display import sheet_context
from games.models import ShareLink
from games.pages import POLL_SECONDS, qr_code
from games.reports import folds
from games.streams import notices


class LiveForm(forms.Form):
    """What a polling phone last saw; it gets a 204 while nothing changed."""

    seen = forms.CharField(required=False, max_length=64)


@login_required
@require_http_methods(["GET", "POST"])
def game_share(request, pk):
    game = get_game_for(request.user, pk)
    if request.method == "POST":
        ShareLink.objects.get_or_create(game=game)
        return redirect("game_share", pk=game.pk)
    link = ShareLink.objects.filter(game=game).first()
    url = request.build_absolute_uri(link.get_absolute_url()) if link else None
    return render(request, "games/share.html", {"game": game, "link": link, "url": url})


@login_required
@require_GET
def game_share_qr(request, pk):
    link = get_object_or_404(ShareLink, game=get_game_for(request.user, pk))
    return qr_code(request, link)


@login_required
@require_http_methods(["GET", "POST"])
def game_share_revoke(request, pk):
    game = get_game_for(request.user, pk)
    link = get_object_or_404(ShareLink, game=game)
    if request.method == "POST":
        link.delete()
        notices.recheck_game(game.pk)  # its viewers' streams end
        messages.success(request, _("The live link no longer works."))
        return redirect("game_share", pk=game.pk)
    return render(request, "games/share_revoke.html", {"game": game})


@require_GET
def live(request, token):
    # Any write to the game gives it a new version: a poll costs this one query till then.
    versions = ShareLink.objects.live().filter(token=token).values_list("game__version", flat=True)
    version = next(iter(versions[:1]), None)
    if version is None:  # revoked, or mistyped: a page of its own (js/live.js, to a poll too)
        return render(request, "games/live_gone.html", status=404)
    version = str(version)
    form = LiveForm(request.GET)
    if request.htmx and form.is_valid() and form.cleaned_data["seen"] == version:
        return HttpResponse(status=204)
    link = get_object_or_404(ShareLink.objects.live().select_related("game"), token=token)
    game = folds.with_kept_state(link.game)
    context = sheet_context(game) | {"token": token, "poll_seconds": POLL_SECONDS}
    context["version"] = version
    template = "games/live.html#update" if request.htmx else "games/live.html"
    response = render(request, template, context)
    response["X-Robots-Tag"] = "noindex"
    return response
