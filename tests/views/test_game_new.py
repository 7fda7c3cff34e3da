import pytest
from django.test import override_settings

from games.models import Game, Player
from tests.helpers.pagetext import parts, tags

pytestmark = pytest.mark.django_db
URL = "/games/new/"


def names(**seats):
    data = {f"player_{i}": "" for i in range(6)} | {"starter": "0", "game": "lama"}
    return data | seats


def test_it_requires_login(client):
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_it_shows_the_form_with_a_start_button(alice_client):
    response = alice_client.get(URL)
    assert response.status_code == 200
    assert tags(response.text, "label", for_="id_player_0")
    assert b"Start game" in response.content


def test_it_starts_a_game_with_seats_in_the_order_entered(alice_client, alice):
    response = alice_client.post(URL, names(player_0="Zoé", player_1="Ana", player_2="Max"))
    game = Game.objects.get(owner=alice)
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/"
    assert game.names == ["Zoé", "Ana", "Max"]


def test_it_trims_names_and_skips_empty_seats(alice_client, alice):
    alice_client.post(URL, names(player_0="  Ana  ", player_2=" Ben   Hur ", starter="2"))
    game = Game.objects.get(owner=alice)
    assert game.names == ["Ana", "Ben Hur"]
    assert game.first_starter == 1


def test_it_lets_the_youngest_start(alice_client, alice):
    alice_client.post(URL, names(player_0="Ana", player_1="Ben", player_2="Cleo", starter="2"))
    game = Game.objects.get(owner=alice)
    assert game.state.next_starter == 2


@pytest.mark.parametrize("typed", [["Ana"], []])
def test_it_refuses_fewer_than_two_players(alice_client, typed):
    data = names(**{f"player_{i}": name for i, name in enumerate(typed)})
    response = alice_client.post(URL, data)
    assert response.status_code == 422
    assert b"L.L.A.M.A. is played by 2 to 6 players." in response.content
    assert not Game.objects.exists()


def test_it_refuses_the_same_name_twice_whatever_the_case(alice_client):
    response = alice_client.post(URL, names(player_0="Ana", player_1="ANA "))
    assert response.status_code == 422
    assert b"ANA is already at the table." in response.content
    assert not Game.objects.exists()


def test_it_refuses_names_that_are_too_long(alice_client):
    response = alice_client.post(URL, names(player_0="A" * 31, player_1="Ben"))
    assert response.status_code == 422
    assert not Game.objects.exists()


def test_it_refuses_a_starter_who_is_not_at_the_table(alice_client):
    response = alice_client.post(URL, names(player_0="Ana", player_1="Ben", starter="4"))
    assert response.status_code == 422
    assert not Game.objects.exists()


@pytest.mark.engine
def test_it_reuses_roster_players_whatever_the_case(alice_client, alice, make_game):
    make_game(["Ana", "Ben"])
    alice_client.post(URL, names(player_0="ana", player_1="Cleo"))
    assert sorted(Player.objects.filter(owner=alice).values_list("name", flat=True)) == [
        "Ana",
        "Ben",
        "Cleo",
    ]


def test_it_offers_the_roster_but_not_another_accounts(alice_client, bob, make_game):
    make_game(["Ana", "Ben"])
    make_game(["Secret", "Other"], owner=bob)
    response = alice_client.get(URL)
    assert tags(response.text, "option", value="Ana")
    assert b"Secret" not in response.content


@pytest.mark.engine
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_regulars_are_in_dictionary_order(alice_client, make_game, language):
    make_game(["Zoé", "émile", "Ömer", "Ben", "Anna"])
    html = alice_client.get(URL, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    regulars = [chip["data-seat-name"] for chip in tags(html, data_seat_name=True)]
    assert regulars == ["Anna", "Ben", "émile", "Ömer", "Zoé"]
    suggested = [option["value"] for option in tags(parts(html, "datalist")[0], "option")]
    assert suggested == regulars


def test_it_escapes_names(alice_client, alice):
    alice_client.post(URL, names(player_0="<b>Ana</b>", player_1="Ben"))
    game = Game.objects.get(owner=alice)
    response = alice_client.get(game.get_absolute_url())
    assert b"<b>Ana</b>" not in response.content
    assert b"&lt;b&gt;Ana&lt;/b&gt;" in response.content


def test_rematch_starts_a_new_game_with_the_same_players(alice_client, make_game):
    game = make_game(["Ana", "Ben"], rounds=[[31, 1], [10, 1]], first_starter=1)
    response = alice_client.post(f"/games/{game.pk}/rematch/")
    rematch = Game.objects.exclude(pk=game.pk).get()
    assert response["Location"] == rematch.get_absolute_url()
    assert rematch.names == ["Ana", "Ben"]
    assert rematch.first_starter == 1
    assert rematch.state.rounds == ()


FULL = "Your history holds 2 games, the most an account can hold: delete some before starting"


@override_settings(ACCOUNT_MAX_GAMES=2)
def test_it_refuses_a_new_game_past_the_accounts_most_games(alice_client, alice, make_game):
    make_game(["Ana", "Ben"])
    assert alice_client.post(URL, names(player_0="Ana", player_1="Ben")).status_code == 302
    response = alice_client.post(URL, names(player_0="Zoé", player_1="Max"))
    assert response.status_code == 422
    assert FULL in response.content.decode()
    assert tags(response.text, "input", value="Zoé")  # the names typed are still there
    assert alice.games.count() == 2


@override_settings(ACCOUNT_MAX_GAMES=2)
def test_the_refusal_is_in_french_too(alice_client, make_game):
    make_game(["Ana", "Ben"])
    make_game(["Ana", "Ben"])
    response = alice_client.post(
        URL, names(player_0="Zoé", player_1="Max"), HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.status_code == 422
    assert "Votre historique contient 2 parties" in response.content.decode()
    assert "supprimez-en avant d’en commencer une autre." in response.content.decode()


@override_settings(ACCOUNT_MAX_GAMES=2)
def test_a_rematch_past_the_accounts_most_games_goes_back_to_the_sheet(
    alice_client, alice, make_game
):
    game = make_game(["Ana", "Ben"])
    alice_client.post(f"/games/{game.pk}/rematch/")
    response = alice_client.post(f"/games/{game.pk}/rematch/", follow=True)
    assert response.redirect_chain == [(game.get_absolute_url(), 302)]
    assert FULL in response.content.decode()
    assert alice.games.count() == 2


@pytest.mark.parametrize(
    ("language", "named"), [("en", "{seat}: {name}"), ("fr", "{seat}\u00a0: {name}")]
)
def test_the_who_starts_list_is_written_with_the_pages_words(alice_client, language, named):
    # js/new-game.js writes "Joueur 1 : Élodie" from them as a name is typed
    alice_client.cookies["django_language"] = language
    response = alice_client.get(URL)
    assert tags(response.text, "select", id="id_starter")[0]["data-named"] == named
