"""The progress page of a job: its owner's alone, a real progress bar, polled until over."""

import pytest
from django.tasks import TaskResultStatus
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from games.archive import export_job
from jobs.models import Chunk, Job
from tests.helpers.pagetext import parts, tags, texts


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
    assert texts(html, "progress", id="job-bar", max="40", value="10") == ["25%"]
    assert texts(html, "label", for_="job-bar") == ["10 of 40 games checked"]
    assert tags(html, data_hx_trigger="every 1s")
    [noscript] = parts(html, "noscript")
    assert tags(noscript, "meta", http_equiv="refresh", content="1")


def test_a_queued_job_shows_a_bar_that_waits(alice_client, job):
    html = page(alice_client, job).content.decode()
    assert tags(html, "progress") == [{"id": "job-bar"}]  # no max, no value: it waits
    assert "Waiting for the server to start it" in html


def test_htmx_gets_the_progress_alone(alice_client, job):
    response = page(alice_client, job, HX_Request="true")
    html = response.content.decode()
    assert parts(html, "section", id="job-progress") == [html.strip()]
    assert not tags(html, "h1")
    assert "HX-Request" in response["Vary"]
    assert response["Cache-Control"] == "no-store"


def test_a_finished_job_stops_asking_and_tells_the_outcome(alice_client, job):
    job.start(total=3)
    assert job.finish("3 games imported.")
    html = page(alice_client, job).content.decode()
    assert tags(html, "progress", id="job-bar", max="3", value="3")
    assert "3 games imported." in html
    assert not tags(html, data_hx_trigger=True)
    assert not tags(html, http_equiv=True)


def test_a_failed_job_lists_its_reasons(alice_client, job):
    job.start(total=3)
    assert job.fail("the file is refused.", ["Game 2: its rounds must be a list."])
    html = page(alice_client, job).content.decode()
    [alert] = texts(html, role="alert")
    assert "Nothing was imported:" in alert
    assert "Game 2: its rounds must be a list." in alert


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
    assert tags(html, "a", href=reverse("job_file", args=[job.pk]))
    response = alice_client.get(reverse("job_file", args=[job.pk]))
    assert b"".join(response.streaming_content) == b"[]"
    assert response["Content-Disposition"] == 'attachment; filename="backup.json"'


def test_no_file_before_the_job_is_done(alice_client, alice):
    job = Job.objects.create(owner=alice, kind=Job.Kind.EXPORT, result_name="backup.json")
    assert alice_client.get(reverse("job_file", args=[job.pk])).status_code == 404


@pytest.mark.parametrize("started", [True, False], ids=["running", "before it started"])
def test_a_job_whose_task_failed_says_so_rather_than_run_for_ever(
    alice, alice_client, settings, started
):
    """A task that raised past its own handling (a bug) leaves its job running, or queued if
    it raised before claiming it; the queue knows it failed, and the job's page, which asks
    it, ends the job."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    job = export_job.queue(alice, "json")
    assert job.task_id
    if started:
        assert job.start()
    DBTaskResult.objects.filter(id=job.task_id).update(status=TaskResultStatus.FAILED)

    html = page(alice_client, job).content.decode()

    assert "It stopped on an error on the server: nothing was saved." in html
    assert "data-hx-trigger" not in html
    job.refresh_from_db()
    assert job.state == Job.State.FAILED
