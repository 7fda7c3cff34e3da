"""The admin checks a changed round with the game's row locked, as the services do: a round
saved at the table meanwhile is seen by the check, never slipped under it (PostgreSQL)."""

import threading

import pytest
from django.db import connection, transaction

from games.models import Game
from games.rules import Round
from games.services.rounds import add_round
from tests.helpers.admin import form_data, round_url

pytestmark = [pytest.mark.engine, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _two_connections_that_wait():
    # SQLite's test database is in memory, shared between threads by table locks that refuse
    # rather than wait; a real SQLite file queues the whole transaction (IMMEDIATE) anyway.
    if connection.vendor == "sqlite":
        pytest.skip("row locks are PostgreSQL's")


# Seconds the table's transaction stays open once its round is written: the admin's post
# reaches its check well within them (a slower machine could only let the test pass).
HELD = 2.0


def saved_at_the_table_meanwhile(game, number, entries):
    """A thread that saves round `number` in a transaction it holds open HELD seconds once
    written; started, with the event set once the round is written."""
    written = threading.Event()

    def save():
        try:
            with transaction.atomic():
                add_round(Game.objects.get(pk=game.pk), Round(entries), number)
                written.set()
                threading.Event().wait(HELD)
        finally:
            written.set()
            connection.close()

    thread = threading.Thread(target=save)
    thread.start()
    written.wait()
    return thread


def test_an_edit_made_while_a_round_is_saved_at_the_table_is_checked_with_it(
    admin_client, make_game
):
    game = make_game(names=("Ana", "Ben"), rounds=[(31, 3), (5, 0)])
    url = round_url(game, 2)
    page = admin_client.get(url)  # the page read before the table saves round 3
    ana = page.context["inline_admin_formsets"][0].formset.forms[0]  # seat 1 first
    edited = form_data(page) | {ana.add_prefix("value"): 9}  # fine alone, not with round 3
    table = saved_at_the_table_meanwhile(game, 3, (2, 0))

    response = admin_client.post(url, edited)
    table.join()

    # Checked with round 3 seen: the correction ends the game in round 2, and round 3, saved
    # at the table meanwhile, stays typed beyond the end (issue 40), never lost or counted.
    assert response.status_code == 302
    stored = Game.objects.get(pk=game.pk)
    assert list(stored.rounds.values_list("number", flat=True)) == [1, 2, 3]
    assert stored.state.totals == (40, 3) and len(stored.state.beyond) == 1
    assert stored.finished_at is not None


def test_a_round_deleted_while_the_next_is_saved_at_the_table_stays(admin_client, make_game):
    game = make_game(names=("Ana", "Ben"), rounds=[(3, 0)])
    url = f"/admin/games/round/{game.rounds.get(number=1).pk}/delete/"
    table = saved_at_the_table_meanwhile(game, 2, (0, 2))  # round 1 is no longer the last

    response = admin_client.post(url, {"post": "yes"})
    table.join()

    assert response.status_code == 403
    assert list(game.rounds.values_list("number", flat=True)) == [1, 2]
