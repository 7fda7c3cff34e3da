"""A player's page: their games and their figures."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from games import history


@login_required
@require_GET
def player_detail(request, pk):
    player = get_object_or_404(request.user.players, pk=pk)
    figures = history.player_figures(player)
    context = {
        "player": player,
        "stats": figures.stats,
        "chart": history.finals_chart(figures.finals),
        "charted": len(figures.finals),
        "finished": figures.finished,
    }
    return render(request, "games/player.html", context)
