"""The owner deletes a game from its page, after a confirmation that names it."""

import pytest
from django.urls import reverse

from games.models import Entry, Game, Player, Round, ShareLink
from games.reports import summaries
from tests.helpers.pagetext import tags, text
from tests.helpers.sheet import FINISHED


def player_figures(player):
    """The player's figures at L.L.A.M.A., as their page shows them."""
    games = list(player.games.order_by("created_at", "pk").with_rounds())
    (lama,) = summaries.figures_by_game(summaries.played_by(player, games))
    return lama.stats


def test_the_sheet_links_to_the_deletion(alice_client, make_game):
    game = make_game(rounds=FINISHED)
    page = alice_client.get(reverse("game", args=[game.pk])).content.decode()
    assert tags(page, "a", href=reverse("game_delete", args=[game.pk]))


def test_it_asks_first_naming_the_game(alice_client, make_game):
    game = make_game(rounds=FINISHED)
    response = alice_client.get(reverse("game_delete", args=[game.pk]))
    assert response.status_code == 200
    assert "Delete the game of " in text(response.content.decode())
    assert "with Ana, Ben and Cleo?" in text(response.content.decode())
    assert "Its 2 rounds will be deleted" in text(response.content.decode())
    assert Game.objects.filter(pk=game.pk).exists()


def test_it_leaves_the_history_and_the_statistics(alice_client, make_game):
    other = make_game(rounds=[(5, 0, 12)])
    game = make_game(rounds=FINISHED)
    ShareLink.objects.create(game=game)
    cleo = Player.objects.get(name="Cleo")
    assert player_figures(cleo).sole_wins == 1

    response = alice_client.post(reverse("game_delete", args=[game.pk]))

    assert response.status_code == 302 and response["Location"] == reverse("history")
    history_page = alice_client.get(reverse("history")).content.decode()
    assert "1 game" in text(history_page)
    assert "was deleted." in text(history_page)
    assert reverse("game", args=[game.pk]) not in history_page
    figures = player_figures(cleo)
    assert (figures.games, figures.sole_wins, figures.rounds) == (1, 0, 1)
    assert not Round.objects.filter(game=game.pk).exists()
    assert not Entry.objects.filter(round__game=game.pk).exists()
    assert not ShareLink.objects.exists()
    assert list(Game.objects.all()) == [other]
    assert Player.objects.count() == 3  # the roster keeps its players


def test_its_pages_are_gone_afterwards(alice_client, make_game):
    game = make_game(rounds=FINISHED)
    alice_client.post(reverse("game_delete", args=[game.pk]))
    assert alice_client.get(reverse("game", args=[game.pk])).status_code == 404


@pytest.mark.parametrize("language", ["fr"])
def test_it_asks_in_french(alice_client, make_game, language):
    game = make_game(["Émile", "Ben"], rounds=[(3, 0)])
    alice_client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    page = text(alice_client.get(reverse("game_delete", args=[game.pk])).content.decode())
    assert "Supprimer la partie du " in page
    assert "avec Émile et Ben\u00a0?" in page


def test_a_player_with_no_game_left_leaves_the_roster_and_the_filters(alice_client, make_game):
    make_game(names=("Ana", "Ben"))
    game = make_game(names=("Ana", "Dora"))
    dora = Player.objects.get(name="Dora")
    assert ">Dora</option>" in alice_client.get("/history/").text

    alice_client.post(reverse("game_delete", args=[game.pk]), follow=True)  # its message read

    new_game = alice_client.get("/games/new/").text
    assert tags(new_game, data_seat_name="Ana") and "Dora" not in new_game
    assert "Dora" not in alice_client.get("/history/").text
    assert alice_client.get(f"/history/?player={dora.pk}").status_code == 422
    # Typed again, the name seats the same player.
    data = {"game": "lama", "player_0": "dora", "player_1": "Ben", "starter": 0}
    assert alice_client.post("/games/new/", data).status_code == 302
    assert ">Dora</option>" in alice_client.get("/history/").text
