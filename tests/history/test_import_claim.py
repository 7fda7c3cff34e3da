"""An account's turn to import is taken before its upload is read: an upload refused by the
account's limits is neither parsed nor stored, and a turn whose upload never arrived whole is
given back."""

from datetime import timedelta

import pytest
from django.http import multipartparser
from django.test import Client
from django.utils import timezone

from games.archive import quota
from jobs.cleanup import abandon_dead_jobs
from jobs.models import Chunk, Job
from tests.helpers.pagetext import tags
from tests.history.test_backup_import import a_game, upload

pytestmark = pytest.mark.engine


@pytest.fixture
def no_parsing(monkeypatch):
    """Fails the request if its multipart body is parsed."""

    def parsed(self):
        raise AssertionError("the body was parsed")

    monkeypatch.setattr(multipartparser.MultiPartParser, "parse", parsed)


def test_an_upload_refused_by_the_accounts_limits_is_not_parsed(alice, alice_client, no_parsing):
    running = Job.objects.create(owner=alice, kind=Job.Kind.IMPORT)

    response = upload(alice_client, [a_game()])

    assert response.response.status_code == 422
    assert "An import of yours is still running" in response.html
    assert tags(response.html, "a", href=f"/jobs/{running.pk}/")
    assert list(Job.objects.all()) == [running]


def test_an_upload_still_being_received_holds_the_accounts_turn(alice, alice_client):
    job, refusal = claim(alice)

    response = upload(alice_client, [a_game()])

    assert refusal is None and job.state == Job.State.RECEIVING
    assert response.response.status_code == 422
    assert "An import of yours is still running" in response.html
    assert Job.objects.count() == 1


def test_an_upload_cut_off_gives_its_turn_back_once_stale(alice, alice_client, settings):
    job, _refusal = claim(alice)
    long_ago = timezone.now() - timedelta(seconds=settings.JOB_STALE_SECONDS + 1)
    Job.objects.filter(pk=job.pk).update(heartbeat=long_ago, worker="elsewhere:1")

    assert upload(alice_client, [a_game()]).imported
    assert abandon_dead_jobs() == 1
    job.refresh_from_db()
    assert job.state == Job.State.FAILED


def test_an_upload_whose_request_process_died_gives_its_turn_back(alice, alice_client):
    job, _refusal = claim(alice)
    Job.objects.filter(pk=job.pk).update(worker=f"{job.worker.rpartition(':')[0]}:999999999")

    assert upload(alice_client, [a_game()]).imported


@pytest.mark.parametrize("content", [b"", None])
def test_a_form_refused_gives_the_turn_back(alice_client, content):
    if content is None:
        response = alice_client.post("/history/import/", {})
        assert "This field is required." in response.content.decode()
    else:
        response = upload(alice_client, content).response
        assert "The submitted file is empty." in response.content.decode()

    assert response.status_code == 422
    assert not Job.objects.exists()
    assert upload(alice_client, [a_game()]).imported


def test_a_forged_upload_is_refused_by_the_csrf_check_and_leaves_no_job(alice):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)

    response = upload(client, [a_game()]).response

    assert response.status_code == 403
    assert not Job.objects.exists() and not Chunk.objects.exists()


def test_an_upload_given_up_while_it_was_stored_keeps_nothing(alice, alice_client, monkeypatch):
    """The request took so long that a worker judged it dead: the file is dropped, and the
    reader is asked to send it again."""
    save_file = Job.save_file

    def slow_save(job, part, stream):
        save_file(job, part, stream)
        Job.objects.filter(pk=job.pk).update(state=Job.State.FAILED)

    monkeypatch.setattr(Job, "save_file", slow_save)

    response = upload(alice_client, [a_game()])

    assert response.response.status_code == 422
    assert "The upload took too long: send the file again." in response.html
    assert not Chunk.objects.exists()


def claim(owner):
    return quota.claim_import(owner, "en")
