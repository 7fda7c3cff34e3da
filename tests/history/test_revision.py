"""Every write to a game gives it a new revision, whoever makes it (games/signals.py): the
save's optimistic lock, the live view's poll and the sheet's cached parts rely on it. Each
test fails if its write path stops raising the revision."""

import pytest

from games import services
from games.models import Entry, Game, Player
from games.rules import Round
from tests.helpers.admin import edit_round, form_data
from tests.helpers.sheet import FINISHED, sheet

pytestmark = pytest.mark.engine


def revision(game):
    return Game.objects.get(pk=game.pk).revision


def test_saving_a_round_raises_the_revision(alice_client, make_game):
    game = make_game(rounds=[[3, 5, 0]])
    before = revision(game)
    data = {"round_number": 2, "seat_0": 0, "seat_1": 12, "seat_2": 4}
    assert alice_client.post(f"/games/{game.pk}/rounds/", data).status_code == 302
    assert revision(game) > before


def test_a_round_saved_after_another_phone_wrote_raises_it_too(make_game):
    """The save's lock raises the revision only when nothing was written since the form was
    read; otherwise the round's own save must."""
    game = make_game(names=("Ana", "Ben"), rounds=[[12, 3]])
    stale_view = Game.objects.get(pk=game.pk)
    Game.objects.filter(pk=game.pk).touch()  # another phone's write, whatever it was
    before = revision(game)
    services.add_round(stale_view, Round((0, 4)), 2)
    assert revision(game) > before


def test_editing_a_round_raises_the_revision(alice_client, make_game):
    game = make_game(rounds=[[3, 5, 0]])
    before = revision(game)
    data = {"round_number": 1, "seat_0": 3, "seat_1": 7, "seat_2": 0, "confirm": "on"}
    assert alice_client.post(f"/games/{game.pk}/rounds/1/edit/", data).status_code == 302
    assert revision(game) > before
    assert "<td>7</td>" in sheet(alice_client, game).text


def test_undoing_a_round_raises_the_revision(alice_client, make_game):
    game = make_game(rounds=[[3, 5, 0], [2, 0, 4]])
    before = revision(game)
    assert alice_client.post(f"/games/{game.pk}/undo/", {"round_number": 2}).status_code == 302
    assert revision(game) > before
    assert "Edit round 2" not in sheet(alice_client, game).text


def test_an_entry_saved_on_its_own_raises_it(make_game):
    game = make_game(rounds=[[3, 5, 0]])
    before = revision(game)
    entry = Entry.objects.get(round__game=game, seat__position=1)
    entry.value = 6
    entry.save()
    assert revision(game) > before


def test_a_round_corrected_in_the_admin_shows_on_the_sheet(admin_client, alice_client, make_game):
    game = make_game(rounds=FINISHED)
    assert "<td>31</td>" in sheet(alice_client, game).text
    before = revision(game)
    assert edit_round(admin_client, game, 1, Ana="25").status_code == 302
    assert revision(game) > before
    page = sheet(alice_client, game).text
    assert "<td>25</td>" in page and "<td>31</td>" not in page


def test_the_last_to_quit_changed_in_the_admin_raises_it(admin_client, make_game):
    game = make_game(names=("Ana", "Ben"), rounds=[[3, 5]])
    url = f"/admin/games/round/{game.rounds.get().pk}/change/"
    before = revision(game)
    data = form_data(admin_client.get(url)) | {"last_to_quit": "1"}
    assert admin_client.post(url, data).status_code == 302
    assert game.rounds.get().last_to_quit == 1
    assert revision(game) > before


def test_a_round_deleted_in_the_admin_goes_from_the_sheet(admin_client, alice_client, make_game):
    game = make_game(rounds=FINISHED)
    assert "Final scoresheet" in sheet(alice_client, game).text
    before = revision(game)
    last = game.rounds.get(number=2)
    admin_client.post(f"/admin/games/round/{last.pk}/delete/", {"post": "yes"})
    assert revision(game) > before
    assert "Round 2" in sheet(alice_client, game).text


def test_a_first_starter_changed_in_the_admin_shows(admin_client, alice_client, make_game):
    game = make_game(names=("Ana", "Ben"))
    assert "Ana starts this round." in sheet(alice_client, game).text
    before = revision(game)
    url = f"/admin/games/game/{game.pk}/change/"
    admin_client.post(url, form_data(admin_client.get(url)) | {"first_starter": "1"})
    assert revision(game) > before
    assert "Ben starts this round." in sheet(alice_client, game).text


def test_a_player_renamed_in_the_admin_shows_on_their_sheets(admin_client, alice_client,
                                                              make_game):  # fmt: skip
    games = [make_game(), make_game(names=("Ben", "Dan")), make_game(names=("Ana", "Cleo"))]
    for game in games:
        assert "Benjamin" not in sheet(alice_client, game).text
    before = [revision(game) for game in games]
    ben = Player.objects.get(name="Ben")
    admin_client.post(f"/admin/games/player/{ben.pk}/change/", {"name": "Benjamin"})
    after = [revision(game) for game in games]
    assert after[0] > before[0] and after[1] > before[1]
    assert after[2] == before[2]  # Ben does not sit at this one
    for game in games[:2]:
        assert "Benjamin" in sheet(alice_client, game).text


def test_a_game_saved_in_the_admin_keeps_a_raise_made_meanwhile(make_game):
    """The admin's copy of the game was read before the table saved a round: saving it must
    not write its old revision back (a phone could then save against a stale sheet)."""
    game = make_game(names=("Ana", "Ben"))
    admin_copy = Game.objects.get(pk=game.pk)
    services.add_round(game, Round((3, 0)), 1)
    raised = revision(game)
    admin_copy.first_starter = 1
    admin_copy.save()
    assert revision(game) > raised == admin_copy.revision - 1
