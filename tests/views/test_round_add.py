import uuid

import pytest

from games.models import Round
from tests.helpers.pagetext import tags, texts
from tests.helpers.sheet import post_round

pytestmark = pytest.mark.django_db


def field(html, seat, value):
    """The points field of the player at `seat`, if it holds `value`."""
    return tags(html, "input", name=f"seat_{seat}", id=f"id_seat_{seat}", value=str(value))


def test_it_saves_a_round_and_redirects_without_javascript(alice_client, make_game):
    game = make_game()
    response = post_round(alice_client, game, 11, 0, 5)
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    assert game.rounds.get().number == 1


def test_it_answers_htmx_with_the_sheet_partial(alice_client, make_game):
    game = make_game()
    response = post_round(alice_client, game, 11, 0, 5, htmx=True)
    body = response.content.decode()
    assert response.status_code == 200
    assert not tags(body, "html")
    assert tags(body, id="sheet")
    assert "Round 2" in body


def test_the_sheet_shows_totals_chips_leader_and_next_starter(alice_client, make_game):
    game = make_game(rounds=[[23, 0, 5]])
    body = alice_client.get(game.get_absolute_url()).content.decode()
    assert "2 black chips, 3 white chips" in body
    assert "Ben starts this round." in body
    assert len(tags(body, "th", class_="leader")) == 1  # one column marked


def test_the_last_to_quit_starts_when_nobody_emptied(alice_client, make_game):
    game = make_game()
    post_round(alice_client, game, 3, 4, 5, last_to_quit=2)
    assert "Cleo starts this round." in alice_client.get(game.get_absolute_url()).content.decode()


@pytest.mark.parametrize(
    ("values", "message"),
    [
        (("", 0, 5), "Enter the points of Ana."),
        (("2.5", 0, 5), "Enter a whole number."),
        (("abc", 0, 5), "Enter a whole number."),
        ((32, 0, 5), "32 is too many: a hand costs at most 31 points"),
        ((-2, 0, 5), "−2 is not possible: below zero, only −1 or −10"),
        ((99999999999, 0, 5), "99999999999 is too many: a hand costs at most 31 points"),
        ((-99999999999, 0, 5), "−99999999999 is not possible: below zero, only −1 or −10"),
        ((0, -1, 5), "Only one player can empty their hand in a round"),
    ],
)
def test_it_refuses_a_round_that_breaks_the_rules(alice_client, make_game, values, message):
    game = make_game()
    response = post_round(alice_client, game, *values)
    assert response.status_code == 422
    assert message in response.text
    assert not Round.objects.exists()


def test_the_refusal_sits_next_to_the_players_field(alice_client, make_game):
    game = make_game()
    body = post_round(alice_client, game, 5, 32, 5).text
    assert tags(body, "input", name="seat_1", aria_describedby="id_seat_1_errors")
    assert tags(body, "ul", class_="errors", id="id_seat_1_errors")


def test_a_black_return_below_ten_points_says_the_return_is_minus_one(alice_client, make_game):
    game = make_game(rounds=[[9, 3, 4]])
    response = post_round(alice_client, game, -10, 3, 5)
    assert response.status_code == 422
    assert "Ana has only 9 points and cannot give back a black chip: the return there is −1." in (
        response.text
    )


def test_a_white_return_at_zero_is_applied_as_zero(alice_client, make_game):
    game = make_game()
    post_round(alice_client, game, -1, 3, 5)
    game = type(game).objects.get(pk=game.pk)
    assert game.state.totals == (0, 3, 5)
    assert game.state.rounds[0].entries == (-1, 3, 5)  # stored as typed
    assert game.state.rounds[0].points == (0, 3, 5)  # and shown as it counts


def test_a_refused_round_keeps_what_was_typed(alice_client, make_game):
    game = make_game()
    body = post_round(alice_client, game, 17, 40, 5).text
    assert field(body, 0, 17) and field(body, 1, 40)


def test_it_refuses_a_stale_form_with_the_fresh_sheet(alice_client, make_game):
    game = make_game(rounds=[[3, 4, 5]])
    response = post_round(alice_client, game, 6, 7, 8, number=1)
    body = response.text
    assert response.status_code == 409
    assert "Round 1 was already saved" in body
    assert tags(body, "input", name="round_number", value="2")
    assert game.rounds.count() == 1


def test_it_refuses_rounds_once_the_game_is_over(alice_client, make_game):
    game = make_game(rounds=[[31, 1, 2], [10, 1, 2]])
    response = post_round(alice_client, game, 1, 2, 3)
    assert response.status_code == 409
    assert "The game is over: no round can be added." in response.text
    assert game.rounds.count() == 2


def test_a_finished_game_has_no_round_form(alice_client, make_game):
    game = make_game(rounds=[[31, 1, 2], [10, 1, 2]])
    body = alice_client.get(game.get_absolute_url()).content.decode()
    assert "Save round" not in body
    assert "Ben wins!" in body


def test_a_tie_for_lowest_is_a_shared_victory(alice_client, make_game):
    game = make_game(rounds=[[31, 2, 2], [10, 1, 1]])
    body = alice_client.get(game.get_absolute_url()).content.decode()
    assert "Shared victory: Ben and Cleo!" in body


def test_the_emptied_hand_button_fills_in_the_best_return_without_javascript(
    alice_client, make_game
):
    game = make_game(rounds=[[12, 5, 0]])
    data = {"emptied": "0", "seat_1": "7"}
    response = post_round(alice_client, game, "", "7", "", to="emptied/", **data)
    body = response.text
    assert response.status_code == 200
    assert field(body, 0, -10)
    assert field(body, 1, 7)
    assert game.rounds.count() == 1


def test_each_emptied_hand_button_names_its_player_and_return(alice_client, make_game):
    game = make_game(rounds=[[12, 5, 0]])
    body = alice_client.get(game.get_absolute_url()).content.decode()
    for seat, best_return in enumerate(("-10", "-1", "0")):  # Ana 12, Ben 5, Cleo 0
        assert tags(body, "button", data_fill=f"id_seat_{seat}", data_return=best_return)
    assert texts(body, "button", data_fill="id_seat_0") == ["Emptied hand for Ana"]
    assert "for Ana" in texts(body, "span", class_="sr-only")  # the name is not shown


def test_the_same_submission_twice_saves_one_round(alice_client, make_game):
    game = make_game()
    key = str(uuid.uuid4())
    first = post_round(alice_client, game, 3, 4, 5, idempotency_key=key)
    second = post_round(alice_client, game, 3, 4, 5, number=1, idempotency_key=key)
    assert first.status_code == second.status_code == 302
    assert game.rounds.count() == 1


def test_it_needs_post(alice_client, make_game):
    game = make_game()
    assert alice_client.get(f"/games/{game.pk}/rounds/").status_code == 405
