"""Deleting an account is a job: the request disables it at once (signed out everywhere, its
scorer and live links stopped) and the worker deletes its games in chunks, each its own
transaction; nothing of the account remains."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.tasks import default_task_backend
from django.test.utils import CaptureQueriesContext

from games.models import Entry, Game, KeptTable, Night, Player, Round, ScorerLink, Seat, ShareLink
from games.reports import counting
from games.services import deletion
from games.services.links import add_scorer_link
from jobs.models import Job
from tests.helpers import seeding

PASSWORD = "correct-horse-9"  # tests/conftest.py


@pytest.fixture
def queue(settings):
    """Tasks queued, not run (Django's DummyBackend)."""
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}
    default_task_backend.clear()
    yield default_task_backend
    default_task_backend.clear()


def run(queue):
    for result in list(queue.results):
        result.task.call(*result.args, **result.kwargs)


def nothing_left_of(owner_pk):
    models = (Game.including_imports, Night.objects, Player.objects, Job.objects, KeptTable.objects)
    assert not get_user_model().objects.filter(pk=owner_pk).exists()
    for manager in models:
        assert not manager.filter(owner_id=owner_pk).exists(), manager.model
    assert not Seat.objects.filter(player__owner_id=owner_pk).exists()
    assert not Round.objects.filter(game__owner_id=owner_pk).exists()


def test_the_request_disables_the_account_and_leaves_its_games_to_the_worker(
    client, alice_client, alice, bob, make_game, queue
):
    game = make_game(names=("Ana", "Ben"), rounds=[(5, 0)])
    link = add_scorer_link(game)
    share = ShareLink.objects.create(game=game)
    bobs = make_game(names=("Ana", "Ben"), owner=bob)
    other_phone = client.__class__()
    other_phone.force_login(alice)

    response = alice_client.post("/accounts/delete/", {"password": PASSWORD})

    assert response.status_code == 302
    assert Game.objects.filter(owner=alice).exists()  # left to the worker
    assert other_phone.get(f"/games/{game.pk}/").status_code == 302  # to the log-in page
    assert client.get(f"/s/{link.token}/").status_code == 404
    assert client.get(f"/live/{share.token}/").status_code == 404
    [queued] = queue.results
    assert Job.objects.get(owner=alice).kind == Job.Kind.DELETION

    run(queue)
    nothing_left_of(alice.pk)
    assert list(Game.objects.all()) == [bobs]
    assert ScorerLink.objects.count() == 0


def test_the_request_costs_as_many_queries_at_any_size(client, django_user_model, queue):
    counts = []
    for name, games in (("small", 3), ("large", 60)):
        owner = django_user_model.objects.create_user(name, password=PASSWORD)
        seeding.finished_games(owner, seeding.tables(games))
        client.force_login(owner)
        with CaptureQueriesContext(connection) as captured:
            assert client.post("/accounts/delete/", {"password": PASSWORD}).status_code == 302
        counts.append(len(captured))
    assert counts[0] == counts[1]


def test_the_worker_deletes_in_chunks_smaller_when_one_took_too_long(
    alice, queue, settings, monkeypatch
):
    settings.DELETION_CHUNK_SECONDS = 0  # every chunk too long: the next one halves
    seeding.finished_games(alice, seeding.tables(120))
    counting.keep(alice)
    seen = []
    monkeypatch.setattr(Job, "advance", lambda job, done, total=None: seen.append((done, total)))
    from accounts import services as accounts

    accounts.disable_account(alice, "en")
    run(queue)
    assert seen == [(50, 120), (75, 120), (87, 120), (97, 120), (107, 120), (117, 120),
                    (120, 120)]  # fmt: skip
    nothing_left_of(alice.pk)


def test_the_chunks_grow_to_their_most_each_its_own_transaction(
    alice_client, alice, queue, settings, monkeypatch
):
    """A big account's deletion in small: the chunks double while they are quick, up to their
    most, then go on at the most; each chunk's games are deleted in a transaction of its own
    (here a savepoint inside the test's), never outside one; nothing is left, its numbers typed
    included. At full size (20,000 games, chunks of 2,000): bench/full_size/."""
    settings.DELETION_CHUNK_SECONDS = 3600  # every chunk quick: the next one doubles
    monkeypatch.setattr(deletion, "FIRST_CHUNK", 5)
    monkeypatch.setattr(deletion, "MOST_CHUNK", 40)
    seeding.finished_games(alice, seeding.tables(300))
    seen = []
    monkeypatch.setattr(Job, "advance", lambda job, done, total=None: seen.append(done))
    assert alice_client.post("/accounts/delete/", {"password": PASSWORD}).status_code == 302
    assert Entry.objects.exists()

    with CaptureQueriesContext(connection) as captured:
        run(queue)

    assert seen == [5, 15, 35, 75, 115, 155, 195, 235, 275, 300]
    assert games_deleted_by_transaction(captured) == [1] * len(seen)
    nothing_left_of(alice.pk)
    assert not Entry.objects.exists()


def games_deleted_by_transaction(captured):
    """The number of statements that delete games in each savepoint of `captured` that holds
    some; one outside any fails."""
    deletes, depth = [], 0
    for query in captured.captured_queries:
        sql = query["sql"]
        if sql.startswith("SAVEPOINT"):
            depth += 1
            deletes.append(0)
        elif sql.startswith(("RELEASE SAVEPOINT", "ROLLBACK TO SAVEPOINT")):
            depth -= 1
        elif sql.startswith('DELETE FROM "games_game"'):
            assert depth > 0, sql
            deletes[-1] += 1
    return [count for count in deletes if count]
