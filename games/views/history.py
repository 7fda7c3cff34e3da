"""The history of an account's games, its backups, and a finished game for BG Stats."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import OuterRef, Subquery
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language, ngettext
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_http_methods

from common import downloads
from games.access import get_game_for
from games.archive import bgstats, export, export_job, quota
from games.forms.history import BackupImportForm, HistoryFilterForm
from games.models import Round
from games.reports import summaries
from games.reports.folds import with_states

PER_PAGE = 50


@login_required
@require_GET
def history_list(request):
    form = HistoryFilterForm(request.user, request.GET or None)
    page = _page(request, form)
    rows = summaries.history_rows(with_states(page.object_list))
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


@login_required
@require_http_methods(["GET", "POST"])
def export_json(request):
    return _export(request, "json")


@login_required
@require_http_methods(["GET", "POST"])
def export_csv(request):
    """The CSV in the reader's language, as their spreadsheet opens it (games/archive/export.py)."""
    return _export(request, "csv")


def _export(request, extension):
    """POST (the history's buttons) queues the export and shows its progress; GET (a link, a
    program) writes it in the request and sends it, unless the account is too big to be
    written in seconds: then it is queued as well. Both read one snapshot a chunk at a time,
    and both count."""
    try:
        if request.method == "POST" or export.too_big_to_stream(request.user):
            job = export_job.queue(request.user, extension)
            # the deletion page shows its last backup's progress itself, then offers deletion
            return redirect("account_delete" if "for_deletion" in request.POST else job)
        export_job.count(request.user)
    except export_job.TooMany:
        count = settings.EXPORTS_PER_HOUR
        message = ngettext(
            "You asked for %(count)s export in the last hour: wait a little, then export again.",
            "You asked for %(count)s exports in the last hour: wait a little, then export again.",
            count,
        )
        messages.error(request, message % {"count": count})
        return redirect("history")
    # Written whole first (seconds at most, in the snapshot's transaction), then sent from a
    # temporary file: a slow reader holds neither the transaction nor a thread.
    text = export.streamed(request.user, extension)
    day = timezone.localdate().isoformat()
    content_type = export_job.CONTENT_TYPES[extension]
    return downloads.attachment(text, f"scorekeeper-{day}.{extension}", content_type)


@csrf_exempt  # checked below, once the upload may be read (Django's upload handlers how-to)
@login_required
@require_http_methods(["GET", "POST"])
def backup_import(request):
    """The upload only queues the import (games/archive/tasks.py) and sends the reader to its
    progress page, where the outcome is told. The account's turn is claimed before the body is
    read: an upload refused by the account's limits costs no parsing, nor any storing."""
    if request.method != "POST":
        return _import_page(request, BackupImportForm(request.user))
    job, refusal = quota.claim_import(request.user, get_language())
    if refusal is not None:
        _drain(request)
        return _import_page(request, BackupImportForm.refused(request.user, refusal))
    try:
        return _receive(request, job)
    finally:
        quota.release(job)  # unless it was queued: a refused form, a failed CSRF check, an error


@csrf_protect
def _receive(request, job):
    form = BackupImportForm(request.user, request.POST, request.FILES)
    if form.is_valid() and form.save(job):
        return redirect(job)
    return _import_page(request, form)


def _import_page(request, form):
    status = 422 if form.errors else 200
    return render(request, "games/import.html", {"form": form}, status=status)


def _drain(request):
    """Read the refused body to its end, unparsed: a server that answers and closes with bytes
    still unread may reset the connection before the browser reads the answer. Its size was
    bounded by its Content-Length (scorekeeper/middleware.py)."""
    while request.read(64 * 1024):
        pass


@login_required
@require_GET
def game_bgstats(request, pk):
    game = get_game_for(request.user, pk)
    if not game.state.finished:
        raise Http404("A game in progress has no result to send yet.")
    return JsonResponse(bgstats.play(game), json_dumps_params={"ensure_ascii": False})
