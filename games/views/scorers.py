"""Scorer links: the owner hands the scoring of one game to other phones, and takes it back.

A scorer link reaches the sheet's own views (games/views/sheet.py, corrections.py, fill.py)
through `for_scorer` (games/access.py): it adds, edits and undoes the game's rounds, and
nothing else. The owner's pages here make the links, show each one's QR code, and revoke them.
"""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.access import get_game_for
from games.pages import qr_code
from games.services.links import add_scorer_link, revoke_scorer_link
from games.services.rounds import StaleSheet


@login_required
@require_http_methods(["GET", "POST"])
def game_scorers(request, pk):
    game = get_game_for(request.user, pk)
    if request.method == "POST" and game.finished_at is not None:
        messages.error(request, _("This game is over: a scorer link could no longer change it."))
        return redirect(request.path)
    if request.method == "POST":
        try:
            link = add_scorer_link(game)
        except StaleSheet:  # the game was deleted meanwhile
            raise Http404 from None
        return redirect(f"{request.path}#scorer-{link.number}")
    links = [
        (link, request.build_absolute_uri(link.get_absolute_url()))
        for link in game.scorer_links.working()
    ]
    context = {"game": game, "links": links, "days": settings.SCORER_LINK_DAYS}
    return render(request, "games/scorers.html", context)


@login_required
@require_GET
def game_scorer_qr(request, pk, number):
    game = get_game_for(request.user, pk)
    link = get_object_or_404(game.scorer_links.working(), number=number)
    return qr_code(request, link)


@login_required
@require_POST
def game_scorer_revoke(request, pk, number):
    game = get_game_for(request.user, pk)
    link = get_object_or_404(game.scorer_links.working(), number=number)
    revoke_scorer_link(link)
    done = _("Scorer link %(number)s no longer works.") % {"number": link.number}
    messages.success(request, done)
    return redirect("game_scorers", pk=game.pk)
