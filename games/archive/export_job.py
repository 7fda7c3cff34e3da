"""An export as a job: the request queues it, a worker writes the file (games/archive/export.py)
and the job's page offers it (jobs/views.py) until it is EXPORT_KEEP_SECONDS old."""

import logging
import tempfile
from contextlib import contextmanager
from datetime import timedelta

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connection, connections
from django.tasks import task
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common import limits, zones
from games.archive import export
from jobs import priorities
from jobs.models import CONTENT_TYPES, Chunk, Job

logger = logging.getLogger(__name__)
# The file is written to the worker's disk first (in the snapshot's transaction, which writes
# nothing), then stored with the job a megabyte at a time.
SPOOL_BYTES = 1024 * 1024


class TooMany(Exception):
    """The account asked for EXPORTS_PER_HOUR exports in the last hour already."""


def queue(owner, extension):
    """A new export job of `owner`'s games as `extension`, in the reader's language."""
    count(owner)
    day = timezone.localdate().isoformat()
    job = Job.objects.create(
        owner=owner, kind=Job.Kind.EXPORT, language=translation.get_language(),
        result_name=f"scorekeeper-{day}.{extension}", result_type=CONTENT_TYPES[extension],
    )  # fmt: skip
    big = export.too_big_to_stream(owner)
    priority = priorities.BIG_EXPORT if big else priorities.SMALL_EXPORT
    job.queued_as(write_export.using(priority=priority).enqueue(job.pk, extension))
    return job


def count(owner):
    """Count an export of `owner`'s, queued or streamed in the request, by the one limiter;
    TooMany past EXPORTS_PER_HOUR in the hour."""
    counter = [(limits.key("export", owner.pk), settings.EXPORTS_PER_HOUR)]
    if limits.take(counter, 60 * 60) is not None:
        raise TooMany


@task
def write_export(job_pk, extension):
    job = Job.objects.select_related("owner").get(pk=job_pk)
    owner = job.owner  # read once: start() refreshes the job, which forgets its owner
    if not job.start(total=owner.games.count()):
        return
    drop_old_files()
    with translation.override(job.language), timezone.override(zones.of_account(owner.pk)):
        try:
            _write(job, owner, extension)
        except DatabaseError:
            logger.exception("Export %s failed", job.pk)
            _fail(job, _("The database did not answer: nothing was saved. Try again later."))
        except Exception:  # a bug: the job still ends, and says so, rather than hang running
            logger.exception("Export %s failed", job.pk)
            _fail(job, _("Something went wrong on the server: nothing was saved. Try again later."))


def _fail(job, message):
    job.drop_file(Chunk.Part.RESULT)
    job.fail(message)


def _write(job, owner, extension):
    with progress_writer(job) as progress, tempfile.SpooledTemporaryFile(SPOOL_BYTES) as file:
        written = export.FORMATS[extension](owner, progress)
        file.writelines(part.encode() for part in written)
        file.seek(0)
        job.save_file(Chunk.Part.RESULT, iter(lambda: file.read(SPOOL_BYTES), b""))
    message = ngettext(
        "Your file of %(count)s game is ready.", "Your file of %(count)s games is ready.",
        job.total,
    ) % {"count": job.total}  # fmt: skip
    if not job.finish(message):  # given up meanwhile: its file goes with it
        job.drop_file(Chunk.Part.RESULT)


PROGRESS = "export_progress"


@contextmanager
def progress_writer(job):
    """A function that records how many games the export has written, and that its worker is
    alive. On a connection of its own: the export's snapshot is a transaction that writes
    nothing and whose writes nobody would see before its end. Inside a caller's transaction
    (a test's) the export takes no snapshot of its own, and the progress is written in it; so
    it is in a database in memory (tests again), which a second connection cannot close."""
    in_memory = connection.vendor == "sqlite" and connection.is_in_memory_db()
    if connection.in_atomic_block or in_memory:
        yield lambda done: job.advance(done, job.total)
        return
    connections[PROGRESS] = connections.create_connection(DEFAULT_DB_ALIAS)
    try:
        jobs = Job.objects.using(PROGRESS).filter(pk=job.pk)
        yield lambda done: jobs.update(done=min(done, job.total), heartbeat=timezone.now())
    finally:
        connections[PROGRESS].close()
        del connections[PROGRESS]


def drop_old_files():
    """Exports are held EXPORT_KEEP_SECONDS for their owner to download, then deleted."""
    before = timezone.now() - timedelta(seconds=settings.EXPORT_KEEP_SECONDS)
    old = Job.objects.filter(kind=Job.Kind.EXPORT, finished_at__lt=before).exclude(result_name="")
    for job in old:
        with translation.override(job.language):
            gone = _("This file was deleted after a while: export your games again.")
        Chunk.objects.filter(job=job).delete()
        Job.objects.filter(pk=job.pk).update(result_name="", message=gone)
