"""The three games at the table: each refuses, per its own rules, with a message by the field."""

import pytest

from games.models import Game, Round
from tests.views.test_round_add import errors_of, post_round

pytestmark = pytest.mark.django_db
URL = "/games/new/"


def new_game(client, game, *names, **extra):
    data = {"game": game, "starter": "0"} | {f"player_{i}": n for i, n in enumerate(names)}
    return client.post(URL, data | extra)


# ---------------------------------------------------------------------------- a new game


@pytest.mark.parametrize("kind", ["lama", "lato", "llama_llama"])
def test_it_starts_the_game_chosen(alice_client, alice, kind):
    response = new_game(alice_client, kind, "Ana", "Ben")
    assert response.status_code == 302
    assert Game.objects.get(owner=alice).kind == kind


def test_the_form_names_the_three_games_in_full(alice_client):
    body = alice_client.get(URL).content.decode()
    for label in ("L.L.A.M.A.", "L.L.A.M.A., Lato z Komarami rule", "Llama Llama"):
        assert f"{label}</label>" in body


def test_it_offers_the_game_chosen_last_time(alice_client, make_game):
    make_game(kind="lama")
    make_game(kind="llama_llama")
    body = alice_client.get(URL).content.decode()
    assert 'value="llama_llama" id="id_game_2" required checked' in body


def test_llama_llama_refuses_a_fifth_player(alice_client, alice):
    response = new_game(alice_client, "llama_llama", "Ana", "Ben", "Cleo", "Dan", "Eve")
    assert response.status_code == 422
    assert "Llama Llama is played by 2 to 4 players" in response.text
    assert not Game.objects.exists()


def test_lama_takes_six_players(alice_client, alice):
    response = new_game(alice_client, "lama", "Ana", "Ben", "Cleo", "Dan", "Eve", "Fay")
    assert response.status_code == 302


@pytest.mark.parametrize("game", ["", "chess"])
def test_it_refuses_a_game_it_does_not_know(alice_client, game):
    response = new_game(alice_client, game, "Ana", "Ben")
    assert response.status_code == 422
    assert not Game.objects.exists()


def test_a_rematch_is_the_same_game(alice_client, make_game):
    game = make_game(["Ana", "Ben"], rounds=[[60, 0], [44, 3]], kind="llama_llama")
    alice_client.post(f"/games/{game.pk}/rematch/")
    assert Game.objects.exclude(pk=game.pk).get().kind == "llama_llama"


# ---------------------------------------------------------------------------- L.L.A.M.A.


def test_lama_asks_who_quit_last_when_nobody_emptied_their_hand(alice_client, make_game):
    game = make_game()
    response = post_round(alice_client, game, 3, 4, 5, last_to_quit="")
    assert response.status_code == 422
    body = errors_of(response)
    assert '<ul class="errors" id="id_last_to_quit_errors">' in body
    assert "Nobody emptied their hand: say who quit last" in body
    assert not Round.objects.exists()


def test_lama_needs_no_last_to_quit_when_a_hand_was_emptied(alice_client, make_game):
    game = make_game()
    response = post_round(alice_client, game, 3, 0, 5, last_to_quit="")
    assert response.status_code == 302
    assert "Ben starts this round." in alice_client.get(game.get_absolute_url()).text


# ---------------------------------------------------------------------------- Lato z Komarami


def test_lato_takes_each_llama_at_ten(alice_client, make_game):
    game = make_game(kind="lato")
    assert post_round(alice_client, game, 51, 0, 91).status_code == 302
    assert Game.objects.get(pk=game.pk).state.totals == (51, 0, 91)


def test_lato_refuses_more_than_ninety_one_with_its_own_sum(alice_client, make_game):
    game = make_game(kind="lato")
    response = post_round(alice_client, game, 92, 0, 5)
    assert response.status_code == 422
    assert "92 is too many: a hand costs at most 91 points (1+2+3+4+5+6+7×10)" in response.text
    assert not Round.objects.exists()


def test_lama_still_refuses_thirty_two(alice_client, make_game):
    response = post_round(alice_client, make_game(kind="lama"), 32, 0, 5)
    assert "a hand costs at most 31 points (1+2+3+4+5+6+10)" in response.text


# ---------------------------------------------------------------------------- Llama Llama


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ((-1, 3, 5), "−1 is not possible: a score is 0 or more."),
        ((1000, 3, 5), "1000 is too many: a round scores at most 999."),
        (("", 3, 5), "Enter the points of Ana."),
        (("x", 3, 5), "Enter a whole number."),
    ],
)
def test_llama_llama_refuses_what_is_not_a_score(alice_client, make_game, values, message):
    game = make_game(kind="llama_llama")
    response = post_round(alice_client, game, *values)
    assert response.status_code == 422
    assert message in errors_of(response)
    assert 'aria-describedby="id_seat_0_errors"' in response.text
    assert not Round.objects.exists()


def test_llama_llama_has_no_emptied_hand_and_no_last_to_quit(alice_client, make_game):
    body = alice_client.get(make_game(kind="llama_llama").get_absolute_url()).text
    assert "Emptied hand" not in body and "who quit last" not in body


def test_llama_llama_takes_zeros_from_everyone(alice_client, make_game):
    game = make_game(kind="llama_llama")
    assert post_round(alice_client, game, 0, 0, 0).status_code == 302


def test_llama_llama_refuses_a_fifth_round(alice_client, make_game):
    game = make_game(kind="llama_llama", rounds=[[10, 20, 30]] * 4)
    response = post_round(alice_client, game, 1, 2, 3, number=5)
    assert response.status_code == 409
    assert Round.objects.filter(game=game).count() == 4
