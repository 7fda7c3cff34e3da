"""The history of an account's games, its backups, and a finished game for BG Stats."""

import csv

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import OuterRef, Subquery
from django.http import Http404, HttpResponse, JsonResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.utils import formats, timezone
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import require_GET, require_http_methods

from games.archive import backup, bgstats
from games.forms.history import BackupImportForm, HistoryFilterForm
from games.models import Round
from games.reports import summaries
from games.reports.folds import load_sheets
from games.views.sheet import get_game_for

PER_PAGE = 50


@login_required
@require_GET
def history_list(request):
    form = HistoryFilterForm(request.user, request.GET or None)
    page = _page(request, form)
    rows = summaries.history_rows(load_sheets(page.object_list))
    context = {"form": form, "page": page, "rows": rows}
    # A history restore (back button after a cache miss) needs the whole page again.
    partial = request.htmx and not request.htmx.history_restore_request
    template = "games/history.html#results" if partial else "games/history.html"
    response = render(request, template, context, status=422 if form.errors else 200)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _page(request, form):
    """The page of the games asked for, each with when its last round was saved."""
    games = form.filter(request.user.games.all())
    last = Round.objects.filter(game=OuterRef("pk")).order_by("-number").values("created_at")
    listing = games.annotate(last_saved=Subquery(last[:1]))
    return Paginator(listing, PER_PAGE).get_page(request.GET.get("page"))


# Games read at a time by the exports: a worker's memory does not grow with the account.
EXPORT_CHUNK = 100


@login_required
@require_GET
def export_json(request):
    games = request.user.games.sheets(chunk_size=EXPORT_CHUNK)
    response = StreamingHttpResponse(backup.json_text(games), content_type="application/json")
    return _attachment(response, "json")


@login_required
@require_GET
def export_csv(request):
    """The CSV in the reader's language, as their spreadsheet opens it: with a byte-order
    mark (or Excel reads UTF-8 as Latin-1) and, where decimals take a comma (French), fields
    separated by semicolons, as LibreOffice and Excel expect there."""
    response = HttpResponse("\ufeff", content_type="text/csv; charset=utf-8")
    delimiter = ";" if formats.get_format("DECIMAL_SEPARATOR") == "," else ","
    writer = csv.writer(response, delimiter=delimiter)
    writer.writerows(backup.csv_rows(request.user.games.sheets()))
    return _attachment(response, "csv")


def _attachment(response, extension):
    day = timezone.localdate().isoformat()
    response["Content-Disposition"] = f'attachment; filename="scorekeeper-{day}.{extension}"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def backup_import(request):
    """The upload only queues the import (games/archive/tasks.py) and sends the reader to its
    progress page, where the outcome is told."""
    form = BackupImportForm(request.user, request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        job = form.save(get_language())
        if job is not None:
            return redirect(job)
    status = 422 if form.errors else 200
    return render(request, "games/import.html", {"form": form}, status=status)


@login_required
@require_GET
def game_bgstats(request, pk):
    game = get_game_for(request.user, pk)
    if not game.state.finished:
        raise Http404("A game in progress has no result to send yet.")
    return JsonResponse(bgstats.play(game), json_dumps_params={"ensure_ascii": False})
