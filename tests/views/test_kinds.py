"""The three games at the table: each refuses, per its own rules, with a message by the field."""

import re

import pytest

from games.models import Game, Round, ShareLink
from tests.helpers import pagetext
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


def radio(body, kind):
    """The radio button of a game on the new-game form, as HTML."""
    return re.search(rf'<input type="radio" name="game" value="{kind}"[^>]*>', body)[0]


def choice_text(body, kind):
    """The words of a game's choice, as read out."""
    for_id = re.search(r'id="(id_game_\d)"', radio(body, kind))[1]
    return pagetext.text(re.search(rf'<label class="choice" for="{for_id}">.*?</label>', body)[0])


def test_the_form_names_the_three_games_in_full_with_their_players(alice_client):
    body = alice_client.get(URL).text
    assert choice_text(body, "lama") == "L.L.A.M.A. (2 to 6 players)"
    assert choice_text(body, "lato") == "L.L.A.M.A., Lato z Komarami rule (2 to 6 players)"
    assert choice_text(body, "llama_llama") == "Llama Llama (2 to 4 players)"


def test_each_game_tells_the_script_its_limit_and_whether_someone_starts(alice_client):
    body = alice_client.get(URL).text
    assert 'data-max-players="6" data-has-starter="true"' in radio(body, "lama")
    assert 'data-limit="L.L.A.M.A. is played by 2 to 6 players."' in radio(body, "lama")
    assert 'data-max-players="4" data-has-starter=""' in radio(body, "llama_llama")
    assert 'data-limit="Llama Llama is played by 2 to 4 players."' in radio(body, "llama_llama")


def test_a_first_game_offers_lama_and_asks_who_starts(alice_client):
    body = alice_client.get(URL).text
    assert "checked" in radio(body, "lama")
    assert "L.L.A.M.A. is played by 2 to 6 players." in pagetext.text(body)
    assert '<p class="starter-field">' in body


def test_it_offers_the_game_chosen_last_time(alice_client, make_game):
    make_game(kind="lama")
    make_game(kind="llama_llama")
    body = alice_client.get(URL).text
    assert "checked" in radio(body, "llama_llama")
    assert "checked" not in radio(body, "lama")
    limit = re.search(r"<p [^>]*data-players-limit>(.*?)</p>", body)[1]
    assert limit == "Llama Llama is played by 2 to 4 players."
    assert '<p class="starter-field" hidden>' in body  # Llama Llama has no starter


def test_it_remembers_the_last_game_of_this_account_only(alice_client, make_game, bob):
    make_game(kind="lato")
    make_game(kind="llama_llama", owner=bob)
    assert "checked" in radio(alice_client.get(URL).text, "lato")


def test_a_game_without_a_starter_needs_none(alice_client, alice):
    response = alice_client.post(URL, {"game": "llama_llama", "player_0": "Ana", "player_1": "Ben"})
    assert response.status_code == 302
    game = Game.objects.get(owner=alice)
    assert game.first_starter == 0 and game.state.next_starter is None


def test_a_game_without_a_starter_ignores_one_sent_anyway(alice_client, alice):
    # Without JavaScript the field stays on the page: whatever it says does not matter.
    response = new_game(alice_client, "llama_llama", "Ana", "Ben", starter="5")
    assert response.status_code == 302
    assert Game.objects.get(owner=alice).first_starter == 0


@pytest.mark.parametrize("kind", ["lama", "lato"])
def test_a_game_with_a_starter_asks_for_one(alice_client, kind):
    response = alice_client.post(URL, {"game": kind, "player_0": "Ana", "player_1": "Ben"})
    assert response.status_code == 422
    assert '<ul class="errors" id="id_starter_errors"><li>This field is required.</li></ul>' in (
        response.text
    )
    assert not Game.objects.exists()


def test_llama_llama_refuses_a_fifth_player(alice_client, alice):
    response = new_game(alice_client, "llama_llama", "Ana", "Ben", "Cleo", "Dan", "Eve")
    assert response.status_code == 422
    assert (
        '<ul class="errors" id="id_player_0_errors"><li>Llama Llama is played by 2 to 4 players:'
        " enter as many names.</li></ul>"
    ) in response.text
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


# ---------------------------------------------------------------------------- which game


KIND_LINES = [
    ("lama", "L.L.A.M.A."),
    ("lato", "L.L.A.M.A., Lato z Komarami rule"),
    ("llama_llama", "Llama Llama"),
]


def kind_line(html):
    """The line under the title that says which game, or which rule, the sheet keeps."""
    after_title = html[html.index("</h1>") :]
    return re.search(r'<p class="game-kind">(.*?)</p>', after_title)[1]


@pytest.mark.parametrize(("kind", "line"), KIND_LINES)
def test_the_sheet_says_which_game_it_keeps(alice_client, make_game, kind, line):
    game = make_game(rounds=[(10, 20, 30)], kind=kind, first_starter=0)
    assert kind_line(alice_client.get(game.get_absolute_url()).text) == line
    assert kind_line(alice_client.get(f"/games/{game.pk}/rounds/1/edit/").text) == line
    assert kind_line(alice_client.get(f"/games/{game.pk}/undo/").text) == line


@pytest.mark.parametrize(("kind", "line"), KIND_LINES)
def test_the_live_view_says_which_game_it_follows(client, make_game, kind, line):
    link = ShareLink.objects.create(game=make_game(kind=kind))
    assert kind_line(client.get(link.get_absolute_url()).text) == line


def test_the_line_under_the_title_is_in_french_too(alice_client, make_game):
    game = make_game(kind="lato")
    html = alice_client.get(game.get_absolute_url(), headers={"accept-language": "fr"}).text
    assert kind_line(html) == "LAMA, règle Lato z Komarami"


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
