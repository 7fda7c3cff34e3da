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
        f"/games/{game.pk}/rounds/",
        round_post(str(uuid.uuid4()), round_number=2, seat_1=3, last_to_quit=1),
    )

    assert Round.objects.filter(game=game).count() == 2


def test_each_form_carries_a_fresh_key(alice_client, make_game):
    game = make_game()
    first = alice_client.get(f"/games/{game.pk}/")
    second = alice_client.get(f"/games/{game.pk}/")

    key = 'name="idempotency_key" value="'
    assert first.text.count(key) == 1
    assert first.text.split(key)[1][:36] != second.text.split(key)[1][:36]


def test_a_double_tap_racing_itself_is_saved_not_stale(alice_client, make_game, monkeypatch):
    """Both requests read the game before either saved: the second finds its own key saved
    when it comes to write, and answers as for a saved round, not "already saved"."""
    from games import services
    from games.models import Game
    from games.rules import Round as Typed

    game = make_game()
    key = uuid.uuid4()
    add_round = services.add_round

    def the_other_tap_first(*args, **kwargs):
        add_round(Game.objects.get(pk=game.pk), Typed((5, 0, 12)), 1, key)
        return add_round(*args, **kwargs)

    monkeypatch.setattr(services, "add_round", the_other_tap_first)
    response = alice_client.post(f"/games/{game.pk}/rounds/", round_post(str(key)))

    assert response.status_code == 302
    assert Round.objects.filter(game=game).count() == 1
