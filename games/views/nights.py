"""Nights: a game moved to another night, a night's page and its JSON."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games import nights
from games.access import get_game_for
from games.forms.nights import NightForm, night_name
from games.pages import posted


@login_required
@require_http_methods(["GET", "POST"])
def game_night(request, pk):
    """The owner moves a game to another of their nights, or starts a new one with it."""
    game = get_game_for(request.user, pk)
    form = NightForm(game, posted(request))
    if request.method == "POST" and form.is_valid():
        night = nights.move(game, form.cleaned_data["night"])
        messages.success(request, _("The game is now in the night of %(night)s.") % {
            "night": night_name(night)})  # fmt: skip
        return redirect(game)
    status = 422 if form.errors else 200
    return render(request, "games/game_night.html", {"game": game, "form": form}, status=status)
