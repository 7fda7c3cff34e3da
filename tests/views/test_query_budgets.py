"""The number of SQL queries per page does not grow with the rounds or the games."""

import uuid

import pytest
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.engine

SIX = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Fay")


def rounds(count, players=6):
    """`count` valid rounds where nobody reaches 40: each round one player empties a hand."""
    return [[0 if seat == number % players else 1 for seat in range(players)]
            for number in range(count)]  # fmt: skip


def queries(client, path, **headers):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path, headers=headers)
    assert response.status_code == 200
    return len(captured)


@pytest.mark.parametrize("path", ["/games/{pk}/", "/games/{pk}.json"])
def test_the_sheet_costs_the_same_queries_with_1_or_20_rounds(alice_client, make_game, path):
    short, long = make_game(SIX, rounds(1)), make_game(SIX, rounds(20))
    assert not long.state.finished
    assert queries(alice_client, path.format(pk=long.pk)) == queries(
        alice_client, path.format(pk=short.pk)
    )


def test_the_sheet_partial_for_htmx_costs_the_same_queries_too(alice_client, make_game):
    short, long = make_game(SIX, rounds(1)), make_game(SIX, rounds(20))
    htmx = {"HX-Request": "true"}
    assert queries(alice_client, f"/games/{long.pk}/", **htmx) == queries(
        alice_client, f"/games/{short.pk}/", **htmx
    )


def test_the_sheet_stays_within_its_budget(alice_client, make_game):
    game = make_game(SIX, rounds(20))
    path = f"/games/{game.pk}/"
    # the session, the user, the game with its seats and players; its state kept under its
    # version by the save that drew it (games/reports/folds.py), so the rounds are not read
    # for it; and which scorer link saved which round, read once per version for its kept
    # fragment (the rounds with their entries)
    assert queries(alice_client, path) == 4
    assert queries(alice_client, path) == 3
    caches["folds"].clear()  # a fold nobody kept: the rounds are read once for it
    caches["template_fragments"].clear()
    assert queries(alice_client, path) == 5


def test_the_home_page_costs_the_same_queries_with_1_or_10_games(alice_client, make_game):
    make_game(SIX, rounds(3))
    one = queries(alice_client, "/en/")
    for _ in range(9):
        make_game(SIX, rounds(5))
    assert queries(alice_client, "/en/") == one


def saving_queries(client, game):
    data = {"round_number": len(game.state.rounds) + 1, "idempotency_key": uuid.uuid4()}
    data |= {f"seat_{seat}": 1 for seat in range(len(game.names))} | {"last_to_quit": 0}
    with CaptureQueriesContext(connection) as captured:
        response = client.post(f"/games/{game.pk}/rounds/", data)
    assert response.status_code == 302
    return len(captured)


def test_saving_a_round_costs_the_same_queries_after_1_or_20_rounds(alice_client, make_game):
    short, long = make_game(SIX, rounds(1)), make_game(SIX, rounds(20))
    assert saving_queries(alice_client, long) == saving_queries(alice_client, short)


def test_saving_a_round_stays_within_its_budget(alice_client, make_game):
    # the session, the user, the game with its seats, its rounds and submission keys, whether
    # the key's round was undone (games/models.py, UndoneKey); then in one transaction: the
    # version check that is also its one raise (the optimistic lock), whether a scorer link
    # still works (none here), the round, the entries, and its BEGIN and COMMIT (a savepoint)
    assert saving_queries(alice_client, make_game(SIX, rounds(20))) == 10


@pytest.mark.parametrize("count", [5, 500])
def test_the_nights_cost_the_same_queries_with_5_or_500_nights(alice_client, alice, count):
    from tests.helpers import seeding

    seeding.finished_games(alice, seeding.tables(count))  # a day apart: a night each
    assert alice.nights.count() == count
    caches["folds"].clear()
    # the session, the user, the count and the page of nights, the roster, their games with
    # their seats, the rounds of those not folded yet; then the folds are kept
    assert queries(alice_client, "/nights/") == 7
    assert queries(alice_client, "/nights/") == 6
    assert queries(alice_client, "/nights/?page=2") == 6 + (count > 20)
