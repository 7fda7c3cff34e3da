"""The history of an account's games, its backups, and a finished game for BG Stats."""

import logging
import time
from contextlib import closing

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db import DatabaseError
from django.db.models import OuterRef, Subquery
from django.http import Http404, JsonResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

from games.archive import bgstats, export, export_job, restore
from games.forms.history import BackupImportForm, HistoryFilterForm
from games.models import Round
from games.reports import summaries
from games.reports.folds import load_sheets
from games.services import SamePlayer
from games.views.sheet import get_game_for
from jobs.models import Job

logger = logging.getLogger(__name__)
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
    program) streams it. Both read one snapshot a chunk at a time, and both count."""
    try:
        if request.method == "POST":
            return redirect(export_job.queue(request.user, extension))
        export_job.counted(request.user, state=Job.State.DONE, finished_at=timezone.now())
    except export_job.TooMany:
        message = _(
            "You asked for %(count)s exports in the last hour: wait a little, then export again."
        )
        messages.error(request, message % {"count": settings.EXPORTS_PER_HOUR})
        return redirect("history")
    text = export.streamed(request.user, extension)
    response = StreamingHttpResponse(text, content_type=export_job.CONTENT_TYPES[extension])
    day = timezone.localdate().isoformat()
    response["Content-Disposition"] = f'attachment; filename="scorekeeper-{day}.{extension}"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def backup_import(request):
    if request.method == "GET":
        return render(request, "games/import.html", {"form": BackupImportForm()})
    started = time.monotonic()  # the file is read and checked first: that counts too
    form = BackupImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return render(request, "games/import.html", {"form": form}, status=422)
    job = restore.Import(request.user, form.cleaned_data["backup"], started)
    if not job.is_quick:
        return import_with_progress(request, job)
    try:
        for _done in job:
            pass
    except (SamePlayer, restore.TooSlow) as refused:
        form.add_error("backup", refusal(refused))
        return render(request, "games/import.html", {"form": form}, status=422)
    messages.success(request, imported_message(job.result.added, job.result.already_held))
    return redirect("history")


def import_with_progress(request, job):
    """A long import as a page written while it runs: a line after each step, then the outcome.

    Browsers show a page as it arrives, so this needs no JavaScript; the proxy is asked not to
    hold the parts back (X-Accel-Buffering). Past the first part the status is sent: a refusal
    is told in the outcome.
    """
    template = "games/import_progress.html"
    page = render_to_string(template, {"total": job.total}, request)
    head, rest = page.split("<!--steps-->")
    middle, tail = rest.split("<!--outcome-->")

    def parts():
        yield head
        outcome = {}
        try:
            with closing(iter(job)) as steps:  # a reader gone: the written games go too
                for done in steps:
                    yield render_to_string(f"{template}#step", {"done": done, "total": job.total})
            outcome["message"] = imported_message(job.result.added, job.result.already_held)
        except (SamePlayer, restore.TooSlow) as refused:
            outcome["refused"] = refusal(refused)
        except DatabaseError:
            logger.exception("Import of %s games failed and was undone", job.total)
            outcome["refused"] = _("the database refused a write. Try again later.")
        yield middle + render_to_string(f"{template}#outcome", outcome, request) + tail

    response = StreamingHttpResponse(parts(), content_type="text/html; charset=utf-8")
    response["X-Accel-Buffering"] = "no"
    return response


def refusal(refused):
    """Why an import that passed its checks was undone."""
    if isinstance(refused, SamePlayer):
        message = _("%(name)s and another name of one game are one player of your roster.")
        return message % {"name": refused.name}
    return _("the server is too busy to finish it now. Try again later.")


def imported_message(added, held):
    if not held:
        return ngettext("%(count)s game imported.", "%(count)s games imported.", added) % {
            "count": added
        }
    if not added:
        return ngettext(
            "Nothing imported: this file holds %(count)s game, already in your history.",
            "Nothing imported: this file holds %(count)s games, all already in your history.",
            held,
        ) % {"count": held}
    imported = ngettext("%(count)s game imported", "%(count)s games imported", added)
    already = ngettext(
        "%(count)s was already in your history", "%(count)s were already in your history", held
    )
    # Translators: "3 games imported, 2 were already in your history."
    return _("%(imported)s, %(already)s.") % {
        "imported": imported % {"count": added},
        "already": already % {"count": held},
    }


@login_required
@require_GET
def game_bgstats(request, pk):
    game = get_game_for(request.user, pk)
    if not game.state.finished:
        raise Http404("A game in progress has no result to send yet.")
    return JsonResponse(bgstats.play(game), json_dumps_params={"ensure_ascii": False})
