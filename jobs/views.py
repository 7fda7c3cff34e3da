"""A job's progress page, and the file it made."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from common import downloads
from jobs.cleanup import end_if_task_failed
from jobs.models import Chunk, Job

# How often the page asks again while the job runs (htmx, or a refresh without JavaScript).
POLL_SECONDS = 1


def get_job_for(user, pk):
    """The one door to a job: another account's is a 404."""
    return get_object_or_404(Job, owner=user, pk=pk)


@login_required
@require_GET
def job_detail(request, pk):
    job = get_job_for(request.user, pk)
    end_if_task_failed(job)
    partial = request.htmx and not request.htmx.history_restore_request
    template = "jobs/job.html#progress" if partial else "jobs/job.html"
    context = {"job": job, "poll_seconds": POLL_SECONDS}
    response = render(request, template, context)
    response["Cache-Control"] = "no-store"  # the page changes at every step
    patch_vary_headers(response, ["HX-Request"])
    return response


@login_required
@require_GET
def job_file(request, pk):
    job = get_job_for(request.user, pk)
    if job.state != Job.State.DONE or not job.result_name:
        raise Http404("This job made no file, or has not made it yet.")
    # Copied to this machine's disk first (a second or so for the biggest), then sent from
    # there: a slow reader holds no thread (common/downloads.py).
    chunks = job.open_file(Chunk.Part.RESULT)
    return downloads.attachment(chunks, job.result_name, job.result_type)
