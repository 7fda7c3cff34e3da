"""The progress page of a job: its owner's alone, a real progress bar, polled until over."""

import re

import pytest
from django.tasks import TaskResultStatus
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from games.archive import export_job
from jobs.models import Chunk, Job


@pytest.fixture
def job(alice):
    return Job.objects.create(owner=alice, kind=Job.Kind.IMPORT)


def page(client, job, **headers):
    return client.get(reverse("job", args=[job.pk]), headers=headers)


def test_it_checks_ownership(client, bob, job):
    client.force_login(bob)
    assert page(client, job).status_code == 404
    assert client.get(reverse("job_file", args=[job.pk])).status_code == 404


def test_it_asks_to_log_in(client, job):
    response = page(client, job)
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


def test_a_running_job_shows_a_labelled_bar_and_asks_again(alice_client, job):
    assert job.start(total=40)
    job.advance(10)
    html = page(alice_client, job).content.decode()
    bar = re.search(r'<progress id="job-bar" max="40" value="10">25%</progress>', html)
    assert bar, html
    assert '<label for="job-bar">10 of 40 games checked</label>' in html
    assert 'data-hx-trigger="every 1s"' in html
    assert '<noscript><meta http-equiv="refresh" content="1"></noscript>' in html


def test_a_queued_job_shows_a_bar_that_waits(alice_client, job):
    html = page(alice_client, job).content.decode()
    assert '<progress id="job-bar">' in html
    assert "Waiting for the server to start it" in html


def test_htmx_gets_the_progress_alone(alice_client, job):
    response = page(alice_client, job, HX_Request="true")
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="job-progress"')
    assert "<h1>" not in html
    assert "HX-Request" in response["Vary"]
    assert response["Cache-Control"] == "no-store"


def test_a_finished_job_stops_asking_and_tells_the_outcome(alice_client, job):
    job.start(total=3)
    assert job.finish("3 games imported.")
    html = page(alice_client, job).content.decode()
    assert 'max="3" value="3"' in html
    assert "3 games imported." in html
    assert "data-hx-trigger" not in html
    assert "http-equiv" not in html


def test_a_failed_job_lists_its_reasons(alice_client, job):
    job.start(total=3)
    assert job.fail("the file is refused.", ["Game 2: its rounds must be a list."])
    html = page(alice_client, job).content.decode()
    assert 'role="alert"' in html
    assert "Nothing was imported:" in html
    assert "Game 2: its rounds must be a list." in html


def test_the_page_is_in_french_for_a_french_reader(alice_client, job):
    job.start(total=2)
    html = page(alice_client, job, Accept_Language="fr").content.decode()
    assert "0 sur 2 parties vérifiées" in html


def test_a_finished_job_offers_its_file(alice_client, alice):
    job = Job.objects.create(owner=alice, kind=Job.Kind.EXPORT)
    job.start(total=1)
    job.save_file(Chunk.Part.RESULT, [b"[", b"]"])
    Job.objects.filter(pk=job.pk).update(result_name="backup.json", result_type="application/json")
    job.finish("Ready.")
    html = page(alice_client, job).content.decode()
    assert f'href="{reverse("job_file", args=[job.pk])}"' in html
    response = alice_client.get(reverse("job_file", args=[job.pk]))
    assert b"".join(response.streaming_content) == b"[]"
    assert response["Content-Disposition"] == 'attachment; filename="backup.json"'


def test_no_file_before_the_job_is_done(alice_client, alice):
    job = Job.objects.create(owner=alice, kind=Job.Kind.EXPORT, result_name="backup.json")
    assert alice_client.get(reverse("job_file", args=[job.pk])).status_code == 404


def test_a_job_whose_task_failed_says_so_rather_than_run_for_ever(alice, alice_client, settings):
    """A task that raised past its own handling (a bug) leaves its job running; the queue
    knows it failed, and the job's page, which asks it, ends the job."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    job = export_job.queue(alice, "json")
    assert job.task_id and job.start()
    DBTaskResult.objects.filter(id=job.task_id).update(status=TaskResultStatus.FAILED)

    html = page(alice_client, job).content.decode()

    assert "It stopped on an error on the server: nothing was kept." in html
    assert "data-hx-trigger" not in html
    job.refresh_from_db()
    assert job.state == Job.State.FAILED
