"""What the services do when another phone changed the game between the form and the save."""

import uuid

import pytest

from games.rules import Round
from games.services import saves
from games.services.rounds import StaleSheet, add_round, replace_round, undo_last_round

pytestmark = pytest.mark.engine


def test_a_taken_submission_key_is_a_stale_sheet_and_the_connection_goes_on(make_game):
    """The database's unique constraints are the last guard: their IntegrityError, raised
    inside the transaction, becomes StaleSheet and leaves the connection usable."""
    game = make_game(names=("Ana", "Ben"))
    key = uuid.uuid4()
    add_round(game, Round((1, 2)), 1, key)
    with pytest.raises(StaleSheet):
        add_round(game, Round((2, 1)), 2, key)
    assert list(game.rounds.values_list("number", flat=True)) == [1]


def test_a_round_that_no_longer_fits_the_stored_game_is_a_stale_sheet(make_game):
    game = make_game(names=("Ana", "Ben"), rounds=[[12, 3]])
    stale_view = type(game).objects.get(pk=game.pk)
    replace_round(game, 1, Round((5, 3)))  # another phone: Ana has 5, not 12
    with pytest.raises(StaleSheet):  # giving back a black chip needs 10 points
        add_round(stale_view, Round((-10, 4)), 2)
    assert game.rounds.count() == 1


def test_rounds_read_before_another_phone_wrote_are_read_again(make_game):
    """The phone's form was checked against the rounds it read; the game's version tells
    that another phone wrote since, so the round is checked again against the stored ones."""
    game = make_game(names=("Ana", "Ben"), rounds=[[12, 3]])
    stale_view = type(game).objects.get(pk=game.pk)
    assert stale_view.state.totals == (12, 3)  # read, as the view does before saving
    replace_round(game, 1, Round((5, 3)))
    with pytest.raises(StaleSheet):
        add_round(stale_view, Round((-10, 4)), 2)
    assert game.rounds.count() == 1


def test_a_round_saved_meanwhile_by_another_phone_is_a_stale_sheet(make_game):
    game = make_game(names=("Ana", "Ben"), rounds=[[1, 2]])
    stale_view = type(game).objects.get(pk=game.pk)
    assert stale_view.state.next_round == 2
    add_round(type(game).objects.get(pk=game.pk), Round((3, 0)), 2)
    with pytest.raises(StaleSheet):
        add_round(stale_view, Round((0, 4)), 2)
    assert [r.entries for r in game.state.rounds] == [(1, 2), (3, 0)]


def test_editing_a_round_undone_meanwhile_is_a_stale_sheet(make_game):
    game = make_game(names=("Ana", "Ben"), rounds=[[1, 2], [2, 1]])
    undo_last_round(game, 2)
    with pytest.raises(StaleSheet):
        replace_round(game, 2, Round((3, 3)))


def test_undoing_a_round_that_is_no_longer_the_last_is_a_stale_sheet(make_game):
    game = make_game(names=("Ana", "Ben"), rounds=[[1, 2], [2, 1]])
    with pytest.raises(StaleSheet):
        undo_last_round(game, 1)
    assert game.rounds.count() == 2


def test_the_edit_page_shows_the_fresh_sheet_when_the_round_went_meanwhile(
    alice_client, make_game, monkeypatch
):
    game = make_game(names=("Ana", "Ben"), rounds=[[1, 2], [2, 1]])

    def undone_meanwhile(game, number, round_, round_id=None, saved_by=None, round_version=None):
        raise StaleSheet

    monkeypatch.setattr(saves, "replace_round", undone_meanwhile)
    data = {"round_number": 2, "seat_0": 3, "seat_1": 3, "last_to_quit": 0}
    response = alice_client.post(f"/games/{game.pk}/rounds/2/edit/", data)
    assert response.status_code == 409
    assert "Here is the sheet as it is now" in response.text
