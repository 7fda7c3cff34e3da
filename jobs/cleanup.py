"""Jobs whose worker died, or whose task failed without ending them: ended, and what they
wrote undone, so nothing half-done stays and no page waits for ever."""

import logging

from django.tasks import TaskResultStatus, task_backends
from django.tasks.exceptions import InvalidTaskBackend, TaskResultDoesNotExist
from django.utils import translation
from django.utils.translation import gettext as _

from jobs.models import Chunk, Job
from jobs.signals import abandoned, resumed

logger = logging.getLogger(__name__)


def _restarted():
    return _("It stopped before the end (the server restarted): nothing was saved.")


def _task_failed():
    return _("It stopped on an error on the server: nothing was saved. Try again later.")


def abandon(jobs, message=_restarted):
    """End each of `jobs` as stopped, then let its app undo its work; how many were ended. A
    job of a kind that goes on (Job.RESUMED: a deletion) is queued again instead."""
    ended = 0
    for job in jobs:
        if job.kind in Job.RESUMED:
            if job.resume():
                resumed.send(Job, job=job)
                logger.warning("Queued again job %s (worker %s)", job.pk, job.worker)
                ended += 1
            continue
        with translation.override(job.language):
            said = message()
        if job.fail(said):
            abandoned.send(Job, job=job)
            Chunk.objects.filter(job=job).delete()
            logger.warning("Gave up job %s (worker %s): %s", job.pk, job.worker, said)
            ended += 1
    return ended


def abandon_dead_jobs():
    """At a worker's start, and every so often while it runs: every job whose worker is gone
    or has been silent for JOB_STALE_SECONDS."""
    return abandon(Job.objects.abandoned())


def end_if_task_failed(job):
    """End `job` as stopped if the task that runs it ended in an error (a bug the task did not
    catch), while the job ran or before the task claimed it; True if it did."""
    if job.state not in (Job.State.QUEUED, Job.State.RUNNING) or not job.task_id:
        return False
    try:
        result = task_backends["default"].get_result(job.task_id)
    except (NotImplementedError, TaskResultDoesNotExist, InvalidTaskBackend):
        return False  # a backend that keeps no results (the tests'), or a result pruned
    if result.status != TaskResultStatus.FAILED:
        return False
    ended = abandon([job], _task_failed)
    job.refresh_from_db()
    return bool(ended)
