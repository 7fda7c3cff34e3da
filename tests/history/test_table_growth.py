"""The group's table does the same work at 50 games and at 500 (at 5,000 in `make bench`:
bench/full_size/test_table_growth.py): one aggregate query for its key while the account's
finished games are unchanged, and the same queries to compute it again after a change (one
row per finished game and seat: their places are stored), which rates only the games after
the change."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game
from games.rules import Round
from games.services.games import delete_game, start_game
from games.services.players import rename_player
from games.services.rounds import add_round
from tests.helpers import seeding
from tests.helpers.sheet import FINISHED

pytestmark = pytest.mark.engine

SMALL, LARGE = 50, 500


def account(django_user_model, name, games):
    owner = django_user_model.objects.create_user(name, password="correct-horse-9")
    seeding.finished_games(owner, seeding.tables(games))
    return owner


def queries(client, owner, path):
    client.force_login(owner)
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path)
    assert response.status_code == 200
    return len(captured)


def test_the_table_and_its_json_cost_the_same_at_any_size(client, django_user_model, settings):
    the_same_work_at(LARGE, client, django_user_model, settings)


def the_same_work_at(games, client, django_user_model, settings):
    """The table's pages cost as many queries at `games` games as at SMALL."""
    settings.TABLE_IN_REQUEST_GAMES = 0  # both counted by the worker (here, within the request)
    small = account(django_user_model, "small", SMALL)
    large = account(django_user_model, "large", games)
    fay = {owner: owner.players.get(name="Fay").pk for owner in (small, large)}
    paths = ["/table/", "/standings.json", "/players/{fay}/", "/nights/"]
    for path in paths:
        first = [queries(client, o, path.format(fay=fay[o])) for o in (small, large)]
        again = [queries(client, o, path.format(fay=fay[o])) for o in (small, large)]
        assert first[0] == first[1], path
        assert again[0] == again[1], path
    # After a change, the table is computed again, with as many queries at both sizes.
    for owner in (small, large):
        delete_game(Game.objects.filter(owner=owner).first())
    changed = [queries(client, o, "/table/") for o in (small, large)]
    assert changed[0] == changed[1]


def test_an_unchanged_table_is_not_computed_again(client, django_user_model, monkeypatch):
    from games.reports import counting

    owner = account(django_user_model, "owner", SMALL)
    client.force_login(owner)
    client.get("/table/")
    calls = []
    monkeypatch.setattr(counting, "compute", lambda owner: calls.append(owner))
    assert client.get("/table/").status_code == 200
    assert client.get("/standings.json").status_code == 200
    assert calls == []


def test_a_change_rates_only_the_games_after_it(client, django_user_model, monkeypatch):
    from games.reports import ratings

    owner = account(django_user_model, "owner", SMALL)
    client.force_login(owner)
    client.get("/table/")
    played, play = [], ratings._play
    monkeypatch.setattr(ratings, "_play", lambda match, rows: played.append(play(match, rows)))

    game = start_game(owner, ["Ana", "Ben", "Cleo"])
    add_round(game, Round(FINISHED[0]), 1)
    assert client.get("/table/").status_code == 200
    assert played == []  # a game going on is in no table
    add_round(game, Round(FINISHED[1]), 2)
    assert client.get("/table/").status_code == 200
    assert len(played) == 1  # the game that ended, alone
    rename_player(owner.players.get(name="Ben"), "Benoît")
    assert client.get("/table/").status_code == 200
    assert len(played) == 1  # a new name: the same matches
