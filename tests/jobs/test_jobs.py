"""What a job records, and how one whose worker died is told from a running one."""

import subprocess
import sys
from datetime import timedelta

import pytest
from django.utils import timezone

from jobs import cleanup, models
from jobs.models import CHUNK_BYTES, Chunk, Job
from jobs.signals import abandoned


@pytest.fixture
def job(alice):
    return Job.objects.create(owner=alice, kind=Job.Kind.IMPORT)


def dead_pid():
    """The number of a process that has ended (and been waited for)."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def test_a_job_is_claimed_once(job):
    assert job.start(total=5)
    assert job.state == Job.State.RUNNING
    assert job.worker == models.this_worker()
    assert not Job.objects.get(pk=job.pk).start(total=5)


def test_a_job_ended_as_abandoned_cannot_be_finished_after(job):
    job.start(total=2)
    assert cleanup.abandon([job]) == 1
    assert not job.finish("2 games imported.")
    job.refresh_from_db()
    assert job.state == Job.State.FAILED
    assert "nothing was saved" in job.message


def test_a_job_whose_worker_process_is_gone_is_abandoned(job):
    job.start(total=2)
    assert list(Job.objects.abandoned()) == []
    host = models.this_worker().rpartition(":")[0]
    Job.objects.filter(pk=job.pk).update(worker=f"{host}:{dead_pid()}")
    assert list(Job.objects.abandoned()) == [job]
    assert list(Job.objects.active()) == []


def test_a_job_of_another_host_is_abandoned_only_once_silent(job, settings):
    job.start(total=2)
    Job.objects.filter(pk=job.pk).update(worker="elsewhere:1")
    assert list(Job.objects.abandoned()) == []
    assert list(Job.objects.active()) == [job]
    long_ago = timezone.now() - timedelta(seconds=settings.JOB_STALE_SECONDS + 1)
    Job.objects.filter(pk=job.pk).update(heartbeat=long_ago)
    assert list(Job.objects.abandoned()) == [job]


def test_abandoning_asks_the_owner_app_to_undo_and_drops_the_files(job):
    job.start(total=1)
    job.save_file(Chunk.Part.UPLOAD, b"[]")
    undone = []
    receiver = lambda sender, job, **kwargs: undone.append(job.pk)  # noqa: E731
    abandoned.connect(receiver)
    try:
        cleanup.abandon([job])
    finally:
        abandoned.disconnect(receiver)
    assert undone == [job.pk]
    assert not Chunk.objects.filter(job=job).exists()


def test_a_file_goes_back_as_it_came_a_chunk_at_a_time(job):
    data = bytes(range(256)) * (CHUNK_BYTES // 100)  # a little more than 2.5 chunks
    job.save_file(Chunk.Part.UPLOAD, [data[:1000], data[1000:]])
    assert Chunk.objects.filter(job=job).count() == 3
    assert job.file_size(Chunk.Part.UPLOAD) == len(data)
    with job.open_file(Chunk.Part.UPLOAD) as stream:
        pieces = []
        while piece := stream.read(70_000):
            assert len(piece) <= 70_000
            pieces.append(piece)
    assert b"".join(pieces) == data


def test_progress_stays_within_the_total(job):
    job.start(total=10)
    job.advance(12, total=10)
    job.refresh_from_db()
    assert (job.done, job.total, job.percent) == (10, 10, 100)
