"""Renaming a player: checked as the new-game form checks names, shown on every sheet."""

import pytest

from games.models import Game, Player
from tests.helpers.pagetext import text


@pytest.fixture
def table(make_game):
    return make_game(names=("Ann", "Ben", "Cleo"), rounds=[(5, 0, 3)])


def ann(game):
    return game.seats[0].player


def test_a_renamed_player_is_shown_by_name_on_their_sheets(alice_client, table):
    before = alice_client.get(table.get_absolute_url()).text  # the sheet's parts kept

    response = alice_client.post(f"/players/{ann(table).pk}/rename/", {"name": "  Anne  "})

    assert response.status_code == 302 and response.url == f"/players/{ann(table).pk}/"
    assert Player.objects.get(pk=ann(table).pk).name == "Anne"
    assert Game.objects.get(pk=table.pk).version != table.version
    assert "Round # Ann Ben" in text(before)
    sheet = text(alice_client.get(table.get_absolute_url()).text)
    assert "Round # Anne Ben" in sheet and "Game: Anne, Ben and Cleo" in sheet


def test_a_change_of_case_alone_is_a_rename(alice_client, table):
    response = alice_client.post(f"/players/{ann(table).pk}/rename/", {"name": "ANN"})
    assert response.status_code == 302
    assert Player.objects.get(pk=ann(table).pk).name == "ANN"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("ben", "ben looks just like Ben, another of your players"),
        ("\u0421leo", "looks just like Cleo"),  # a Cyrillic С
        ("An\u200bn", "This name holds an invisible or control character"),
        ("", "This field is required."),
        ("x" * 31, "at most 30 characters"),
    ],
)
def test_a_name_the_new_game_form_would_refuse_is_refused_with_422(
    alice_client, table, name, message
):
    response = alice_client.post(f"/players/{ann(table).pk}/rename/", {"name": name})

    assert response.status_code == 422
    assert message in text(response.text)
    assert Player.objects.get(pk=ann(table).pk).name == "Ann"


def test_a_player_with_no_game_left_does_not_hold_a_name(alice_client, alice, table):
    Player.objects.create(owner=alice, name="Anne")  # their games were deleted

    response = alice_client.post(f"/players/{ann(table).pk}/rename/", {"name": "anne"})

    assert response.status_code == 302
    assert list(alice.players.filter(name__iexact="anne").values_list("name", flat=True)) == [
        "anne"
    ]


def test_the_player_page_offers_rename_and_merge_by_name(alice_client, table):
    page = alice_client.get(f"/players/{ann(table).pk}/").text
    assert ">Rename Ann</a>" in page
    assert ">Merge Ann with another player</a>" in page
