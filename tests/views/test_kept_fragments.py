"""Parts of the sheet are kept rendered ({% cache %}) under the game's version and the
language: what a visitor typed, a refusal, a rename or another language never meets a kept
part made for something else."""

import pytest

from games.models import Game, Player
from games.services.players import rename_player
from tests.helpers.pagetext import tags
from tests.helpers.sheet import post_round, sheet

pytestmark = pytest.mark.django_db


def test_a_saved_round_shows_at_once(alice_client, make_game):
    game = make_game()
    assert "No round yet." in sheet(alice_client, game).text
    post_round(alice_client, game, 7, 0, 12)
    body = sheet(alice_client, game).text
    assert "No round yet." not in body and ">12</td>" in body


def test_the_emptied_hand_button_without_javascript_gets_its_own_form(alice_client, make_game):
    game = make_game(rounds=[[23, 0, 5]])
    sheet(alice_client, game)  # the blank form is kept
    response = alice_client.post(
        f"/games/{game.pk}/rounds/emptied/", {"round_number": 2, "emptied": "0", "seat_1": "4"}
    )
    assert tags(response.text, "input", name="seat_0", id="id_seat_0", value="-10")
    assert tags(response.text, "input", name="seat_1", id="id_seat_1", value="4")


def test_a_refused_round_shows_what_was_typed_and_why(alice_client, make_game):
    game = make_game()
    sheet(alice_client, game, **{"HX-Request": "true"})
    response = post_round(alice_client, game, 32, 0, 5, htmx=True)
    assert response.status_code == 422
    assert tags(response.text, "input", name="seat_0", value="32")
    assert "32 is too many" in response.text


def test_a_renamed_player_shows_at_once(alice_client, make_game):
    game = make_game()
    assert "Cleo" in sheet(alice_client, game).text
    rename_player(Player.objects.get(name="Cleo"), "Clémence")
    body = sheet(alice_client, game).text
    assert "Clémence" in body and ">Cleo<" not in body


def test_each_language_has_its_own_sheet(alice_client, make_game):
    game = make_game(rounds=[[23, 0, 5]])
    assert "Scoresheet: points per round and totals" in sheet(alice_client, game).text
    alice_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    assert "Feuille de score" in sheet(alice_client, game).text


def test_the_live_view_has_no_edit_links_though_the_sheet_has(alice_client, client, make_game):
    game = make_game(rounds=[[23, 0, 5]])
    assert "/rounds/1/edit/" in sheet(alice_client, game).text
    alice_client.post(f"/games/{game.pk}/share/")
    token = Game.objects.get(pk=game.pk).share_link.token
    live = client.get(f"/live/{token}/")
    assert live.status_code == 200 and "/rounds/1/edit/" not in live.text


def test_the_page_and_its_htmx_partial_are_told_apart_by_caches(alice_client, make_game):
    response = alice_client.get(make_game().get_absolute_url())
    assert "HX-Request" in response["Vary"]
