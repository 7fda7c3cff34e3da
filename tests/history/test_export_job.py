"""The history's export buttons queue a job; its page offers the file when it is written."""

import json
from datetime import timedelta

import pytest
from django.db import DatabaseError
from django.utils import timezone

from games.archive import export, export_job
from jobs.models import Job
from tests.helpers.pagetext import tags
from tests.helpers.sheet import FINISHED


def exported_file(client, extension, **headers):
    """The file of an export asked for from the history, as its job's page offers it."""
    response = client.post(f"/history/export.{extension}", headers=headers)
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    job = Job.objects.get(pk=response["Location"].split("/")[-2])
    assert tags(page, "a", href=f"/jobs/{job.pk}/file/")
    return job, client.get(f"/jobs/{job.pk}/file/")


def read(response):
    """The whole of a file's response: read to its end, the test client closes it (a file)."""
    return b"".join(response.streaming_content)


@pytest.mark.engine
def test_the_json_export_is_written_by_a_job_and_offered_on_its_page(alice_client, make_game):
    games = [make_game(rounds=FINISHED), make_game(names=("Ana", "Dan"), rounds=[(4, 0)])]

    job, response = exported_file(alice_client, "json")

    assert job.state == Job.State.DONE and job.kind == Job.Kind.EXPORT
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].startswith('attachment; filename="scorekeeper-')
    backup = json.loads(response.getvalue())["games"]
    assert [game["id"] for game in backup] == [games[1].pk, games[0].pk]
    assert backup == [alice_client.get(f"/games/{game['id']}.json").json() for game in backup]


def test_the_csv_job_writes_in_the_language_it_was_asked_in(alice_client, make_game):
    make_game(names=("Zoé", "Léon"), rounds=[(3, 0)], kind="lato")

    _job, response = exported_file(alice_client, "csv", accept_language="fr")

    text = response.getvalue().decode("utf-8-sig")
    assert text.splitlines()[0].startswith("partie;date;manche")
    assert "LAMA, règle Lato z komarami" in text


def test_another_accounts_export_is_a_404(alice_client, make_game, client, bob):
    make_game(rounds=FINISHED)
    job, _response = exported_file(alice_client, "json")
    client.force_login(bob)

    assert client.get(f"/jobs/{job.pk}/").status_code == 404
    assert client.get(f"/jobs/{job.pk}/file/").status_code == 404


@pytest.mark.engine
def test_exports_past_the_hourly_limit_are_refused_with_a_message(alice_client, settings):
    settings.EXPORTS_PER_HOUR = 2
    alice_client.post("/history/export.json")
    read(alice_client.get("/history/export.csv"))  # one written in the request counts too

    refused = alice_client.post("/history/export.csv", follow=True)
    streamed = alice_client.get("/history/export.json", follow=True)

    assert "You asked for 2 exports in the last hour" in refused.content.decode()
    assert "You asked for 2 exports in the last hour" in streamed.content.decode()
    assert Job.objects.filter(kind=Job.Kind.EXPORT).count() == 1  # the streamed one made none


def test_an_hour_later_the_account_may_export_again(alice_client, settings, monkeypatch):
    settings.EXPORTS_PER_HOUR = 1
    alice_client.post("/history/export.json")
    later = timezone.now() + timedelta(minutes=61)
    monkeypatch.setattr(timezone, "now", lambda: later)

    response = alice_client.post("/history/export.json")

    assert response["Location"].startswith("/jobs/")


def test_a_file_older_than_the_setting_is_deleted_and_no_longer_offered(
    alice_client, make_game, settings
):
    make_game(rounds=FINISHED)
    old, response = exported_file(alice_client, "json")
    read(response)
    Job.objects.filter(pk=old.pk).update(finished_at=timezone.now() - timedelta(days=2))
    settings.EXPORT_KEEP_SECONDS = 24 * 60 * 60

    read(exported_file(alice_client, "csv")[1])  # the next export clears what is past its age

    old.refresh_from_db()
    assert old.result_name == "" and old.file_size("result") == 0
    assert alice_client.get(f"/jobs/{old.pk}/file/").status_code == 404
    assert "was deleted after a while" in alice_client.get(f"/jobs/{old.pk}/").content.decode()


def test_the_job_counts_the_games_it_writes(alice, make_game):
    for _ in range(3):
        make_game(rounds=FINISHED)

    job = export_job.queue(alice, "csv")

    job.refresh_from_db()
    assert (job.done, job.total) == (3, 3)
    assert "3 games" in job.message


@pytest.mark.engine
@pytest.mark.parametrize(
    ("error", "message"),
    [
        (DatabaseError("the server went away"), "The database did not answer: nothing was saved."),
        (KeyError("a bug"), "Something went wrong on the server: nothing was saved."),
    ],
)
def test_an_export_that_fails_says_so_and_keeps_nothing(
    alice_client, make_game, monkeypatch, error, message
):
    make_game(rounds=FINISHED)

    def broken(owner, progress=None):
        yield "[\n"
        raise error

    monkeypatch.setitem(export.FORMATS, "json", broken)
    response = alice_client.post("/history/export.json", follow=True)

    job = Job.objects.get()
    assert job.state == Job.State.FAILED and job.file_size("result") == 0
    assert message in response.content.decode()
    polls = tags(response.text, data_hx_trigger=True)
    assert not [p for p in polls if p["data-hx-trigger"].startswith("every")]  # no more polling
    assert alice_client.get(f"/jobs/{job.pk}/file/").status_code == 404


@pytest.mark.engine
def test_a_get_of_an_account_too_big_to_stream_is_queued_as_a_job(
    alice_client, make_game, settings
):
    make_game(rounds=FINISHED)
    settings.EXPORT_STREAM_MAX_ROUNDS = len(FINISHED)
    sent = alice_client.get("/history/export.json")  # at the limit: written in the request
    assert sent.streaming and json.loads(sent.getvalue())["games"]

    make_game(names=("Ana", "Dan"), rounds=[(4, 0)])
    response = alice_client.get("/history/export.csv")

    job = Job.objects.get()
    assert response["Location"] == f"/jobs/{job.pk}/"  # its page offers the file, never cut off
    assert job.state == Job.State.DONE and job.result_name.endswith(".csv") and job.total == 2
