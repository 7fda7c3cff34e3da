"""What staff change in the admin shows on the owner's sheet at once, though sheets are kept
rendered (games/pages.py)."""

from games.models import Player
from tests.history.test_admin import FINISHED, edit_round, form_data


def sheet(client, game):
    response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    return response.text


def test_a_round_corrected_in_the_admin_shows_on_the_sheet(admin_client, alice_client, make_game):
    game = make_game(rounds=FINISHED)
    assert "<td>31</td>" in sheet(alice_client, game)
    assert edit_round(admin_client, game, 1, Ana="25").status_code == 302
    page = sheet(alice_client, game)
    assert "<td>25</td>" in page and "<td>31</td>" not in page


def test_a_round_deleted_in_the_admin_goes_from_the_sheet(admin_client, alice_client, make_game):
    game = make_game(rounds=FINISHED)
    assert "Final scoresheet" in sheet(alice_client, game)
    last = game.rounds.get(number=2)
    admin_client.post(f"/admin/games/round/{last.pk}/delete/", {"post": "yes"})
    assert "Round 2" in sheet(alice_client, game)


def test_a_first_starter_changed_in_the_admin_shows(admin_client, alice_client, make_game):
    game = make_game(names=("Ana", "Ben"))
    assert "Ana starts this round." in sheet(alice_client, game)
    url = f"/admin/games/game/{game.pk}/change/"
    admin_client.post(url, form_data(admin_client.get(url)) | {"first_starter": "1"})
    assert "Ben starts this round." in sheet(alice_client, game)


def test_a_player_renamed_in_the_admin_shows_on_their_sheets(admin_client, alice_client,
                                                              make_game):  # fmt: skip
    games = [make_game(), make_game(names=("Ben", "Dan"))]
    for game in games:
        assert "Benjamin" not in sheet(alice_client, game)
    ben = Player.objects.get(name="Ben")
    admin_client.post(f"/admin/games/player/{ben.pk}/change/", {"name": "Benjamin"})
    for game in games:
        assert "Benjamin" in sheet(alice_client, game)
