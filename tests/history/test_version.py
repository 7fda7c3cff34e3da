"""Every write to a game gives it a new version, once, in the code that writes (the services,
the admin): the save's optimistic lock, the polls and everything kept of the game (its folds,
its sheet's fragments) rely on it. Each test fails if its write path stops raising it."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game, Player
from games.rules import Round
from games.services.rounds import add_round
from tests.helpers.admin import edit_round, form_data
from tests.helpers.pagetext import texts
from tests.helpers.sheet import FINISHED, sheet


def version(game):
    return Game.objects.get(pk=game.pk).version


@pytest.mark.engine
def test_saving_a_round_raises_the_version_in_one_update_of_the_game(alice_client, make_game):
    """The optimistic check is the raise: a save writes the game's row once (it was twice,
    by the check and by a signal of the round's save)."""
    game = make_game(rounds=[[3, 5, 0]])
    before = version(game)
    data = {"round_number": 2, "seat_0": 0, "seat_1": 12, "seat_2": 4}
    with CaptureQueriesContext(connection) as captured:
        assert alice_client.post(f"/games/{game.pk}/rounds/", data).status_code == 302
    updates = [q["sql"] for q in captured if q["sql"].startswith('UPDATE "games_game"')]
    assert len(updates) == 1 and "version" in updates[0]
    assert version(game) != before


@pytest.mark.engine
def test_a_round_saved_after_another_phone_wrote_raises_it_too(make_game):
    """The save's lock raises the version only when nothing was written since the form was
    read; otherwise the save raises it once the game is locked."""
    game = make_game(names=("Ana", "Ben"), rounds=[[12, 3]])
    stale_view = Game.objects.get(pk=game.pk)
    Game.objects.filter(pk=game.pk).raise_version()  # another phone's write, whatever it was
    before = version(game)
    add_round(stale_view, Round((0, 4)), 2)
    assert version(game) != before


def test_editing_a_round_raises_the_version(alice_client, make_game):
    game = make_game(rounds=[[3, 5, 0]])
    before = version(game)
    data = {"round_number": 1, "seat_0": 3, "seat_1": 7, "seat_2": 0, "confirm": "on"}
    assert alice_client.post(f"/games/{game.pk}/rounds/1/edit/", data).status_code == 302
    assert version(game) != before
    assert "7" in texts(sheet(alice_client, game).text, "td")


def test_undoing_a_round_raises_the_version(alice_client, make_game):
    game = make_game(rounds=[[3, 5, 0], [2, 0, 4]])
    before = version(game)
    assert alice_client.post(f"/games/{game.pk}/undo/", {"round_number": 2}).status_code == 302
    assert version(game) != before
    assert "Edit round 2" not in sheet(alice_client, game).text


def test_a_round_corrected_in_the_admin_shows_on_the_sheet(admin_client, alice_client, make_game):
    game = make_game(rounds=FINISHED)
    assert "31" in texts(sheet(alice_client, game).text, "td")
    before = version(game)
    assert edit_round(admin_client, game, 1, Ana="25").status_code == 302
    assert version(game) != before
    cells = texts(sheet(alice_client, game).text, "td")
    assert "25" in cells and "31" not in cells


def test_the_last_to_quit_changed_in_the_admin_raises_it(admin_client, make_game):
    game = make_game(names=("Ana", "Ben"), rounds=[[3, 5]])
    url = f"/admin/games/round/{game.rounds.get().pk}/change/"
    before = version(game)
    data = form_data(admin_client.get(url)) | {"last_to_quit": "1"}
    assert admin_client.post(url, data).status_code == 302
    assert game.rounds.get().last_to_quit == 1
    assert version(game) != before


def test_a_round_deleted_in_the_admin_goes_from_the_sheet(admin_client, alice_client, make_game):
    game = make_game(rounds=FINISHED)
    assert "Final scoresheet" in sheet(alice_client, game).text
    before = version(game)
    last = game.rounds.get(number=2)
    admin_client.post(f"/admin/games/round/{last.pk}/delete/", {"post": "yes"})
    assert version(game) != before
    assert "Round 2" in sheet(alice_client, game).text


def test_a_first_starter_changed_in_the_admin_shows(admin_client, alice_client, make_game):
    game = make_game(names=("Ana", "Ben"))
    assert "Ana starts this round." in sheet(alice_client, game).text
    before = version(game)
    url = f"/admin/games/game/{game.pk}/change/"
    admin_client.post(url, form_data(admin_client.get(url)) | {"first_starter": "1"})
    assert version(game) != before
    assert "Ben starts this round." in sheet(alice_client, game).text


def test_a_player_renamed_in_the_admin_shows_on_their_sheets(admin_client, alice_client,
                                                              make_game):  # fmt: skip
    games = [make_game(), make_game(names=("Ben", "Dan")), make_game(names=("Ana", "Cleo"))]
    for game in games:
        assert "Benjamin" not in sheet(alice_client, game).text
    before = [version(game) for game in games]
    ben = Player.objects.get(name="Ben")
    admin_client.post(f"/admin/games/player/{ben.pk}/change/", {"name": "Benjamin"})
    after = [version(game) for game in games]
    assert after[0] != before[0] and after[1] != before[1]
    assert after[2] == before[2]  # Ben does not sit at this one
    for game in games[:2]:
        assert "Benjamin" in sheet(alice_client, game).text


@pytest.mark.engine
def test_a_game_saved_in_the_admin_writes_back_nothing_it_read(admin_client, make_game):
    """The admin's page of the game was read before the table saved the last round: saving it
    must write back neither its old version (a phone could then save against a stale sheet)
    nor the game's end as it was."""
    game = make_game(names=("Ana", "Ben"), rounds=[[30, 3]])
    url = f"/admin/games/game/{game.pk}/change/"
    data = form_data(admin_client.get(url)) | {"first_starter": "1"}
    before = version(game)
    add_round(game, Round((12, 0)), 2)  # the table ends the game meanwhile
    raised = version(game)
    assert admin_client.post(url, data).status_code == 302
    stored = Game.objects.get(pk=game.pk)
    assert stored.version not in (before, raised) and stored.first_starter == 1
    assert stored.finished_at is not None
