"""A big account's table is counted by the worker, once per change, never in a page's request:
the pages show the last one kept at once, with a line while a newer one is on its way."""

from datetime import timedelta

import pytest
from django.tasks import default_task_backend
from django.utils import timezone

from accounts.tasks import delete_account
from games.models import Game, KeptTable
from games.reports import counting, recount, table
from games.services.games import delete_game
from games.services.players import merge_players
from tests.helpers import seeding

COUNTING = "the newest games are being counted"


@pytest.fixture
def queue(settings):
    """The tasks queued but not run (Django's DummyBackend): `queue.run()` runs them as the
    worker would."""
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}
    settings.TABLE_IN_REQUEST_GAMES = 5

    class Queue:
        @property
        def waiting(self):
            return list(default_task_backend.results)

        def run(self):
            for result in self.waiting:
                result.task.call(*result.args, **result.kwargs)
            default_task_backend.clear()

    default_task_backend.clear()
    yield Queue()
    default_task_backend.clear()


@pytest.fixture
def big(alice):
    seeding.finished_games(alice, seeding.tables(12))
    return alice


@pytest.fixture
def never_counted(monkeypatch):
    """Fails the test if the request counts the table."""

    def refuse(*args, **kwargs):
        raise AssertionError("the table was counted in the request")

    monkeypatch.setattr(counting, "compute", refuse)


def wins(owner, name="Ana"):
    found = table.tables(owner).of("lama")
    return found.row(owner.players.get(name=name).pk).wins


def test_a_big_account_s_page_shows_the_kept_table_while_the_worker_counts(
    alice_client, big, queue, monkeypatch
):
    counting.keep(big)
    before = wins(big)
    ana = big.players.get(name="Ana")
    early = Game.objects.filter(owner=big, players=ana).order_by("created_at").first()
    delete_game(early)

    with monkeypatch.context() as patched:
        patched.setattr(counting, "compute", lambda *args: pytest.fail("counted in the request"))
        page = alice_client.get("/table/")
        assert page.status_code == 200
        assert COUNTING in page.content.decode()
        assert alice_client.get("/standings.json").status_code == 200
        fay = big.players.get(name="Fay")
        assert COUNTING in alice_client.get(f"/players/{fay.pk}/").content.decode()
        assert table.tables(big).pending
        assert wins(big) == before  # the table as it was kept

    assert len(queue.waiting) == 1  # four pages, one recount
    queue.run()
    assert COUNTING not in alice_client.get("/table/").content.decode()
    recounted = table.tables(big)
    assert not recounted.pending
    names = table.roster_names(big)
    from_the_start, _rated = counting.compute(big)
    assert table.standings_json(recounted, names) == table.standings_json(from_the_start, names)


def test_changes_while_a_recount_waits_join_it(alice_client, big, queue):
    counting.keep(big)
    for game in Game.objects.filter(owner=big)[:3]:
        delete_game(game)
        assert alice_client.get("/standings.json").status_code == 200
    assert len(queue.waiting) == 1
    queue.run()
    delete_game(Game.objects.filter(owner=big).first())
    alice_client.get("/standings.json")
    assert len(queue.waiting) == 1  # a change after the recount started queues the next one


def test_a_recount_counts_every_change_made_before_it_runs(alice_client, big, queue):
    counting.keep(big)
    alice_client.get("/table/")  # nothing changed: nothing queued
    assert queue.waiting == []
    delete_game(Game.objects.filter(owner=big).first())
    alice_client.get("/table/")
    delete_game(Game.objects.filter(owner=big).first())  # while it waits
    queue.run()
    assert not table.tables(big).pending
    assert queue.waiting == []
    assert table.tables(big).of("lama").row(big.players.get(name="Ana").pk).games == 10


def test_a_table_never_counted_says_it_is_being_counted(alice_client, big, queue, never_counted):
    page = alice_client.get("/table/").content.decode()
    assert "being counted from your games" in page
    assert "No finished game yet" not in page
    assert alice_client.get("/standings.json").json() == {}


def test_an_account_s_recounts_wait_for_its_turn(alice_client, big, queue, settings):
    settings.TABLE_RECOUNT_SECONDS = 30
    alice_client.get("/table/")
    [first] = queue.waiting
    assert first.task.run_after is None  # never counted: at once
    queue.run()
    delete_game(Game.objects.filter(owner=big).first())
    alice_client.get("/table/")
    [second] = queue.waiting
    started = KeptTable.objects.get(owner=big).started_at
    assert second.task.run_after == started + timedelta(seconds=30)


def test_a_recount_lost_with_its_worker_is_queued_again(alice_client, big, queue, settings):
    alice_client.get("/table/")
    queue.waiting.clear()
    default_task_backend.clear()  # the worker died with it
    alice_client.get("/table/")
    assert queue.waiting == []  # still waiting, as far as anyone knows
    lost = timezone.now() - timedelta(
        seconds=settings.TABLE_RECOUNT_SECONDS + settings.JOB_STALE_SECONDS + 1
    )
    KeptTable.objects.filter(owner=big).update(queued_at=lost)
    alice_client.get("/table/")
    assert len(queue.waiting) == 1


def test_a_small_account_s_table_is_counted_in_the_request(alice_client, alice, queue):
    seeding.finished_games(alice, seeding.tables(4))
    page = alice_client.get("/table/").content.decode()
    assert COUNTING not in page
    assert queue.waiting == []
    assert not table.tables(alice).pending


def test_a_recount_of_a_deleted_account_does_nothing(big, queue):
    big_pk = big.pk
    delete_account(big)
    recount.recount_table.call(big_pk)
    assert not KeptTable.objects.filter(owner_id=big_pk).exists()


def test_a_player_merged_while_a_recount_waits_is_left_out_of_the_kept_table(
    alice_client, alice, queue
):
    """The kept table shown meanwhile counted a player since merged into another: the pages
    leave them out (a player's page named every opponent, and answered 500 for one gone)."""
    seeding.finished_games(alice, seeding.tables(12, regular_games=6) + [["Ana", "Ben", "Gus"]])
    counting.keep(alice)
    gus, fay, ana = (alice.players.get(name=name) for name in ("Gus", "Fay", "Ana"))
    merge_players(gus, fay)
    for path in ("/table/", "/standings.json", f"/players/{ana.pk}/", f"/players/{fay.pk}/"):
        assert alice_client.get(path).status_code == 200, path
    shown = table.tables(alice)
    assert shown.pending
    assert gus.pk not in shown.of("lama").history
    assert all(gus.pk not in pair for pair in shown.of("lama").pairs)
    queue.run()
    assert table.tables(alice).of("lama").row(fay.pk).games == 7  # Gus's game is Fay's now
