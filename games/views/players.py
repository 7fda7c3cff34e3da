"""A player's page: their figures in each game they played."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from games.reports import summaries


@login_required
@require_GET
def player_detail(request, pk):
    player = get_object_or_404(request.user.players, pk=pk)
    context = {
        "player": player,
        "games": summaries.player_figures(player),
    }
    return render(request, "games/player.html", context)
