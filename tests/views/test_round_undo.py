import pytest

pytestmark = pytest.mark.django_db


def test_it_asks_before_undoing(alice_client, make_game):
    game = make_game(rounds=[[12, 0, 5], [3, 4, 7]])
    response = alice_client.get(f"/games/{game.pk}/undo/")
    assert response.status_code == 200
    assert "Yes, undo round 2" in response.content.decode()
    assert game.rounds.count() == 2


def test_it_undoes_the_last_round(alice_client, make_game):
    game = make_game(rounds=[[12, 0, 5], [3, 4, 7]])
    response = alice_client.post(f"/games/{game.pk}/undo/", {"round_number": 2})
    assert response.status_code == 302
    assert list(game.rounds.values_list("number", flat=True)) == [1]


def test_it_does_not_undo_a_round_that_is_no_longer_the_last(alice_client, make_game):
    game = make_game(rounds=[[12, 0, 5], [3, 4, 7]])
    response = alice_client.post(f"/games/{game.pk}/undo/", {"round_number": 1})
    assert response.status_code == 409
    assert game.rounds.count() == 2


def test_it_can_undo_the_round_that_ended_the_game(alice_client, make_game):
    game = make_game(rounds=[[31, 0, 5], [10, 4, 7]])
    alice_client.post(f"/games/{game.pk}/undo/", {"round_number": 2})
    game = type(game).objects.get(pk=game.pk)
    assert not game.state.finished
