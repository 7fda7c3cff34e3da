"""The L.A.M.A. Party Edition afterwards (issue 42): a game of its own kind in the nights and
the group's table, its result and night pictures, the admin re-checking it with its rules."""

import io

import pytest
from PIL import Image

from games.models import Game, Night
from games.reports import picture
from tests.helpers.admin import edit_round, value_errors
from tests.helpers.pagetext import text

pytestmark = pytest.mark.django_db

FAMILY = ("Ana", "Ben", "Cleo")
# Lowest total wins: Ana twice, Ben once (pink chips given back at 23 and 20, the pink llama's 51).
PARTY_GAMES = [
    [(23, 5, 12), (-20, 31, 30)],  # Ana 3, Ben 36, Cleo 42: Ana
    [(12, 20, 5), (8, -20, 51)],  # Ana 20, Ben 0, Cleo 56: Ben
    [(5, 10, 30), (-1, 40, 12)],  # Ana 4, Ben 50, Cleo 42: Ana
]
LAMA_GAMES = [[(31, 0, 12), (20, 3, -10)], [(0, 31, 12), (3, 20, 10)]]


@pytest.fixture
def evening(make_game):
    for kind, games in (("party", PARTY_GAMES), ("lama", LAMA_GAMES)):
        for rounds in games:
            make_game(names=FAMILY, rounds=rounds, kind=kind)
    return Night.objects.get()


def test_the_night_ranks_the_party_edition_as_a_game_of_its_own(alice_client, evening):
    standings = alice_client.get(f"/nights/{evening.pk}.json").json()["standings"]
    assert set(standings) == {"lama", "party"}
    party = {row["name"]: row["place"] for row in standings["party"]}
    assert party == {"Ana": 1, "Ben": 2, "Cleo": 3}
    page = text(alice_client.get(f"/nights/{evening.pk}/").content.decode())
    assert "L.A.M.A. Party Edition" in page


def test_the_group_table_rates_the_party_edition_apart(alice_client, evening):
    tables = alice_client.get("/standings.json").json()
    assert {"lama", "party"} <= set(tables)
    assert len(tables["party"]) == 3 and len(tables["lama"]) == 3
    page = text(alice_client.get("/table/").content.decode())
    assert "L.A.M.A. Party Edition" in page


@pytest.mark.parametrize("language", ["en", "fr", "de", "pl"])
def test_its_result_and_night_pictures_are_drawn(alice_client, evening, language):
    alice_client.cookies["django_language"] = language
    game = Game.objects.filter(kind="party").order_by("pk").first()
    response = alice_client.get(f"/games/{game.pk}/result.png")
    assert response.status_code == 200
    assert Image.open(io.BytesIO(response.content)).size == (picture.WIDTH, picture.HEIGHT)
    assert alice_client.get(f"/nights/{evening.pk}/night.png").content.startswith(b"\x89PNG")


def test_its_result_says_who_won_as_in_lama(make_game):
    game = make_game(names=FAMILY, rounds=PARTY_GAMES[1], kind="party")
    result = picture.describe(game)
    assert result.headline == "Ben wins!" and result.reason == ""
    assert "L.A.M.A. Party Edition" in result.text


def test_the_admin_takes_a_hand_of_fifty_one_and_refuses_fifty_two(admin_client, make_game):
    game = make_game(rounds=[(3, 0, 12)], kind="party")
    assert edit_round(admin_client, game, 1, Ana="51").status_code == 302
    response = edit_round(admin_client, game, 1, Ana="52")
    assert value_errors(response)["Ana"] == [
        "52 is too many: a hand costs at most 51 points (1+2+3+4+5+6+10+20)."
    ]
    assert Game.objects.get(pk=game.pk).state.totals == (51, 0, 12)


def test_the_admin_shows_a_pink_chip_as_it_counts(admin_client, make_game):
    game = make_game(rounds=[(23, 3, 4), (-20, 5, 6)], kind="party")
    response = edit_round(admin_client, game, 1, 0, Ana="15")  # she then holds a black chip at most
    assert response.status_code == 302, value_errors(response)
    state = Game.objects.get(pk=game.pk).state
    assert state.rounds[1].entries[0] == -20 and state.rounds[1].points[0] == -10
    page = text(admin_client.get(f"/admin/games/game/{game.pk}/change/").content.decode())
    assert "Ana −20 (counts −10)" in page
