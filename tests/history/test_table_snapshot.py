"""The group's table, its JSON and a player's page while another phone saves a game's final
round: whichever of the page's queries the save lands before, the page is the one before the
save or the one after, never a 500 (read as two statements, seats then games, a game ended
between them had places and no players)."""

from contextlib import contextmanager

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import Client

from games.rules import Round
from games.services.games import delete_game
from games.services.rounds import add_round
from tests.helpers.sheet import FINISHED

PAGES = ["/standings.json", "/table/", "/players/{ana}/"]


@contextmanager
def saved_before_query(number, save):
    """`save()` runs once, just before the `number`th query from here (0: the first);
    yields a list that holds True once it ran."""
    seen, saved = [0], []

    def wrapper(execute, sql, params, many, context):
        if not saved and seen[0] == number:
            saved.append(True)  # before save(), whose own queries come through here
            save()
        seen[0] += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(wrapper):
        yield saved


def page(client, path):
    response = client.get(path)
    assert response.status_code == 200, path
    return response.json() if path.endswith(".json") else response.content.decode()


@pytest.mark.parametrize("path", PAGES)
def test_a_final_round_saved_during_the_read_gives_the_page_before_or_after(
    alice, make_game, settings, path
):
    settings.RANKED_AFTER_GAMES = 1
    client = Client(raise_request_exception=False)  # a 500 is an answer like any other here
    client.force_login(alice)
    make_game(rounds=FINISHED)
    ana = alice.players.get(name="Ana").pk
    path = path.format(ana=ana)
    for number in range(100):
        caches["folds"].clear()  # the table is computed again by the page under test
        game = make_game(rounds=FINISHED[:1])
        before = page(client, path)

        def save(game=game):
            add_round(game, Round(FINISHED[1]), 2)

        caches["folds"].clear()
        with saved_before_query(number, save) as saved:
            raced = page(client, path)
        if not saved:  # the page made fewer queries: every gap was tried
            break
        caches["folds"].clear()
        after = page(client, path)
        assert before != after  # the save changes the page: the test proves something
        if path.endswith(".json"):
            assert raced in (before, after), number
        delete_game(game)  # the next turn starts from the same table
    assert number > 3
