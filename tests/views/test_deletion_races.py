"""Deletions in the middle of other writes, each on its own connection (a thread), as two
requests of two phones race on PostgreSQL: the deletion finishes, and the other write is
either done before it or answered 4xx; never a 500, never a deletion undone.

Each race is staged, not left to chance: one side is held at the worst moment (inside its
transaction, or between two of them) while the other runs.
"""

import json
import logging
import threading
import time

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client

import accounts.tasks
from games.archive import restore
from games.archive.tasks import import_backup
from games.models import Game, Player, Round, Seat
from games.rules import Round as Played
from games.services import saves
from games.services.games import start_game
from games.services.links import add_scorer_link
from games.services.rounds import add_round
from jobs.models import Chunk, Job

pytestmark = pytest.mark.engine

PASSWORD = "correct-horse-9"  # alice's (tests/conftest.py)
HELD = 0.5  # seconds a side is held inside its transaction while the other runs into it


@pytest.fixture(autouse=True)
def _postgresql(transactional_db):
    if connection.vendor != "postgresql":
        pytest.skip("the SQLite test database lives in memory: its threads share one connection")


class Elsewhere(threading.Thread):
    """`work()` on another connection, started at once; join() gives its result, or raises
    what it raised."""

    def __init__(self, work):
        super().__init__()
        self.work, self.result, self.error = work, None, None
        self.start()

    def run(self):
        try:
            self.result = self.work()
        except Exception as error:  # noqa: BLE001 (raised again in the test's thread)
            self.error = error
        finally:
            connection.close()

    def join(self, timeout=30):
        super().join(timeout)
        assert not self.is_alive(), "still waiting: a lock never let go"
        if self.error is not None:
            raise self.error
        return self.result


def signed_in(user):
    """A phone of `user`'s; a 500 is an answer like any other, not an exception here."""
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def holding(monkeypatch, owner, name, reached):
    """Replace `owner.name` by itself held for HELD seconds after (or, for a deletion, before)
    it runs, `reached` set when it is reached."""
    real = getattr(owner, name)

    def held(*args, **kwargs):
        result = real(*args, **kwargs) if name != "delete" else None
        reached.set()
        time.sleep(HELD)
        return real(*args, **kwargs) if name == "delete" else result

    monkeypatch.setattr(owner, name, held)


# An account deleted while its import runs


@pytest.fixture
def importing(alice, monkeypatch):
    """Alice's import of five games, one batch each, run by the task on its own connection
    and held after its first batch, with the two games of hers it seats players from."""
    start_game(alice, ["Ana", "Ben"])
    monkeypatch.setattr(restore, "FIRST_BATCH_ROWS", 1)
    monkeypatch.setattr(restore, "next_size", lambda rows, seconds: 1)
    backup = [{"players": ["Ana", "Zoe"], "rounds": [{"entries": {"Ana": n, "Zoe": 0}}]}
              for n in range(1, 6)]  # fmt: skip
    job = Job.objects.create(owner=alice, kind=Job.Kind.IMPORT)
    job.save_file(Chunk.Part.UPLOAD, json.dumps(backup).encode())
    return job


def test_an_account_deleted_between_two_batches_of_its_import_goes_whole(
    alice, importing, monkeypatch, caplog
):
    first_batch, deleted = threading.Event(), threading.Event()
    real = restore._write

    def write(owner, batch, job, nights):
        if first_batch.is_set():
            deleted.wait(30)
        written = real(owner, batch, job, nights)
        first_batch.set()
        return written

    monkeypatch.setattr(restore, "_write", write)
    task = Elsewhere(lambda: import_backup.call(importing.pk))
    assert first_batch.wait(30)
    assert Game.including_imports.filter(importing=importing).count() == 1  # hidden, seating Ana

    response = signed_in(alice).post("/accounts/delete/", {"password": PASSWORD})
    deleted.set()
    task.join()

    assert response.status_code == 302
    assert not get_user_model().objects.filter(pk=alice.pk).exists()
    left = (Game.including_imports.count(), Player.objects.count(), Job.objects.count())
    assert left == (0, 0, 0)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # an end, not a bug


def test_an_account_deleted_during_a_batch_of_its_import_waits_for_it_then_goes_whole(
    alice, importing, monkeypatch, caplog
):
    in_batch = threading.Event()
    holding(monkeypatch, restore, "_insert_games", in_batch)  # inside the batch's transaction
    task = Elsewhere(lambda: import_backup.call(importing.pk))
    assert in_batch.wait(30)

    deletion = Elsewhere(lambda: signed_in(alice).post("/accounts/delete/", {"password": PASSWORD}))
    task.join()

    assert deletion.join().status_code == 302
    left = (Game.including_imports.count(), Player.objects.count(), Job.objects.count())
    assert left == (0, 0, 0)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_an_import_whose_account_was_deleted_before_it_ran_does_nothing(importing, alice):
    accounts.tasks.delete_account(alice)

    import_backup.call(importing.pk)

    assert Game.including_imports.count() == 0


# A game deleted while phones save its rounds

WRITES = {
    "a new round": ("/games/{pk}/rounds/", {"round_number": 2, "seat_0": 1, "seat_1": 2}),
    "an edited round": (
        "/games/{pk}/rounds/1/edit/",
        {"round_number": 1, "seat_0": 2, "seat_1": 1},
    ),
    "an undone round": ("/games/{pk}/undo/", {"round_number": 1}),
}
# Each write's service, where its view's path looks it up.
SERVICES = {"a new round": (saves, "add_round"), "an edited round": (saves, "replace_round"),
            "an undone round": (saves, "undo_last_round")}  # fmt: skip


@pytest.mark.parametrize("write", WRITES)
def test_a_write_read_before_its_game_was_deleted_answers_404(alice, make_game, monkeypatch, write):
    game = make_game(names=("Ana", "Ben"), rounds=[[3, 0]])
    real = getattr(*SERVICES[write])

    def deleted_first(*args, **kwargs):
        Elsewhere(lambda: signed_in(alice).post(f"/games/{game.pk}/delete/")).join()
        return real(*args, **kwargs)

    monkeypatch.setattr(*SERVICES[write], deleted_first)
    path, data = WRITES[write]

    response = signed_in(alice).post(path.format(pk=game.pk), data | {"last_to_quit": 0})

    assert response.status_code == 404
    assert "a game deleted" in response.text
    assert not Game.including_imports.exists()


def test_a_game_deleted_while_a_round_is_being_saved_waits_for_it_then_goes(
    alice, make_game, monkeypatch
):
    game = make_game(names=("Ana", "Ben"), rounds=[[3, 0]])
    saving = threading.Event()
    holding(monkeypatch, Game, "settle", saving)  # the round and its entries written
    save = Elsewhere(lambda: add_round(game, Played((1, 2)), 2))
    assert saving.wait(30)

    deletion = Elsewhere(lambda: signed_in(alice).post(f"/games/{game.pk}/delete/"))
    save.join()

    assert deletion.join().status_code == 302
    left = (Game.including_imports.count(), Round.objects.count(), Seat.objects.count())
    assert left == (0, 0, 0)


def test_a_game_deleted_while_its_scorer_saves_answers_the_scorer_404(
    alice, make_game, monkeypatch
):
    game = make_game(names=("Ana", "Ben"))
    link = add_scorer_link(game)
    real = saves.add_round  # what save_round calls

    def deleted_first(*args, **kwargs):
        Elsewhere(lambda: signed_in(alice).post(f"/games/{game.pk}/delete/")).join()
        return real(*args, **kwargs)

    monkeypatch.setattr(saves, "add_round", deleted_first)
    data = {"round_number": 1, "seat_0": 1, "seat_1": 2, "last_to_quit": 0}

    response = Client(raise_request_exception=False).post(f"/s/{link.token}/rounds/", data)

    assert response.status_code == 404
    assert not Game.including_imports.exists()


# A player merged while a new game seats them


@pytest.fixture
def roster(alice, make_game):
    """Bob, who is Robert: each has a game of his own."""
    make_game(names=("Bob", "Cleo"))
    make_game(names=("Robert", "Dan"))
    return alice.players.get(name="Bob"), alice.players.get(name="Robert")


def new_game(user, *names):
    data = {f"player_{seat}": name for seat, name in enumerate(names)}
    return lambda: signed_in(user).post("/games/new/", data | {"starter": 0, "game": "lama"})


def merge(user, player, into):
    return lambda: signed_in(user).post(f"/players/{player.pk}/merge/", {"into": into.pk})


def test_a_merge_asked_while_a_new_game_seats_the_player_takes_that_game_too(
    alice, roster, monkeypatch
):
    bob, robert = roster
    seating = threading.Event()
    holding(monkeypatch, Seat.objects, "bulk_create", seating)  # inside the new game's transaction
    started = Elsewhere(new_game(alice, "Bob", "Eve"))
    assert seating.wait(30)

    merged = Elsewhere(merge(alice, bob, robert))

    assert started.join().status_code == 302
    assert merged.join().status_code == 302
    newest = alice.games.order_by("-pk").first()
    assert newest.names == ["Robert", "Eve"]
    assert not Player.objects.filter(pk=bob.pk).exists()


def test_a_new_game_asked_while_a_merge_runs_waits_for_it(alice, roster, monkeypatch):
    bob, robert = roster
    merging = threading.Event()
    holding(monkeypatch, Player, "delete", merging)  # Bob's seats moved, Bob not yet deleted
    merged = Elsewhere(merge(alice, bob, robert))
    assert merging.wait(30)

    started = Elsewhere(new_game(alice, "Bob", "Eve"))

    assert merged.join().status_code == 302
    assert started.join().status_code == 302
    assert not Player.objects.filter(pk=bob.pk).exists()
    newest = alice.games.order_by("-pk").first()
    assert newest.names == ["Bob", "Eve"]  # a new Bob: the one typed was merged away first
