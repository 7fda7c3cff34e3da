"""Starting, rematching, moving and deleting games of one account at once, each on its own
connection (a thread), as the phones of a table do on PostgreSQL: every write takes the
account's row first (games/locks.py), so none chooses a night that another deletes
(a foreign-key error) and no two wait on each other (a deadlock). Never a 500."""

import random
import threading

import pytest
from django.db import connection
from django.test import Client

from games.models import Game, Night

pytestmark = pytest.mark.engine

NEW = {f"player_{i}": "" for i in range(6)} | {"starter": "0", "game": "lama"}
PHONES, WRITES = 4, 15


@pytest.fixture(autouse=True)
def _postgresql(transactional_db):
    if connection.vendor != "postgresql":
        pytest.skip("the SQLite test database lives in memory: its threads share one connection")


def phone(alice, seed, answers):
    """One phone's writes, chosen at random among the account's games; each answer kept."""
    chance, client = random.Random(seed), Client(raise_request_exception=False)
    client.force_login(alice)
    try:
        for _ in range(WRITES):
            games = list(Game.objects.values_list("pk", flat=True))
            game = chance.choice(games) if games else None
            choice = chance.choice(["start", "rematch", "move", "delete"] if game else ["start"])
            if choice == "start":
                response = client.post("/games/new/", NEW | {"player_0": "Ana", "player_1": "Ben"})
            elif choice == "rematch":
                response = client.post(f"/games/{game}/rematch/")
            elif choice == "delete":
                response = client.post(f"/games/{game}/delete/")
            else:
                nights = list(Night.objects.values_list("pk", flat=True)) + ["new"]
                response = client.post(f"/games/{game}/night/", {"night": chance.choice(nights)})
            answers.append((choice, response.status_code))
    finally:
        connection.close()


def test_writes_racing_on_one_accounts_nights_never_answer_500(alice, make_game):
    for _ in range(3):
        make_game(names=("Ana", "Ben"))
    answers = []
    phones = [threading.Thread(target=phone, args=(alice, n, answers)) for n in range(PHONES)]
    for thread in phones:
        thread.start()
    for thread in phones:
        thread.join(60)
        assert not thread.is_alive(), "still waiting: a lock never let go"
    assert len(answers) == PHONES * WRITES
    assert not [answer for answer in answers if answer[1] >= 500]
    assert not Night.objects.filter(games__isnull=True).exists()  # no empty night left
