"""An export as a job: the request queues it, a worker writes the file (games/archive/export.py)
and the job's page offers it (jobs/views.py) until it is EXPORT_KEEP_SECONDS old."""

import tempfile
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.tasks import task
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.archive import export
from jobs.models import Chunk, Job

CONTENT_TYPES = {"json": "application/json", "csv": "text/csv; charset=utf-8"}
# The file is written to the worker's disk first (in the snapshot's transaction, which writes
# nothing), then stored with the job a megabyte at a time.
SPOOL_BYTES = 1024 * 1024


class TooMany(Exception):
    """The account asked for EXPORTS_PER_HOUR exports in the last hour already."""


def queue(owner, extension):
    """A new export job of `owner`'s games as `extension`, in the reader's language."""
    day = timezone.localdate().isoformat()
    job = counted(
        owner,
        result_name=f"scorekeeper-{day}.{extension}",
        result_type=CONTENT_TYPES[extension],
    )
    write_export.enqueue(job.pk, extension)
    return job


def counted(owner, **fields):
    """A job of an export for `owner`, if the account has not had EXPORTS_PER_HOUR of them in
    the last hour (TooMany otherwise), whether it is queued or streamed in the request."""
    hour_ago = timezone.now() - timedelta(hours=1)
    with transaction.atomic():
        # Counted under the account's lock, so that two requests at once count each other.
        get_user_model().objects.select_for_update().filter(pk=owner.pk).exists()
        recent = Job.objects.filter(owner=owner, kind=Job.Kind.EXPORT, created_at__gte=hour_ago)
        if recent.count() >= settings.EXPORTS_PER_HOUR:
            raise TooMany
        language = translation.get_language()
        return Job.objects.create(owner=owner, kind=Job.Kind.EXPORT, language=language, **fields)


@task
def write_export(job_pk, extension):
    job = Job.objects.get(pk=job_pk)
    if not job.start(total=job.owner.games.count()):
        return
    drop_old_files()
    with translation.override(job.language), tempfile.SpooledTemporaryFile(SPOOL_BYTES) as file:
        written = export.FORMATS[extension](job.owner)
        file.writelines(part.encode() for part in written)
        file.seek(0)
        job.save_file(Chunk.Part.RESULT, iter(lambda: file.read(SPOOL_BYTES), b""))
        message = ngettext(
            "Your file of %(count)s game is ready.", "Your file of %(count)s games is ready.",
            job.total,
        ) % {"count": job.total}  # fmt: skip
        if not job.finish(message):  # given up meanwhile: its file goes with it
            job.drop_file(Chunk.Part.RESULT)


def drop_old_files():
    """Exports are kept EXPORT_KEEP_SECONDS for their owner to download, then deleted."""
    before = timezone.now() - timedelta(seconds=settings.EXPORT_KEEP_SECONDS)
    old = Job.objects.filter(kind=Job.Kind.EXPORT, finished_at__lt=before).exclude(result_name="")
    for job in old:
        with translation.override(job.language):
            gone = _("This file was deleted after a while: export your games again.")
        Chunk.objects.filter(job=job).delete()
        Job.objects.filter(pk=job.pk).update(result_name="", message=gone)
