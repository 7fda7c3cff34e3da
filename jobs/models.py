"""Heavy work a person asked for (an import, an export, a mail), done by a task off the request.

A `Job` is what the person sees of it: whose it is, how far it went, how it ended. The task
itself is django.tasks' (TASKS in scorekeeper/settings.py; django-tasks-db's queue by default):
the request saves the job, enqueues its task and answers at once with the job's progress page.
Files travel in the database (`Chunk`), not on one node's disk, since any node's worker may run
the task: an upload in, a result out.
"""

import contextlib
import os
import socket
from datetime import timedelta

from django.conf import settings
from django.db import models, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

CHUNK_BYTES = 1024 * 1024
# What an export hands out, by its extension (games/archive/export_job.py).
CONTENT_TYPES = {"json": "application/json", "csv": "text/csv; charset=utf-8"}


def this_worker():
    """Where a task runs: "host:pid", for the next worker on the host to tell it is gone."""
    return f"{socket.gethostname()}:{os.getpid()}"


def is_gone(worker):
    """Whether `worker` ("host:pid") was a process of this host that no longer runs."""
    host, _sep, pid = worker.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # the number is another user's process now: ours is gone
        return True
    return False


class JobQuerySet(models.QuerySet):
    def unfinished(self):
        return self.filter(state__in=[Job.State.RECEIVING, Job.State.QUEUED, Job.State.RUNNING])

    def active(self):
        """Receiving its file, queued, or running, in a process that is alive: what "one at a
        time" counts."""
        return self.unfinished().exclude(pk__in=self.abandoned().values("pk"))

    def last_backup(self):
        """The latest JSON export, being written or with its file still held: the account
        deletion page's last backup."""
        exports = self.filter(kind=Job.Kind.EXPORT, result_type=CONTENT_TYPES["json"])
        under_way = exports.unfinished().first()
        return under_way or exports.filter(state=Job.State.DONE).exclude(result_name="").first()

    def abandoned(self):
        """Jobs whose process is gone, killed or silent for JOB_STALE_SECONDS: running on a
        worker, or receiving their file in a request that was cut off."""
        running = self.filter(state__in=[Job.State.RECEIVING, Job.State.RUNNING])
        silent = {job.pk for job in running.filter(heartbeat__lt=stale_before())}
        gone = {job.pk for job in running.exclude(pk__in=silent) if is_gone(job.worker)}
        return self.filter(pk__in=silent | gone)


def stale_before():
    return timezone.now() - timedelta(seconds=settings.JOB_STALE_SECONDS)


class Job(models.Model):
    class Kind(models.TextChoices):
        IMPORT = "import", _("Import of a backup")
        EXPORT = "export", _("Export of the history")
        DELETION = "deletion", _("Deletion of the account")

    class State(models.TextChoices):
        # An upload's job is made before its body is read, so that the account's other
        # uploads are refused unread (games/archive/quota.py); queued once the file is stored.
        RECEIVING = "receiving", _("Receiving the file")
        QUEUED = "queued", _("Waiting to start")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Stopped")

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="jobs", verbose_name=_("owner")
    )
    kind = models.CharField(_("kind"), max_length=20, choices=Kind)
    state = models.CharField(_("state"), max_length=10, choices=State, default=State.QUEUED)
    # The reader's language when it was asked for: the task writes its words in it.
    language = models.CharField(_("language"), max_length=10, default="en")
    done = models.PositiveIntegerField(_("done"), default=0)
    total = models.PositiveIntegerField(_("total"), default=0)
    message = models.TextField(_("message"), blank=True, default="")
    details = models.JSONField(_("details"), default=list, blank=True)  # one reason a line
    result_name = models.CharField(_("result file name"), max_length=100, blank=True, default="")
    result_type = models.CharField(_("result content type"), max_length=100, blank=True, default="")
    created_at = models.DateTimeField(_("asked at"), auto_now_add=True, db_index=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    # Raised at each step while it runs: a running job silent for long lost its worker.
    heartbeat = models.DateTimeField(_("last heard of"), null=True, blank=True)
    worker = models.CharField(_("worker"), max_length=200, blank=True, default="")
    # The id of the django.tasks result of its task: a task that ended in an error without
    # ending its job (a bug it did not catch) is seen on the job's page (jobs/cleanup.py).
    task_id = models.CharField(_("task"), max_length=64, blank=True, default="")

    objects = JobQuerySet.as_manager()
    # Kinds that go on where they stopped when their worker dies, rather than being undone.
    RESUMED = (Kind.DELETION,)

    class Meta:
        verbose_name = _("job")
        verbose_name_plural = _("jobs")
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["owner", "kind", "-created_at"], name="job_owner_kind")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(total=0) | models.Q(done__lte=models.F("total")),
                name="job_done_within_total",
            ),
        ]

    def __str__(self):
        return f"{self.get_kind_display()} {self.pk} ({self.get_state_display()})"

    def get_absolute_url(self):
        return reverse("job", args=[self.pk])

    @property
    def is_over(self):
        return self.state in (self.State.DONE, self.State.FAILED)

    @property
    def percent(self):
        return round(100 * self.done / self.total) if self.total else 0

    def reload(self):
        """Read the job again; one deleted meanwhile (with its account) stays as it was read."""
        with contextlib.suppress(Job.DoesNotExist):
            self.refresh_from_db()

    def start(self, total=0):
        """Claim the job for this worker; False if it is no longer queued (run twice, or
        given up while it waited)."""
        claimed = Job.objects.filter(pk=self.pk, state=self.State.QUEUED).update(
            state=self.State.RUNNING, total=total, worker=this_worker(), heartbeat=timezone.now()
        )
        self.reload()
        return bool(claimed)

    def resume(self):
        """Queue again a job whose worker is gone (a kind of Job.RESUMED); False if it is no
        longer running."""
        queued = Job.objects.filter(pk=self.pk, state=self.State.RUNNING).update(
            state=self.State.QUEUED, worker="", heartbeat=None
        )
        self.reload()
        return bool(queued)

    def queued_as(self, result):
        """Remember the django.tasks result of the task queued for this job."""
        self.task_id = str(result.id)
        Job.objects.filter(pk=self.pk).update(task_id=self.task_id)

    def advance(self, done, total=None):
        """Record progress; it also tells the other workers this one is alive."""
        self.done = done if total is None else min(done, total)
        self.total = self.total if total is None else total
        Job.objects.filter(pk=self.pk).update(
            done=self.done, total=self.total, heartbeat=timezone.now()
        )

    def finish(self, message="", state=State.DONE, details=()):
        """End the job as it went, unless it was already ended (given up as abandoned): then
        False, and the caller undoes its work. Call it inside the transaction that makes the
        work visible, so both happen or neither. A queued job ends here only as given up: its
        task failed before it claimed the job (jobs/cleanup.py)."""
        with transaction.atomic():
            under_way = [self.State.RECEIVING, self.State.QUEUED, self.State.RUNNING]
            ended = Job.objects.filter(pk=self.pk, state__in=under_way).update(
                state=state,
                message=message,
                details=list(details),
                finished_at=timezone.now(),
                heartbeat=timezone.now(),
                done=models.F("total") if state == self.State.DONE else models.F("done"),
            )
        self.reload()
        return bool(ended)

    def fail(self, message, details=()):
        return self.finish(message, self.State.FAILED, details)

    def refuse(self, message, details=()):
        """End a job that never started (refused before it ran)."""
        Job.objects.filter(pk=self.pk, state=self.State.QUEUED).update(
            state=self.State.FAILED, message=message, details=list(details),
            finished_at=timezone.now(),
        )  # fmt: skip
        self.reload()

    def received(self, part, stream):
        """Store the upload `stream` as `part`, then queue the job; False if it was given up
        meanwhile (its request judged dead), and then nothing is stored. A chunk a transaction:
        on SQLite, the other accounts' saves go in between."""
        self.save_file(part, stream)
        queued = Job.objects.filter(pk=self.pk, state=self.State.RECEIVING).update(
            state=self.State.QUEUED, heartbeat=None, worker=""
        )
        if not queued:
            self.drop_file(part)
        self.reload()
        return bool(queued)

    def release(self):
        """Forget a job whose upload was not received whole (a refused form, a broken
        request): it never counted. True if it was forgotten, False if it went on."""
        deleted, _by_model = Job.objects.filter(pk=self.pk, state=self.State.RECEIVING).delete()
        return bool(deleted)

    # Files, stored in the database a chunk at a time (a node's disk is not the others').
    def save_file(self, part, stream):
        """Store `stream` (an upload, or the bytes a task writes) as this job's `part`."""
        self.drop_file(part)
        for index, data in enumerate(_chunks(stream)):
            Chunk.objects.create(job=self, part=part, index=index, data=data)

    def open_file(self, part):
        """This job's `part`, as a binary file read a chunk at a time."""
        return ChunkReader(self, part)

    def drop_file(self, part):
        Chunk.objects.filter(job=self, part=part).delete()

    def file_size(self, part):
        sizes = Chunk.objects.filter(job=self, part=part).aggregate(
            size=models.Sum(models.functions.Length("data"))
        )
        return sizes["size"] or 0


def _chunks(stream):
    if isinstance(stream, bytes | bytearray):
        stream = [stream]
    pending = bytearray()
    for piece in stream:
        pending += piece
        while len(pending) >= CHUNK_BYTES:
            yield bytes(pending[:CHUNK_BYTES])
            del pending[:CHUNK_BYTES]
    if pending:
        yield bytes(pending)


class Chunk(models.Model):
    class Part(models.TextChoices):
        UPLOAD = "upload", _("upload")
        RESULT = "result", _("result")

    job = models.ForeignKey(Job, models.CASCADE, related_name="chunks", verbose_name=_("job"))
    part = models.CharField(_("part"), max_length=10, choices=Part)
    index = models.PositiveIntegerField(_("index"))
    data = models.BinaryField(_("data"))

    class Meta:
        verbose_name = _("file chunk")
        verbose_name_plural = _("file chunks")
        constraints = [
            models.UniqueConstraint("job", "part", "index", name="chunk_once_per_place"),
        ]


class ChunkReader:
    """A job's file, read as a stream: one chunk in memory at a time (a read stops at the end
    of a chunk, as a raw file's may)."""

    def __init__(self, job, part):
        self.job, self.part, self.index = job, part, 0
        self.chunk, self.position = b"", 0

    def read(self, size=-1):
        if self.position >= len(self.chunk):
            self.chunk, self.position = self._next_chunk(), 0
        end = len(self.chunk) if size < 0 else self.position + size
        data = self.chunk[self.position : end]
        self.position += len(data)
        return data

    def _next_chunk(self):
        row = Chunk.objects.filter(job=self.job, part=self.part, index=self.index)
        data = row.values_list("data", flat=True).first()
        if data is None:
            return b""
        self.index += 1
        return bytes(data)

    def __iter__(self):
        while data := self.read():
            yield data

    def close(self):
        self.chunk = b""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
