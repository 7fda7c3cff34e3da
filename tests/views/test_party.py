"""The L.A.M.A. Party Edition at the table (issue 42): offered by its box's name, pink chips on
the sheet, the emptied hand's best chip, the pink llama in the card picker, refusals that name
the 51 and the pink chip, the end and a shared win, and corrections, as for L.L.A.M.A."""

import pytest

from games.models import Game, Round
from tests.helpers import pagetext
from tests.helpers.pagetext import tags
from tests.helpers.sheet import post_round

pytestmark = pytest.mark.django_db


def field(body, seat, value):
    return tags(body, "input", name=f"seat_{seat}", value=str(value))


def test_the_new_game_form_offers_it_by_its_box_name(alice_client, alice):
    body = alice_client.get("/games/new/").text
    [radio] = tags(body, "input", type="radio", name="game", value="party")
    [label] = pagetext.parts(body, "label", class_="choice", for_=radio["id"])
    assert pagetext.text(label) == "L.A.M.A. Party Edition (2 to 6 players)"
    assert (radio["data-max-players"], radio["data-has-starter"]) == ("6", "true")
    data = {"game": "party", "starter": "0", "player_0": "Ana", "player_1": "Ben"}
    assert alice_client.post("/games/new/", data).status_code == 302
    assert Game.objects.get(owner=alice).kind == "party"


def test_a_hand_of_fifty_one_is_taken_and_fifty_two_refused_naming_the_sum(alice_client, make_game):
    game = make_game(kind="party")
    response = post_round(alice_client, game, 52, 0, 5)
    assert response.status_code == 422
    assert "52 is too many: a hand costs at most 51 points (1+2+3+4+5+6+10+20)" in response.text
    assert post_round(alice_client, game, 51, 0, 5).status_code == 302
    assert Game.objects.get(pk=game.pk).state.totals == (51, 0, 5)


def test_a_pink_chip_the_player_lacks_is_refused_naming_it(alice_client, make_game):
    game = make_game(kind="party", rounds=[[15, 3, 4]])
    response = post_round(alice_client, game, -20, 6, 7)
    assert response.status_code == 422
    assert (
        "Ana has only 15 points and cannot give back a pink chip: the return there is −10."
        in response.text
    )
    response = post_round(alice_client, game, -5, 6, 7)
    assert "only −1, −10 or −20 (the chip given back" in response.text
    assert Round.objects.count() == 1


def test_the_sheet_shows_pink_chips_among_the_totals_chips(alice_client, make_game):
    game = make_game(kind="party", rounds=[[43, 23, 15]])  # over: Cleo wins on 15
    body = alice_client.get(game.get_absolute_url()).text
    assert "2 pink chips, 0 black chips, 3 white chips" in body
    assert "1 pink chip, 0 black chips, 3 white chips" in body
    assert "0 pink chips, 1 black chip, 5 white chips" in body
    [ana] = [c for c in pagetext.parts(body, "span", role="img") if "2 pink chips" in c]
    assert (ana.count("<u></u>"), ana.count("<b></b>"), ana.count("<i></i>")) == (2, 0, 3)


def test_emptied_hand_types_the_best_chip_the_player_holds(alice_client, make_game):
    game = make_game(kind="party", rounds=[[23, 15, 7]])
    body = alice_client.get(game.get_absolute_url()).text
    for seat, best in enumerate(("-20", "-10", "-1")):
        assert tags(body, "button", data_fill=f"id_seat_{seat}", data_return=best)
    response = post_round(alice_client, game, "", "7", "8", to="emptied/", emptied="0")
    assert field(response.text, 0, -20)
    assert post_round(alice_client, game, -20, 7, 8).status_code == 302
    assert Game.objects.get(pk=game.pk).state.totals == (3, 22, 15)


def test_the_card_picker_has_the_pink_llama_and_no_plus_cards(alice_client, make_game):
    game = make_game(kind="party")
    body = alice_client.get(game.get_absolute_url()).text
    [template] = pagetext.parts(body, "template", data_card_picker=True)
    cards = [tag["data-card"] for tag in tags(template, "button", data_card=True)]
    assert cards == ["1", "2", "3", "4", "5", "6", "llama", "pink_llama"]
    assert "Add the pink llama to" in template
    [form] = tags(body, "form", class_="round-form")
    assert (form["data-pink-llama"], form["data-pink-cost"]) == ("pink_llama", "20")


def test_lama_has_no_pink_llama_nor_pink_chip(alice_client, make_game):
    game = make_game(kind="lama", rounds=[[23, 3, 4]])
    body = alice_client.get(game.get_absolute_url()).text
    assert "pink_llama" not in body and "pink chip" not in body and "<u></u>" not in body


def test_the_end_and_a_shared_win_as_in_lama(alice_client, make_game):
    game = make_game(kind="party", rounds=[[30, 5, 5], [10, 6, 6]])
    body = alice_client.get(game.get_absolute_url()).text
    assert "Shared victory: Ben and Cleo!" in body
    response = post_round(alice_client, game, 1, 2, 3)
    assert "The game is over" in response.text


def test_a_correction_counts_the_best_chip_the_rules_then_allow(alice_client, make_game):
    game = make_game(kind="party", rounds=[[23, 3, 4], [-20, 5, 6]])
    data = {"round_number": 1, "seat_0": 15, "seat_1": 3, "seat_2": 4, "last_to_quit": 0}
    response = alice_client.post(f"/games/{game.pk}/rounds/1/edit/", data)
    assert response.status_code in (200, 302)
    state = Game.objects.get(pk=game.pk).state
    assert state.rounds[1].entries[0] == -20 and state.rounds[1].points[0] == -10
    assert state.totals == (5, 8, 10)


def test_a_pink_chip_typed_for_a_player_with_no_chip_is_kept_as_typed_and_counts_zero(
    alice_client, make_game
):
    game = make_game(kind="party")
    assert post_round(alice_client, game, -20, 4, 6).status_code == 302
    state = Game.objects.get(pk=game.pk).state
    assert state.rounds[0].entries == (-20, 4, 6) and state.rounds[0].points == (0, 4, 6)
