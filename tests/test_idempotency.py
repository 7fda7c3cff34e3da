"""A round is saved once, however often the same submission arrives."""

import uuid

import pytest

from games.models import Round


def round_post(key, **values):
    data = {"round_number": 1, "seat_0": 5, "seat_1": 0, "seat_2": 12, "idempotency_key": key}
    return data | values


@pytest.mark.parametrize("headers", [{}, {"HX-Request": "true"}], ids=["plain", "htmx"])
def test_the_same_submission_twice_saves_one_round(alice_client, make_game, headers):
    game = make_game()
    key = str(uuid.uuid4())
    first = alice_client.post(f"/games/{game.pk}/rounds/", round_post(key), headers=headers)
    second = alice_client.post(f"/games/{game.pk}/rounds/", round_post(key), headers=headers)

    assert first.status_code == second.status_code
    assert first.status_code in {200, 302}
    assert Round.objects.filter(game=game).count() == 1
    assert str(Round.objects.get(game=game).idempotency_key) == key


def test_two_submissions_with_their_own_keys_save_two_rounds(alice_client, make_game):
    game = make_game()
    alice_client.post(f"/games/{game.pk}/rounds/", round_post(str(uuid.uuid4())))
    alice_client.post(
        f"/games/{game.pk}/rounds/", round_post(str(uuid.uuid4()), round_number=2, seat_1=3)
    )

    assert Round.objects.filter(game=game).count() == 2


def test_each_form_carries_a_fresh_key(alice_client, make_game):
    game = make_game()
    first = alice_client.get(f"/games/{game.pk}/")
    second = alice_client.get(f"/games/{game.pk}/")

    key = 'name="idempotency_key" value="'
    assert first.text.count(key) == 1
    assert first.text.split(key)[1][:36] != second.text.split(key)[1][:36]
