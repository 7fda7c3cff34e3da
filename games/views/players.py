"""A player's page (their figures in each game they played), their new name, their merge."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from games.access import get_player_for
from games.forms.players import MergeForm, RenameForm, played_together
from games.models import Kind, Player
from games.pages import posted
from games.reports import summaries, table
from games.services.players import PlayedTogether, merge_players, rename_player


@login_required
@require_GET
def player_detail(request, pk):
    player = get_player_for(request.user, pk)
    tables = table.tables(player.owner)
    context = {
        "player": player,
        "games": summaries.player_figures(player),
        "ranking": ranking(player, tables),
        "tables": tables,
    }
    return render(request, "games/player.html", context)


def ranking(player, tables):
    """Per game kind the player played to the end: their row of the group's `tables`, their
    rating over time as a chart, and each opponent's head to head with names."""
    found = []
    names = dict(player.owner.players.values_list("pk", "name"))
    for kind, kind_table in tables.kinds.items():
        row = kind_table.row(player.pk)
        if row is None:
            continue
        chart = table.rating_chart(kind_table, tables.dates[kind], player.pk)
        opponents = [
            (names[other], other, *counts) for other, counts in kind_table.opponents(player.pk)
        ]
        found.append({"kind": kind, "label": Kind(kind).label, "row": row, "chart": chart,
                      "opponents": opponents})  # fmt: skip
    return found


@login_required
@require_http_methods(["GET", "POST"])
def player_rename(request, pk):
    player = get_player_for(request.user, pk)
    old_name = player.name
    form = RenameForm(player, posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            rename_player(player, form.cleaned_data["name"])
        except IntegrityError:  # the same name, taken by a new game meanwhile
            form.add_error("name", _("Another of your players already has this name."))
        else:
            message = _("%(old)s is now called %(name)s.")
            messages.success(request, message % {"old": old_name, "name": player.name})
            return redirect(player)
    player.name = old_name  # the page still names the player as stored
    context = {"player": player, "form": form}
    return render(request, "games/player_rename.html", context, status=_status(form))


@login_required
@require_http_methods(["GET", "POST"])
def player_merge(request, pk):
    player = get_player_for(request.user, pk)
    form = MergeForm(player, posted(request))
    if request.method == "POST" and form.is_valid():
        into = form.cleaned_data["into"]
        try:
            merge_players(player, into)
        except PlayedTogether as refused:  # a game seating both, started meanwhile
            form.together = refused.games
            form.add_error("into", played_together(player, into, len(refused.games)))
        except Player.DoesNotExist:  # merged or deleted meanwhile, by another request
            player = get_player_for(request.user, pk)  # 404 if it was this one
            form = MergeForm(player, posted(request))
            form.is_valid()  # the other one is no longer a choice: says so beside the field
        else:
            message = _("%(name)s and %(other)s are now one player, %(other)s.")
            messages.success(request, message % {"name": player.name, "other": into.name})
            return redirect(into)
    context = {"player": player, "form": form, "together": getattr(form, "together", [])}
    return render(request, "games/player_merge.html", context, status=_status(form))


def _status(form):
    return 422 if form.errors else 200
