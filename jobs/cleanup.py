"""Jobs whose worker died: ended, and what they wrote undone, so nothing half-done stays."""

import logging

from django.utils import translation
from django.utils.translation import gettext as _

from jobs.models import Chunk, Job
from jobs.signals import abandoned

logger = logging.getLogger(__name__)


def abandon(jobs):
    """End each of `jobs` as stopped, then let its app undo its work; how many were ended."""
    ended = 0
    for job in jobs:
        with translation.override(job.language):
            message = _("It stopped before the end (the server restarted): nothing was kept.")
        if job.fail(message):
            abandoned.send(Job, job=job)
            Chunk.objects.filter(job=job).delete()
            logger.warning("Gave up job %s, whose worker %s is gone", job.pk, job.worker)
            ended += 1
    return ended


def abandon_dead_jobs():
    """At a worker's start: every job whose worker is gone."""
    return abandon(Job.objects.abandoned())
