"""Names that the database folds together are one player, on SQLite and PostgreSQL alike.

The form compares names as common/names.py does (folded, and by what they look like); the
unique constraint with the database's lower(), which differs on PostgreSQL for letters like
İ and ı. Found by the fuzz test.
"""

import pytest
from django.db import connection

from games.models import Player
from games.services.games import start_game
from games.services.players import SamePlayer
from games.views import sheet

pytestmark = pytest.mark.engine


@pytest.mark.parametrize("names", [["ı", "I"], ["İ", "i"], ["ß", "SS"], ["K", "k"]])
def test_names_that_differ_only_in_case_are_refused_at_one_table(alice_client, names):
    table = {"player_0": names[0], "player_1": names[1], "starter": 0, "game": "lama"}

    response = alice_client.post("/games/new/", table)

    assert response.status_code == 422
    assert response.context["form"].errors["player_1"]
    alone = {"player_0": names[1], "player_1": "Zed", "starter": 0, "game": "lama"}
    assert alice_client.post("/games/new/", alone).status_code == 302


def test_two_names_that_are_one_roster_player_are_refused(alice):
    Player.objects.create(owner=alice, name="Ana")
    with pytest.raises(SamePlayer):
        start_game(alice, ["Ana", "ANA"])
    assert not alice.games.exists()


def test_the_refusal_names_the_player_on_the_form(alice_client, monkeypatch):
    def same_player(owner, names, first_starter, kind):
        raise SamePlayer(names[1])

    monkeypatch.setattr(sheet, "start_game", same_player)
    data = {"game": "lama", "player_0": "Ana", "player_1": "Ben", "starter": 0}
    response = alice_client.post("/games/new/", data)
    assert response.status_code == 422
    assert "Ben is already at the table." in response.text


def test_a_known_name_in_another_case_is_the_same_roster_player(alice):
    first = start_game(alice, ["Ana", "Ben"])
    second = start_game(alice, ["ana", "Cleo"])
    assert first.seats[0].player == second.seats[0].player


# The admin's rename once looked names up with iexact, whose upper() PostgreSQL folds apart
# from the lower() of the unique constraint: "İsa" passed its check as a new name, and the
# constraint then refused the save (a 500). Player.objects.named() asks lower() as the
# constraint does, on every engine.
@pytest.mark.parametrize(("taken", "typed"), [("isa", "İsa"), ("Ana", "ANA"), ("Émile", "émile")])
def test_the_admin_refuses_a_rename_to_a_name_the_roster_holds(admin_client, alice, taken, typed):
    Player.objects.create(owner=alice, name=taken)
    zed = Player.objects.create(owner=alice, name="Zed")
    with connection.cursor() as cursor:
        cursor.execute("SELECT LOWER(%s) = LOWER(%s)", [taken, typed])
        same = bool(cursor.fetchone()[0])

    response = admin_client.post(f"/admin/games/player/{zed.pk}/change/", {"name": typed})

    if same:  # as the database's lower() folds it: on SQLite, "İsa" is another name
        assert response.status_code == 200
        assert "already has a player with this name" in response.text
        assert Player.objects.get(pk=zed.pk).name == "Zed"
    else:
        assert response.status_code == 302
        assert Player.objects.get(pk=zed.pk).name == typed


def test_named_finds_a_player_whatever_the_case(alice, bob):
    ana = Player.objects.create(owner=alice, name="Ana")
    Player.objects.create(owner=bob, name="ana")
    Player.objects.create(owner=alice, name="Anatole")

    assert list(alice.players.named("ANA")) == [ana]
    assert list(alice.players.named("ana", "Zed", "BEN")) == [ana]
    assert not alice.players.named("An").exists()  # a name, not a pattern
    assert not alice.players.named("A_a", "%").exists()
