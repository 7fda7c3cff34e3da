import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db
NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay"]


def queries_for(client, game):
    with CaptureQueriesContext(connection) as queries:
        assert client.get(game.get_absolute_url()).status_code == 200
    return len(queries)


def test_the_sheet_query_count_does_not_grow_with_rounds(alice_client, make_game):
    short = make_game(NAMES, rounds=[[1, 2, 3, 4, 5, 6]])
    long = make_game(NAMES, rounds=[[1, 2, 3, 0, 1, 1]] * 12)
    assert queries_for(alice_client, short) == queries_for(alice_client, long)
    assert queries_for(alice_client, long) <= 3


def test_the_home_page_query_count_does_not_grow_with_games(alice_client, make_game):
    make_game(NAMES, rounds=[[1, 2, 3, 4, 5, 6]])
    with CaptureQueriesContext(connection) as one:
        alice_client.get("/en/")
    for _ in range(5):
        make_game(NAMES, rounds=[[1, 2, 3, 0, 1, 1]] * 3)
    with CaptureQueriesContext(connection) as six:
        assert "Ana, Ben" in alice_client.get("/en/").content.decode()
    assert len(one) == len(six)
