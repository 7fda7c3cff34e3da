"""The group's table per game, its JSON, and two players compared side by side."""

from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games import rules
from games.access import get_player_for
from games.forms.players import CompareForm
from games.models import Kind
from games.reports import rows, table


@login_required
@require_GET
def standings(request):
    tables, names = table.tables(request.user), table.roster_names(request.user)
    since = rows.matches_before_last_night(request.user, tables)
    sections = [
        (kind, Kind(kind).label, found, rows.table_rows(found, since[kind]))
        for kind in rules.RULESETS
        if (found := tables.of(kind))
    ]
    context = {"sections": sections, "names": names, "tables": tables, "start": rows.START}
    return render(request, "games/standings.html", context)


@login_required
@require_GET
def standings_json(request):
    found = table.standings_json(table.tables(request.user), table.roster_names(request.user))
    return JsonResponse(found, json_dumps_params={"ensure_ascii": False})


@login_required
@require_GET
def player_compare(request, pk):
    """Two players side by side in each game both played: their rows of the table and their
    games together. The other player is chosen with a form (422 when not one of the roster)."""
    player = get_player_for(request.user, pk)
    form = CompareForm(player, request.GET or None)
    other = form.cleaned_data["other"] if form.is_valid() else None
    kinds = []
    if other is not None:
        tables = table.tables(request.user)
        for kind, found in tables.kinds.items():
            mine, theirs = found.row(player.pk), found.row(other.pk)
            if mine or theirs:
                kinds.append((Kind(kind).label, mine, theirs, found.against(player.pk, other.pk)))
    context = {"player": player, "other": other, "form": form, "kinds": kinds}
    return render(request, "games/compare.html", context, status=422 if form.errors else 200)
